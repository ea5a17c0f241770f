--[[
bench/square_chains.lua [N] [COUNT] [SEED] -- minimum+1 puzzles of
thousands of coins decided and solved by the pushing game's theorems
(thesis Lemma 3.33, Prop 3.35, Thm 3.38; penny.square.pushing.theory),
every solution replayed as coin moves.

  build/penny bench/square_chains.lua 1000 5 1

Three kinds, COUNT puzzles each, about N coins:
  chain    a random 2-path between opposite corners of a box; the goal
           another random 2-path between the same corners (Lemma 3.33)
  comb     a 2-path with straight lines out of up to four sides (a
           2-connected configuration); the goal: one active
           rectangle's 2-path redrawn at random, ten times (each keeps the fixed
           leaves: Thm 3.38 must find the way)
  redrawn  the comb with the whole box's 2-path redrawn (the lines still
           come out of the box, so the fixed leaves stay: Thm 3.38)
  moved    the comb with one line moved along its side by a cell: its end,
           a fixed leaf, moves, so Prop 3.35 proves the puzzle unsolvable
The start is M and one more coin on a free cell of the span, the goal M'
and one more coin beside two of M'.
]]
local penny = require "penny"
local pushing = require "penny.square.pushing"
local chains = require "penny.square.chains"
local span = require "penny.square.span"

local N, COUNT, SEED = tonumber(arg[1]) or 1000, tonumber(arg[2]) or 5,
  tonumber(arg[3]) or 1
local rand = penny.strategies.rng(SEED)
local SQ = penny.board("square")
local clock = penny.core and penny.core.clock or os.clock

-- a box of about n coins: w + h - 1 = 2n - 1, w + h odd
local function box(n, lines)
  local each = lines > 0 and n // 5 or 0
  local w = n - each
  local h = n - each + 1
  return w, h
end

local function with_cell(cells, pick)
  local cfg = penny.config(SQ, cells)
  local r = span.rectangles(cells)[1]
  for _ = 1, 100000 do
    local p = { r[1] + rand(r[3] - r[1] + 1) - 1, r[2] + rand(r[4] - r[2] + 1) - 1 }
    if not cfg:has(p) and pick(cfg, p) then return cfg:with(p) end
  end
  error("no cell found")
end

local function any() return true end
local function two(cfg, p)
  local n = 0
  for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
    if cfg:has{ p[1] + d[1], p[2] + d[2] } then n = n + 1 end
  end
  return n >= 2
end

local function inside(r, c) return c[1] >= r[1] and c[1] <= r[3] and c[2] >= r[2] and c[2] <= r[4] end

-- cells with the 2-path of one active rectangle redrawn, k times
local function redraw(cells, k)
  for _ = 1, k do
    local act = chains.active(cells)
    local a = act[rand(#act)]
    local out = {}
    for _, c in ipairs(cells) do if not inside(a.rect, c) then out[#out + 1] = c end end
    for _, c in ipairs(chains.random_path(a.ends[1], a.ends[2], rand)) do out[#out + 1] = c end
    cells = out
  end
  return cells
end

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

print(string.format("| kind | coins | trials | solved | unsolvable | unknown | "
  .. "median s | max s | median moves | moves / N^2 | theorems |"))
print("|---|---|---|---|---|---|---|---|---|---|---|")
-- the comb's coins outside the box on one side, moved along it by one
local function moved(m, w, h)
  local sides = {
    { function(c) return c[1] > w - 1 end, 0, 1, h },
    { function(c) return c[1] < 0 end, 0, 1, h },
    { function(c) return c[2] < 0 end, 1, 0, w },
    { function(c) return c[2] > h - 1 end, 1, 0, w },
  }
  for _, side in ipairs(sides) do
    local line = {}
    for i, c in ipairs(m) do if side[1](c) then line[#line + 1] = i end end
    if #line > 0 then
      local c = m[line[1]]
      local at = side[2] == 1 and c[1] or c[2]
      local d = at + 1 < side[4] and 1 or -1
      local out = {}
      for i, q in ipairs(m) do out[i] = { q[1], q[2] } end
      for _, i in ipairs(line) do
        out[i] = { m[i][1] + d * side[2], m[i][2] + d * side[3] }
      end
      return out
    end
  end
end

for _, kind in ipairs{ "chain", "comb", "redrawn", "moved" } do
  local lines = kind == "chain" and 0 or 4
  local times, moves, solved, unsolvable, unknown, coins = {}, {}, 0, 0, 0, 0
  local used = {}
  for _ = 1, COUNT do
    local w, h = box(N, lines)
    local m = chains.random(w, h, rand, lines)
    while kind == "moved" and not moved(m, w, h) do m = chains.random(w, h, rand, lines) end
    local m2
    if kind == "chain" then m2 = chains.random(w, h, rand, 0)
    elseif kind == "comb" then m2 = redraw(m, 10)
    elseif kind == "moved" then m2 = moved(m, w, h)
    else
      -- the same lines, the box's own 2-path drawn again
      m2 = {}
      for _, c in ipairs(m) do
        if not inside({ 0, 0, w - 1, h - 1 }, c) then m2[#m2 + 1] = c end
      end
      for _, c in ipairs(chains.random_path({ 0, 0 }, { w - 1, h - 1 }, rand)) do
        m2[#m2 + 1] = c
      end
    end
    local a, b = with_cell(m, any), with_cell(m2, two)
    coins = #a
    local t0 = clock()
    local r, why = pushing.theory(a, b)
    local t = clock() - t0
    times[#times + 1] = t
    if not r then
      unknown = unknown + 1
      print("unknown: " .. tostring(why))
    else used[r.theorem] = (used[r.theorem] or 0) + 1 end
    if r and r.solvable then
      local p = penny.puzzle{ board = SQ, start = a, goal = b }
      assert(p:check(r.moves), "the moves do not replay")
      solved = solved + 1
      moves[#moves + 1] = #r.moves
    elseif r then
      unsolvable = unsolvable + 1
    end
  end
  local mm = #moves > 0 and median(moves) or 0
  local names = {}
  for name, k in pairs(used) do names[#names + 1] = string.format("%s: %d", name, k) end
  table.sort(names)
  print(string.format("| %s | %d | %d | %d | %d | %d | %.2f | %.2f | %d | %.4f | %s |",
    kind, coins, COUNT, solved, unsolvable, unknown, median(times),
    math.max(table.unpack(times)), mm, mm / coins ^ 2, table.concat(names, ", ")))
end
