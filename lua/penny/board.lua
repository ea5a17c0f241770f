--[[
penny.board -- boards: the unbounded lattices, boxes, sets of cells and
custom graphs.  The ground floor of the Lua layer with penny.config: the
other modules build boards here, never through the facade (penny).

  local board = require "penny.board"
  board.new("triangular")                 -- penny.board
  board.new{ width = 5, height = 7 }
  board.is_board(x)

The Board userdata and its methods are the C core's (csrc/lua_board.c);
this file reads the specification a user writes.
]]

local core = require "penny.core"
local dsl = require "penny.dsl"
local errors = require "penny.errors"

local type, error, ipairs, pairs, getmetatable, tostring, format =
  type, error, ipairs, pairs, getmetatable, tostring, string.format
local math = math

local _ENV = nil

local M = {}

local Board_meta = core.Board_meta

function M.is_board(x) return getmetatable(x) == Board_meta end

Board_meta.__tostring = function(b)
  if b:bounded() then return dsl.render(nil, b) end
  return format("penny.Board(%s, unbounded)", b:kind())
end

local LATTICES = {
  square = "square", triangular = "triangular", tri = "triangular",
  hexagonal = "hexagonal", hex = "hexagonal", honeycomb = "hexagonal",
  king = "king", cubic = "cubic", graph = "graph",
}

local function lattice_name(s, level)
  local name = LATTICES[s]
  if not name then
    error(format("unknown lattice '%s' (square, triangular, hexagonal, king, "
      .. "cubic, graph)", tostring(s)), level + 1)
  end
  return name
end

local function positions_of_cells(cells)
  local out = {}
  for i, c in ipairs(cells) do out[i] = { c[1], c[2], c[3] } end
  return out
end

--[[
board.new(spec) -> Board (penny.board)

  "square", "triangular" (or "tri"), "hexagonal" ("hex"), "king": the
  unbounded lattice.  As a table:
    lattice = name (default "square"); dim = d for "cubic" (default 3)
    width = W, height = H [, depth = D]    a box from the origin, or
    size = {W, H, ...}, origin = {x, y, ...}
    cells = ASCII art (every non-space character is a cell) or a list of
            positions: an explicit set of cells, holes allowed
    vertices = n, edges = {{u, v}, ...}    a custom graph (1-based)
    max_memory = bytes       a bounded board that would need more is
                             refused before it is built (default: the
                             solvers' default budget)
]]
local BOARD_FIELD_LIST = "lattice, width, height, depth, size, origin, "
  .. "dim, cells, vertices, edges, name, max_memory"
local BOARD_FIELDS = {}
for k in BOARD_FIELD_LIST:gmatch("[%a_]+") do BOARD_FIELDS[k] = true end

function M.new(spec)
  if getmetatable(spec) == core.Board_meta then return spec end
  if type(spec) == "string" then
    local lat = lattice_name(spec, 2)
    if lat == "cubic" then return core.board_lattice(lat, 3) end
    if lat == "graph" then
      error("a graph board needs vertices and edges", 2)
    end
    return core.board_lattice(lat)
  end
  if type(spec) ~= "table" then
    error("penny.board expects a lattice name or a table", 2)
  end
  -- a misspelt field would silently give the unbounded lattice
  for k in pairs(spec) do
    if not BOARD_FIELDS[k] then
      error(format("penny.board: unknown field '%s' (fields: %s)",
        tostring(k), BOARD_FIELD_LIST), 2)
    end
  end
  local lat = lattice_name(spec.lattice or "square", 2)
  local dim = lat == "cubic" and (spec.dim or 3) or nil
  if lat == "cubic" and (math.type(dim) ~= "integer" or dim < 1
      or dim > core.MAXDIM) then
    error(format("cubic lattice dimension must be an integer 1..%d",
      core.MAXDIM), 2)
  end
  if lat == "graph" then
    local nv = spec.vertices
    if type(nv) == "table" then nv = #nv end
    if math.type(nv) ~= "integer" then
      error("a graph board needs vertices = number of vertices", 2)
    end
    return core.board_graph(nv, spec.edges or {}, spec.max_memory)
  end
  if spec.cells then
    local cells = spec.cells
    if type(cells) == "string" then
      if dsl.is_coords(cells) then
        cells = dsl.parse_coords(cells, dim or 2, spec.name or "board")
      else
        cells = dsl.parse_art(cells, lat, dim or 2, spec.name or "board")
      end
      cells = positions_of_cells(cells)
    end
    if #cells == 0 then error("a bounded board needs at least one cell", 2) end
    return core.board_cells(lat, dim, cells, spec.max_memory)
  end
  local size = spec.size
  if not size and (spec.width or spec.height) then
    size = { spec.width, spec.height, spec.depth }
  end
  if size then
    local n = dim or 2
    local origin = spec.origin or {}
    local lo, sz = {}, {}
    for i = 1, n do
      local s = size[i]
      if math.type(s) ~= "integer" then
        error(format("board size needs %d integers (width, height, ...)", n),
          2)
      end
      if s < 1 then error("board size must be at least 1 in every "
        .. "dimension", 2) end
      sz[i] = s
      lo[i] = origin[i] or 0
    end
    return core.board_box(lat, dim, lo, sz, spec.max_memory)
  end
  return core.board_lattice(lat, dim)
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
