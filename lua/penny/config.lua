--[[
penny.config -- configurations: coins on a board, read from ASCII art, a
coordinate list or a Lua table.  The ground floor of the Lua layer with
penny.board.

  local config = require "penny.config"
  config.new(board, text_or_table [, name])   -- penny.config
  config.is_config(x)
  config.move(from, to)                        -- penny.move
  config.postext(pos)                          -- "(x,y)"
  config.distinguishable(cfg)                  -- two labels or more?
  config.degree_in(board, cfg, pos)            -- occupied neighbours

The Config userdata and its methods are the C core's (csrc/lua_config.c);
this file adds the constructor that reads puzzle text, the Lua-side
methods (render, positions, bbox) and the metamethods that print.
]]

local core = require "penny.core"
local dsl = require "penny.dsl"
local errors = require "penny.errors"
local Board = require "penny.board"

local type, error, ipairs, setmetatable, getmetatable, format =
  type, error, ipairs, setmetatable, getmetatable, string.format
local concat = table.concat
local math = math

local _ENV = nil

local M = {}

local Config = core.Config
local Config_meta, Move_meta = core.Config_meta, core.Move_meta

function M.is_config(x) return getmetatable(x) == Config_meta end

--[[
config.new(board, spec [, name]) -> Config (penny.config)

spec is ASCII art, a coordinate list "(x,y) a:(x,y)", a Lua list of
positions {{x, y, label = n}, ...}, or a Config (copied onto board).
Malformed text raises "name:line:col: ...".  name may be {name, line0,
col0} for text that starts inside a file (see penny.dsl).
]]
function M.new(board, spec, name)
  if type(board) ~= "string" and type(board) ~= "table"
      and getmetatable(board) ~= core.Board_meta then
    error(format("penny.config: the first argument must be a board or a "
      .. "lattice name, got %s", type(board)), 2)
  end
  board = Board.new(board)
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
  elseif M.is_config(spec) then
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

Config_meta.__tostring = function(c) return dsl.render(c) end

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
M.postext = postext

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

-- config.move(from, to) -> a Move value (penny.move)
function M.move(from, to)
  if type(from) ~= "table" or type(to) ~= "table" then
    error("penny.move: two positions (tables of coordinates) expected", 2)
  end
  return setmetatable({ from = from, to = to }, Move_meta)
end

-- the number of neighbours of position c inside cfg
function M.degree_in(board, cfg, c)
  local k = 0
  for _, q in ipairs(board:neighbours(c)) do
    if cfg:has(q) then k = k + 1 end
  end
  return k
end

-- do the coins of cfg carry at least two different labels (a plain coin
-- counting as label 0)?  Otherwise they are all alike and a theorem about
-- unlabelled coins applies as it is.
function M.distinguishable(cfg)
  local first
  for _, coin in ipairs(cfg:coins()) do
    local l = coin.label or 0
    if first == nil then first = l elseif l ~= first then return true end
  end
  return false
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
