--[[
penny.game.pushing -- the pushing game (update paper Def 5.3, thesis Sec.
3.3.3): a coin slides to a free neighbouring cell that has another coin
beside it.  Minimum+1 puzzles of one span reduce to it (Prop 3.32,
penny.square.pushing); as a game of its own it is played, searched and
drawn like the others: penny.puzzle{ game = "pushing", ... }.

Pushes are reversible between minimum configurations with a pair of
adjacent coins (Prop 5.5); in general penny does not assume it and checks
every push by the rule.
]]

local Board = require "penny.board"
local Config = require "penny.config"

local format, ipairs, tostring, type, error =
  string.format, ipairs, tostring, type, error

local _ENV = nil

local M = { name = "pushing", tokens = "coins", conserves = true,
            cellwise = true }

function M.prepare(_, spec, level)
  local b = spec.board or "square"
  local kind = Board.is_board(b) and b:kind() or type(b) == "string" and b
    or type(b) == "table" and (b.lattice or "square")
  if kind ~= "square" then
    error("the pushing game is played on the square grid", level + 1)
  end
  return spec
end

-- another coin than `c` beside the cell t?
local function backed(board, cfg, t, c)
  for _, q in ipairs(board:neighbours(t)) do
    if (q[1] ~= c[1] or q[2] ~= c[2]) and cfg:has(q) then return true end
  end
  return false
end

function M.moves(p, cfg)
  local board = p.board
  local out = {}
  for _, c in ipairs(cfg:positions()) do
    for _, t in ipairs(board:neighbours(c)) do
      if not cfg:has(t) and backed(board, cfg, t, c) then
        out[#out + 1] = Config.move(c, t)
      end
    end
  end
  return out
end

local function pos(c) return "(" .. tostring(c[1]) .. "," .. tostring(c[2]) .. ")" end

function M.apply(p, cfg, m)
  if type(m) ~= "table" or type(m.from) ~= "table" or type(m.to) ~= "table" then
    return nil, "not a push: " .. tostring(m)
  end
  local f, t, board = m.from, m.to, p.board
  if not cfg:has(f) then return nil, format("illegal: no coin at %s", pos(f)) end
  if not board:contains(t) then return nil, format("illegal: %s is not a cell", pos(t)) end
  if cfg:has(t) then return nil, format("illegal: %s is taken", pos(t)) end
  if not board:adjacent(f, t) then
    return nil, format("illegal: a push goes to a neighbouring cell (%s is not "
      .. "beside %s)", pos(t), pos(f))
  end
  if not backed(board, cfg, t, f) then
    return nil, format("illegal: %s has no coin beside it other than the "
      .. "pushed one", pos(t))
  end
  return cfg:without(f):with(t, cfg:label(f))
end

function M.key(_, cfg) return cfg:key() end

-- replay: true, final | false, index, reason, message (as cfg:check)
function M.check(p, moves)
  if type(moves) ~= "table" and type(moves) ~= "userdata" then
    error("puzzle:check: a list of pushes expected", 3)
  end
  local cfg = p.start
  for i, m in ipairs(moves) do
    local nxt, why = M.apply(p, cfg, m)
    if not nxt then return false, i, "push", format("push %d: %s", i, why) end
    cfg = nxt
  end
  if not p:is_goal(cfg) then
    return false, #moves + 1, "goal", "the pushes do not reach the goal"
  end
  return true, cfg
end

function M.arrow(m) return { from = m.from, to = m.to } end

function M.describe(p)
  return format("penny.Puzzle(the pushing game, %d coins)\nstart:\n%s\ngoal:\n%s",
    #p.start, tostring(p.start), tostring(p.goal))
end

return M
