--[==[
penny -- token-moving puzzles: boards, configurations, rules, solvers.

  local penny = require "penny"
  local p = penny.puzzle{ board = "triangular", start = [[...]], goal = [[...]],
                          up_to = "translation" }
  local sol = p:solve()
  print(sol)

The C core (penny.core) provides the Board and Config userdata; this file
adds the constructors that read puzzle text, the Lua-side methods and the
metamethods that render.  See README.md for the whole API.
]==]

local core = require "penny.core"
local dsl = require "penny.dsl"
local errors = require "penny.errors"

local type, error, ipairs, pairs, setmetatable, getmetatable, tostring,
  format, pcall =
  type, error, ipairs, pairs, setmetatable, getmetatable, tostring,
  string.format, pcall
local concat, pack, unpack = table.concat, table.pack, table.unpack
local math = math

local require = require
local _ENV = nil

local penny = {
  _VERSION = "penny " .. core._VERSION,
  core = core,
  dsl = dsl,
}

--{===================================================================
-- Boards

local LATTICES = {
  square = "square", triangular = "triangular", tri = "triangular",
  hexagonal = "hexagonal", hex = "hexagonal", honeycomb = "hexagonal",
  king = "king", cubic = "cubic", graph = "graph",
}

-- core function f(...), whose argument errors are the caller's: raised
-- at the caller of the penny function (not at the line of this file that
-- called the core), said without "bad argument #N to 'f'"
local function checked(f, ...)
  local res = pack(pcall(f, ...))
  if not res[1] then error(errors.message(res[2]), 3) end
  return unpack(res, 2, res.n)
end

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
penny.board(spec) -> Board

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

function penny.board(spec)
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
    return checked(core.board_graph, nv, spec.edges or {}, spec.max_memory)
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
    return checked(core.board_cells, lat, dim, cells, spec.max_memory)
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
    return checked(core.board_box, lat, dim, lo, sz, spec.max_memory)
  end
  return core.board_lattice(lat, dim)
end

--}===================================================================


