--[[
penny.hints -- puzzle:hints(cfg [, opts]): every legal move of a position
with its distance to the goal, proven (what GamesmanUni calls remoteness).

  local list = p:hints()            -- from the start; or p:hints(cfg)
  list[1].move, list[1].distance    -- the best move first
  -- each entry: move, next (the configuration after it), verdict
  -- ("solved": distance is exact; "unsolvable": no way to the goal from
  -- there, distance = math.huge; "unknown": lower_bound is proven,
  -- distance = nil), optimal (the distance is proven least), reason

Each distance comes from a solve of the puzzle from the move's result
(penny.solve, every method's proofs): the exact engine where the space
allows, the theories where they decide.  The solves share one
penny.databases(), so A*'s pattern databases toward the goal are built
once.  opts: time_limit (seconds for all the moves together, default 10;
each move gets its share), max_memory, method (default "auto"), threads.
A distance that is an upper bound only (a constructive solver's length)
is given as such: optimal = false.

Order: exact distances first, least first; then the moves with a proven
lower bound, the highest last; the moves to positions that cannot reach
the goal at the end.
]]

local Config = require "penny.config"
local Puzzle = require("penny.puzzle")
local games = require "penny.game"
local distances = require "penny.distances"
local errors = require "penny.errors"

local error, ipairs, type, math, tostring, sort, getmetatable =
  error, ipairs, type, math, tostring, table.sort, getmetatable

local _ENV = nil

local M = {}

-- the puzzle from another start: everything else as p has it
local function from(p, cfg)
  return Puzzle.new{ board = p.board, rule = p.rule, start = cfg,
    goal = p.box and { box = p.box } or p.goal,
    up_to = not p.box and p.up_to or nil, game = p.game,
    partial = p.partial or nil, margin = p.margin, name = p.name }
end

local function rank(h)
  if h.verdict == "solved" then return 0, h.distance end
  if h.verdict == "unknown" then return 1, h.lower_bound or 0 end
  return 2, 0
end

function M.hints(p, cfg, opts)
  errors.method_self(getmetatable(p) == Puzzle.Puzzle, p, "puzzle", "hints",
    "Puzzle", "p")
  if cfg ~= nil and not Config.is_config(cfg) then
    error("puzzle:hints: a Config expected (or nothing: the start), got "
      .. errors.typename(cfg), 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("puzzle:hints: options must be a table", 2)
  end
  cfg = cfg or p.start
  opts = opts or {}
  errors.fields(opts, "time_limit, max_memory, method, threads",
    "puzzle:hints", 2)
  local game = games.of(p)
  local moves = game.moves(p, cfg)
  local budget = opts.time_limit or 10
  local share = #moves > 0 and budget / #moves or budget
  local db = distances.databases()
  local out = {}
  for _, m in ipairs(moves) do
    local nxt = game.apply(p, cfg, m)
    local sol = from(p, nxt):solve{ time_limit = share, progress = false,
      max_memory = opts.max_memory, method = opts.method,
      threads = opts.threads, databases = p.game == "coins" and db or nil }
    local h = { move = m, next = nxt, verdict = sol.verdict,
                reason = sol.reason, optimal = sol.optimal }
    if sol.verdict == "solved" then
      h.distance = #sol
    elseif sol.verdict == "unsolvable" then
      h.distance = math.huge
    else
      h.lower_bound = sol.lower_bound
    end
    out[#out + 1] = h
  end
  db:clear()
  for i, h in ipairs(out) do h.order = i end
  sort(out, function(a, b)
    local ra, va = rank(a)
    local rb, vb = rank(b)
    if ra ~= rb then return ra < rb end
    if va ~= vb then return va < vb end
    return a.order < b.order
  end)
  for _, h in ipairs(out) do h.order = nil end
  return out
end

-- the text of a hint: "(3,2)->(2,0): 3 moves to the goal"
function M.text(h)
  local what
  if h.verdict == "solved" then
    what = h.distance == 0 and "reaches the goal"
      or (h.optimal and "" or "at most ") .. h.distance .. " more move"
        .. (h.distance == 1 and "" or "s")
  elseif h.verdict == "unsolvable" then
    what = "the goal is out of reach from there"
  else
    what = "at least " .. tostring(h.lower_bound or 1) .. " more moves (not decided)"
  end
  return tostring(h.move) .. ": " .. what
end

-- p:hints(cfg, opts): the method of every Puzzle
function Puzzle.Puzzle:hints(cfg, opts)
  return M.hints(self, cfg, opts)
end

return M
