--[[
penny.square.chains -- the pushing game between minimum configurations of
one odd rectangle, by its theorems instead of a search (thesis Sec. 3.3.3:
Lemma 3.33, Def 3.34-3.36, Prop 3.35, Thms 3.37-3.38; update paper
Thm 5.9).  Cells are a Config of the square grid or a list of {x, y};
a push is { from = {x, y}, to = {x, y} }.

  chains.twopath(cells) -> path | nil, why
      cells forming a 2-path between two opposite corners of their
      bounding box, with exactly one pair of adjacent coins (every
      minimum configuration of an odd rectangle that is a 2-path)
  chains.transform(cells, goal) -> pushes | nil, why
      Lemma 3.33: between two 2-paths with the same ends, the pushes that
      take one to the other (the ends never move, and nothing else can
      be reached)
  chains.leaves(cells) -> F | nil, why
      the fixed leaves F(M) of a minimum configuration with one pair of
      adjacent coins (the search of Sec. 3.3.3 steps 1-2): no push ever
      moves them, and they are the same in every configuration the pushes
      reach (Prop 3.35)
  chains.connected(cells) -> boolean   is M 2-connected?
  chains.solve(m, m2) -> { reachable = true, pushes, theorem } |
                         { reachable = false, why } | nil, why
      between two minimum configurations of one odd rectangle, each with
      one pair of adjacent coins: unreachable when their fixed leaves
      differ (Prop 3.35); when the leaves agree, the pushes where one is
      2-connected (Thm 3.38; Lemma 3.33 when both are 2-paths), where a
      central rectangle can be made active in both (Thm 3.37), or where
      a short search over changes of 2-paths (Lemma 3.33) joins them;
      nil, why otherwise
  chains.active(cells) -> list of { rect = {x0, y0, x1, y1}, ends, central }
      the rectangles of the family (odd, two fixed leaves at opposite
      corners, no other inside) joined by a 2-path through the adjacent
      pair (Def 3.34), central or not (Def 3.36); nil, why as leaves
  chains.tilde(cells) -> F~, R~ | nil, why
      the thesis's smaller alternatives to F(M) and the family of
      rectangles (Sec. 3.3.3, before Conjecture 3.39): the rectangles are
      found with the leaves; F~ a sorted list of cells, R~ a sorted list
      of {x0, y0, x1, y1}
  chains.check_minimum(cells [, full]) -> true, names | false, why
      the structure every minimum configuration of one rectangle has
      (thesis Props 3.22, 3.26, 3.28; 3.24 when full, which tries every
      sub-rectangle: small configurations only): a check of penny's own
      spans and generators against the theory
  chains.random_path(f, g, rand) -> cells
      a random 2-path from f to g (dist(f, g) odd) with one adjacent pair
  chains.random(w, h, rand [, lines]) -> cells
      a random 2-connected minimum configuration with one adjacent pair:
      a 2-path from (0,0) to (w-1,h-1) (w + h odd), its steps and its
      pair drawn by rand(n) (an integer in 1..n), and up to lines (0-4,
      default 0) straight lines of coins two apart going out of distinct
      sides of the box from a coin of the path on that side (not an end;
      a side with no such coin gets none) (each line keeps the
      configuration minimum: it widens the span by two per coin)

How the pushes are made.  A 2-path from c to c' is a monotone staircase
of D = dist(c, c') unit steps (D odd) with coins after steps 0, 2, ...,
h - 1 and h, h + 2, ..., D: every jump two steps long but the one of
step h (the adjacent pair).  Pushing the pair's coin towards its other
2-neighbour moves h by two, and when the jump it splits is diagonal the
push chooses the order of its two steps.  So the hole carries adjacent
transpositions along the staircase: sweeping it right and left is
odd-even transposition sort of the steps into the goal's order (at most
D sweeps over the part still out of place), then the hole goes to the
goal's pair.  The figures of the thesis's construction were lost; this
one is checked by replay of every answer.
]]

local error, ipairs, pairs, format, table_sort, concat, math_abs, type,
  math_type, require = error, ipairs, pairs, string.format, table.sort,
  table.concat, math.abs, type, math.type, require

local _ENV = nil

local M = {}

local errors = require "penny.errors"

