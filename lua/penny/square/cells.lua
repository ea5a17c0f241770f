--[[
penny.square.cells -- what penny.square.span and penny.square.chains
share: cells of the square grid as integer keys, a cell's 2-neighbours
(at distance 1 or 2), sets of cells, and the check of the argument their
functions take (a Config of the square grid or a list of {x, y}).  Not
part of the API.

  cells.key(x, y) -> integer       (|y| < 2^23)
  cells.NEAR                       the 12 offsets of the 2-neighbours
  cells.set_of(list) -> { [key] = cell }
  cells.check(x, where, what) -> list (raises "where: what: ..." at the
      caller of the function that calls it)
  rectangles as {x0, y0, x1, y1}: bbox(list), inside(r, c), rect_of(a, b)
  (the box of two cells), rdist(r, c) (L1 from a cell), same_rect(r, q),
  cells_in(list, r); same_cells(a, b); near(set, c, f) (f on each coin of
  set among c's 2-neighbours); component(set, start, block) (the coins
  joined to start by 2-neighbours, not through block, as a set)
]]

local error, ipairs, type, math_type, format, require =
  error, ipairs, type, math.type, string.format, require

local _ENV = nil

local M = {}

local Config = require "penny.config"
local errors = require "penny.errors"

local SHIFT = 1 << 24
function M.key(x, y) return x * SHIFT + y end
local key = M.key

M.NEAR = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 2, 0 }, { -2, 0 },
  { 0, 2 }, { 0, -2 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }

function M.set_of(cells)
  local s = {}
  for _, c in ipairs(cells) do s[key(c[1], c[2])] = c end
  return s
end

function M.check(x, where, what)
  if Config.is_config(x) then
    if x:board():kind() ~= "square" then
      error(format("%s: %s: a configuration of the square grid expected",
        where, what), 3)
    end
    return x:positions()
  end
  if type(x) ~= "table" then
    error(format("%s: %s: a Config or a list of cells {x, y} expected, got "
      .. "%s", where, what, errors.typename(x)), 3)
  end
  for i, c in ipairs(x) do
    if type(c) ~= "table" or math_type(c[1]) ~= "integer"
       or math_type(c[2]) ~= "integer" then
      error(format("%s: %s: cell %d is not {x, y} with integers", where,
        what, i), 3)
    end
  end
  return x
end

function M.bbox(cells)
  local x0, y0, x1, y1 = cells[1][1], cells[1][2], cells[1][1], cells[1][2]
  for _, c in ipairs(cells) do
    if c[1] < x0 then x0 = c[1] end
    if c[1] > x1 then x1 = c[1] end
    if c[2] < y0 then y0 = c[2] end
    if c[2] > y1 then y1 = c[2] end
  end
  return { x0, y0, x1, y1 }
end

function M.inside(r, c)
  return c[1] >= r[1] and c[1] <= r[3] and c[2] >= r[2] and c[2] <= r[4]
end

function M.rect_of(a, b)
  return { a[1] < b[1] and a[1] or b[1], a[2] < b[2] and a[2] or b[2],
           a[1] > b[1] and a[1] or b[1], a[2] > b[2] and a[2] or b[2] }
end

-- the L1 distance from a cell to a rectangle
function M.rdist(r, c)
  local dx = c[1] < r[1] and r[1] - c[1] or (c[1] > r[3] and c[1] - r[3] or 0)
  local dy = c[2] < r[2] and r[2] - c[2] or (c[2] > r[4] and c[2] - r[4] or 0)
  return dx + dy
end

function M.near(set, c, f)
  for _, d in ipairs(M.NEAR) do
    local o = set[key(c[1] + d[1], c[2] + d[2])]
    if o then f(o) end
  end
end

-- the cells reachable from start in the forest, not through block
function M.component(set, start, block)
  local seen, stack = { [start] = true }, { start }
  if block then seen[block] = true end
  while #stack > 0 do
    local c = stack[#stack]
    stack[#stack] = nil
    M.near(set, c, function(o)
      if not seen[o] then seen[o] = true; stack[#stack + 1] = o end
    end)
  end
  if block then seen[block] = nil end
  return seen
end

function M.cells_in(cells, r)
  local out = {}
  for _, c in ipairs(cells) do if M.inside(r, c) then out[#out + 1] = c end end
  return out
end

function M.same_rect(r, q)
  return r[1] == q[1] and r[2] == q[2] and r[3] == q[3] and r[4] == q[4]
end

function M.same_cells(a, b)
  if #a ~= #b then return false end
  local s = M.set_of(a)
  for _, c in ipairs(b) do if not s[key(c[1], c[2])] then return false end end
  return true
end

return M
