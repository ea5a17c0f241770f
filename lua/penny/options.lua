--[[
penny.options -- the one schema of the options that searches take.

Each option that puzzle:solve, penny.distances or `penny solve` accepts is
described here once: its Lua type, the values it may take, its flag on the
command line (when it has one) and a line of help.  The bounds come from
the core (core.LIMITS), so the checks here and the binding's agree.

  options.check(opts, who, level) -> opts (or {} for nil); raises at level
  options.args(list) -> opts, positional arguments | nil, message
  options.usage() -> the flags' lines of `penny solve --help`
  options.limits(opts) -> { max_memory, max_states, time_limit } of opts

who is "solve", "distances" or "shortcut": each names the options it takes and the
words of its messages.
]]

local core = require "penny.core"

local format, error, pairs, ipairs, type, tostring, tonumber, math,
  table_concat = string.format, error, pairs, ipairs, type, tostring,
  tonumber, math, table.concat

local _ENV = nil

local M = {}

local LIM = core.LIMITS

-- a value of the command line in bytes: digits, then K, M or G (and B)
local function bytes(s)
  local n, unit = s:match("^(%d+%.?%d*)([KMG]?)B?$")
  n = tonumber(n)
  if not n then return nil end
  return n * ({ [""] = 1, K = 2^10, M = 2^20, G = 2^30 })[unit]
end

local function seconds(s)
  local t = tonumber(s)
  if not t or t ~= t or t < 0 or t == math.huge then return nil end
  return t
end

local function count(s)
  local n = math.tointeger(tonumber(s))
  if not n or n < 1 then return nil end
  return n
end

local function integer_in(lo, hi)
  return function(v) return math.type(v) == "integer" and v >= lo and v <= hi end
end

--[[
The schema.  Fields of an entry:
  type     the Lua type the value must have
  values   the strings it may be (a list)
  ok, why  a further test of the value and what it must be when it fails
  flag, arg, parse, bad    the command-line flag, its value's name, how the
           text becomes the value (nil when it cannot) and the hint after
           "bad --flag VALUE"
  off      a second flag that sets a boolean to false
  about    the help line
]]
local SCHEMA = {
  { name = "method", type = "string", flag = "--method", arg = "M",
    parse = tostring,
    about = "auto (default), plain, bidir, astar, full, bfs, a theory "
      .. "solver or a strategy (penny.strategies.list())" },
  { name = "time_limit", type = "number", flag = "--time-limit", arg = "S",
    parse = seconds, bad = " (seconds, >= 0)", about = "seconds per puzzle" },
  { name = "max_memory", type = "number", flag = "--max-memory",
    arg = "BYTES", parse = bytes,
    about = "the memory budget (suffixes K, M, G accepted)" },
  { name = "max_states", type = "number",
    about = "stop after this many states" },
  { name = "threads", type = "number", flag = "--threads", arg = "N",
    parse = count, bad = " (an integer >= 1)",
    about = "worker threads (default: the cores)" },
  { name = "encoding", type = "string", flag = "--encoding", arg = "E",
    values = { "auto", "byte", "lean", "two" },
    about = "full-space search: lean (default), byte or two" },
  { name = "direction", type = "string", flag = "--direction", arg = "D",
    values = { "auto", "forward", "backward" },
    about = "A*: auto (default), forward or backward" },
  { name = "progress", type = "boolean", flag = "--progress", off = "--quiet",
    about = "progress on stderr (default: on a terminal)" },
  { name = "margin", type = "number", ok = integer_in(0, 1000),
    why = "an integer 0..1000",
    about = "cells around the start on an unbounded lattice" },
  { name = "probe_levels", type = "number",
    ok = integer_in(0, LIM.probe_levels),
    why = format("an integer 0..%d", LIM.probe_levels),
    about = "A*: levels of the forward probe" },
  { name = "pdb", type = "boolean",
    about = "A*: pattern databases (false: none; an integer: their most "
      .. "cells per window, 1 to 30)" },
  { name = "databases", type = "userdata",
    about = "a penny.databases() shared between searches" },
  { name = "partial", type = "boolean",
    about = "the goal places fewer coins than the start" },
  { name = "prune", type = "boolean", about = "strategies: prune repeats" },
  { name = "heuristic", type = "function",
    about = "best-first and beam: a function(cfg) -> number" },
  { name = "admissible", type = "boolean",
    about = "best-first: the heuristic never overestimates" },
  { name = "beam_width", type = "number", about = "beam: states per depth" },
  { name = "max_depth", type = "number", about = "beam: most moves" },
  { name = "max_steps", type = "number", about = "play: most moves" },
  { name = "seed", type = "number", about = "strategies: random seed" },
  { name = "span", type = "number", ok = integer_in(2, 64),
    why = "an integer 2..64", about = "shortcut: moves per segment" },
  -- penny.distances
  { name = "targets", type = "table", about = "configurations to reach" },
  { name = "complete", type = "boolean",
    about = "finish the layers past the last target" },
  { name = "rule", type = "number", about = "occupied neighbours a move needs" },
  { name = "paths", type = "boolean", about = "keep a path to each target" },
  { name = "lifted", type = "number", flag = "--lifted", arg = "BYTES",
    parse = bytes, ok = function(v) return v >= 1 and v <= 2^53 end,
    why = "a number of bytes, at least 1",
    about = "two bits a state: the most memory for the bitmap of lifted "
      .. "sets, the rest in a scratch file (default: only when the budget "
      .. "needs it)" },
  { name = "scratch", type = "string", flag = "--scratch", arg = "DIR",
    parse = tostring,
    about = "the directory of scratch files (default: TMPDIR, else /tmp)" },
  { name = "shared", type = "boolean",
    about = "in penny-mpi: the table shared by the processes (default true)" },
}

