--[[
bench/fractioned_threshold.lua W H [NMAX] -- the true threshold of update
paper Thm 4.5 on a W x H rectangle R, by exhaustive search.

For each N: every start A of N coins with span(A) = R and two extra coins
(its span stays R without them), every goal B of N coins inside R whose
span is fractioned (two components or more) and which has two redundant
coins; A -> B decided by a complete search from A (penny.distances, the
span never leaves R).  Prints, for each N, the pairs and how many are
unsolvable, and how many Thm 4.5 covers (each must be solvable), next to
Prop 4.1's lower bound (N >= (2m + n - 1) / 2 for goals holding the top
and bottom rows, m their length).  The threshold: the least N from which
every pair up to NMAX is solvable.
]]
local penny = require "penny"
local sq = require "penny.square"

local W, H = tonumber(arg[1] or 3), tonumber(arg[2] or 5)
local SQ = penny.board("square")
local cells = {}
for y = 0, H - 1 do for x = 0, W - 1 do cells[#cells + 1] = { x, y } end end
local total = #cells
local NMAX = tonumber(arg[3] or total - 1)
local min_a = sq.min_cardinality(W, H)
local t0 = os.clock()

-- every subset of k cells, as configurations
local function subsets(k, f)
  local idx = {}
  local function rec(i, j)
    if j > k then
      local pts = {}
      for t = 1, k do pts[t] = cells[idx[t]] end
      f(penny.config(SQ, pts))
      return
    end
    for c = i, total - (k - j) do
      idx[j] = c
      rec(c + 1, j + 1)
    end
  end
  rec(1, 1)
end

local function two_extra(a)
  local span, pos = a:span(2), a:positions()
  for i = 1, #pos do
    for j = i + 1, #pos do
      if a:without(pos[i]):without(pos[j]):span(2) == span then return true end
    end
  end
  return false
end

print(string.format("%d x %d rectangle (min_A = %d)", W, H, min_a))
print("| N | starts | goals | pairs | unsolvable | Thm 4.5 applies to |")
print("|---|---|---|---|---|---|")
local worst = {}
for N = min_a + 2, NMAX do
  local starts, goals = {}, {}
  subsets(N, function(c)
    local rects = sq.rectangles(c)
    if #rects == 1 and rects[1][3] == W and rects[1][4] == H then
      if two_extra(c) then starts[#starts + 1] = c end
    elseif #rects > 1 and #sq.redundant_coins(c, 2000) >= 2 then
      goals[#goals + 1] = c
    end
  end)
  local pairs, bad, covered = 0, 0, 0
  if #goals > 0 then
    for _, a in ipairs(starts) do
      local r = penny.distances(a, { targets = goals, paths = false,
                                     progress = false })
      for i, d in ipairs(r.dist) do
        pairs = pairs + 1
        if d < 0 then bad = bad + 1 end
        if sq.theorem45(a, goals[i]).holds then
          covered = covered + 1
          assert(d >= 0, "Thm 4.5 holds on an unsolvable puzzle")
        end
      end
    end
  end
  worst[N] = bad
  print(string.format("| %d | %d | %d | %d | %d | %d |", N, #starts, #goals,
    pairs, bad, covered))
end
local threshold
for N = NMAX, min_a + 2, -1 do
  if worst[N] and worst[N] > 0 then break end
  threshold = N
end
-- Prop 4.1 where its goals exist: two rows (columns) at least two apart
local bounds = {}
if H >= 4 then bounds[#bounds + 1] = string.format("%.1f (goals holding the top "
  .. "and bottom rows)", (2 * W + H - 1) / 2) end
if W >= 4 then bounds[#bounds + 1] = string.format("%.1f (the left and right "
  .. "columns)", (2 * H + W - 1) / 2) end
print(string.format("threshold: every pair solvable from N = %s up to %d "
  .. "(the least N with two extra coins is %d); Prop 4.1 needs N >= %s; "
  .. "%.1f s", tostring(threshold), NMAX, min_a + 2,
  #bounds > 0 and table.concat(bounds, ", ") or "-", os.clock() - t0))
