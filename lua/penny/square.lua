--[[
penny.square -- the square grid's span structure (DDV Section 5; Galliot's
thesis Section 3; Galliot, Gravier & Sivignon, Sections 1-3).

  local sq = require "penny.square"
  sq.rectangles(cfg)          -- span(cfg) as rectangles {x, y, w, h}
                              -- (at distance >= 3 from each other, Lemma 4)
  sq.min_cardinality(m, n)    -- ceil((m+n)/2): the virus problem (Prop 3.20)
  sq.minimum_config(m, n [, x, y])  -- a configuration of that size with
                              -- span the m x n rectangle at (x, y)
  sq.is_minimal(cfg)          -- no coin can go without shrinking the span
  sq.is_minimum(cfg)          -- as few coins as any configuration with
                              -- this span (sum of ceil((m+n)/2))
  sq.perimeter(cfg)           -- the perimeter of the union of the cells
  sq.checkerboard(a, b)       -- the checkerboard invariant (Lemma 3.9)
  sq.theorem38(a, b)          -- the hypotheses of thesis Thm 3.8 (update
                              -- paper Thm 3.3): { holds, a = {a1, a2} or
                              -- why, b = {b1, b2} or why }
  sq.theorem316(a, b)         -- labelled coins, same span (Thm 3.16, Cor
                              -- 3.17): true, false (a pin differs) or nil

  sq.extra_coins(a, b, limit) -- a maximum set of extra coins in A (b, limit
                              -- optional; relative to B): span(A \ set) has
                              -- span(A) (span(B)); update paper Def 1.16
  sq.redundant_coins(b, limit) -- a maximum set of redundant coins of B,
                              -- in removal order (Def 1.18)
  sq.two_components(cfg)      -- components at distance 1 or 2 (2-paths)
  sq.prop41(a, b)             -- the fractioned-span bound (update Prop 4.1)
  sq.canonical_L(m, n, x, y)  -- the canonical 'L' of a rectangle (Def 2.5)
  sq.canonical(cfg)           -- L_C: the canonical configuration of cfg
  sq.uncut(puzzle)            -- does the board hold all of span(start) as
                              -- the unbounded grid has it?

The canonicalization by moves and the two-extra-coin constructive solver
(Thm 3.3) are in penny.square_solver.
]]

local error, ipairs, pairs, format, math, require, table_sort,
  table_concat, table_remove, type =
  error, ipairs, pairs, string.format, math, require, table.sort,
  table.concat, table.remove, type

local _ENV = nil

local M = {}

local Board = require "penny.board"
local Config = require "penny.config"
local errors = require "penny.errors"
local expect = require("penny.puzzle").expect

local function check(cfg, name)
  if not Config.is_config(cfg) or cfg:board():kind() ~= "square" then
    error(format("%s must be a Config on a square board", name or "the configuration"), 3)
  end
end