local BY_NAME = {}
for _, o in ipairs(SCHEMA) do BY_NAME[o.name] = o end

local WHO = {
  solve = {
    unknown = "unknown solve option '%s'", option = "solve option '%s'",
    takes = { "method", "max_memory", "max_states", "time_limit", "margin",
      "threads", "progress", "heuristic", "admissible", "beam_width",
      "max_depth", "seed", "max_steps", "probe_levels", "encoding", "pdb",
      "partial", "prune", "direction", "databases" },
  },
  shortcut = {
    unknown = "shortcut.improve: unknown option '%s'",
    option = "shortcut.improve: option '%s'",
    takes = { "time_limit", "max_states", "span" },
  },
  distances = {
    unknown = "penny.distances: unknown option '%s'",
    option = "penny.distances: option '%s'",
    takes = { "targets", "complete", "rule", "max_memory", "time_limit", "shared",
      "threads", "progress", "encoding", "paths", "lifted", "scratch" },
  },
}
for _, w in pairs(WHO) do
  w.set = {}
  for _, k in ipairs(w.takes) do w.set[k] = BY_NAME[k] end
end

local function quoted_list(values)
  local q = {}
  for i, v in ipairs(values) do q[i] = '"' .. v .. '"' end
  return table_concat(q, ", ", 1, #q - 1) .. " or " .. q[#q]
end

-- the bounds of the core, whatever the puzzle: a bad value is refused
-- before any search (and before a puzzle decided without one)
local function check_bounds(opts, say, level)
  if opts.threads and opts.threads > LIM.threads then
    error(format(say .. " is absurdly large (at most %d)", "threads",
      LIM.threads), level)
  end
  for _, k in ipairs{ "max_memory", "max_states" } do
    if opts[k] and opts[k] > LIM.limit then
      error(format(say .. " is absurdly large", k), level)
    end
  end
  local phys = LIM.physical_memory
  local mem = opts.max_memory
  if mem and phys > 0 and mem > phys then
    error(format(say .. " (%.1f GiB) is more than this machine's memory "
      .. "(%.1f GiB)", "max_memory", mem / 2^30, phys / 2^30), level)
  end
  if mem and mem > 0 and mem < LIM.min_memory then
    error(format(say .. " is in bytes and must be at least %d", "max_memory",
      LIM.min_memory), level)
  end
end

function M.check(opts, who, level)
  level = level + 1
  if opts == nil then return {} end
  local w = WHO[who]
  if type(opts) ~= "table" then
    error((who == "solve" and "solve" or "penny." .. who)
      .. " options must be a table", level)
  end
  local say = w.option
  for k, v in pairs(opts) do
    local o = w.set[k]
    if not o then error(format(w.unknown, tostring(k)), level) end
    local want = o.type
    if k == "pdb" and math.type(v) == "integer" then
      if v < 1 or v > 30 then
        error(format(say .. " must be a boolean or the most cells of a "
          .. "window (1 to 30)", k), level)
      end
      want = "number"
    end
    if o.values and type(v) == "string" then
      local found = false
      for _, x in ipairs(o.values) do found = found or x == v end
      if not found then
        error(format(say .. " must be %s", k, quoted_list(o.values)), level)
      end
    end
    if type(v) ~= want then
      error(format(say .. " must be a %s", k, want), level)
    end
    if want == "number" and v ~= v then
      error(format(say .. " must be a number, not NaN", k), level)
    end
    if want == "number" and v < 0 then
      error(format(say .. " must not be negative", k), level)
    end
    if o.ok and not o.ok(v) then
      error(format(say .. " must be %s", k, o.why), level)
    end
  end
  check_bounds(opts, say, level)
  return opts
end

-- the limits of opts alone, for a search run inside another
function M.limits(opts)
  return { max_memory = opts.max_memory, max_states = opts.max_states,
           time_limit = opts.time_limit }
end

local FLAGS = {}
for _, o in ipairs(SCHEMA) do
  if o.flag then FLAGS[o.flag] = o end
  if o.off then FLAGS[o.off] = o end
end

--[[
The flags of a command line.  Returns the options and the other arguments
in order, or nil and a message ("bad --threads 0 (an integer >= 1)").
"--help" and "-h" come back as opts.help = true.
]]
function M.args(list)
  local opts, rest = {}, {}
  local i = 1
  while i <= #list do
    local a = list[i]
    local o = FLAGS[a]
    if a == "--help" or a == "-h" then
      opts.help = true
    elseif o and o.type == "boolean" then
      opts[o.name] = a == o.flag
    elseif o then
      local v = list[i + 1]
      if not v then return nil, a .. " needs a value" end
      local x
      if o.values then
        for _, s in ipairs(o.values) do if s == v then x = v end end
      else
        x = o.parse(v)
      end
      if x == nil or (o.name == "max_memory" and x < 1) then
        return nil, "bad " .. a .. " " .. v .. (o.bad or "")
      end
      opts[o.name] = x
      i = i + 1
    elseif a:sub(1, 2) == "--" then
      return nil, "unknown option " .. a
    else
      rest[#rest + 1] = a
    end
    i = i + 1
  end
  return opts, rest
end

-- the help lines of the flags, from the schema
function M.usage()
  local lines = {}
  for _, o in ipairs(SCHEMA) do
    if o.flag then
      local f = o.flag .. (o.arg and " " .. o.arg or "")
        .. (o.off and " / " .. o.off or "")
      lines[#lines + 1] = format("  %-22s %s", f, o.about)
    end
  end
  return table_concat(lines, "\n")
end

-- the schema, for the manual and the REPL's help: a list of
-- { name, type, about, flag } in the order above
function M.list()
  local t = {}
  for i, o in ipairs(SCHEMA) do
    t[i] = { name = o.name, type = o.type, about = o.about, flag = o.flag }
  end
  return t
end

return M