--{===================================================================
-- Configurations

local Config = core.Config
local Config_meta, Board_meta, Move_meta = core.Config_meta,
  core.Board_meta, core.Move_meta

function penny.is_config(x) return getmetatable(x) == Config_meta end
function penny.is_board(x) return getmetatable(x) == Board_meta end

--[[
penny.config(board, spec [, name]) -> Config

spec is ASCII art, a coordinate list "(x,y) a:(x,y)", a Lua list of
positions {{x, y, label = n}, ...}, or a Config (copied onto board).
Malformed text raises "name:line:col: ...".  name may be {name, line0,
col0} for text that starts inside a file (see penny.dsl).
]]
function penny.config(board, spec, name)
  if type(board) ~= "string" and type(board) ~= "table"
      and getmetatable(board) ~= core.Board_meta then
    error(format("penny.config: the first argument must be a board or a "
      .. "lattice name, got %s", type(board)), 2)
  end
  board = penny.board(board)
  name = name or "config"
  local label = type(name) == "table" and name[1] or name
  local coins
  if type(spec) == "string" then
    local kind, dim = board:kind(), board:dim()
    if dsl.is_coords(spec) or kind == "graph" then
      coins = dsl.parse_coords(spec, dim, name)
    else
      coins = {}
      for _, c in ipairs(dsl.parse_art(spec, kind, dim, name)) do
        if c.label then
          if c.label == 0 then c.label = nil end
          coins[#coins + 1] = c
        end
      end
    end
  elseif type(spec) == "table" then
    coins = spec
  elseif penny.is_config(spec) then
    if spec:board() == board then return spec end
    coins = spec:coins()
  else
    error("a configuration is ASCII art, a coordinate list or a table of "
      .. "positions", 2)
  end
  -- the core checks every coin; a bad one is reported at its place in
  -- the text
  local cfg, bad, why = core.config(board, coins)
  if not cfg then
    local c = coins[bad]
    local where = type(c) == "table" and c.line
      and format("%s:%d:%d: ", label, c.line, c.col)
      or format("%s: coin %d ", label, bad)
    error(where .. why, 2)
  end
  return cfg
end

--}===================================================================


--{===================================================================
-- Lua-side methods and metamethods of the C types

Config_meta.__tostring = function(c) return dsl.render(c) end
Board_meta.__tostring = function(b)
  if b:bounded() then return dsl.render(nil, b) end
  return format("penny.Board(%s, unbounded)", b:kind())
end

function Config.render(c) return dsl.render(c) end

-- cfg:positions() -> list of positions, without labels
function Config.positions(c)
  local out = {}
  for i, coin in ipairs(Config.coins(c)) do      -- checks c
    coin.label = nil
    out[i] = coin
  end
  return out
end

-- cfg:bbox() -> lo, hi (inclusive), or nil for an empty configuration
function Config.bbox(c)
  local lo, hi
  for _, p in ipairs(Config.coins(c)) do           -- checks c
    lo, hi = lo or {}, hi or {}
    for i = 1, #p do
      lo[i] = math.min(lo[i] or p[i], p[i])
      hi[i] = math.max(hi[i] or p[i], p[i])
    end
  end
  return lo, hi
end

local function postext(p) return "(" .. concat(p, ",") .. ")" end
penny.postext = postext

Move_meta.__tostring = function(m)
  return postext(m.from) .. "->" .. postext(m.to)
end
-- a move compared with anything else is unequal, never an error
local function movelike(x)
  return type(x) == "table" and type(x.from) == "table"
    and type(x.to) == "table"
end
Move_meta.__eq = function(a, b)
  if not (movelike(a) and movelike(b)) then return false end
  return postext(a.from) == postext(b.from) and postext(a.to) == postext(b.to)
end

-- penny.move(from, to) -> a Move value
function penny.move(from, to)
  if type(from) ~= "table" or type(to) ~= "table" then
    error("penny.move: two positions (tables of coordinates) expected", 2)
  end
  return setmetatable({ from = from, to = to }, Move_meta)
end

--}===================================================================


--{===================================================================
-- Distance tables

--[[
penny.distances(start [, opts]) -> table

Breadth-first search over the whole ranked state space from start (a
Config on a bounded board, or on the square/hexagonal/cubic lattice where
its span is the window).  opts:
  targets = {Config, ...}   distances and a shortest path to each
  paths = false             distances only: no paths (and no field paths)
  complete = true           explore everything (layer sizes of the whole
                            reachable space, a hardest configuration);
                            default: stop once every target is reached
  rule = d, max_memory = bytes, time_limit = s, threads = n,
  progress = bool
  encoding = "lean" | "byte" | "two"
                            lean: depth mod 3 in 2 bits and an expanded
                            bit, paths by a walk back that may backtrack;
                            byte: one byte of depth per state and a bit (3
                            times the memory); two: 2 bits per state, no
                            depths kept, each path found by a search of its
                            own and checked to be as long; "auto" (the
                            default): two when there is no target or
                            paths = false, else lean if it fits
                            max_memory, else two
Returns { dist = {...} (-1: unreachable), paths = {moves...} (false when
unreachable), layers = {depth 0, 1, ...}, maxdepth, complete, reached,
expanded, hardest = Config (complete only), seconds, memory, threads,
encoding }.
]]
local DISTANCE_OPTIONS = { targets = "table", complete = "boolean",
  rule = "number", max_memory = "number", time_limit = "number",
  threads = "number", progress = "boolean", encoding = "string",
  paths = "boolean" }

function penny.distances(start, opts)
  opts = opts or {}
  if not penny.is_config(start) then
    error("penny.distances: start must be a Config", 2)
  end
  if type(opts) ~= "table" then
    error("penny.distances: options must be a table", 2)
  end
  -- a misspelt option would silently be ignored
  for k, v in pairs(opts) do
    local want = DISTANCE_OPTIONS[k]
    if not want then
      error(format("penny.distances: unknown option '%s'", tostring(k)), 2)
    end
    if type(v) ~= want then
      error(format("penny.distances: option '%s' must be a %s", k, want), 2)
    end
  end
  if #start == 0 then
    error("penny.distances: the start has no coins", 2)
  end
  local board = start:board()
  local rule = opts.rule or 2
  local window = board
  if not board:bounded() then
    local span, why = start:span(rule)
    if not span then
      error("penny.distances needs a finite window: " .. why, 2)
    end
    window = core.board_cells(board:kind(), board:dim(), span:positions())
  end
  local targets = {}
  for i, t in ipairs(opts.targets or {}) do
    targets[i] = penny.config(board, t, "target " .. i)
  end
  local r, why = checked(core.distances, window, rule, start, targets,
    opts.complete or false, { max_memory = opts.max_memory,
    time_limit = opts.time_limit, threads = opts.threads,
    progress = opts.progress, encoding = opts.encoding, paths = opts.paths })
  if r == nil then error(why .. "!", 0) end
  return r
end

--[[
penny.databases() -> Databases

A holder for A*'s window pattern databases, to pass to several solves
with the same goal: puzzle:solve{databases = db}.  The first solve that
runs A* builds the tables and leaves them in db; the next ones with the
same goal cells, board window, rule, number of coins and windows use
them as they are (stats.pdb_reused, stats.pdb_seconds = 0).  It holds
one set: a solve to another goal frees it and keeps its own.  While a
solve runs with db, the tables held count against its memory budget; a
full-space search frees them.  db:clear() frees them at once (so do the
garbage collector and a to-be-closed variable); db:info() -> { bytes,
windows, partitions, maxcells, builds, reuses }.
]]
penny.databases = core.databases

--}===================================================================


--{===================================================================
-- Puzzles

local puzzle = require "penny.puzzle"
puzzle.init(penny)
penny.puzzle = puzzle.new
penny.is_puzzle = puzzle.is_puzzle

local strategies = require "penny.strategies"
penny.strategies = strategies
penny.play = strategies.play
penny.generate = require "penny.generate"
penny.render = require "penny.render"
penny.combined = require "penny.combined"
penny.Puzzle = puzzle.Puzzle
penny.Solution = require("penny.solution").Solution

-- errors said at the caller's line, not inside penny (penny.errors)
errors.guard(penny)
errors.guard(penny.Puzzle)
errors.guard(penny.Solution)
for _, m in ipairs{ penny.generate, penny.render, penny.strategies,
                    penny.combined, penny.combined.Config,
                    penny.combined.Puzzle, dsl } do
  errors.guard(m)
end

--}===================================================================

return penny