function M.rectangles(cfg)
  check(cfg)
  if #cfg == 0 then return {} end
  local span = cfg:span(2)
  local out = {}
  for _, comp in ipairs(span:components()) do
    local lo, hi = comp:bbox()
    out[#out + 1] = { lo[1], lo[2], hi[1] - lo[1] + 1, hi[2] - lo[2] + 1 }
  end
  table_sort(out, function(a, b) return a[2] < b[2] or a[2] == b[2] and a[1] < b[1] end)
  return out
end

-- the rectangle m x n and its corner (x0, y0), checked for fname
local function rectangle_args(fname, m, n, x0, y0)
  if math.type(m) ~= "integer" or math.type(n) ~= "integer" or m < 1 or n < 1 then
    error(fname .. "(m, n) needs positive integers", 3)
  end
  if x0 ~= nil and math.type(x0) ~= "integer"
      or y0 ~= nil and math.type(y0) ~= "integer" then
    error(fname .. ": the corner (x0, y0) must be integers", 3)
  end
end

function M.min_cardinality(m, n)
  rectangle_args("min_cardinality", m, n)
  return (m + n + 1) // 2
end

--[[
A minimum configuration with span the m x n rectangle: the diagonal of its
k x k square (k = min(m, n)), then every other cell along the long side,
and its last cell: k + ceil((max - k) / 2) = ceil((m + n) / 2) coins.
]]
function M.minimum_config(m, n, x0, y0)
  rectangle_args("minimum_config", m, n, x0, y0)
  if m * n > 100000000 then error("the rectangle is too large", 2) end
  x0, y0 = x0 or 0, y0 or 0
  local k = math.min(m, n)
  local pts = {}
  for i = 0, k - 1 do pts[#pts + 1] = { x0 + i, y0 + i } end
  local long = math.max(m, n)
  local along = m >= n
  local j = k - 1
  while j + 2 <= long - 1 do
    j = j + 2
    pts[#pts + 1] = along and { x0 + j, y0 + k - 1 } or { x0 + k - 1, y0 + j }
  end
  if j < long - 1 then
    pts[#pts + 1] = along and { x0 + long - 1, y0 + k - 1 } or { x0 + k - 1, y0 + long - 1 }
  end
  return Config.new(Board.new("square"), pts)
end

--[[
sq.canonical_L(m, n [, x, y]) -> Config: the canonical 'L' of the m x n
rectangle at (x, y) (update paper Def 2.4, 2.5): a minimum chain down the
left column and along the bottom row, coins every other cell from the top
left corner; when m + n is odd, the one pair of adjacent coins sits in the
top left corner if n is even, in the bottom right corner if m is even.
sq.canonical(cfg) -> Config: L_C, the canonical 'L' of every rectangle of
span(cfg) (the canonical configuration associated with cfg).
]]
function M.canonical_L(m, n, x0, y0)
  rectangle_args("canonical_L", m, n, x0, y0)
  if m * n > 100000000 then error("the rectangle is too large", 2) end
  x0, y0 = x0 or 0, y0 or 0
  local function cell(i)      -- the i-th cell of the path, from 0
    if i < n then return { x0, y0 + i } end
    return { x0 + i - n + 1, y0 + n - 1 }
  end
  local last = m + n - 2
  local idx = {}
  if (m + n) % 2 == 0 then
    for i = 0, last, 2 do idx[#idx + 1] = i end
  elseif n % 2 == 0 then
    idx[1] = 0
    for i = 1, last, 2 do idx[#idx + 1] = i end
  else
    for i = 0, last - 1, 2 do idx[#idx + 1] = i end
    idx[#idx + 1] = last
  end
  local pts = {}
  for k, i in ipairs(idx) do pts[k] = cell(i) end
  return Config.new(Board.new("square"), pts)
end

function M.canonical(cfg)
  check(cfg)
  local pts = {}
  for _, r in ipairs(M.rectangles(cfg)) do
    for _, c in ipairs(M.canonical_L(r[3], r[4], r[1], r[2]):positions()) do
      pts[#pts + 1] = c
    end
  end
  return Config.new(cfg:board(), pts)
end

function M.is_minimal(cfg)
  check(cfg)
  local span = cfg:span(2)
  for _, c in ipairs(cfg:positions()) do
    if cfg:without(c):span(2) == span then return false, c end
  end
  return true
end

function M.is_minimum(cfg)
  check(cfg)
  local need = 0
  for _, r in ipairs(M.rectangles(cfg)) do need = need + M.min_cardinality(r[3], r[4]) end
  return #cfg == need, need
end

function M.perimeter(cfg)
  check(cfg)
  local edges = 0
  for _, c in ipairs(cfg:positions()) do
    for _, nb in ipairs(cfg:board():neighbours(c)) do
      if not cfg:has(nb) then edges = edges + 1 end
    end
  end
  return edges
end

-- is every cell of inner in outer?
local function covers(outer, inner)
  for _, c in ipairs(inner:positions()) do
    if not outer:has(c) then return false end
  end
  return true
end

-- Thm 3.8 (b): b1 with two neighbours in B, b2 with two in B \ {b1}
local function redundant_pair(b)
  local bp = b:positions()
  local function nbrs(cfg, c)
    local n = 0
    for _, nb in ipairs(cfg:board():neighbours(c)) do if cfg:has(nb) then n = n + 1 end end
    return n
  end
  for _, b1 in ipairs(bp) do
    if nbrs(b, b1) >= 2 then
      local rest = b:without(b1)
      for _, b2 in ipairs(bp) do
        if (b2[1] ~= b1[1] or b2[2] ~= b1[2]) and nbrs(rest, b2) >= 2 then
          return { b1, b2 }
        end
      end
    end
  end
  return nil, "B has no coin b1 with two neighbours and b2 with two "
    .. "neighbours besides b1"
end

--[[
Thesis Thm 3.8 (update paper Thm 3.3): |A| = |B| and
(a) two coins a1 != a2 of A with span(A \ {a1, a2}) containing span(B),
    and span(B) meeting each component of span(A \ {a1, a2}) in a
    connected set;
(b) two coins b1 != b2 of B, b1 with two neighbours in B, b2 with two
    neighbours in B \ {b1}.
Then A reaches B.  O(N^4) for (a), as the thesis says; poll (optional)
is called once for each pair of coins tried (a solver's limits).
]]
function M.theorem38(a, b, poll)
  check(a, "the start")
  check(b, "the goal")
  if poll ~= nil and type(poll) ~= "function" then
    error("penny.square.theorem38: poll must be a function", 2)
  end
  local r = { holds = false }
  if #a ~= #b then
    r.a_why = format("|A| = %d and |B| = %d differ", #a, #b)
    return r
  end
  local spanb = b:span(2)
  local pos = a:positions()
  for i = 1, #pos do
    for j = i + 1, #pos do
      if poll then poll() end
      local rest = a:without(pos[i]):without(pos[j])
      local s = rest:span(2)
      if covers(s, spanb) then
        local ok = true
        for _, comp in ipairs(s:components()) do
          local inside = {}
          for _, c in ipairs(spanb:positions()) do
            if comp:has(c) then inside[#inside + 1] = c end
          end
          if #inside > 0 and #Config.new(b:board(), inside):components() ~= 1 then
            ok = false
            break
          end
        end
        if ok then r.a = { pos[i], pos[j] }; break end
      end
    end
    if r.a then break end
  end
  if not r.a then
    r.a_why = "no two coins of A leave a span that contains span(B) with "
      .. "span(B) connected inside each of its components"
  end
  r.b, r.b_why = redundant_pair(b)
  r.holds = r.a ~= nil and r.b ~= nil
  return r
end

--[[
Update paper Thm 4.5 (a goal whose span may be fractioned): |A| = |B| = N
and (i) span(A) is one m x n rectangle R holding every coin of B; (ii)
two coins a1 != a2 of A with span(A minus them) = R; (iii) b1, b2 of B as
in Thm 3.8 (b); (iv) in the form the paper proves, N > min_A + min_B / 2
+ 1 and N > min_B + ceil(min(m, n) / 2) + 1, where min_C is the number of
coins of a minimum configuration of span(C) (weaker than the stated N >=
3/2 max(min_A, min_B) + 2).  Then A reaches B.  Returns { holds, a, b,
m, n, N, min_a, min_b, why }; poll as theorem38's.
]]
function M.theorem45(a, b, poll)
  check(a, "the start")
  check(b, "the goal")
  if poll ~= nil and type(poll) ~= "function" then
    error("penny.square.theorem45: poll must be a function", 2)
  end
  local r = { holds = false, N = #a }
  if #a ~= #b then
    r.why = format("|A| = %d and |B| = %d differ", #a, #b)
    return r
  end
  local rects = M.rectangles(a)
  if #rects ~= 1 then
    r.why = format("span(A) has %d components, not one rectangle", #rects)
    return r
  end
  local R = rects[1]
  r.m, r.n = R[3], R[4]
  for _, c in ipairs(b:positions()) do
    if c[1] < R[1] or c[1] >= R[1] + R[3] or c[2] < R[2] or c[2] >= R[2] + R[4] then
      r.why = format("(%d,%d) of B is outside span(A)", c[1], c[2])
      return r
    end
  end
  r.min_a = M.min_cardinality(R[3], R[4])
  r.min_b = 0
  for _, q in ipairs(M.rectangles(b)) do r.min_b = r.min_b + M.min_cardinality(q[3], q[4]) end
  local half = (math.min(R[3], R[4]) + 1) // 2
  if not (2 * #a > 2 * r.min_a + r.min_b + 2 and #a > r.min_b + half + 1) then
    r.why = format("N = %d is not above both min_A + min_B/2 + 1 = %g and "
      .. "min_B + ceil(min(m,n)/2) + 1 = %d (min_A = %d, min_B = %d)", #a,
      r.min_a + r.min_b / 2 + 1, r.min_b + half + 1, r.min_a, r.min_b)
    return r
  end
  local spana, pos = a:span(2), a:positions()
  for i = 1, #pos do
    for j = i + 1, #pos do
      if poll then poll() end
      if covers(a:without(pos[i]):without(pos[j]):span(2), spana) then
        r.a = { pos[i], pos[j] }
        break
      end
    end
    if r.a then break end
  end
  if not r.a then
    r.why = "A has no two extra coins (no two leave its span whole)"
    return r
  end
  r.b, r.why = redundant_pair(b)
  r.holds = r.b ~= nil
  return r
end

--[[
The checkerboard invariant (thesis Lemma 3.9): a coin enters a cell of
one colour only next to two coins of the other, so a colour holding two
coins or more never drops below two.  Returns true, or false and the
colour ("even" or "odd" x + y) with the counts in A and B.  Holds on any
square board, bounded or not, for fixed goals with as many coins as the
start.
]]
function M.checkerboard(a, b)
  check(a, "the start")
  check(b, "the goal")
  local function count(cfg)
    local n = { [0] = 0, [1] = 0 }
    for _, c in ipairs(cfg:positions()) do
      local k = (c[1] + c[2]) % 2
      n[k] = n[k] + 1
    end
    return n
  end
  local na, nb = count(a), count(b)
  for k = 0, 1 do
    if na[k] >= 2 and nb[k] < 2 then
      return false, k == 0 and "even" or "odd", na[k], nb[k]
    end
  end
  return true
end

-- A largest subset R of items (a list) with valid(R), for a family closed
-- under subsets: branch and bound from a greedy incumbent; at most limit
-- calls of valid.  Returns R (in item order), proven.
local function largest_closed(items, valid, limit)
  local best, work = {}, 0
  for _, c in ipairs(items) do
    best[#best + 1] = c
    work = work + 1
    if not valid(best) then best[#best] = nil end
  end
  local chosen, n = {}, #items
  local function dfs(i, k)
    if k + (n - i + 1) <= #best or work >= limit then return end
    if i > n then
      best = {}
      for j = 1, k do best[j] = chosen[j] end
      return
    end
    chosen[k + 1] = items[i]
    work = work + 1
    if valid(chosen, k + 1) then dfs(i + 1, k + 1) end
    chosen[k + 1] = nil
    dfs(i + 1, k)
  end
  dfs(1, 0)
  return best, work < limit
end

local function check_limit(limit)
  limit = limit or 200000
  if math.type(limit) ~= "integer" or limit < 1 then
    error("limit must be a positive integer", 3)
  end
  return limit
end

--[[
sq.extra_coins(a, b, limit) -> set, proven     (b and limit optional)
A largest set S of coins of A with span(A \ S) containing span(B) (B
defaults to A: then span(A \ S) = span(A)); nil when span(A) itself does
not contain span(B).  Such sets are closed under taking subsets (the span
only grows with the configuration), so a branch and bound over the coins
finds a largest one, from the greedy set; after limit span computations
(default 200000) it stops with proven = false and the largest set found
(still a valid one).
]]
function M.extra_coins(a, b, limit)
  check(a, "the start")
  if b ~= nil then check(b, "the goal") else b = a end
  limit = check_limit(limit)
  local target = b:span(2)
  if not covers(a:span(2), target) then return nil, true end
  return largest_closed(a:positions(), function(set, k)
    local rest = a
    for j = 1, k or #set do rest = rest:without(set[j]) end
    return covers(rest:span(2), target)
  end, limit)
end

-- number of neighbours of c in the cell set `in`
local function degree(board, set, c)
  local k = 0
  for _, nb in ipairs(board:neighbours(c)) do
    if set[nb[1] .. "," .. nb[2]] then k = k + 1 end
  end
  return k
end

--[[
sq.redundant_coins(b, limit) -> {b1, ..., bk}, proven
Def 1.18: b_i has two neighbours in B \ {b1, ..., b_(i-1)}.  A set R is
redundant iff B \ R rebuilds B by adding coins of R one at a time, each
next to two coins present (then remove them in the reverse order), so the
redundant sets are closed under subsets: the same branch and bound as
extra_coins finds a largest one (the plain greedy removal does not: on an
'L' of five coins it stops after the corner).  The list is in removal
order.
]]
function M.redundant_coins(b, limit)
  check(b, "the configuration")
  limit = check_limit(limit)
  local board, pos = b:board(), b:positions()
  local function key(c) return c[1] .. "," .. c[2] end
  -- the coins of `set` (k of them) added back to B \ set, in order, or nil
  local function rebuild(set, k)
    local have, missing = {}, {}
    for _, c in ipairs(pos) do have[key(c)] = true end
    for j = 1, k or #set do have[key(set[j])] = nil; missing[#missing + 1] = set[j] end
    local order, grew = {}, true
    while grew and #order < #missing do
      grew = false
      for _, c in ipairs(missing) do
        if not have[key(c)] and degree(board, have, c) >= 2 then
          have[key(c)] = true
          order[#order + 1] = c
          grew = true
        end
      end
    end
    return #order == #missing and order or nil
  end
  local set, proven = largest_closed(pos, function(s, k)
    return rebuild(s, k) ~= nil
  end, limit)
  local order = rebuild(set)
  local out = {}
  for i = #order, 1, -1 do out[#out + 1] = order[i] end
  return out, proven
end

--[[
sq.two_components(cfg) -> list of Configs: the classes of coins joined by
steps of grid distance 1 or 2 (2-paths; a chain, update Def 2.2, is a
2-connected configuration)
]]
function M.two_components(cfg)
  check(cfg)
  local pos = cfg:positions()
  local seen, out = {}, {}
  for i = 1, #pos do
    if not seen[i] then
      seen[i] = true
      local stack, comp = { i }, {}
      while #stack > 0 do
        local j = table_remove(stack)
        comp[#comp + 1] = pos[j]
        for k = 1, #pos do
          if not seen[k] and math.abs(pos[k][1] - pos[j][1])
              + math.abs(pos[k][2] - pos[j][2]) <= 2 then
            seen[k] = true
            stack[#stack + 1] = k
          end
        end
      end
      out[#out + 1] = Config.new(cfg:board(), comp)
    end
  end
  return out
end

--[[
sq.prop41(a, b) -> nil (does not apply) | ok, need, text
Update paper Prop 4.1: span(A) an m x n rectangle R, |A| = |B| = N,
span(B) a proper part of R containing its top and bottom rows: a solution
needs N >= (2m + n - 1) / 2 (by symmetry, with the leftmost and rightmost
columns: N >= (2n + m - 1) / 2).
]]
function M.prop41(a, b)
  check(a, "the start")
  check(b, "the goal")
  if #a ~= #b or #a == 0 then return nil end
  local ra = M.rectangles(a)
  if #ra ~= 1 then return nil end
  local x, y, m, n = ra[1][1], ra[1][2], ra[1][3], ra[1][4]
  local spanb = b:span(2)
  if #spanb >= m * n then return nil end
  for _, c in ipairs(spanb:positions()) do
    if c[1] < x or c[1] >= x + m or c[2] < y or c[2] >= y + n then return nil end
  end
  local function full_rows()
    for i = 0, m - 1 do
      if not spanb:has{ x + i, y } or not spanb:has{ x + i, y + n - 1 } then return false end
    end
    return true
  end
  local function full_cols()
    for j = 0, n - 1 do
      if not spanb:has{ x, y + j } or not spanb:has{ x + m - 1, y + j } then return false end
    end
    return true
  end
  local need, what
  if full_rows() then need, what = (2 * m + n) // 2, "top and bottom rows" end
  if full_cols() then
    local k = (2 * n + m) // 2
    if not need or k > need then need, what = k, "leftmost and rightmost columns" end
  end
  if not need then return nil end
  -- N >= (2m + n - 1)/2 for an integer N is N >= ceil((2m + n - 1)/2)
  -- = floor((2m + n)/2)
  return #a >= need, need, format("span(start) is one %d x %d rectangle and "
    .. "span(goal) a proper part of it holding its %s: a solution needs at "
    .. "least %d coins, the puzzle has %d (update paper Prop 4.1)", m, n, what,
    need, #a)
end

--[[
Thesis Prop 3.31: A labelled with exactly two coins more than the minimum,
span(A) with only even components (m + n even), one of them 1 x 5 or
5 x 1 with a coin c at its centre p; then only c is ever at p while the
span stays whole, so a goal with the same span and another label at p is
unsolvable.  Returns nil (does not apply) or p, the rectangle, and the
labels at p in A and B.
]]
function M.prop331(a, b)
  check(a, "the start")
  check(b, "the goal")
  if #a ~= #b then return nil end
  local rects = M.rectangles(a)
  local need = 0
  for _, r in ipairs(rects) do
    if (r[3] + r[4]) % 2 ~= 0 then return nil end
    need = need + M.min_cardinality(r[3], r[4])
  end
  if #a ~= need + 2 or b:span(2) ~= a:span(2) then return nil end
  for _, r in ipairs(rects) do
    if r[3] * r[4] == 5 and (r[3] == 1 or r[4] == 1) then
      local p = { r[1] + r[3] // 2, r[2] + r[4] // 2 }
      if a:has(p) and b:has(p) and (a:label(p) or 0) ~= (b:label(p) or 0) then
        return p, r, a:label(p) or 0, b:label(p) or 0
      end
    end
  end
  return nil
end

--[[
theorem316(a, b) -> holds, why, pin.  Labelled coins (thesis Thm 3.16
and Cor 3.17, with Props 3.11 and 3.31), in a form that does not depend
on the solver's path: A and B have the same span S, the hypotheses of
Thm 3.8 and fewer coins than S; r = |A| - (the minimum for S).  Some
coins never leave their cells (pins): the ends of line components (Prop
3.11) and, when r = 2 and every component is even, the centres of the
1 x 5 components (Prop 3.31).  Every other coin can be permuted at will
when r >= 3, or a component is odd, or (r = 2, all even) no component
is 2 x 2 (Thm 3.16's exceptions).  holds: the hypotheses hold, the
labels are the same multiset, and every pin carries the same label in A
and B; nil when a hypothesis fails; false when the labels differ on a
pin (pin names it) or as multisets.  why says which.
]]
function M.theorem316(a, b)
  check(a, "the start")
  check(b, "the goal")
  if #a ~= #b then return nil, "A and B have different numbers of coins" end
  local span = a:span(2)
  if span ~= b:span(2) then return nil, "span(A) and span(B) differ" end
  if #a >= #span then return nil, "no free cell in the span: not a move to make" end
  local rects = M.rectangles(a)
  local need, even, square2 = 0, true, nil
  for _, r in ipairs(rects) do
    need = need + M.min_cardinality(r[3], r[4])
    if (r[3] + r[4]) % 2 ~= 0 then even = false end
    if r[3] == 2 and r[4] == 2 then square2 = square2 or r end
  end
  local extra = #a - need
  if extra == 2 and even and square2 then
    return nil, format("two coins above the minimum, every component even "
      .. "and a 2 x 2 component at (%d,%d): Thm 3.16 leaves its coins "
      .. "open", square2[1], square2[2])
  end
  local t = M.theorem38(a, b)
  if not t.holds then return nil, "the hypotheses of Thm 3.8 fail" end
  local count = {}
  for _, c in ipairs(a:coins()) do
    local l = c.label or 0
    count[l] = (count[l] or 0) + 1
  end
  for _, c in ipairs(b:coins()) do
    local l = c.label or 0
    count[l] = (count[l] or 0) - 1
  end
  for l, k in pairs(count) do
    if k ~= 0 then
      return false, format("A and B carry %s a different number of times",
        l == 0 and "plain coins" or "label " .. l)
    end
  end
  local pins = {}
  for _, r in ipairs(rects) do
    if r[3] == 1 or r[4] == 1 then
      pins[#pins + 1] = { { r[1], r[2] }, "an end of a line component (Prop 3.11)" }
      pins[#pins + 1] = { { r[1] + r[3] - 1, r[2] + r[4] - 1 },
                          "an end of a line component (Prop 3.11)" }
    end
    if extra == 2 and even and r[3] * r[4] == 5 and (r[3] == 1 or r[4] == 1) then
      pins[#pins + 1] = { { r[1] + r[3] // 2, r[2] + r[4] // 2 },
                          "the centre of a 1 x 5 component (Prop 3.31)" }
    end
  end
  for _, pin in ipairs(pins) do
    local c = pin[1]
    local la = a:has(c) and (a:label(c) or 0) or nil
    local lb = b:has(c) and (b:label(c) or 0) or nil
    if la and lb and la ~= lb then
      return false, format("(%d,%d), %s, holds %s in A and %s in B", c[1], c[2],
        pin[2], la == 0 and "a plain coin" or "label " .. la,
        lb == 0 and "a plain coin" or "label " .. lb), c
    end
  end
  return true, format("span(A) = span(B), %d coin(s) above the minimum%s; "
    .. "the %d pinned cell(s) (ends of line components%s) carry the same "
    .. "labels, and every other coin can be permuted", extra,
    (extra >= 3 or not even) and "" or ", every component even, none 2 x 2",
    #pins, (extra == 2 and even) and ", centres of 1 x 5 components" or "")
end

-- does the square grid's theory see the whole game?  The rectangles and
-- the theorems are about span(A) on the unbounded grid: a bounded board
-- must hold all of it (then no move ever meets its edge).
function M.uncut(p)
  expect(p, "penny.square.uncut")
  if not p.board:bounded() then return true end
  local free = Config.new(Board.new("square"), p.start:positions())
  for _, c in ipairs(free:span(2):positions()) do
    if not p.board:contains(c) then return false end
  end
  return true
end

local function label_text(l)
  return l == 0 and "a plain coin" or format("label %d", l)
end

-- facts for puzzle:explain() on the square grid (d = 2, fixed goals)
function M.explain(p, facts)
  expect(p, "penny.square.explain")
  if type(facts) ~= "table" then
    error("penny.square.explain: a list of facts to add to expected", 2)
  end
  if p.rule.d ~= 2 or p.rule.slide or p.up_to ~= "fixed" or #p.start > 40 then return end
  if #p.goal == #p.start then
    -- (with fewer goal coins the free coins may sit on either colour)
    local ok, colour, na, nb = M.checkerboard(p.start, p.goal)
    facts[#facts + 1] = { name = "checkerboard (thesis Lemma 3.9)", holds = ok,
      decisive = not ok, verdict = not ok and "unsolvable" or nil,
      text = ok and "no colour of the checkerboard falls below two coins"
        or format("the start has %d coins on %s cells (x + y %s), the goal "
          .. "%d: a colour with two coins keeps two", na, colour, colour, nb) }
  end
  if not M.uncut(p) then
    facts[#facts + 1] = { name = "span of the start (DDV Lemma 4)",
      holds = false, text = "the board's edge or holes cut span(start) as "
        .. "the unbounded grid has it: the square grid's rectangles and "
        .. "theorems do not apply" }
    return
  end
  local rects = M.rectangles(p.start)
  local parts = {}
  for _, r in ipairs(rects) do parts[#parts + 1] = format("%d x %d at (%d,%d)", r[3], r[4], r[1], r[2]) end
  local minimum, need = M.is_minimum(p.start)
  facts[#facts + 1] = { name = "span of the start (DDV Lemma 4)", holds = true,
    text = format("%d rectangle(s): %s; %d coins, the minimum for this span is "
      .. "%d (virus problem, Prop 3.20)%s", #rects, table_concat(parts, ", "),
      #p.start, need, minimum and ": no coin to spare" or "") }
  if #p.goal ~= #p.start then return end
  if p.start ~= p.goal and M.extra_coins(p.start, p.goal, 1) then
    -- (when span(A) misses span(B), Cor 1.7 has said so already)
    -- Prop 1.17: the first move takes a coin away for good, span-wise
    local one = M.extra_coins(p.start, p.goal, #p.start + 1)
    facts[#facts + 1] = { name = "Prop 1.17 (one extra coin)", holds = #one > 0,
      decisive = #one == 0, verdict = #one == 0 and "unsolvable" or nil,
      text = #one > 0 and format("removing the coin at (%d,%d) leaves span(B) "
        .. "inside the span", one[1][1], one[1][2])
        or "no coin of A can leave without span(B) dropping out of the span, "
        .. "so the first move already fails (update paper Prop 1.17)" }
  end
  local ok41, _, why41 = M.prop41(p.start, p.goal)
  if ok41 ~= nil then
    facts[#facts + 1] = { name = "Prop 4.1 (fractioned span)", holds = ok41,
      decisive = not ok41, verdict = not ok41 and "unsolvable" or nil,
      text = why41 }
  end
  -- labels matter when the coins are not all alike (thesis Sec. 3.2.2)
  local labelled = Config.distinguishable(p.start)
  if labelled then
    local c, r, la, lb = M.prop331(p.start, p.goal)
    if c then
      facts[#facts + 1] = { name = "Prop 3.31 (1 x 5 centre)", holds = false,
        decisive = true, verdict = "unsolvable", witness = { c },
        text = format("the start has two coins more than the minimum and "
          .. "only even rectangles, among them the %d x %d at (%d,%d); only "
          .. "the coin at its centre (%d,%d) can ever stand there without "
          .. "the span shrinking, and it holds %s where the goal, of the "
          .. "same span, has %s (thesis Prop 3.31)", r[3], r[4], r[1], r[2],
          c[1], c[2], label_text(la), label_text(lb)) }
    end
  end
  if labelled then
    local ok, text = M.theorem316(p.start, p.goal)
    if ok ~= nil then
      facts[#facts + 1] = { name = "Theorem 3.16 (labelled, same span)",
        holds = ok, decisive = ok, verdict = ok and "solvable" or nil,
        text = text .. (ok and " (thesis Thm 3.16, Cor 3.17)" or "") }
    end
  end
  local t = M.theorem38(p.start, p.goal)
  local why = t.holds and format("a1 = (%d,%d), a2 = (%d,%d) are extra "
    .. "relative to B; b1 = (%d,%d), b2 = (%d,%d) are redundant in B",
    t.a[1][1], t.a[1][2], t.a[2][1], t.a[2][2], t.b[1][1], t.b[1][2],
    t.b[2][1], t.b[2][2]) or ((t.a_why or "") .. ((t.a_why and t.b_why)
    and "; " or "") .. (t.b_why or ""))
  if t.holds and labelled then
    -- a theorem about unlabelled coins: the shape is reachable, which
    -- coin ends where is not settled by it
    why = why .. "; so the coins' shape is reachable, but the coins carry "
      .. "labels and the theorem is about unlabelled coins: it does not "
      .. "say which coin ends where"
  end
  facts[#facts + 1] = { name = "Theorem 3.8 (two extra coins)", holds = t.holds,
    decisive = t.holds and not labelled, verdict = t.holds and not labelled
      and "solvable" or nil, text = why }
  -- span(B) fractioned inside one rectangle: update paper Thm 4.5
  if #rects == 1 and #M.rectangles(p.goal) > 1 then
    local u = M.theorem45(p.start, p.goal)
    local text = u.holds and format("span(A) is one %d x %d rectangle holding "
      .. "B; a1 = (%d,%d), a2 = (%d,%d) are extra in A; b1 = (%d,%d), b2 = "
      .. "(%d,%d) are redundant in B; N = %d > min_A + min_B/2 + 1 = %g and "
      .. "> min_B + ceil(min(m,n)/2) + 1 = %d", u.m, u.n, u.a[1][1], u.a[1][2],
      u.a[2][1], u.a[2][2], u.b[1][1], u.b[1][2], u.b[2][1], u.b[2][2], u.N,
      u.min_a + u.min_b / 2 + 1, u.min_b + (math.min(u.m, u.n) + 1) // 2 + 1)
      or u.why
    if u.holds and labelled then
      text = text .. "; so the coins' shape is reachable, but the theorem is "
        .. "about unlabelled coins"
    end
    facts[#facts + 1] = { name = "Theorem 4.5 (fractioned span)", holds = u.holds,
      decisive = u.holds and not labelled, verdict = u.holds and not labelled
        and "solvable" or nil, text = text }
  end
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
