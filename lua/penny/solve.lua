--[[
penny.solve -- choosing a solver and running it.

puzzle:solve{ method = "auto" | name, max_memory = bytes, max_states = n,
              time_limit = seconds, margin = cells }

The coin game's methods are registered by name in penny.solvers (beside
the line pushes' and the strategies: penny.strategies.list()); "auto"
picks the best one that applies.

The search window.  Exact search needs a finite set of cells.  Coins never
leave span(A) (thesis Cor 1.7), so when the span of the start is finite
(every bounded board; the square, hexagonal and cubic lattices) the window
is span(A) and the search is exact.  On the triangular and king lattices the
span of a configuration that can move is infinite; the window is then the
bounding box of the start (and of a fixed goal) widened by a margin m
(default: 2, or more when the goal shape needs more room).  A move goes to a
cell next to a coin, so k moves never leave the start's box widened by k:
every sequence of at most m moves lies inside the window.  Hence a solution
of L <= m + 1 moves found there is optimal on the whole lattice, and a
search that completes depth D inside the window proves a lower bound of
min(D, m) + 1 moves.  Longer solutions are optimal within the window only,
and the Solution says so.
]]

local core = require "penny.core"
local Solution = require("penny.solution").Solution

local errors = require "penny.errors"
local options = require "penny.options"
local solvers = require "penny.solvers"
local strategies = require "penny.strategies"
require "penny.linepush"       -- the line pushes' methods, registered

local table_concat, require = table.concat, require
local format, error, ipairs, pairs, tostring, math, pcall, getmetatable =
  string.format, error, ipairs, pairs, tostring, math, pcall, getmetatable
local setmetatable, type = setmetatable, type

local _ENV = nil

local M = {}

