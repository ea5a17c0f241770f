--[==[
penny.distances -- whole distance tables from one configuration (the
full-space search of the engine, csrc/search/fullbfs.c), and the holder of
A*'s pattern databases shared by several solves.

  local distances = require "penny.distances"
  distances.new(start, opts)   -- penny.distances
  distances.databases()        -- penny.databases
]==]

local core = require "penny.core"
local errors = require "penny.errors"
local config = require "penny.config"
local options = require "penny.options"

local error, ipairs, type, format, math_type =
  error, ipairs, type, string.format, math.type
local getenv = require("os").getenv

local _ENV = nil

local M = {}

local MAXSETS = core.LIMITS.databases_sets

--[[
distances.new(start [, opts]) -> table (penny.distances)

Breadth-first search over the whole ranked state space from start (a
Config on a bounded board, or on the square/hexagonal/cubic lattice where
its span is the window).  opts:
  targets = {Config, ...}   distances and a shortest path to each
  paths = false             distances only: no paths (and no field paths)
  complete = true           explore everything (layer sizes of the whole
                            reachable space, a hardest configuration);
                            default: stop once every target is reached
  rule = d, max_memory = bytes, time_limit = s, threads = n,
  progress = bool
  encoding = "lean" | "byte" | "two"
                            lean: depth mod 3 in 2 bits and an expanded
                            bit, paths by a walk back that may backtrack;
                            byte: one byte of depth per state and a bit (3
                            times the memory); two: 2 bits per state, no
                            depths kept, each path found by a search of its
                            own and checked to be as long; "auto" (the
                            default): two when there is no target or
                            paths = false, else lean if it fits
                            max_memory, else two
  lifted = bytes            two bits a state (auto turns to them): keep
                            at most this much of the bitmap of lifted
                            sets in memory, the rest in a scratch file, a
                            window at a time; by default only when the
                            whole bitmap does not fit max_memory
  scratch = dir             the scratch file's directory (default: TMPDIR,
                            else /tmp); the file is unlinked at once
  shared = false            in build/penny-mpi (mpirun -np K), every
                            process calls penny.distances with the same
                            arguments and the search is shared by them
                            (two bits a state, the tables split between
                            them, paths found by process 0 alone); false:
                            each searches alone.  No effect in penny
Returns { dist = {...} (-1: unreachable), paths = {moves...} (false when
unreachable), layers = {depth 0, 1, ...}, maxdepth, complete, reached,
expanded, hardest = Config (complete only), seconds, memory, threads,
encoding, windows (of the bitmap of lifted sets: 0 when it is whole) }.
]]
function M.new(start, opts)
  if not config.is_config(start) then
    error("penny.distances: start must be a Config", 2)
  end
  -- a misspelt option would silently be ignored
  opts = options.check(opts, "distances", 2)
  if #start == 0 then
    error("penny.distances: the start has no coins", 2)
  end
  if opts.lifted and (opts.encoding == "lean" or opts.encoding == "byte") then
    error("penny.distances: lifted keeps the lifted sets in windows with two "
      .. "bits a state (encoding 'two' or 'auto'), not with encoding '"
      .. opts.encoding .. "'", 2)
  end
  local board = start:board()
  local rule = opts.rule or 2
  local window = board
  if not board:bounded() then
    local span, why = start:span(rule)
    if not span then
      error("penny.distances needs a finite window: " .. why, 2)
    end
    window = core.board_cells(board:kind(), board:dim(), span:positions())
  end
  local targets = {}
  for i, t in ipairs(opts.targets or {}) do
    targets[i] = config.new(board, t, "target " .. i)
  end
  local r, why = core.distances(window, rule, start, targets,
    opts.complete or false, { max_memory = opts.max_memory,
    time_limit = opts.time_limit, threads = opts.threads,
    progress = opts.progress, encoding = opts.encoding, paths = opts.paths,
    shared = opts.shared, lifted = opts.lifted,
    scratch = opts.scratch or getenv("TMPDIR") })
  if r == nil then error(why .. "!", 0) end
  return r
end

--[[
penny.databases([opts]) -> Databases

A holder for A*'s window pattern databases, to pass to several solves:
puzzle:solve{databases = db}.  The first solve that runs A* toward a goal
builds its tables and leaves them in db; the next ones with the same goal
cells, board window, rule, number of coins and windows use them as they
are (stats.pdb_reused, stats.pdb_seconds = 0).  Backward searches build
and keep tables from their start the same way.  opts.goals and
opts.starts (default 1 each) are the most sets kept toward goals and from
starts: when a side is full, the set used least recently goes.  While a
solve runs with db, the tables held count against its memory budget (the
oldest sets of other puzzles go when they would take half of it); a
full-space search frees them.  db:clear() frees them at once (so do the
garbage collector and a to-be-closed variable); db:info() -> { bytes,
sets, windows, partitions, maxcells, builds, reuses, ... }.
]]
function M.databases(opts)
  if opts == nil then return core.databases() end
  if type(opts) ~= "table" then
    error("penny.databases expects a table {goals=, starts=} or nothing", 2)
  end
  errors.fields(opts, "goals, starts", "penny.databases")
  local n = {}
  for _, k in ipairs{ "goals", "starts" } do
    local v = opts[k]
    if v ~= nil and (math_type(v) ~= "integer" or v < 1 or v > MAXSETS) then
      error(format("penny.databases: %s must be an integer from 1 to %d",
        k, MAXSETS), 2)
    end
    n[k] = v or 1
  end
  return core.databases(n.goals, n.starts)
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
