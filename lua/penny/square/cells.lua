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

return M
