--[[
penny.solve -- choosing a solver and running it.

puzzle:solve{ method = "auto" | name, max_memory = bytes, max_states = n,
              time_limit = seconds, margin = cells }

Solvers are registered by name in M.methods (see penny.strategies for the
user-facing registry); "auto" picks the best one that applies.

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

local table_concat, require = table.concat, require
local format, error, ipairs, pairs, type, tostring, math, pcall,
  getmetatable = string.format, error, ipairs, pairs, type, tostring, math,
  pcall, getmetatable

local _ENV = nil

local M = {}

local OPTIONS = { method = "string", max_memory = "number",
                  max_states = "number", time_limit = "number",
                  margin = "number", threads = "number", progress = "boolean",
                  heuristic = "function", admissible = "boolean",
                  beam_width = "number", max_depth = "number", seed = "number",
                  max_steps = "number", probe_levels = "number",
                  encoding = "string", pdb = "boolean", partial = "boolean",
                  prune = "boolean", direction = "string",
                  databases = "userdata" }

local function check_opts(opts, level)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error("solve options must be a table", level) end
  for k, v in pairs(opts) do
    local want = OPTIONS[k]
    if k == "pdb" and math.type(v) == "integer" then
      if v < 1 or v > 30 then
        error("solve option 'pdb' must be a boolean or the most cells of a "
          .. "window (1 to 30)", level)
      end
      want = "number"
    end
    if not want then
      error(format("unknown solve option '%s'", tostring(k)), level)
    end
    if k == "direction" and v ~= "auto" and v ~= "forward"
       and v ~= "backward" then
      error("solve option 'direction' must be \"auto\", \"forward\" or "
        .. "\"backward\"", level)
    end
    if type(v) ~= want then
      error(format("solve option '%s' must be a %s", k, want), level)
    end
    if want == "number" and v ~= v then
      error(format("solve option '%s' must be a number, not NaN", k), level)
    end
    if want == "number" and v < 0 then
      error(format("solve option '%s' must not be negative", k), level)
    end
  end
  -- the core's bounds (core.LIMITS), checked here too so that a bad value
  -- is refused whatever the puzzle (one decided before any search included)
  local lim = core.LIMITS
  if opts.threads and opts.threads > lim.threads then
    error(format("solve option 'threads' is absurdly large (at most %d)",
      lim.threads), level)
  end
  for _, k in ipairs{ "max_memory", "max_states" } do
    if opts[k] and opts[k] > lim.limit then
      error(format("solve option '%s' is absurdly large", k), level)
    end
  end
  local pl = opts.probe_levels
  if pl and (math.type(pl) ~= "integer" or pl > lim.probe_levels) then
    error(format("solve option 'probe_levels' must be an integer 0..%d",
      lim.probe_levels), level)
  end
  local phys = lim.physical_memory
  if opts.max_memory and phys > 0 and opts.max_memory > phys then
    error(format("solve option 'max_memory' (%.1f GiB) is more than this "
      .. "machine's memory (%.1f GiB)", opts.max_memory / 2^30,
      phys / 2^30), level)
  end
  if opts.max_memory and opts.max_memory > 0
      and opts.max_memory < lim.min_memory then
    error(format("solve option 'max_memory' is in bytes and must be at "
      .. "least %d", lim.min_memory), level)
  end
  if opts.margin and (math.type(opts.margin) ~= "integer" or opts.margin > 1000)
  then
    error("solve option 'margin' must be an integer 0..1000", level)
  end
  return opts
end

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
function M.window(p, opts)
  opts = opts or {}
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

M.methods = {
  auto = { solve = engine("auto"), exact = true, optimal = true,
           about = "the exact engine: bidirectional BFS on bitboards for "
             .. "short puzzles, then A* with window pattern databases (one "
             .. "goal placement), the whole ranked space when that runs out "
             .. "of memory; A* for goals with fewer coins; plain BFS for "
             .. "windows over 64 cells" },
  bidir = { solve = engine("bidir"), exact = true, optimal = true,
            about = "bidirectional breadth-first search on bitboards" },
  full = { solve = engine("full"), exact = true, optimal = true,
           about = "breadth-first search over the whole ranked state space" },
  astar = { solve = engine("astar"), exact = true, optimal = true,
            about = "A* with window pattern databases (one goal placement; "
              .. "pdb = false: the uncovered-goal-cells bound alone)" },
  bfs = { solve = bfs, exact = true, optimal = true,
          about = "plain breadth-first search over the window (reference)" },
}
M.methods.plain = M.methods.bfs

local tri = require "penny.tri"

M.methods.tri = { exact = false, optimal = false,
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

M.methods.square = { exact = false, optimal = false,
  about = "the square grid's two-extra-coin constructive solver (update "
    .. "paper Thm 3.3 = thesis Thm 3.8): any size, not optimal",
  solve = function(p, opts) return square.solve_puzzle(p, opts) end }

local function auto(p, opts)
  if p.rule.slide then return M.methods.bfs.solve(p, opts) end
  if square.applies(p) and (#p.start > AUTO_EXACT_COINS or window_cells(p) > 4096) then
    -- too large for exact search: the constructive solver when Thm 3.3's
    -- hypotheses hold, else the engine (which answers within its limits)
    local sol = square.solve_puzzle(p, opts)
    if sol.verdict == "solved" then return sol end
  end
  if tri.applies(p) then
    if #p.start <= AUTO_EXACT_COINS and window_cells(p) <= 4096 then
      local o = {}
      for k, v in pairs(opts) do o[k] = v end
      if not o.time_limit or o.time_limit > AUTO_EXACT_SECONDS then
        o.time_limit = AUTO_EXACT_SECONDS
      end
      local sol = M.methods.engine.solve(p, o)
      if sol.verdict ~= "unknown" then return sol end
    end
    return tri.solve(p, opts)
  end
  return M.methods.engine.solve(p, opts)
end

M.methods.engine = M.methods.auto
M.methods.auto = { solve = auto, exact = true, optimal = true,
  about = "the best method for the puzzle: the triangular grid's theory, or "
    .. "the square grid's two-extra-coin solver, for big puzzles there, else "
    .. "the exact engine" }

-- the solve options checked as puzzle:solve checks them (raises)
function M.check_options(opts)
  check_opts(opts, 2)
end

function M.solve(p, opts)
  opts = check_opts(opts, 3)
  local strategies = require "penny.strategies"
  if opts.heuristic and (opts.method == nil or opts.method == "bestfirst") then
    return strategies.bestfirst(p, opts)
  end
  local name = opts.method or "auto"
  if p.game == "linepush" then
    local lp = require "penny.linepush"
    if name == "auto" or lp.methods[name] or not strategies.user(name) then
      return lp.solve(p, opts)
    end
    return strategies.run(name, p, opts)
  end
  local m = M.methods[name]
  if m then return m.solve(p, opts) end
  if strategies.get(name) then return strategies.run(name, p, opts) end
  error(format("unknown solve method '%s' (penny.strategies.list() names "
    .. "them all)", name), 3)
end

-- the built-in methods in the one registry (penny.solvers), beside the
-- strategies written in Lua
local solvers = require "penny.solvers"
for name, m in pairs(M.methods) do
  solvers.add(name, { name = name, kind = "solver", about = m.about,
                      solve = m.solve }, true)
end

-- p:solve(opts): the method of every Puzzle (penny.puzzle)
local Puzzle = require("penny.puzzle").Puzzle
function Puzzle:solve(opts)
  errors.method_self(getmetatable(self) == Puzzle, self, "puzzle", "solve",
    "Puzzle", "p")
  return M.solve(self, opts)
end

return M
