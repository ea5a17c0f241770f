--[[
penny.game.linepush -- line pushes (Akitaya, Löffler, Viglietta) as a game
of penny.game: a push sweeps a line across the square grid and every token
that can moves one unit; configurations are equal up to translation.  The
pushes themselves are the core's (csrc/linepush/); the functions on
configurations and the solvers are penny.linepush.
]]

local core = require "penny.core"
local Board = require "penny.board"
local Config = require "penny.config"

local error, format, type, ipairs, tostring, setmetatable, math =
  error, string.format, type, ipairs, tostring, setmetatable, math

local _ENV = nil

local M = { name = "linepush", tokens = "tokens", conserves = true,
            cellwise = false, box_goal = true }

M.DIRECTIONS = { "right", "left", "up", "down" }
local DIRECTION = {}
for _, d in ipairs(M.DIRECTIONS) do DIRECTION[d] = true end

-- the fields of a line-push puzzle: the unbounded square grid, up to
-- translation, a goal that may be a box
function M.prepare(p, spec, level)
  level = level + 1
  local b = spec.board
  if b ~= nil and b ~= "square" and not (Board.is_board(b)
      and b:kind() == "square" and not b:bounded()) then
    error("line pushes are played on the unbounded square grid", level)
  end
  if spec.up_to and spec.up_to ~= "translation" then
    error("line-push configurations are always taken up to translation",
      level)
  end
  spec = setmetatable({ up_to = "translation" }, { __index = spec })
  if type(spec.goal) == "table" and spec.goal.box then
    local bx = spec.goal.box
    if type(bx) ~= "table" or math.type(bx[1]) ~= "integer"
        or math.type(bx[2]) ~= "integer" or bx[1] < 1 or bx[2] < 1 then
      error("goal.box must be {width, height} with positive integers", level)
    end
    p.box = { bx[1], bx[2] }
  end
  return spec
end

function M.moves() return { "right", "left", "up", "down" } end

function M.apply(_, cfg, m)
  if not DIRECTION[m] then
    return nil, format("not a push direction: %s", tostring(m))
  end
  return core.push(cfg, m)
end

-- the configuration moved to the origin: equal up to translation
function M.key(_, cfg) return core.push(cfg, {}):key() end

function M.arrow(m) return { push = m } end

-- cfg, or the error at level: line pushes live on the square grid
function M.square_config(cfg, level)
  if not Config.is_config(cfg) then
    error("expected a Config (penny.config(penny.board('square'), ...))",
      level + 1)
  end
  local kind = cfg:board():kind()
  if kind ~= "square" then
    error(format("line pushes are played on the square grid (this "
      .. "configuration is on the %s board)", kind), level + 1)
  end
  return cfg
end

function M.is_goal(p, cfg)
  M.square_config(cfg, 3)
  if p.box then
    local lo, hi = cfg:bbox()
    return #cfg == p.box[1] * p.box[2] and hi[1] - lo[1] + 1 == p.box[1]
      and hi[2] - lo[2] + 1 == p.box[2]
  end
  return core.push(cfg, {}) == core.push(p.goal, {})
end

-- replay: true, final | false, index, reason, message
function M.check(p, moves)
  if type(moves) ~= "table" then
    error("penny.linepush.check: a list of pushes expected", 3)
  end
  for i, d in ipairs(moves) do
    if not DIRECTION[d] then
      return false, i, "push", format("push %d: '%s' is not a direction "
        .. "(right, left, up, down)", i, tostring(d))
    end
  end
  local final = core.push(p.start, moves)
  if not M.is_goal(p, final) then
    return false, #moves + 1, "goal", "the pushes do not reach the goal"
  end
  return true, final
end

function M.describe(p)
  return format("penny.Puzzle(line pushes, %d tokens)\nstart:\n%s\ngoal:\n%s",
    #p.start, tostring(p.start), p.box and format("a %d x %d box",
    p.box[1], p.box[2]) or tostring(p.goal))
end

return M
