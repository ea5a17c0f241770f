--[==[
penny -- token-moving puzzles: boards, configurations, rules, solvers.

  local penny = require "penny"
  local p = penny.puzzle{ board = "triangular", start = [[...]], goal = [[...]],
                          up_to = "translation" }
  local sol = p:solve()
  print(sol)

This file gathers the modules' public functions into one table and
defines nothing of its own: boards (penny.board), configurations
(penny.config), puzzles (penny.puzzle), their solving (penny.solve,
penny.explain) and the rest.  See README.md and doc/manual.md.
]==]

local core = require "penny.core"
local dsl = require "penny.dsl"
local errors = require "penny.errors"
local board = require "penny.board"
local config = require "penny.config"
local distances = require "penny.distances"
local puzzle = require "penny.puzzle"
local strategies = require "penny.strategies"
-- the methods p:solve and p:explain, and the other games' puzzles
require "penny.solve"
require "penny.explain"
require "penny.hints"
require "penny.linepush"
local combined = require "penny.combined"

local ipairs, setmetatable, rawset = ipairs, setmetatable, rawset
local require = require

local _ENV = nil

local penny = {
  _VERSION = "penny " .. core._VERSION,
  core = core,
  dsl = dsl,
  board = board.new,
  is_board = board.is_board,
  config = config.new,
  is_config = config.is_config,
  move = config.move,
  postext = config.postext,
  distances = distances.new,
  databases = distances.databases,
  puzzle = puzzle.new,
  is_puzzle = puzzle.is_puzzle,
  Puzzle = puzzle.Puzzle,
  Solution = require("penny.solution").Solution,
  strategies = strategies,
  play = strategies.play,
  generate = require "penny.generate",
  render = require "penny.render",
  combined = combined,
}

-- errors said at the caller's line, not inside penny (penny.errors); the
-- modules guard their own functions, these are the classes' methods
errors.guard(penny.Puzzle)
errors.guard(penny.Solution)
for _, m in ipairs{ penny.generate, penny.render, penny.strategies,
                    penny.combined, penny.combined.Config,
                    penny.combined.Puzzle, dsl } do
  errors.guard(m)
end

-- the other modules, loaded on first use: penny.tri.decide(p) works as
-- require("penny.tri").decide(p) does (none of them requires penny, so
-- loading them here would not be a cycle, only a slower start)
local LAZY = { pzfile = true, coinsliding = true, tri = true, square = true,
               square_solver = true, linepush = true, options = true,
               json = true, perm = true, page = true }
setmetatable(penny, { __index = function(t, k)
  if LAZY[k] then
    local m = require("penny." .. k)
    rawset(t, k, m)
    return m
  end
end })

return penny