local grid = require "penny.square.cells"
local span = require "penny.square.span"
local key, NEAR, set_of, bbox, inside, rect_of, rdist, near, component, cells_in,
  same_rect, same_cells = grid.key, grid.NEAR, grid.set_of, grid.bbox, grid.inside,
  grid.rect_of, grid.rdist, grid.near, grid.component, grid.cells_in,
  grid.same_rect, grid.same_cells

local function cells_of(x, fname, what)
  return grid.check(x, "penny.square.chains." .. fname, what)
end

local function sign(v) return v < 0 and -1 or 1 end

-- {================================================================
-- 2-paths (Lemma 3.33)

-- cells as a 2-path from c to c2: { c, c2, sx, sy, s (steps: 1 along x,
-- 2 along y), h (the single step), D }, or nil, why
local function as_path(cells, c, c2)
  local sx, sy = sign(c2[1] - c[1]), sign(c2[2] - c[2])
  local list = {}
  for i, p in ipairs(cells) do list[i] = p end
  local function d(p) return math_abs(p[1] - c[1]) + math_abs(p[2] - c[2]) end
  table_sort(list, function(p, q) return d(p) < d(q) end)
  if list[1] ~= c and (list[1][1] ~= c[1] or list[1][2] ~= c[2]) then
    return nil, "not a 2-path from its corner"
  end
  local last = list[#list]
  if last[1] ~= c2[1] or last[2] ~= c2[2] then
    return nil, "not a 2-path to the opposite corner"
  end
  local s, h = {}, nil
  for i = 1, #list - 1 do
    local dx = (list[i + 1][1] - list[i][1]) * sx
    local dy = (list[i + 1][2] - list[i][2]) * sy
    if dx < 0 or dy < 0 or dx + dy < 1 or dx + dy > 2 then
      return nil, "not a direct 2-path"
    end
    if dx + dy == 1 then
      if h then return nil, "more than one pair of adjacent coins" end
      s[#s + 1] = dx == 1 and 1 or 2
      h = #s
    else
      for _ = 1, dx do s[#s + 1] = 1 end
      for _ = 1, dy do s[#s + 1] = 2 end
    end
  end
  if not h then return nil, "no pair of adjacent coins" end
  return { c = c, c2 = c2, sx = sx, sy = sy, s = s, h = h, D = #s }
end

function M.twopath(cells)
  cells = cells_of(cells, "twopath", "the cells")
  if #cells < 2 then return nil, "fewer than two coins" end
  local r = bbox(cells)
  local set = set_of(cells)
  for _, corners in ipairs{ { { r[1], r[2] }, { r[3], r[4] } },
                            { { r[1], r[4] }, { r[3], r[2] } } } do
    local a, b = set[key(corners[1][1], corners[1][2])],
                 set[key(corners[2][1], corners[2][2])]
    if a and b then
      local p = as_path(cells, a, b)
      if p then return p end
    end
  end
  return nil, "not a 2-path between two opposite corners with one adjacent pair"
end

-- the pushes taking path p to the 2-path q (same ends, same orientation),
-- appended to out as flat quadruples fx, fy, tx, ty
local function sort_path(p, q, out)
  local s, D, h = {}, p.D, p.h
  for i = 1, D do s[i] = p.s[i] end
  local ux = { p.sx, 0 }
  local uy = { 0, p.sy }
  -- the goal index of every step: the k-th x step goes where q's k-th x
  -- step is (the stable matching, so equal steps never cross)
  local where = { {}, {} }
  for i = 1, D do local w = where[q.s[i]]; w[#w + 1] = i end
  local seen, rank = { 0, 0 }, {}
  for i = 1, D do
    local t = s[i]
    seen[t] = seen[t] + 1
    rank[i] = where[t][seen[t]]
  end
  local px, py = { [0] = p.c[1] }, { [0] = p.c[2] }
  for i = 1, D do
    px[i], py[i] = px[i - 1] + ux[s[i]], py[i - 1] + uy[s[i]]
  end
  local n = #out
  local function step(i)          -- swap steps i, i+1 when out of order
    if rank[i] > rank[i + 1] then
      s[i], s[i + 1] = s[i + 1], s[i]
      rank[i], rank[i + 1] = rank[i + 1], rank[i]
      px[i], py[i] = px[i - 1] + ux[s[i]], py[i - 1] + uy[s[i]]
    end
  end
  local function left()           -- the coin after step h-1 to after h-2
    local fx, fy = px[h - 1], py[h - 1]
    step(h - 2)
    out[n + 1], out[n + 2], out[n + 3], out[n + 4] = fx, fy, px[h - 2], py[h - 2]
    n = n + 4
    h = h - 2
  end
  local function right()          -- the coin after step h to after h+1
    local fx, fy = px[h], py[h]
    step(h + 1)
    out[n + 1], out[n + 2], out[n + 3], out[n + 4] = fx, fy, px[h + 1], py[h + 1]
    n = n + 4
    h = h + 2
  end
  local lo, hi = 1, D
  while true do
    while lo <= D and rank[lo] == lo do lo = lo + 1 end
    if lo > D then break end
    while rank[hi] == hi do hi = hi - 1 end
    while h + 1 <= hi do right() end
    while h - 1 >= lo and h >= 3 do left() end
  end
  while h < q.h do right() end
  while h > q.h do left() end
end

local function quads_to_pushes(out, pushes)
  for i = 1, #out, 4 do
    pushes[#pushes + 1] = { from = { out[i], out[i + 1] },
                            to = { out[i + 2], out[i + 3] } }
  end
  return pushes
end

-- the 2-path q read from cells with the ends and orientation of p
local function matching(p, cells)
  local q, why = as_path(cells, p.c, p.c2)
  if not q then return nil, why end
  return q
end

function M.transform(cells, goal)
  cells = cells_of(cells, "transform", "the start")
  goal = cells_of(goal, "transform", "the goal")
  local p, why = M.twopath(cells)
  if not p then return nil, "the start is " .. why end
  local q, qwhy = matching(p, goal)
  if not q then
    local g = M.twopath(goal)
    if not g then return nil, "the goal is " .. qwhy end
    return nil, "the two 2-paths join different corners (the ends never move: Lemma 3.33)"
  end
  local out = {}
  sort_path(p, q, out)
  return quads_to_pushes(out, {})
end

-- }================================================================

-- {================================================================
-- The 2-neighbour forest, fixed leaves and rectangles

-- the one pair of adjacent coins, or nil, why
local function pair_of(cells, set)
  local pair
  for _, c in ipairs(cells) do
    for i = 1, 2 do
      local d = NEAR[i * 2 - 1]
      local o = set[key(c[1] + d[1], c[2] + d[2])]
      if o then
        if pair then return nil, "more than one pair of adjacent coins" end
        pair = { c, o }
      end
    end
  end
  if not pair then return nil, "no pair of adjacent coins" end
  return pair
end

-- walk from cur (coming from prev) along the forest, among cells ok(c)
-- admits, to a leaf; nil if it meets a cycle (then M is not a forest)
local function walk(set, prev, cur, ok)
  local seen = { [cur] = true }
  if prev then seen[prev] = true end
  while true do
    local nxt
    near(set, cur, function(o)
      if not nxt and o ~= prev and ok(o) then nxt = o end
    end)
    if not nxt then return cur end
    if seen[nxt] then return nil end
    seen[nxt] = true
    prev, cur = cur, nxt
  end
end

local function always() return true end

-- step 1 of the searches of F and F~: the ends of a maximal 2-path
-- through the adjacent pair, or nil, why
local function first_ends(cells, set)
  local pair, why = pair_of(cells, set)
  if not pair then return nil, why end
  local l0 = walk(set, pair[2], pair[1], always)
  local l1 = walk(set, pair[1], pair[2], always)
  if not l0 or not l1 then return nil, "the 2-neighbour graph has a cycle (not minimum)" end
  return l0, l1
end

-- F(M) as a list, the final rectangle R', or nil, why
local function fixed_leaves(cells, set)
  local l0, l1 = first_ends(cells, set)
  if not l0 then return nil, l1 end
  local F = { l0, l1 }
  local r = rect_of(l0, l1)
  while true do
    local c0
    for _, c in ipairs(cells) do
      if not inside(r, c) and rdist(r, c) <= 2 then c0 = c; break end
    end
    if not c0 then break end
    local out = function(o) return not inside(r, o) end
    local cf = walk(set, nil, c0, out)
    if not cf then return nil, "the 2-neighbour graph has a cycle (not minimum)" end
    F[#F + 1] = cf
    r = { r[1] < cf[1] and r[1] or cf[1], r[2] < cf[2] and r[2] or cf[2],
          r[3] > cf[1] and r[3] or cf[1], r[4] > cf[2] and r[4] or cf[2] }
    -- in a minimum configuration the 2-path goes away from R' (Prop
    -- 3.28), so the grown R' holds c0; else the search would not end
    if not inside(r, c0) then
      return nil, "a 2-path out of a full rectangle turns back (not minimum)"
    end
  end
  return F, r
end

function M.leaves(cells)
  cells = cells_of(cells, "leaves", "the cells")
  local F, why = fixed_leaves(cells, set_of(cells))
  if not F then return nil, why end
  local out = {}
  for i, c in ipairs(F) do out[i] = { c[1], c[2] } end
  table_sort(out, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  return out
end

function M.connected(cells)
  cells = cells_of(cells, "connected", "the cells")
  if #cells == 0 then return true end
  local set = set_of(cells)
  local seen, n = component(set, cells[1]), 0
  for _ in pairs(seen) do n = n + 1 end
  return n == #cells
end

-- odd rectangle R(f, g) with no fixed leaf other than f and g inside
local function family_member(F, f, g)
  if (math_abs(f[1] - g[1]) + math_abs(f[2] - g[2])) % 2 == 0 then return nil end
  local r = rect_of(f, g)
  for _, l in ipairs(F) do
    if inside(r, l) and not (l[1] == f[1] and l[2] == f[2])
       and not (l[1] == g[1] and l[2] == g[2]) then return nil end
  end
  return r
end

-- Def 3.36: every fixed leaf outside r is to its sides
local function central(F, r)
  for _, l in ipairs(F) do
    if not inside(r, l) and not (l[1] >= r[1] and l[1] <= r[3])
       and not (l[2] >= r[2] and l[2] <= r[4]) then
      return false
    end
  end
  return true
end

-- the active rectangles of the family through the adjacent pair: R(f, g)
-- with f and g on the two sides of the pair in the forest; each as
-- { r, f, g, central }
local function active(cells, set, F)
  local pair = pair_of(cells, set)
  if not pair then return {} end
  local su = component(set, pair[1], pair[2])
  local sv = component(set, pair[2], pair[1])
  local fu, fv = {}, {}
  for _, l in ipairs(F) do
    local c = set[key(l[1], l[2])]
    if c and su[c] then fu[#fu + 1] = c elseif c and sv[c] then fv[#fv + 1] = c end
  end
  local out = {}
  for _, f in ipairs(fu) do
    for _, g in ipairs(fv) do
      local r = family_member(F, f, g)
      if r then out[#out + 1] = { r = r, f = f, g = g, central = central(F, r) } end
    end
  end
  return out
end

-- }================================================================

-- {================================================================
-- Thm 3.38

-- cells with those inside r replaced by repl
local function replace(cells, r, repl)
  local out = {}
  for _, c in ipairs(cells) do if not inside(r, c) then out[#out + 1] = c end end
  for _, c in ipairs(repl) do out[#out + 1] = c end
  return out
end

-- the 2-path from f to g (opposite corners of their rectangle) along its
-- sides through corner k, with the single step at index h
local function lpath(f, g, through_x_first, h)
  local sx, sy = sign(g[1] - f[1]), sign(g[2] - f[2])
  local nx, ny = math_abs(g[1] - f[1]), math_abs(g[2] - f[2])
  local s = {}
  local a, b = through_x_first and 1 or 2, through_x_first and 2 or 1
  for _ = 1, (a == 1 and nx or ny) do s[#s + 1] = a end
  for _ = 1, (b == 1 and nx or ny) do s[#s + 1] = b end
  local cells = { { f[1], f[2] } }
  local x, y = f[1], f[2]
  for i = 1, #s do
    if s[i] == 1 then x = x + sx else y = y + sy end
    if (i < h and i % 2 == 0) or i == h or (i > h and (i - h) % 2 == 0) then
      cells[#cells + 1] = { x, y }
    end
  end
  return cells, #s
end

-- a central rectangle of the family that want (nil: any) admits
local function wanted(a, want)
  return a.central and (not want or same_rect(a.r, want))
end

-- the 'L's of an active rectangle that the constructions try: along two
-- of its sides, the pair near an end or at the corner ({ x first, h })
local function ls_of(a)
  local D = math_abs(a.g[1] - a.f[1]) + math_abs(a.g[2] - a.f[2])
  local out = {}
  for _, xf in ipairs{ true, false } do
    local corner = xf and math_abs(a.g[1] - a.f[1]) or math_abs(a.g[2] - a.f[2])
    for _, h in ipairs{ 1, 3, D, D - 2, corner - 1, corner, corner + 1, corner + 2 } do
      if h >= 1 and h <= D and h % 2 == 1 then out[#out + 1] = { xf, h } end
    end
  end
  return out
end

-- pushes (flat, appended to out) taking cells to a configuration where a
-- central rectangle of the family is active (want, when given): the new
-- cells and that rectangle's record, or nil, why
local function activate(cells, F, out, want)
  local set = set_of(cells)
  local act = active(cells, set, F)
  for _, a in ipairs(act) do
    if wanted(a, want) then return cells, a end
  end
  if #act == 0 then return nil, "no rectangle of the family is active" end
  -- Thm 3.38's proof: turn the active rectangle's 2-path into an 'L'
  -- along the sides towards the fixed leaf that lies diagonally from it
  local a = act[1]
  local inner = cells_in(cells, a.r)
  local p, why = as_path(inner, a.f, a.g)
  if not p then return nil, "the active rectangle holds " .. why end
  for _, t in ipairs(ls_of(a)) do
    local lcells = lpath(a.f, a.g, t[1], t[2])
    local next_cells = replace(cells, a.r, lcells)
    local nset = set_of(next_cells)
    for _, b in ipairs(active(next_cells, nset, F)) do
      if wanted(b, want) then
        local q = as_path(lcells, a.f, a.g)
        sort_path(p, q, out)
        return next_cells, b
      end
    end
  end
  return nil, "no 'L' of the active rectangle makes a central rectangle active"
end

local function leaves_text(F)
  local parts = {}
  for i, c in ipairs(F) do
    if i > 6 then parts[#parts + 1] = "..."; break end
    parts[#parts + 1] = format("(%d,%d)", c[1], c[2])
  end
  return concat(parts, " ")
end

-- an active rectangle that cells and goal share, with the same coins
-- outside it, or nil
local function shared(cells, goal, goal_act, F)
  for _, a in ipairs(active(cells, set_of(cells), F)) do
    for _, b in ipairs(goal_act) do
      if same_rect(a.r, b.r) and same_cells(replace(cells, a.r, {}), replace(goal, a.r, {})) then
        return a
      end
    end
  end
end

local function cells_key(cells)
  local t = {}
  for i, c in ipairs(cells) do t[i] = key(c[1], c[2]) end
  table_sort(t)
  return concat(t, ",")
end

-- a breadth-first search over configurations, each step one active
-- rectangle's 2-path turned into one of its 'L's (Lemma 3.33), until one
-- shares an active rectangle with goal: the pushes appended to out, or
-- false (at most HOPS configurations are tried)
local HOPS = 300
local function hop_search(m, goal, F, out)
  local goal_act = active(goal, set_of(goal), F)
  local seen, queue, head = { [cells_key(m)] = true }, { { cells = m } }, 1
  while queue[head] and #queue < HOPS do
    local node = queue[head]
    head = head + 1
    for _, a in ipairs(active(node.cells, set_of(node.cells), F)) do
      for _, t in ipairs(ls_of(a)) do
        local lcells = lpath(a.f, a.g, t[1], t[2])
        local nc = replace(node.cells, a.r, lcells)
        local k = cells_key(nc)
        if not seen[k] then
          seen[k] = true
          local step = { cells = nc, parent = node, a = a, to = lcells }
          queue[#queue + 1] = step
          local hit = shared(nc, goal, goal_act, F)
          if hit then
            local chain = {}
            while step.parent do chain[#chain + 1] = step; step = step.parent end
            for i = #chain, 1, -1 do
              local st = chain[i]
              local p = as_path(cells_in(st.parent.cells, st.a.r), st.a.f, st.a.g)
              local q = as_path(st.to, st.a.f, st.a.g)
              if not p or not q then return false end
              sort_path(p, q, out)
            end
            local p = as_path(cells_in(nc, hit.r), hit.f, hit.g)
            local q = as_path(cells_in(goal, hit.r), hit.f, hit.g)
            if not p or not q then return false end
            sort_path(p, q, out)
            return true
          end
        end
      end
    end
  end
  return false
end

function M.solve(m, m2)
  m = cells_of(m, "solve", "the start")
  m2 = cells_of(m2, "solve", "the goal")
  local set, set2 = set_of(m), set_of(m2)
  local F, why = fixed_leaves(m, set)
  if not F then return nil, "the start: " .. why end
  local F2, why2 = fixed_leaves(m2, set2)
  if not F2 then return nil, "the goal: " .. why2 end
  local FF = set_of(F)
  local differ = #F ~= #F2
  for _, c in ipairs(F2) do if not FF[key(c[1], c[2])] then differ = true end end
  if differ then
    return { reachable = false, theorem = "Prop 3.35",
      why = "the fixed leaves differ (no push moves a fixed leaf)",
      leaves = M.leaves(m), goal_leaves = M.leaves(m2) }
  end
  -- Thm 3.37: both made to activate one central rectangle (Thm 3.38:
  -- always possible when one of them is 2-connected); outside it they
  -- then agree, and inside it Lemma 3.33 joins their 2-paths
  local out1, out2 = {}, {}
  local x1, a1, x2, a2
  -- an active rectangle the two share, with the same coins outside it:
  -- Lemma 3.33 inside it is all it takes
  local common = shared(m, m2, active(m2, set2, F), F)
  if common then x1, a1, x2 = m, common, m2 end
  if not x1 then
    x1, a1 = activate(m, F, out1)
    if x1 then x2 = activate(m2, F, out2, a1.r) end
  end
  if not x2 then
    out1, out2 = {}, {}
    x2, a2 = activate(m2, F, out2)
    if x2 then x1, a1 = activate(m, F, out1, a2.r) end
  end
  if not (x1 and x2) then
    -- no central rectangle: a short search over 'L's of active rectangles
    local out = {}
    if hop_search(m, m2, F, out) then
      return { reachable = true, pushes = quads_to_pushes(out, {}),
               theorem = "Lemma 3.33", leaves = F, leaves_text = leaves_text(F) }
    end
    return nil, "no central rectangle of the fixed leaves could be made "
      .. "active in both (Thm 3.37 does not apply), and no short chain of "
      .. "2-path changes (Lemma 3.33) joins them"
  end
  local p = as_path(cells_in(x1, a1.r), a1.f, a1.g)
  local q = as_path(cells_in(x2, a1.r), a1.f, a1.g)
  if not p or not q or not same_cells(replace(x1, a1.r, {}), replace(x2, a1.r, {})) then
    return nil, "outside the central rectangle the two configurations differ "
      .. "(Thm 3.37 does not apply)"
  end
  sort_path(p, q, out1)
  for i = #out2 - 3, 1, -4 do
    local n = #out1
    out1[n + 1], out1[n + 2], out1[n + 3], out1[n + 4] =
      out2[i + 2], out2[i + 3], out2[i], out2[i + 1]
  end
  local pushes = quads_to_pushes(out1, {})
  -- the theorem that decides: Lemma 3.33 for two 2-paths, Thm 3.38 where
  -- one is 2-connected, else what the construction used
  local theorem = "Thm 3.37"
  if M.twopath(m) and M.twopath(m2) then theorem = "Lemma 3.33"
  elseif M.connected(m) or M.connected(m2) then theorem = "Thm 3.38"
  elseif x1 == m and x2 == m2 then theorem = "Lemma 3.33" end
  return { reachable = true, pushes = pushes, theorem = theorem, leaves = F,
           leaves_text = leaves_text(F) }
end
-- {================================================================
-- F~ and R~ (the thesis's second version, for Conjecture 3.39)

--[[
The text leaves two readings open; this one takes: a 2-path comes out of
U (the union of R~'s rectangles) when its first coin c0 lies outside U
within distance 2 of a cell of U, and it runs through coins outside U;
each rectangle of R~ within distance 2 of c0 gives R(l, c_f), l its
corner at odd distance from c0.  (The thesis does not show that the
result is independent of the choices; the choices here are the first in
the order of cells and of NEAR.)
]]
function M.tilde(cells)
  cells = cells_of(cells, "tilde", "the cells")
  local set = set_of(cells)
  local l0, l1 = first_ends(cells, set)
  if not l0 then return nil, l1 end
  local F = { l0, l1 }
  local R = { { r = rect_of(l0, l1), a = l0, b = l1 } }
  local function in_u(c)
    for _, q in ipairs(R) do if inside(q.r, c) then return true end end
    return false
  end
  local done = {}
  for _ = 1, #cells do
    local c0
    for _, c in ipairs(cells) do
      if not done[c] and not in_u(c) then
        for _, q in ipairs(R) do
          if rdist(q.r, c) <= 2 then c0 = c; break end
        end
        if c0 then break end
      end
    end
    if not c0 then break end
    done[c0] = true
    local cf = walk(set, nil, c0, function(o) return not in_u(o) end)
    if not cf then return nil, "the 2-neighbour graph has a cycle (not minimum)" end
    F[#F + 1] = cf
    local n = #R
    for i = 1, n do
      local q = R[i]
      if rdist(q.r, c0) <= 2 then
        local da = math_abs(q.a[1] - c0[1]) + math_abs(q.a[2] - c0[2])
        local l = da % 2 == 1 and q.a or q.b
        local r = rect_of(l, cf)
        local known = false
        for _, o in ipairs(R) do if same_rect(o.r, r) then known = true end end
        if not known then R[#R + 1] = { r = r, a = l, b = cf } end
      end
    end
  end
  local fl, rl = {}, {}
  for i, c in ipairs(F) do fl[i] = { c[1], c[2] } end
  table_sort(fl, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  for i, q in ipairs(R) do rl[i] = { q.r[1], q.r[2], q.r[3], q.r[4] } end
  table_sort(rl, function(a, b)
    for k = 1, 4 do if a[k] ~= b[k] then return a[k] < b[k] end end
    return false
  end)
  return fl, rl
end

-- {================================================================
-- The structure of minimum configurations (Props 3.22-3.28)

function M.check_minimum(cells, full)
  cells = cells_of(cells, "check_minimum", "the cells")
  local rs = span.rectangles(cells)
  if #rs ~= 1 then return nil, "the span is not one rectangle" end
  local R = rs[1]
  local m, n = R[3] - R[1] + 1, R[4] - R[2] + 1
  if #cells ~= (m + n + 1) // 2 then return nil, "not a minimum configuration" end
  local set = set_of(cells)
  local edges = 0
  for _, c in ipairs(cells) do
    if set[key(c[1] + 1, c[2])] then edges = edges + 1 end
    if set[key(c[1], c[2] + 1)] then edges = edges + 1 end
  end
  local perim, base = 4 * #cells - 2 * edges, 2 * (m + n)
  local odd = (m + n) % 2 == 1
  -- Prop 3.22: the perimeter, and the components of adjacent coins
  if not odd and (edges ~= 0 or perim ~= base) then
    return false, format("Prop 3.22: an even span with %d adjacent pairs", edges)
  end
  if odd and not ((edges == 0 and perim == base + 2) or (edges == 1 and perim == base)) then
    return false, format("Prop 3.22: an odd span with %d adjacent pairs", edges)
  end
  local names = { "Prop 3.22" }
  -- Props 3.26 and 3.28: the 2-neighbours form a forest whose paths are
  -- shortest 2-paths (when the span is even, or odd with a pair)
  if not odd or edges == 1 then
    for _, c in ipairs(cells) do
      local hops, queue, head = { [c] = 0 }, { c }, 1
      local parent = {}
      while head <= #queue do
        local u = queue[head]
        head = head + 1
        local cycle
        near(set, u, function(o)
          if hops[o] == nil then
            hops[o], parent[o] = hops[u] + 1, u
            queue[#queue + 1] = o
          elseif o ~= parent[u] and parent[o] ~= u then
            cycle = true
          end
        end)
        if cycle then return false, "Prop 3.28: the 2-neighbours make a cycle" end
      end
      for o, l in pairs(hops) do
        local d = math_abs(o[1] - c[1]) + math_abs(o[2] - c[2])
        if l ~= (d + 1) // 2 then
          return false, format("Prop 3.28: the 2-path from (%d,%d) to (%d,%d) "
            .. "is not shortest", c[1], c[2], o[1], o[2])
        end
      end
    end
    names[#names + 1] = "Prop 3.28"
  end
  -- Prop 3.24: no coin at distance 1 from an odd full rectangle
  if full then
    for x0 = R[1], R[3] do
      for x1 = x0, R[3] do
        for y0 = R[2], R[4] do
          for y1 = y0, R[4] do
            local r = { x0, y0, x1, y1 }
            if (x1 - x0 + y1 - y0) % 2 == 1 then
              local inner = cells_in(cells, r)
              local sr = #inner > 0 and span.rectangles(inner)
              if sr and #sr == 1 and same_rect(sr[1], r) then
                for _, c in ipairs(cells) do
                  if rdist(r, c) == 1 then
                    return false, format("Prop 3.24: (%d,%d) beside the odd "
                      .. "full rectangle (%d,%d)-(%d,%d)", c[1], c[2], x0, y0, x1, y1)
                  end
                end
              end
            end
          end
        end
      end
    end
    names[#names + 1] = "Prop 3.24"
  end
  return true, names
end

-- {================================================================
-- Generators

local function check_rand(rand, fname)
  if type(rand) ~= "function" then
    error(format("penny.square.chains.%s: rand must be a function (n -> an "
      .. "integer in 1..n), got %s", fname, errors.typename(rand)), 3)
  end
end

function M.random_path(f, g, rand)
  local ends = cells_of({ f, g }, "random_path", "the ends")
  f, g = ends[1], ends[2]
  if not f or not g or (math_abs(f[1] - g[1]) + math_abs(f[2] - g[2])) % 2 == 0 then
    error("penny.square.chains.random_path: two cells at an odd distance "
      .. "expected (a 2-path with one adjacent pair joins them)", 2)
  end
  check_rand(rand, "random_path")
  local sx, sy = sign(g[1] - f[1]), sign(g[2] - f[2])
  local s = {}
  for _ = 1, math_abs(g[1] - f[1]) do s[#s + 1] = 1 end
  for _ = 1, math_abs(g[2] - f[2]) do s[#s + 1] = 2 end
  for i = #s, 2, -1 do
    local j = rand(i)
    s[i], s[j] = s[j], s[i]
  end
  local D = #s
  local hole = 2 * rand((D + 1) // 2) - 1
  local cells, x, y = { { f[1], f[2] } }, f[1], f[2]
  for i = 1, D do
    if s[i] == 1 then x = x + sx else y = y + sy end
    if (i < hole and i % 2 == 0) or i == hole or (i > hole and (i - hole) % 2 == 0) then
      cells[#cells + 1] = { x, y }
    end
  end
  return cells
end

function M.active(cells)
  cells = cells_of(cells, "active", "the cells")
  local set = set_of(cells)
  local F, why = fixed_leaves(cells, set)
  if not F then return nil, why end
  local out = {}
  for i, a in ipairs(active(cells, set, F)) do
    out[i] = { rect = { a.r[1], a.r[2], a.r[3], a.r[4] }, ends = { { a.f[1], a.f[2] },
      { a.g[1], a.g[2] } }, central = a.central }
  end
  return out
end

function M.random(w, h, rand, lines)
  if math_type(w) ~= "integer" or math_type(h) ~= "integer" or w < 1 or h < 1
     or (w + h) % 2 == 0 then
    error("penny.square.chains.random: w and h positive integers with w + h "
      .. "odd expected (an odd rectangle)", 2)
  end
  check_rand(rand, "random")
  if lines ~= nil and (math_type(lines) ~= "integer" or lines < 0 or lines > 4) then
    error("penny.square.chains.random: lines must be an integer 0..4", 2)
  end
  local cells = M.random_path({ 0, 0 }, { w - 1, h - 1 }, rand)
  -- the sides: which coins of the path lie on them (not the two ends),
  -- and the way out
  local sides = {
    { function(c) return c[1] == w - 1 end, 2, 0 },
    { function(c) return c[1] == 0 end, -2, 0 },
    { function(c) return c[2] == 0 end, 0, -2 },
    { function(c) return c[2] == h - 1 end, 0, 2 },
  }
  local path = #cells
  for i = #sides, 2, -1 do
    local j = rand(i)
    sides[i], sides[j] = sides[j], sides[i]
  end
  local placed = 0
  for _, side in ipairs(sides) do
    local on = {}
    for i = 2, path - 1 do if side[1](cells[i]) then on[#on + 1] = cells[i] end end
    if #on > 0 and placed < (lines or 0) then
      placed = placed + 1
      local c = on[rand(#on)]
      for j = 1, rand((w + h) // 8 + 1) do
        cells[#cells + 1] = { c[1] + j * side[2], c[2] + j * side[3] }
      end
    end
  end
  return cells
end

-- }================================================================

-- errors said at the caller's line, not inside penny
return errors.guard(M)
