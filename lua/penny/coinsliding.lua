--[[
penny.coinsliding -- Erik Demaine's coin-sliding letter puzzles (fonts 5x7
and 5x9) with Benjamin Chaffin's optimal move lists, shipped in
data/coinsliding/coinsliding.json (MIT licence, see its LICENSE.txt).

  local cs = require "penny.coinsliding"
  local corpus = cs.load()                 -- or cs.load(path)
  local p, known = cs.puzzle(corpus, "font5x7", "A-9")
  -- p: a penny.puzzle on the 5 x 7 box; known: Chaffin's moves (a list
  -- of Move values) whose length is the optimum
  for key in cs.keys(corpus, "font5x7") do ... end   -- sorted keys

Rules: square grid, coins stay inside the box, d = 2.
]]

local json = require "penny.json"
local Board = require "penny.board"
local Config = require "penny.config"
local Puzzle = require "penny.puzzle"
local errors = require "penny.errors"
local files = require "penny.files"

local io, error, format, ipairs, pairs, sort, concat, os, type, tostring =
  io, error, string.format, ipairs, pairs, table.sort, table.concat,
  os, type, tostring

local _ENV = nil

local M = {}

local FILE = "/coinsliding/coinsliding.json"

--[[
The shipped data file: $PENNY_DATA, else data/ beside the lua/ directory
of a source tree, else share/penny/data of "make install", else the data/
directory LuaRocks keeps with the installed rock.
]]
function M.default_path()
  local env = os.getenv("PENNY_DATA")
  if env then return env .. FILE end
  local path, tried = files.find("data" .. FILE)
  return path or tried[1]
end

function M.load(path)
  path = path or M.default_path()
  local f, err = io.open(path, "rb")
  if not f then error("cannot open the coin-sliding corpus: " .. err, 2) end
  local text = f:read("a")
  f:close()
  return json.decode(text, path)
end

-- the font of a corpus (from M.load), or an error at the caller's caller
local function font_of(corpus, fontname, fname)
  if type(corpus) ~= "table" or type(corpus.fonts) ~= "table"
      or type(corpus.solutions) ~= "table" then
    error(format("coinsliding.%s: a corpus (from coinsliding.load()) expected",
      fname), 3)
  end
  local font = corpus.fonts[fontname]
  if type(font) ~= "table" then error("no font " .. tostring(fontname), 3) end
  return font
end

local function box(font)
  local rows = #font["A"]
  return { lattice = "square", width = #font["A"][1], height = rows }
end

-- the art of a character, rows joined by newlines
function M.art(corpus, fontname, ch)
  local font = font_of(corpus, fontname, "art")
  local rows = font[ch]
  if type(rows) ~= "table" then
    error(format("no character '%s' in %s", tostring(ch), fontname), 2)
  end
  return concat(rows, "\n")
end

--[[
M.puzzle(corpus, fontname, key) -> puzzle, known_moves
key is "S-G": start character S, goal character G.
]]
function M.puzzle(corpus, fontname, key)
  local font = font_of(corpus, fontname, "puzzle")
  local s, g
  if type(key) == "string" then s, g = key:match("^(.+)%-(.+)$") end
  if not s then error("a puzzle key looks like 'A-9'", 2) end
  local board = Board.new(box(font))
  local p = Puzzle.new{ board = board, name = fontname .. " " .. key,
                          start = M.art(corpus, fontname, s),
                          goal = M.art(corpus, fontname, g) }
  local known
  local sol = corpus.solutions[fontname][key]
  if sol then
    known = {}
    for i, m in ipairs(sol) do
      known[i] = Config.move({ m[1], m[2] }, { m[3], m[4] })
    end
  end
  return p, known
end

-- iterator over the puzzle keys of a font, sorted
function M.keys(corpus, fontname)
  font_of(corpus, fontname, "keys")
  local keys = {}
  for k in pairs(corpus.solutions[fontname] or {}) do keys[#keys + 1] = k end
  sort(keys)
  local i = 0
  return function()
    i = i + 1
    return keys[i]
  end
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
