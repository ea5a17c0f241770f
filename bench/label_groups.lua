--[[
bench/label_groups.lua [W H MAXN] -- the group of label permutations
(penny.square.group) of every configuration of at most MAXN coins in a
W x H box (default 4 4 8), up to translation and the square's symmetries,
that meets the hypotheses of thesis Theorem 3.16 (those of Thm 3.8 for
A = B, and fewer coins than span cells), held against what the theory
predicts: the symmetric group on the coins that Props 3.11 and 3.31 do
not pin.  Prints one line per kind of outcome and the exceptions found.
]]
local penny = require "penny"
local sq = require "penny.square"
local group = require "penny.square.group"
local perm = require "penny.perm"

local W, H, MAXN = tonumber(arg[1] or 4), tonumber(arg[2] or 4), tonumber(arg[3] or 8)
local B = penny.board("square")

-- a canonical key of a set of cells under translation and the 8 symmetries
local SYMS = {
  function(x, y) return x, y end, function(x, y) return -x, y end,
  function(x, y) return x, -y end, function(x, y) return -x, -y end,
  function(x, y) return y, x end, function(x, y) return -y, x end,
  function(x, y) return y, -x end, function(x, y) return -y, -x end,
}
local function canon(cells)
  local best
  for _, s in ipairs(SYMS) do
    local pts, mx, my = {}, math.huge, math.huge
    for i, c in ipairs(cells) do
      local x, y = s(c[1], c[2]); pts[i] = { x, y }
      if x < mx then mx = x end
      if y < my then my = y end
    end
    local ks = {}
    for i, p in ipairs(pts) do ks[i] = (p[1] - mx) * 16 + (p[2] - my) end
    table.sort(ks)
    local k = table.concat(ks, ",")
    if not best or k < best then best = k end
  end
  return best
end

local seen, stats, odd, checked = {}, {}, {}, 0
local function count(kind) stats[kind] = (stats[kind] or 0) + 1 end
local t0 = os.clock()
local total = W * H
for mask = 1, (1 << total) - 1 do
  local n = 0
  local m = mask
  while m ~= 0 do m = m & (m - 1); n = n + 1 end
  if n >= 3 and n <= MAXN then
    local cells = {}
    for i = 0, total - 1 do
      if mask >> i & 1 == 1 then cells[#cells + 1] = { i % W, i // W } end
    end
    local k = canon(cells)
    if not seen[k] then
      seen[k] = true
      checked = checked + 1
      if checked % 1000 == 0 then
        io.stderr:write(string.format("%d classes, %.0f s\n", checked, os.clock() - t0))
      end
      local c = penny.config(B, cells)
      if #c < #c:span(2) and sq.theorem38(c, c).holds then
        local pr = group.predicted(c)
        local g, info = group.of(c)
        assert(info.complete)
        local want = perm.symmetric_order(n - #pr.fixed)
        local fixed = table.concat(g:fixed(), ",")
        local kind = (pr.extra == 2 and pr.even) and "r = 2, all even" or "r >= 3 or an odd component"
        if g:order() == want and fixed == table.concat(pr.fixed, ",") then
          count(kind .. ": the group is Sym(coins not pinned)")
        else
          count(kind .. ": the group is smaller")
          odd[#odd + 1] = string.format("%s\n  %d coins, order %s, predicted %s, fixed {%s}, pinned {%s}",
            c:render(), n, g:order(), want, fixed, table.concat(pr.fixed, ","))
        end
      end
    end
  end
end
local classes = 0
for _ in pairs(seen) do classes = classes + 1 end
print(string.format("%d x %d box, 3 to %d coins: %d classes up to symmetry, %.1f s",
  W, H, MAXN, classes, os.clock() - t0))
local kinds = {}
for k in pairs(stats) do kinds[#kinds + 1] = k end
table.sort(kinds)
for _, k in ipairs(kinds) do print(string.format("  %6d  %s", stats[k], k)) end
for _, s in ipairs(odd) do print(s) end
