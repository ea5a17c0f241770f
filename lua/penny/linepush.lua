--[[
penny.linepush -- line pushes (Akitaya, Löffler, Viglietta, "Pushing Blocks
by Sweeping Lines"), the second game kind.

Tokens on the square grid; a push sweeps a line across the grid and every
token that can moves one unit; configurations are equal up to translation.
A push is named by the direction the line sweeps: "right" comes from the
left and gathers the tokens at the left side, "up" gathers them at the
bottom (y grows downward), and so on.

  local lp = require "penny.linepush"
  lp.push(cfg, "right")            -- a Config (at the origin)
  lp.push(cfg, {"right", "up"})    -- several pushes
  lp.info(cfg)                     -- compact? core? G_C and its order
  lp.canonical(cfg)                -- canonical form, and the pushes
  lp.compatible(a, b)              -- same row and column lengths
  lp.lemma7(a, b), lp.diagonal(n)  -- the paper's configurations
  lp.reachable(cfg)                -- exhaustive: every reachable labelling

Puzzles: penny.puzzle{ game = "linepush", start = ..., goal = ... }, where
goal is a configuration (up to translation) or { box = {w, h} }.
puzzle:solve{ method = "auto" | "permutation" | "compaction" | "search" }.
]]

local core = require "penny.core"
local options = require "penny.options"
local solvers = require "penny.solvers"
local game = require "penny.game.linepush"
local Board = require "penny.board"
local Solution = require("penny.solution").Solution

local error, format, type, tostring, require, pcall, pairs =
  error, string.format, type, tostring, require, pcall, pairs

local _ENV = nil

-- p itself, or the error "where: a Puzzle expected, got ..." at the caller
local expect = require("penny.puzzle").expect

local M = {}

M.DIRECTIONS = game.DIRECTIONS

-- line pushes live on the square grid: refuse configurations of others
local function sq(cfg) return game.square_config(cfg, 3) end

function M.push(cfg, dirs) return core.push(sq(cfg), dirs) end
function M.info(cfg) return core.push_info(sq(cfg)) end
function M.canonical(cfg) return core.push_canonical(sq(cfg)) end
function M.compatible(a, b) return core.push_compatible(sq(a), sq(b)) end
function M.sparse(cfg) return core.push_info(sq(cfg)).sparse end

--[[
Every configuration reachable from cfg, by breadth-first search (small
inputs): { states = all of them, same_shape = those with cfg's shape,
complete = false when a limit stopped the search }.  With distinct labels
and a compact cfg, same_shape is the order of G_C (Theorem 20).
]]
function M.reachable(cfg, opts)
  local r, e = core.push_reach(sq(cfg), opts)
  if not r then error(e, 2) end
  return r
end

local function square() return Board.new("square") end

function M.lemma7(a, b) return core.push_lemma7(square(), a, b) end
function M.diagonal(n) return core.push_diagonal(square(), n) end
function M.from_diagonal(target) return core.push_from_diagonal(sq(target)) end

--[[
The puzzle side: called by penny.puzzle and penny.solve for game =
"linepush".
]]

-- is cfg a goal of the puzzle?
function M.is_goal(p, cfg)
  expect(p, "penny.linepush.is_goal")
  return game.is_goal(p, cfg)
end

-- replay: true, final | false, index, reason, message
function M.check(p, moves)
  expect(p, "penny.linepush.check")
  return game.check(p, moves)
end

local function solution(p, f)
  return Solution.new(p, f)
end

local function search(p, opts)
  local goal, w, h = p.goal, 0, 0
  if p.box then goal, w, h = nil, p.box[1], p.box[2] end
  local ok, r, e = pcall(core.push_search, p.start, goal, w, h,
    options.limits(opts))
  if not ok then
    -- the search's own limits (boxes over 255 cells, ...): a verdict
    if type(r) == "string" and r:find("interrupted", 1, true) then error(r, 0) end
    return solution(p, { verdict = "unknown", method = "search",
      reason = "too large for this solver: " .. tostring(r) })
  end
  if not r then error(e, 0) end
  return solution(p, { verdict = r.verdict, moves = r.moves, method = "search",
    optimal = r.verdict == "solved", reason = r.reason,
    lower_bound = r.lower_bound,
    stats = { states = r.states, seconds = r.seconds, memory = r.memory,
              depth = r.depth } })
end

-- does the Permutation Puzzle's theory apply?  (why names what fails)
local function not_applicable(why)
  return why:find("not compact", 1, true) or why:find("same shape", 1, true)
end

local function permutation(p)
  if p.box then error("the permutation solver needs a goal configuration", 3) end
  local moves, why = core.push_permutation(p.start, p.goal)
  if moves then
    return solution(p, { verdict = "solved", moves = moves, optimal = #moves == 0,
      method = "permutation", reason = "constructive (Theorem 20: 3-cycles "
        .. "built from the type-A, B and C sequences), not optimal; " .. why })
  end
  -- outside the theory nothing is decided; inside, the theorem is the proof
  return solution(p, { verdict = not_applicable(why) and "unknown"
    or "unsolvable", method = "permutation", reason = why })
end

local function compaction(p)
  if not p.box then error("the compaction solver needs goal = {box = {w, h}}", 3) end
  local moves, why = core.push_box(p.start, p.box[1], p.box[2])
  if moves then
    return solution(p, { verdict = "solved", moves = moves, optimal = #moves == 0,
      method = "compaction", reason = "constructive, not optimal: " .. why })
  end
  return nil, why
end

local methods = {
  search = { solve = search, about = "exact breadth-first search over push "
    .. "configurations (shortest sequences; small inputs)" },
  permutation = { solve = permutation,
    about = "the Permutation Puzzle by Theorem 20 (compact, same shape)" },
  compaction = { solve = function(p)
      local s, why = compaction(p)
      if s then return s end
      error("compaction: " .. why, 2)
    end, about = "Theorem 8's construction of a box from a sparse start" },
}

--[[
"auto": first an exact search capped at QUICK states (shortest sequences
whenever the space is small, which is often: the class of a compact
configuration of 9 tokens has at most a few million states); past the cap,
a box goal from a sparse start that Theorem 8 covers is built by
construction, two same-shaped compact configurations are decided by
Theorem 20 and built from 3-cycles, and everything else gets the exact
search with the caller's limits.
]]
M.QUICK = 100000

function M.solve(p, opts)
  expect(p, "penny.linepush.solve")
  opts = options.check(opts, "solve", 2)
  local name = opts.method or "auto"
  if p.mismatch then
    return solution(p, { verdict = "unsolvable", method = name,
      reason = "pushes never add, remove or relabel tokens: " .. p.mismatch })
  end
  if name == "auto" then
    local cap = M.QUICK
    if opts.max_states and opts.max_states < cap then cap = opts.max_states end
    local quick = options.limits(opts)
    quick.max_states = cap
    quick = search(p, quick)
    if quick.verdict ~= "unknown" then return quick end
    if p.box then
      local s = compaction(p)
      if s then return s end
      return search(p, opts)
    end
    local s = permutation(p)
    if s.verdict ~= "unknown" then return s end
    return search(p, opts)
  end
  local m = methods[name]
  if not m then
    error(format("unknown solve method '%s' for line pushes (%s)", name,
      solvers.names("linepush")), 3)
  end
  return m.solve(p, opts)
end

-- the methods in the one registry (penny.solvers), as the line-push game's
methods.auto = { about = "an exact search when the space is small, else "
  .. "Theorem 8's box construction or Theorem 20's permutations, else the "
  .. "exact search within the limits" }
for name, m in pairs(methods) do
  solvers.add(name, { name = name, kind = "solver", game = "linepush",
    about = m.about, solve = function(p, opts) return M.solve(p, opts) end },
    true)
end

--[[
explain: the structural facts (compact? compressible? core? G_C and its
order), and what decides the puzzle.
]]
function M.explain(p)
  expect(p, "penny.linepush.explain")
  local facts = {}
  local function add(f) facts[#facts + 1] = f end
  local info = core.push_info(p.start)
  add{ name = "compact (Observation 1)", holds = info.compact,
       text = info.compact and "every row and column is one interval, nested "
         .. "by length" or "some row or column is not one interval, or is "
         .. "not nested in a longer one" }
  add{ name = "compressible", holds = info.compressible,
       text = format("bounding box %d x %d, %d full row(s), %d full "
         .. "column(s)", info.width, info.height, info.full_rows,
         info.full_columns) }
  add{ name = "sparse", holds = info.sparse,
       text = info.sparse and "no two tokens share a row or a column"
         or "some row or column has two tokens" }
  if info.compact then
    local core_text = info.core and format("the central %d x %d block at "
      .. "(%d,%d), %d token(s) that never move (Definition 12, Observation "
      .. "13)", info.core[3], info.core[4], info.core[1], info.core[2],
      info.core_tokens) or "empty"
    add{ name = "core", holds = info.core ~= nil, text = core_text }
    add{ name = "G_C (Theorem 20)", holds = true,
      text = format("%s group on %d non-core token(s), order %.6g",
        info.group, info.moving, info.order) }
  end
  if p.mismatch then
    add{ name = "same tokens", holds = false, decisive = true,
         verdict = "unsolvable", text = "pushes never add, remove or relabel "
           .. "tokens: " .. p.mismatch }
  elseif p.box then
    local _, why = core.push_box(p.start, p.box[1], p.box[2])
    add{ name = "Theorem 8", holds = why:find("always") ~= nil,
         decisive = why:find("always") ~= nil, verdict = "solvable", text = why }
  else
    local moves, why = core.push_permutation(p.start, p.goal)
    local decisive = moves ~= nil or not not_applicable(why)
    add{ name = "Permutation Puzzle (Theorem 20)", holds = moves ~= nil,
         decisive = decisive, verdict = moves and "solvable" or "unsolvable",
         text = why }
  end
  return facts
end

-- errors said at the caller's line, not inside penny
return require("penny.errors").guard(M)
