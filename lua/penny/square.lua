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

Not here yet (issue 5): the canonical configuration of L's, the L
operations and the O(N^3) constructive solver.
]]

local error, ipairs, format, math, require, table_sort, table_concat =
  error, ipairs, string.format, math, require, table.sort, table.concat

local _ENV = nil

local M = {}

local function penny() return require "penny" end

local function check(cfg, name)
  if not penny().is_config(cfg) or cfg:board():kind() ~= "square" then
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

function M.min_cardinality(m, n)
  if math.type(m) ~= "integer" or math.type(n) ~= "integer" or m < 1 or n < 1 then
    error("min_cardinality(m, n) needs positive integers", 2)
  end
  return (m + n + 1) // 2
end

--[[
A minimum configuration with span the m x n rectangle: the diagonal of its
k x k square (k = min(m, n)), then every other cell along the long side,
and its last cell: k + ceil((max - k) / 2) = ceil((m + n) / 2) coins.
]]
function M.minimum_config(m, n, x0, y0)
  M.min_cardinality(m, n)
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
  return penny().config(penny().board("square"), pts)
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

--[[
Thesis Thm 3.8 (update paper Thm 3.3): |A| = |B| and
(a) two coins a1 != a2 of A with span(A \ {a1, a2}) containing span(B),
    and span(B) meeting each component of span(A \ {a1, a2}) in a
    connected set;
(b) two coins b1 != b2 of B, b1 with two neighbours in B, b2 with two
    neighbours in B \ {b1}.
Then A reaches B.  O(N^4) for (a), as the thesis says.
]]
function M.theorem38(a, b)
  check(a, "the start")
  check(b, "the goal")
  local r = { holds = false }
  if #a ~= #b then
    r.a_why = format("|A| = %d and |B| = %d differ", #a, #b)
    return r
  end
  local spanb = b:span(2)
  local pos = a:positions()
  for i = 1, #pos do
    for j = i + 1, #pos do
      local rest = a:without(pos[i]):without(pos[j])
      local s = rest:span(2)
      if covers(s, spanb) then
        local ok = true
        for _, comp in ipairs(s:components()) do
          local inside = {}
          for _, c in ipairs(spanb:positions()) do
            if comp:has(c) then inside[#inside + 1] = c end
          end
          if #inside > 0 and #penny().config(b:board(), inside):components() ~= 1 then
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
          r.b = { b1, b2 }
          break
        end
      end
    end
    if r.b then break end
  end
  if not r.b then
    r.b_why = "B has no coin b1 with two neighbours and b2 with two "
      .. "neighbours besides b1"
  end
  r.holds = r.a ~= nil and r.b ~= nil
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

-- facts for puzzle:explain() on the square grid (d = 2, fixed goals)
function M.explain(p, facts)
  if p.rule.d ~= 2 or p.rule.slide or p.up_to ~= "fixed" or #p.start > 40 then return end
  local rects = M.rectangles(p.start)
  local parts = {}
  for _, r in ipairs(rects) do parts[#parts + 1] = format("%d x %d at (%d,%d)", r[3], r[4], r[1], r[2]) end
  local minimum, need = M.is_minimum(p.start)
  facts[#facts + 1] = { name = "span of the start (DDV Lemma 4)", holds = true,
    text = format("%d rectangle(s): %s; %d coins, the minimum for this span is "
      .. "%d (virus problem, Prop 3.20)%s", #rects, table_concat(parts, ", "),
      #p.start, need, minimum and ": no coin to spare" or "") }
  if #p.goal == #p.start then
    -- (with fewer goal coins the free coins may sit on either colour)
    local ok, colour, na, nb = M.checkerboard(p.start, p.goal)
    facts[#facts + 1] = { name = "checkerboard (thesis Lemma 3.9)", holds = ok,
      decisive = not ok, verdict = not ok and "unsolvable" or nil,
      text = ok and "no colour of the checkerboard falls below two coins"
        or format("the start has %d coins on %s cells (x + y %s), the goal "
          .. "%d: a colour with two coins keeps two", na, colour, colour, nb) }
    local t = M.theorem38(p.start, p.goal)
    facts[#facts + 1] = { name = "Theorem 3.8 (two extra coins)", holds = t.holds,
      decisive = t.holds, verdict = t.holds and "solvable" or nil,
      text = t.holds and format("a1 = (%d,%d), a2 = (%d,%d) are extra relative "
        .. "to B; b1 = (%d,%d), b2 = (%d,%d) are redundant in B", t.a[1][1],
        t.a[1][2], t.a[2][1], t.a[2][2], t.b[1][1], t.b[1][2], t.b[2][1],
        t.b[2][2]) or ((t.a_why or "") .. ((t.a_why and t.b_why) and "; " or "")
        .. (t.b_why or "")) }
  end
end

return M
