--[[
penny.tri -- the triangular grid, fully solved (Galliot's thesis Section 2;
it corrects DDV's Theorem 1).  On the unbounded triangular lattice with
d = 2, every puzzle is decided by a few conditions and solved by a
construction in O(d_AB + n d_B) moves: no search, any number of coins, coins
millions of cells apart.

  local tri = require "penny.tri"
  local d = tri.decide(puzzle)   -- { solvable, rule, text, witness, move }
  local sol = tri.solve(puzzle)  -- a Solution (not optimal in general)

puzzle:solve() uses this solver on the unbounded triangular grid when the
exact engine cannot finish quickly (see penny.solve); ask for it with
puzzle:solve{ method = "tri" }.  puzzle:explain() reports the decision.
]]

local core = require "penny.core"
local errors = require "penny.errors"
local Solution = require("penny.solution").Solution

local error, format, require, type = error, string.format, require, type
local _ENV = nil

local M = {}

-- p itself, or the error "where: a Puzzle expected, got ..." at the caller
local expect = require("penny.puzzle").expect

-- does the theory apply to this puzzle?  (else a reason)
function M.applies(p)
  expect(p, "penny.tri.applies")
  local b = p.board
  if b:kind() ~= "triangular" then return false, "not the triangular grid" end
  if b:bounded() then return false, "the board is bounded" end
  if p.rule.d ~= 2 then
    return false, format("the theory is for d = 2 (this puzzle has d = %d)",
      p.rule.d)
  end
  if p.rule.slide then return false, "the theory is for moves, not slides" end
  return true
end

local function check(p)
  local ok, why = M.applies(p)
  if not ok then error("penny.tri: " .. why, 3) end
end

--[[
decide(puzzle) -> { solvable = bool, already = bool, rule = "(i)" ...,
                    text = "...", witness = {pos, ...}, move = Move or nil }
]]
function M.decide(p)
  expect(p, "penny.tri.decide")
  check(p)
  return core.tri_decide(p.start, p.goal, p.up_to)
end

-- the constructive solution as a Solution (penny.solution checks it);
-- opts.time_limit and opts.max_memory bound the construction, whose
-- length grows with the distances: a limit gives verdict "unknown"
function M.solve(p, opts)
  expect(p, "penny.tri.solve")
  check(p)
  opts = opts or {}
  if type(opts) ~= "table" then error("penny.tri.solve: options must be a table", 2) end
  local d = core.tri_decide(p.start, p.goal, p.up_to)
  if not d.solvable then
    return Solution.new(p, { verdict = "unsolvable", method = "tri",
      reason = d.rule .. ": " .. d.text })
  end
  local moves, why = core.tri_solve(p.start, p.goal, p.up_to,
    { time_limit = opts.time_limit, max_memory = opts.max_memory })
  if not moves then
    return Solution.new(p, { verdict = "unknown", method = "tri",
      lower_bound = 1,
      reason = format("%s; the puzzle is solvable (%s: %s)", why, d.rule,
        d.text) })
  end
  return Solution.new(p, { verdict = "solved", method = "tri", moves = moves,
    optimal = #moves == 0,
    reason = format("constructive (thesis Thm 2.4%s), not optimal in general; "
      .. "solvable by %s: %s", p.start:labelled() and ", 2.5, 2.7" or "",
      d.rule, d.text) })
end

-- facts for puzzle:explain()
function M.explain(p, facts)
  expect(p, "penny.tri.explain")
  if type(facts) ~= "table" then
    error("penny.tri.explain: a list of facts to add to expected", 2)
  end
  if not M.applies(p) then return end
  local d = core.tri_decide(p.start, p.goal, p.up_to)
  facts[#facts + 1] = { name = "triangular grid " .. d.rule, holds = d.solvable,
    decisive = true, verdict = d.solvable and "solvable" or "unsolvable",
    text = d.text, witness = d.witness, move = d.move }
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
