--[[
penny.solution -- the Solution value every solver returns.

  sol.verdict      "solved" | "unsolvable" | "unknown"
  sol.moves        list of Move values {from = pos, to = pos} (solved)
  #sol             number of moves
  sol.optimal      true when the number of moves is proven minimal
  sol.reason       why: the proof of optimality, the reason a puzzle is
                   unsolvable (a theorem and its witness, or a complete
                   search and its state count), or the limit that stopped
                   the search
  sol.lower_bound  proven lower bound on the number of moves (unknown)
  sol.method       the solver that produced it
  sol.stats        states, seconds, memory, ... as the solver reports them
  sol:replay()     the list of configurations from the start to the end
  sol:final()      the last configuration

A solved Solution is replayed by the move checker before it is returned:
a solver bug becomes a loud error, never a wrong answer.
]]

local format, error, ipairs, setmetatable, getmetatable, tostring, pairs,
  math, type = string.format, error, ipairs, setmetatable, getmetatable,
  tostring, pairs, math, type
local concat, table_unpack = table.concat, table.unpack

local games = require "penny.game"
local errors = require "penny.errors"

local _ENV = nil

local M = {}

local Solution = {}
Solution.__index = Solution
M.Solution = Solution

local VERDICTS = { solved = true, unsolvable = true, unknown = true }
local SHOW = 200          -- moves shown by tostring

--[[
Solution.new(puzzle, fields) -- fields: verdict, moves, reason, method,
optimal, lower_bound, stats.  Checks a solved answer by replay.
]]
function Solution.new(puzzle, f)
  if type(puzzle) ~= "table" or type(puzzle.check) ~= "function" then
    error("Solution.new: a puzzle (with a check method) expected, got "
      .. type(puzzle), 2)
  end
  if type(f) ~= "table" then
    error("Solution.new: a table of fields expected, got " .. type(f), 2)
  end
  if not VERDICTS[f.verdict] then
    error("bad verdict " .. tostring(f.verdict), 2)
  end
  local self = setmetatable({
    puzzle = puzzle,
    verdict = f.verdict,
    moves = f.moves or {},
    reason = f.reason or "",
    method = f.method or "?",
    optimal = f.optimal or false,
    lower_bound = f.lower_bound,
    stats = f.stats or {},
  }, Solution)
  if self.verdict == "solved" then
    local ok, idx, _, msg = puzzle:check(self.moves)
    if not ok then
      error(format("penny bug: the %s solver returned a sequence that fails "
        .. "the replay check at move %d: %s", self.method, idx, msg), 2)
    end
    self.replayed = true
  end
  return self
end

function Solution:__len() return #self.moves end

-- a method called with a dot (sol.replay()) gets no Solution as self
local function check_self(self, name)
  return errors.method_self(getmetatable(self) == Solution, self, "solution", name,
    "Solution", "sol")
end

function Solution:replay()
  check_self(self, "replay")
  local p = self.puzzle
  local out, cfg = { p.start }, p.start
  local g = games.of(p)
  for _, m in ipairs(self.moves) do
    cfg = g.apply(p, cfg, m)
    if not cfg then error("the moves do not replay", 2) end
    out[#out + 1] = cfg
  end
  return out
end

function Solution:final()
  check_self(self, "final")
  local ok, final = self.puzzle:check(self.moves)
  if not ok then error("the moves do not replay", 2) end
  return final
end

function Solution:__tostring()
  local head
  if self.verdict == "solved" then
    head = format("solved in %d move%s%s", #self.moves,
      #self.moves == 1 and "" or "s", self.optimal and " (optimal)" or "")
  elseif self.verdict == "unsolvable" then
    head = "unsolvable"
  else
    head = "unknown"
    if self.lower_bound then
      head = head .. format(" (at least %d move%s)", self.lower_bound,
        self.lower_bound == 1 and "" or "s")
    end
  end
  local parts = { head .. " [" .. self.method .. "]" }
  if self.reason ~= "" then parts[#parts + 1] = self.reason end
  if #self.moves > 0 then
    local ms, n = {}, #self.moves
    for i = 1, math.min(n, SHOW) do ms[i] = tostring(self.moves[i]) end
    if n > SHOW then ms[#ms + 1] = format("... (%d more)", n - SHOW) end
    parts[#parts + 1] = concat(ms, " ")
  end
  return concat(parts, "\n")
end

-- a plain table of the solution (for JSON or printing): each move as
-- {from = {...}, to = {...}}, each push as its direction
function Solution:totable()
  check_self(self, "totable")
  local moves = {}
  for i, m in ipairs(self.moves) do     -- a list or a penny.Moves
    if type(m) == "string" then         -- a push: its direction
      moves[i] = m
    else
      moves[i] = { from = { table_unpack(m.from) }, to = { table_unpack(m.to) } }
    end
  end
  local stats = {}
  for k, v in pairs(self.stats) do stats[k] = v end
  return { verdict = self.verdict, moves = moves, reason = self.reason,
           method = self.method, optimal = self.optimal,
           lower_bound = self.lower_bound, stats = stats }
end

return M
