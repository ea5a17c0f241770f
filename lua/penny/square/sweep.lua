--[[
penny.square.sweep -- the sweeping 'L' of the update paper's Lemma 4.6,
for Thm 4.5 (a goal whose span is fractioned inside one rectangle): in
the take/drop game G', from the canonical 'L' of a rectangle R with
coins in hand to any configuration C inside R.

  sweep.run(state, rect, target, canon) -> true | nil, why
    state   the square solver's G' state (occ, hand, take, drop); R holds
            exactly canon's canonical 'L' of R, nothing else of it
    rect    { x0, y0, w, h }: R
    target  a list of cells of R: C
    canon   function(cells, hand) -> a state of G' that starts from the
            cells with hand coins in hand and ends at their canonical
            configuration (every action reversible), or nil, why

How (the lemma's induction, with Lemma 2.7 in place of the figures of
the flips, which were lost): split R across its longer side; R1 is the
half with fewer cells of C, R2 the other.  X = (C in R1) + the canonical
'L' of R2 + a chain F down one side of R1, so X spans R (R2 fills, then
R1 row by row from F).  The canonicalization of X, played backwards,
takes R's 'L' to X; then the coins of F not in C are taken, and R2 is
done the same way.  A coin outside the current rectangle only adds
neighbours, so every drop stays legal.  The lemma keeps two coins for
the flips and one per cell of C in R1; this needs those and F's coins
beyond the 'L' of R (one or two): where the hand is short it says so.
]]

local ipairs, pairs, require, format, table_sort =
  ipairs, pairs, require, string.format, table.sort

local _ENV = nil

local M = {}

local sq = require "penny.square"

local SHIFT = 1 << 24
local function key(x, y) return x * SHIFT + y end

local function inside(r, c)
  return c[1] >= r[1] and c[1] < r[1] + r[3] and c[2] >= r[2] and c[2] < r[2] + r[4]
end

-- the cells of state's occupied set inside r
local function content(state, r)
  local out = {}
  for x = r[1], r[1] + r[3] - 1 do
    for y = r[2], r[2] + r[4] - 1 do
      if state.occ[key(x, y)] then out[#out + 1] = { x, y } end
    end
  end
  return out
end

local function same(cells, set)
  local n = 0
  for _ in pairs(set) do n = n + 1 end
  if n ~= #cells then return false end
  for _, c in ipairs(cells) do if not set[key(c[1], c[2])] then return false end end
  return true
end

-- the two halves of r across its longer side: { first, second } both ways
local function splits(r)
  local x0, y0, w, h = r[1], r[2], r[3], r[4]
  local out = {}
  if h >= w and h >= 2 then
    for _, h1 in ipairs{ h // 2, h - h // 2 } do
      out[#out + 1] = { { x0, y0, w, h1 }, { x0, y0 + h1, w, h - h1 }, "rows" }
    end
  elseif w >= 2 then
    for _, w1 in ipairs{ w // 2, w - w // 2 } do
      out[#out + 1] = { { x0, y0, w1, h }, { x0 + w1, y0, w - w1, h }, "columns" }
    end
  end
  return out
end

-- a chain of F along one side of r1 (side = 0 or 1), every other cell
-- from the edge it shares with r2 to the far edge, that far cell included
local function chain(r1, r2, side, how)
  local out = {}
  if how == "rows" then
    local x = side == 0 and r1[1] or r1[1] + r1[3] - 1
    local below = r2[2] > r1[2]           -- r2 above r1: walk down
    local near = below and r1[2] + r1[4] - 1 or r1[2]
    local far = below and r1[2] or r1[2] + r1[4] - 1
    local step = below and -1 or 1
    local y = near + step                 -- one cell from the shared edge
    if r1[4] == 1 then y = near end
    while (far - y) * step >= 0 do out[#out + 1] = { x, y }; y = y + 2 * step end
    if out[#out] == nil or out[#out][2] ~= far then out[#out + 1] = { x, far } end
  else
    local y = side == 0 and r1[2] or r1[2] + r1[4] - 1
    local right = r2[1] > r1[1]
    local near = right and r1[1] + r1[3] - 1 or r1[1]
    local far = right and r1[1] or r1[1] + r1[3] - 1
    local step = right and -1 or 1
    local x = near + step
    if r1[3] == 1 then x = near end
    while (far - x) * step >= 0 do out[#out + 1] = { x, y }; x = x + 2 * step end
    if out[#out] == nil or out[#out][1] ~= far then out[#out + 1] = { far, y } end
  end
  return out
end

-- the canonical 'L' of rectangle r, as canon builds it (from the
-- paper's canonical 'L', which spans r)
local function canonical_of(r, canon)
  local s, why = canon(sq.canonical_L(r[3], r[4], r[1], r[2]):positions(), 2)
  if not s then return nil, why end
  return content(s, r)
end

-- play the actions of a canonicalization backwards on state
local function backwards(state, acts)
  for i = #acts, 1, -1 do
    local a = acts[i]
    if a[1] == "take" then state:drop(a[2], a[3]) else state:take(a[2], a[3]) end
  end
end

local function run(state, r, target, canon)
  local have = content(state, r)
  local want = {}
  for _, c in ipairs(target) do want[key(c[1], c[2])] = true end
  if same(have, want) then return true end
  if #target == 0 then
    for _, c in ipairs(have) do state:take(c[1], c[2], true) end
    return true
  end
  -- the ways to split, fewest cells of C in the half built first first
  -- (the lemma's choice: the hand must build it), then fewest coins
  local ways = {}
  for _, sp in ipairs(splits(r)) do
    for order = 1, 2 do
      local r1, r2 = sp[1], sp[2]
      if order == 2 then r1, r2 = r2, r1 end
      local c1, c2 = {}, {}
      for _, c in ipairs(target) do
        if inside(r1, c) then c1[#c1 + 1] = c else c2[#c2 + 1] = c end
      end
      for side = 0, 1 do
        ways[#ways + 1] = { r1 = r1, r2 = r2, c1 = c1, c2 = c2,
                            f = chain(r1, r2, side, sp[3]) }
      end
    end
  end
  table_sort(ways, function(u, v)
    if #u.c1 ~= #v.c1 then return #u.c1 < #v.c1 end
    return #u.f < #v.f
  end)
  local last
  for _, w in ipairs(ways) do
    local l2, why = canonical_of(w.r2, canon)
    if not l2 then return nil, why end
    local xset, x = {}, {}
    local function add(c)
      local k = key(c[1], c[2])
      if not xset[k] then xset[k] = true; x[#x + 1] = c end
    end
    for _, c in ipairs(w.c1) do add(c) end
    for _, c in ipairs(l2) do add(c) end
    for _, c in ipairs(w.f) do add(c) end
    local need = 2 + #x - #have
    if state.hand >= need then
      local s0
      s0, why = canon(x, 2)
      if s0 and same(have, s0.occ) then
        backwards(state, s0.acts)
        for _, c in ipairs(content(state, w.r1)) do
          if not want[key(c[1], c[2])] then state:take(c[1], c[2], true) end
        end
        return run(state, w.r2, w.c2, canon)
      end
      last = why or "the canonical 'L' of a half did not match"
    else
      last = last or format("%d coins in hand, %d needed to sweep a %d x %d "
        .. "rectangle", state.hand, need, r[3], r[4])
    end
  end
  return nil, last or "no way to split the rectangle"
end

function M.run(state, rect, target, canon)
  return run(state, rect, target, canon)
end

return M
