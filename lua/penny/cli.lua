--[[
penny.cli -- the interpreter's subcommands.

  penny solve FILE [options]    solve every puzzle of a .pz file
      --method M                auto (default), bidir, full, astar, bfs, ...
      --time-limit S            per puzzle
      --max-memory BYTES        (suffixes K, M, G accepted)
      --threads N
      --encoding E              full-space search: lean (default), byte or two
      --direction D             A*: auto (default), forward or backward
      --progress / --quiet      progress on stderr (default: on a terminal)
  penny show FILE               the puzzles of a file and what decides them

The puzzles of one file share a penny.databases(): those to the same goal
(one after the other) build A*'s pattern databases once.

Exit status of `penny solve`: 0 when every puzzle is solved (and matches
its 'optimum:'), 1 when a length differs from the file's 'optimum:' or a
verdict is not "solved", 2 on bad input or usage, 130 on Ctrl-C.
Messages go to stderr.
]]

local penny = require "penny"
local pzfile = require "penny.pzfile"
local errors = require "penny.errors"

local io, ipairs, tonumber, format, pcall, tostring, require, math =
  io, ipairs, tonumber, string.format, pcall, tostring, require, math

local _ENV = nil

local M = {}

-- the usage text: on stderr with an error message (status 2), or on
-- stdout when asked for with --help (status 0)
local function usage(msg)
  local out = msg and io.stderr or io.stdout
  if msg then out:write("penny: ", msg, "\n") end
  out:write("usage: penny solve FILE [--method M] [--time-limit S] "
    .. "[--max-memory BYTES] [--threads N] [--encoding auto|byte|lean|two]\n"
    .. "       [--direction auto|forward|backward] [--progress|--quiet]\n"
    .. "       penny show FILE\n"
    .. "       penny render FILE [--svg OUT] [--animate] [--puzzle N]\n"
    .. "methods: auto (default), plain, bidir, astar, full; BYTES may end "
    .. "in K, M or G\n")
  return msg and 2 or 0
end

-- the options that take a value
local VALUED = { ["--method"] = true, ["--time-limit"] = true,
  ["--max-memory"] = true, ["--threads"] = true, ["--encoding"] = true,
  ["--direction"] = true }

local function bytes(s)
  local n, unit = s:match("^(%d+%.?%d*)([KMG]?)B?$")
  n = tonumber(n)
  if not n then return nil end
  local mul = { [""] = 1, K = 2^10, M = 2^20, G = 2^30 }
  return n * mul[unit]
end

local function load(file, opts)
  local ok, puzzles = pcall(pzfile.load, file, opts)
  if not ok then
    io.stderr:write("penny: ", tostring(puzzles), "\n")
    return nil
  end
  if #puzzles == 0 then
    -- an empty file (or one of defaults only) is most likely a mistake
    io.stderr:write("penny: ", pzfile.no_puzzle(file), "\n")
    return nil
  end
  return puzzles
end

local function solve(args)
  local file
  local opts = {}
  local i = 1
  while i <= #args do
    local a, v = args[i], args[i + 1]
    if VALUED[a] and not v then return usage(a .. " needs a value") end
    if a == "--method" then opts.method = v; i = i + 1
    elseif a == "--time-limit" then
      opts.time_limit = tonumber(v)
      local t = opts.time_limit
      if not t or t ~= t or t < 0 or t == math.huge then
        return usage("bad --time-limit " .. v .. " (seconds, >= 0)")
      end
      i = i + 1
    elseif a == "--max-memory" then
      opts.max_memory = bytes(v)
      if not opts.max_memory or opts.max_memory < 1 then
        return usage("bad --max-memory " .. v)
      end
      i = i + 1
    elseif a == "--threads" then
      opts.threads = math.tointeger(tonumber(v))
      if not opts.threads or opts.threads < 1 then
        return usage("bad --threads " .. v .. " (an integer >= 1)")
      end
      i = i + 1
    elseif a == "--encoding" then
      if v ~= "auto" and v ~= "byte" and v ~= "lean" and v ~= "two" then
        return usage("bad --encoding " .. v)
      end
      opts.encoding = v
      i = i + 1
    elseif a == "--direction" then
      if v ~= "auto" and v ~= "forward" and v ~= "backward" then
        return usage("bad --direction " .. v)
      end
      opts.direction = v
      i = i + 1
    elseif a == "--progress" then opts.progress = true
    elseif a == "--quiet" then opts.progress = false
    elseif a == "--help" or a == "-h" then return usage()
    elseif a:sub(1, 2) == "--" then return usage("unknown option " .. a)
    elseif not file then file = a
    else return usage("one file at a time") end
    i = i + 1
  end
  if not file then return usage("no file") end
  local okopts, why = pcall(require("penny.solve").check_options, opts)
  if not okopts then
    io.stderr:write("penny: ", errors.message(why), "\n")
    return 2
  end
  local puzzles = load(file, opts)
  if not puzzles then return 2 end
  local status = 0
  opts.databases = penny.databases()
  for _, p in ipairs(puzzles) do
    io.write("== ", p.name, "\n")
    local ok, sol = pcall(p.solve, p, opts)
    if not ok then
      local msg = errors.message(sol)
      io.stdout:flush()
      if msg:find("interrupted!?$") then
        io.stderr:write("penny: interrupted\n")
        return 130
      end
      io.stderr:write("penny: ", file, ":", p.line, ": ", msg, "\n")
      return 2
    end
    io.write(tostring(sol), "\n")
    if sol.verdict ~= "solved" then status = 1 end
    if p.optimum then
      if sol.verdict == "solved" and #sol == p.optimum then
        io.write(format("optimum %d: matches\n", p.optimum))
      elseif sol.verdict == "solved" or sol.verdict == "unsolvable" then
        io.write(format("optimum %d: MISMATCH\n", p.optimum))
        status = 1
      else
        io.write(format("optimum %d: not decided\n", p.optimum))
      end
    end
    io.write("\n")
  end
  return status
end

local function show(args)
  if #args ~= 1 then return usage("show takes one file") end
  local puzzles = load(args[1])
  if not puzzles then return 2 end
  for _, p in ipairs(puzzles) do
    io.write("== ", p.name, format(" (line %d)\n", p.line))
    io.write(tostring(p), "\n")
    if p.optimum then io.write(format("known optimum: %d\n", p.optimum)) end
    io.write(p:explain(), "\n\n")
  end
  return 0
end

function M.main(cmd, ...)
  local args = { ... }
  if args[1] == "--help" or args[1] == "-h" then return usage() end
  if cmd == "solve" then return solve(args) end
  if cmd == "show" then return show(args) end
  if cmd == "render" then
    local ok, render = pcall(require, "penny.render")
    if ok and render.cli then return render.cli(args) end
    io.stderr:write("penny: render: SVG output is not available yet\n")
    return 2
  end
  return usage("unknown command " .. tostring(cmd))
end

return M
