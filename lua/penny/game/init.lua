--[[
penny.game -- the games a puzzle can be played in, behind one interface.

A puzzle names its game (p.game, default "coins"); everything that moves
tokens (the replay of a solution, the strategies, the pictures, the
puzzle's own checks) asks the game instead of testing its name.  A game
is a table of rules, with no solver in it (the solvers are registered by
game in penny.solvers):

  name        "coins", "linepush", "pushing"
  tokens      what it moves, for messages ("coins", "tokens")
  conserves   true when no move adds, removes or relabels a token: a goal
              of other tokens is then a verdict (unsolvable) rather than a
              malformed puzzle, and the goal must hold every token
  cellwise    true when the goal is a set of cells to cover (so "goal
              cells uncovered" bounds the moves, and a picture draws the
              board behind the tokens)
  box_goal    true when the goal may be a box {w, h} to fill anywhere
  prepare(p, spec, level) -> spec    checks what the game gives a meaning
              (board, up_to, a goal box), sets fields of p; raises at level
  moves(p, cfg) -> list              every legal move of cfg
  apply(p, cfg, m) -> cfg | nil, why one move, or what is wrong with it
                                     ("illegal: ...", "not a push ...")
  key(p, cfg) -> string              the identity of a state
  arrow(m) -> table                  how a picture draws the move
  is_goal(p, cfg), check(p, moves)   the goal test and the replay, when
              the game has its own (else penny.puzzle's)
  describe(p) -> text                tostring of the puzzle

  game.get(name) -> game | nil
  game.of(p) -> the game of a puzzle
  game.names() -> "coins, linepush, pushing"
]]

local coins = require "penny.game.coins"
local linepush = require "penny.game.linepush"
local pushing = require "penny.game.pushing"

local table_concat, table_sort, pairs = table.concat, table.sort, pairs

local _ENV = nil

local M = {}

local games = { coins = coins, linepush = linepush, pushing = pushing }

function M.get(name) return games[name] end

function M.of(p) return games[p.game] or coins end

function M.names()
  local t = {}
  for name in pairs(games) do t[#t + 1] = name end
  table_sort(t)
  return table_concat(t, ", ")
end

return M