--{===================================================================
-- The window

local function extent(cfg)
  local lo, hi = cfg:bbox()
  local e = {}
  for i = 1, #(lo or {}) do e[i] = hi[i] - lo[i] + 1 end
  return e
end

local function default_margin(p)
  local m = 2
  if p.up_to ~= "fixed" then
    local es, eg = extent(p.start), extent(p.goal)
    local gmax, smin = 0, math.huge
    for i = 1, #eg do gmax = math.max(gmax, eg[i]) end
    for i = 1, #es do smin = math.min(smin, es[i]) end
    m = math.max(m, (gmax - smin + 1) // 2)
  end
  return m
end

--[[
M.window(puzzle [, opts]) -> info table
  info.board    the window (a bounded Board), or nil when the goal lies
                outside span(A) (then info.outside is the reason)
  info.exact    true when the window holds every reachable configuration
  info.margin   the margin of an inexact window
  info.text     a description
]]
local function window(p, opts)
  local board, rule = p.board, p.rule
  local span = p.start:span(rule)
  if span then
    if p.up_to == "fixed" then
      for _, c in ipairs(p.goal:coins()) do
        if not span:has(c) then
          return { exact = true, outside = format("the goal coin at (%s) lies "
            .. "outside span(start): coins never leave the span of the "
            .. "start (thesis Cor 1.7)", table_concat(c, ",")) }
        end
      end
    end
    local w
    if board:bounded() and (#span == #board or board:kind() == "graph") then
      w = board
    else w = core.board_cells(board:kind(), board:dim(), span:positions()) end
    return { board = w, exact = true,
             text = format("span of the start (%d cells)", #span) }
  end
  local m = opts.margin or p.margin or default_margin(p)
  local lo, hi = p.start:bbox()
  if p.up_to == "fixed" and #p.goal > 0 then
    local glo, ghi = p.goal:bbox()
    for i = 1, #lo do
      lo[i] = math.min(lo[i], glo[i])
      hi[i] = math.max(hi[i], ghi[i])
    end
  end
  local origin, size = {}, {}
  for i = 1, #lo do
    origin[i] = lo[i] - m
    size[i] = hi[i] - lo[i] + 1 + 2 * m
  end
  return { board = core.board_box(board:kind(), board:dim(), origin, size),
           exact = false, margin = m,
           text = format("bounding box of the start%s widened by %d (%s "
             .. "cells)", p.up_to == "fixed" and " and goal" or "", m,
             table_concat(size, " x ")) }
end

-- each puzzle's last window, kept while the fields it came from are the
-- same (configurations are values): a puzzle solved again, by a bench,
-- a generator or another method, skips the span and its checks
local last_window = setmetatable({}, { __mode = "k" })

function M.window(p, opts)
  opts = opts or {}
  local rule = p.rule
  local d = type(rule) == "table" and rule.d or rule
  local margin = opts.margin or p.margin
  local w = last_window[p]
  if w and w.board == p.board and w.start == p.start and w.goal == p.goal
      and w.up_to == p.up_to and w.d == d and w.margin == margin then
    return w.info
  end
  local info = window(p, opts)
  last_window[p] = { board = p.board, start = p.start, goal = p.goal,
                     up_to = p.up_to, d = d, margin = margin, info = info }
  return info
end

--}===================================================================


--{===================================================================
-- Plain breadth-first search

local function limits(opts)
  return { max_memory = opts.max_memory, max_states = opts.max_states,
           time_limit = opts.time_limit, progress = opts.progress }
end

--[[
Turn a C result into Solution fields, with what the window proves: on an
exact window the C verdict stands; on an inexact one, "unsolvable" only
means "not inside the window", and optimality holds for solutions of up to
margin + 1 moves (see the top of this file).
]]
local function finish(win, r, method)
  local stats = { states = r.states, expanded = r.expanded, depth = r.depth,
                  probed = r.probed, memory = r.memory, seconds = r.seconds,
                  pdb_seconds = r.pdb_seconds, pdb_reused = r.pdb_reused,
                  backward = r.backward, window = win.text }
  local f = { method = method, stats = stats, moves = r.moves,
              lower_bound = r.lower_bound }
  if r.verdict == "solved" then
    f.verdict = "solved"
    local L = #r.moves
    if win.exact or L <= win.margin + 1 then
      f.optimal = true
      f.reason = r.reason
      if not win.exact then
        f.reason = f.reason .. format("; every sequence of at most %d moves "
          .. "lies inside the window (%s), so this is optimal on the whole "
          .. "lattice", win.margin, win.text)
      end
    else
      f.optimal = false
      f.reason = format("shortest inside the search window (%s); a shorter "
        .. "solution leaving the window is not excluded (solutions of up to "
        .. "%d moves are)", win.text, win.margin + 1)
    end
  elseif r.verdict == "unsolvable" then
    if win.exact then
      f.verdict = "unsolvable"
      f.reason = r.reason
    else
      f.verdict = "unknown"
      f.lower_bound = win.margin + 1
      f.reason = format("no solution inside the search window (%s, %d "
        .. "configurations); a solution leaving it would need at least %d "
        .. "moves", win.text, r.states, f.lower_bound)
    end
  else
    f.verdict = "unknown"
    if not win.exact and r.lower_bound then
      f.lower_bound = math.min(r.lower_bound, win.margin + 1)
    end
    f.reason = r.reason
  end
  return f
end

local function bfs_once(p, opts)
  local win = M.window(p, opts)
  if win.outside then
    return Solution.new(p, { verdict = "unsolvable", method = "bfs",
                             reason = win.outside })
  end
  local r, why = core.bfs(win.board, p.rule, p.start, p.goal, p.up_to,
                          limits(opts))
  if r == nil then error(why .. "!", 0) end
  return Solution.new(p, finish(win, r, "bfs"))
end

--[[
On an inexact window a solution of L moves is proven optimal once the
margin is at least L - 1; when the first search finds a longer one, search
again with that margin (same limits) unless the caller fixed the margin.
]]
local function widen(p, opts, once)
  local sol = once(p, opts)
  if sol.verdict == "solved" and not sol.optimal and not opts.margin
      and not p.margin then
    local wider = {}
    for k, v in pairs(opts) do wider[k] = v end
    wider.margin = #sol.moves - 1
    local ok, again = pcall(once, p, wider)
    if ok and again.verdict == "solved" then return again end
    if not ok and tostring(again):find("interrupted") then error(again, 0) end
  end
  return sol
end

local function bfs(p, opts)
  return widen(p, opts, bfs_once)
end

--}===================================================================


--{===================================================================
-- The exact search engine

local ENGINE_NAMES = { auto = "engine", bidir = "bidir", full = "full",
                       astar = "astar" }

local function engine_once(p, opts, method)
  local win = M.window(p, opts)
  local name = ENGINE_NAMES[method]
  if win.outside then
    return Solution.new(p, { verdict = "unsolvable", method = name,
                             reason = win.outside })
  end
  local r, why = core.search(win.board, p.rule, p.start, p.goal, p.up_to, {
    method = method, max_memory = opts.max_memory, max_states = opts.max_states,
    time_limit = opts.time_limit, threads = opts.threads,
    probe_levels = opts.probe_levels, progress = opts.progress,
    encoding = opts.encoding, pdb = opts.pdb, partial = opts.partial,
    prune = opts.prune, direction = opts.direction,
    databases = opts.databases })
  if r == nil then error(why .. "!", 0) end
  return Solution.new(p, finish(win, r, name))
end

local function engine(method)
  return function(p, opts)
    return widen(p, opts, function(q, o) return engine_once(q, o, method) end)
  end
end

--}===================================================================

local methods = {
  auto = { solve = engine("auto"), exact = true, optimal = true,
           about = "the exact engine: bidirectional BFS on bitboards for "
             .. "short puzzles, then A* with window pattern databases (one "
             .. "goal placement), the whole ranked space when that runs out "
             .. "of memory; A* for goals with fewer coins; on windows of 65 "
             .. "to 256 cells (coins alike) on ranked keys, a short "
             .. "bidirectional search then A*; "
             .. "beyond, a short search from both ends then A* on the plain "
             .. "BFS's states (fixed goals), else the plain BFS" },
  bidir = { solve = engine("bidir"), exact = true, optimal = true,
            about = "bidirectional breadth-first search on bitboards (up to 64 "
              .. "cells), ranked keys (up to 256), else on the plain BFS's "
              .. "states (fixed goals, any window, labels)" },
  full = { solve = engine("full"), exact = true, optimal = true,
           about = "breadth-first search over the whole ranked state space" },
  astar = { solve = engine("astar"), exact = true, optimal = true,
            about = "A* with window pattern databases (one goal placement; "
              .. "pdb = false: the uncovered-goal-cells bound alone); past "
              .. "the ranked keys, on the plain BFS's states (fixed goals)" },
  bfs = { solve = bfs, exact = true, optimal = true,
          about = "plain breadth-first search over the window (reference)" },
}
methods.plain = methods.bfs

local tri = require "penny.tri"

methods.tri = { exact = false, optimal = false,
  about = "the triangular grid's constructive solver (thesis Thm 2.4, 2.5, "
    .. "2.7): any size, not optimal",
  solve = function(p, opts) return tri.solve(p, opts) end }

--[[
"auto": on the unbounded triangular grid (d = 2) a puzzle of up to
AUTO_EXACT_COINS coins first gets the exact engine for at most
AUTO_EXACT_SECONDS (optimal answers for the classic puzzles); a bigger
one, or one the engine does not finish, gets the constructive solver,
which decides every puzzle there and solves it in O(d_AB + n d_B) moves.
]]
local AUTO_EXACT_COINS, AUTO_EXACT_SECONDS = 10, 2
local bounded_exact           -- below
-- the bounded A* in Lua: states expanded, memory, and the work of one
-- expansion (coins times moves: every successor is a new configuration)
local BOUNDED_STATES, BOUNDED_MEMORY, BOUNDED_WORK = 4000, 128 * 2^20, 40000
-- (the moves are not even listed for more coins: their list is coins
-- times targets long)
local BOUNDED_COINS = 200

-- the cells of the start's bounding box widened by the default margin
local function window_cells(p)
  local lo, hi = p.start:bbox()
  local glo, ghi = p.goal:bbox()
  local n = 1
  for i = 1, #lo do
    local a = math.min(lo[i], glo and glo[i] or lo[i])
    local b = math.max(hi[i], ghi and ghi[i] or hi[i])
    n = n * (b - a + 1 + 2 * default_margin(p))
  end
  return n
end

local square = require "penny.square_solver"
local pushing = require "penny.square.pushing"
local shortcut = require "penny.shortcut"

-- minimum+1 puzzles of one span: the pushing game (thesis Prop 3.32)
-- decides them and finds optimal solutions; nil when it does not apply
-- or its search met a limit
local PUSHING_STATES = 200000

local function by_pushing(p, opts)
  if not pushing.applies(p) then return nil end
  local o = { max_states = math.min(opts.max_states or PUSHING_STATES,
                                    PUSHING_STATES),
              time_limit = opts.time_limit }
  return (pushing.solve_puzzle(p, o))
end

methods.square = { exact = false, optimal = false,
  about = "the square grid's theory: minimum+1 puzzles of one span by the "
    .. "pushing game (thesis Prop 3.32, optimal), else the two-extra-coin "
    .. "constructive solver (update paper Thm 3.3 = thesis Thm 3.8): any "
    .. "size, not optimal",
  solve = function(p, opts)
    return by_pushing(p, opts) or square.solve_puzzle(p, opts)
  end }

methods.pushing = { exact = true, optimal = true,
  about = "minimum+1 puzzles of one span on the square grid by the pushing "
    .. "game (thesis Prop 3.32): decided, optimal solutions",
  solve = function(p, opts)
    local ok, why = pushing.applies(p)
    if ok then
      local sol, swhy, stop = pushing.solve_puzzle(p, opts)
      if sol then return sol end
      why = swhy
      if stop then
        return Solution.new(p, { verdict = "unknown", method = "pushing",
          lower_bound = 1, reason = "the pushing game's search stopped: " .. why })
      end
    end
    return Solution.new(p, { verdict = "unknown", method = "pushing",
      reason = "the pushing game does not apply: " .. why })
  end }

-- does the engine's wide game (windows of 65 to 256 cells, coins all
-- alike, keyed by rank) take the puzzle's start on a window of n cells?
-- C(n, k) must stay below 2^63 (the C side checks it exactly; this one
-- only chooses the route)
local function wide_fits(p, n)
  local k = #p.start
  if n > 256 or k > n or p.start:labelled() or p.goal:labelled() then
    return false
  end
  local c = 1.0
  for i = 1, math.min(k, n - k) do c = c * (n - k + i) / i end
  return c < 2 ^ 62.9
end

--[[
A bounded exact search for square-grid puzzles that auto would otherwise
give to the constructive solver: the exact engine where the span has at
most 64 cells, or at most 256 with coins all alike and C(cells, coins)
below 2^63 (its wide game); other spans of at most 256 cells with a
fixed goal (labels, more coins), the engine's A* on the plain states;
else A* in Lua with the bound "goal cells uncovered"
(admissible and consistent: one move covers at most one goal cell), for
at most AUTO_EXACT_SECONDS (or half the user's time limit).  Returns the
Solution when it finished, else nil, the lower bound it proved and the
seconds it spent.
]]
bounded_exact = function(p, opts)
  -- at most half of the user's time: the construction needs the rest
  local limit = AUTO_EXACT_SECONDS
  if opts.time_limit and opts.time_limit / 2 < limit then limit = opts.time_limit / 2 end
  local t0 = core.clock()
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.time_limit = limit
  local sol
  -- (a span of at most 256 cells holds at most 256 coins: no span is
  -- computed for more, nor off the square grid, where it is infinite)
  local span = p.board:kind() == "square" and #p.start <= 256
    and p.start:span(p.rule)
  if span and (#span <= 64 or wide_fits(p, #span)) then
    sol = methods.engine.solve(p, o)
  elseif span and #span <= 256 then
    -- the plain states (labels, or more coin sets than 2^63): A* in C
    -- with the bound "goal coins out of place" (in the nearest placement
    -- of a goal up to translation or rotation)
    sol = methods.astar.solve(p, o)
  elseif p.up_to == "fixed" and #p.start <= BOUNDED_COINS
      and #p.start * #p.start:movelist(p.rule) <= BOUNDED_WORK then
    o.method, o.databases, o.progress = nil, nil, nil
    o.heuristic, o.admissible = strategies.uncovered(p), true
    -- Lua tables: each expanded state leaves some hundred successors in
    -- the open list; the cap keeps that within about 100 MB
    o.max_states = math.min(opts.max_states or BOUNDED_STATES, BOUNDED_STATES)
    o.max_memory = math.min(opts.max_memory or BOUNDED_MEMORY, BOUNDED_MEMORY)
    sol = strategies.bestfirst(p, o)
    if sol.verdict == "solved" then
      sol.reason = format("optimal: A* with the bound \"goal cells uncovered\" "
        .. "(admissible and consistent: a move covers at most one goal cell) "
        .. "expanded every state of lower estimate (%d states)", sol.stats.states)
      sol.method = "astar (Lua)"
    end
  else
    return nil
  end
  if sol.verdict ~= "unknown" then return sol end
  return nil, sol.lower_bound, core.clock() - t0
end

-- a constructive answer shortened by local search (penny.shortcut) for at
-- most SHORTCUT_SECONDS, and never past the user's time limit
local SHORTCUT_SECONDS = 1
local function shorten(sol, opts, t0)
  if sol.verdict ~= "solved" or sol.optimal then return sol end
  local limit = SHORTCUT_SECONDS
  if opts.time_limit then
    limit = math.min(limit, opts.time_limit - (core.clock() - t0))
  end
  if limit <= 0 then return sol end
  return shortcut.improve(sol, { time_limit = limit })
end

-- opts with what is left of the user's time after t0 (a copy when it
-- changes)
local function time_left(opts, t0)
  if not opts.time_limit then return opts end
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.time_limit = math.max(opts.time_limit - (core.clock() - t0), 0.001)
  return o
end

-- sol with the lower bound that a bounded exact search proved in spent
-- seconds (`verb`: "proved" or "had proved")
local function add_bound(sol, bound, spent, verb)
  sol.lower_bound = bound
  sol.reason = sol.reason .. format("; a bounded exact search (%.1f s) "
    .. "%s at least %d moves", spent, verb, bound)
  return sol
end

-- the engine's answer at the end of auto: the rest of the user's time, and
-- the best lower bound an earlier stage proved
local function last_engine(p, opts, t0, bound, spent)
  local sol = methods.engine.solve(p, time_left(opts, t0))
  if sol.verdict == "unknown" and opts.time_limit then
    -- the engine names the time it was left; the limit reached is the user's
    sol.reason = sol.reason:gsub("time limit of [%d.e+-]+ s",
      format("time limit of %g s", opts.time_limit), 1)
  end
  if sol.verdict == "unknown" and bound and bound > (sol.lower_bound or 0) then
    add_bound(sol, bound, spent, "had proved")
  end
  return sol
end

local function auto(p, opts)
  local t_auto = core.clock()
  if p.rule.slide then return methods.bfs.solve(p, opts) end
  local pushed = by_pushing(p, opts)
  if pushed then return pushed end
  if square.applies(p) and (#p.start > AUTO_EXACT_COINS or window_cells(p) > 4096) then
    -- look before leaping: a bounded exact search first (optimal answers
    -- for goals a few moves away), then the constructive solver when Thm
    -- 3.3's hypotheses hold, with the bound the search proved; else the
    -- engine, which answers within the user's limits
    local exact, bound, spent = bounded_exact(p, opts)
    if exact then return exact end
    -- the stages after it share what is left of the user's time
    local sol = shorten(square.solve_puzzle(p, time_left(opts, t_auto)), opts, t_auto)
    if sol.verdict == "solved" then
      if bound and bound > 1 then add_bound(sol, bound, spent, "proved") end
      return sol
    end
    return last_engine(p, opts, t_auto, bound, spent)
  end
  if tri.applies(p) then
    local bound, spent
    if #p.start <= AUTO_EXACT_COINS and window_cells(p) <= 4096 then
      local o = {}
      for k, v in pairs(opts) do o[k] = v end
      if not o.time_limit or o.time_limit > AUTO_EXACT_SECONDS then
        o.time_limit = AUTO_EXACT_SECONDS
      end
      local sol = methods.engine.solve(p, o)
      if sol.verdict ~= "unknown" then return sol end
    else
      -- bigger: a bounded A* first (fixed goals), as on the square grid
      local exact
      exact, bound, spent = bounded_exact(p, opts)
      if exact then return exact end
    end
    local sol = shorten(tri.solve(p, time_left(opts, t_auto)), opts, t_auto)
    if sol.verdict == "solved" and not sol.optimal and bound and bound > 1 then
      add_bound(sol, bound, spent, "proved")
    end
    return sol
  end
  return last_engine(p, opts, t_auto)
end

methods.engine = methods.auto
methods.auto = { solve = auto, exact = true, optimal = true,
  about = "the best method for the puzzle: the triangular grid's theory, or "
    .. "the square grid's two-extra-coin solver, for big puzzles there, else "
    .. "the exact engine" }

-- the solve options checked as puzzle:solve checks them (raises)
function M.check_options(opts)
  options.check(opts, "solve", 2)
end

function M.solve(p, opts)
  opts = options.check(opts, "solve", 2)
  if opts.heuristic and (opts.method == nil or opts.method == "bestfirst") then
    return strategies.bestfirst(p, opts)
  end
  local name = opts.method or "auto"
  local e = solvers.get(name, p.game)
  if not e then
    error(format("unknown solve method '%s' (%s: %s; penny.strategies.list() "
      .. "names them all)", name, p.game, solvers.names(p.game)), 3)
  end
  if e.game then return e.solve(p, opts) end
  return strategies.run(name, p, opts)
end

-- the built-in methods in the one registry (penny.solvers), as the coin
-- game's, beside the line pushes' (penny.linepush) and the strategies
for name, m in pairs(methods) do
  solvers.add(name, { name = name, kind = "solver", game = "coins",
                      about = m.about, solve = m.solve }, true)
end

-- p:solve(opts): the method of every Puzzle (penny.puzzle)
local Puzzle = require("penny.puzzle").Puzzle
function Puzzle:solve(opts)
  errors.method_self(getmetatable(self) == Puzzle, self, "puzzle", "solve",
    "Puzzle", "p")
  return M.solve(self, opts)
end

return M
