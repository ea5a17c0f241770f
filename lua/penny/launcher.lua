--[[
penny.launcher -- the `penny` command of the LuaRocks install: the
interpreter's command line for the stock lua5.4 (the rock cannot build the
C interpreter, which links readline).

  rocks/penny:  os.exit(require("penny.launcher").main(arg))

The same options, subcommands and REPL as build/penny (csrc/main.c), and
the same exit statuses.  What it lacks: readline (no line editing, Tab
completion or history file: --no-history is accepted and changes nothing)
and the interpreter's own Ctrl-C handling (lua5.4's applies: a search or a
script stops with "interrupted!", and Ctrl-C at the REPL's prompt ends
the REPL).
]]

local penny = require "penny"
local errors = require "penny.errors"

local io, os, load, pcall, xpcall, select, tostring, require, table, debug,
  _G, string, ipairs =
  io, os, load, pcall, xpcall, select, tostring, require, table, debug,
  _G, string, ipairs

local _ENV = nil

local M = {}

local SUBCOMMANDS = { solve = true, show = true, render = true, play = true,
                      gallery = true, help = true }

-- an error of the user's code: where it happened, as the interpreter says
local function report(msg)
  io.stdout:flush()
  io.stderr:write("penny: ", tostring(msg), "\n")
  io.stderr:flush()
end

-- run a function with the arguments; true or false after an error said
local function call(trace, f, ...)
  local handler = trace and debug.traceback or function(e) return e end
  local ok, err = xpcall(f, handler, ...)
  if not ok then report(err) end
  return ok
end

local function dochunk(trace, chunk, name)
  local f, err = load(chunk, name, "t")
  if not f then report(err); return false end
  return call(trace, f)
end

local function interrupted(err)
  return tostring(err):find("interrupted!?$") ~= nil
end

-- the REPL: `return LINE` first, continuation of incomplete statements
local function repl(trace)
  require("penny.repl").install()
  io.write(penny._VERSION, " (", _G._VERSION, ", launcher) -- help() for ",
    "the API, Ctrl-D to leave\n")
  while true do
    io.write("penny> ")
    io.stdout:flush()
    local line = io.read("l")
    if line == nil then break end
    if line:sub(1, 1) == "=" then line = "return " .. line:sub(2) end
    local f = load("return " .. line, "=stdin")
    local err
    if not f then
      f, err = load(line, "=stdin")
      while not f and err:find("<eof>$") do
        io.write(">> ")
        io.stdout:flush()
        local more = io.read("l")
        if more == nil then break end
        line = line .. "\n" .. more
        f, err = load(line, "=stdin")
      end
    end
    if not f then
      io.stderr:write(err, "\n")
    else
      local res = table.pack(xpcall(f, trace and debug.traceback
        or function(e) return e end))
      if not res[1] then
        io.stderr:write(tostring(res[2]), "\n")
      elseif res.n > 1 then
        local out = {}
        for i = 2, res.n do out[#out + 1] = tostring(res[i]) end
        io.write(table.concat(out, "\t"), "\n")
      end
    end
  end
  io.write("\n")
end

local USAGE_HINT = "penny: unrecognized option '%s' (penny --help: the options)\n"

function M.main(argv)
  argv = argv or {}
  local trace = os.getenv("PENNY_TRACE") == "1"
  local i, interactive, version, chunks = 1, false, false, {}
  local ran = false
  while argv[i] do
    local a = argv[i]
    if a == "--" then i = i + 1; break
    elseif a == "-" or a:sub(1, 1) ~= "-" then break
    elseif a == "--help" or a == "-h" then
      return require("penny.cli").main("help")
    elseif a == "--version" then
      io.write(penny._VERSION, " (", _G._VERSION, ")\n")
      return 0
    elseif a == "--trace" or a == "--no-history" then
      -- (no readline here, so no history to keep or not)
      trace = trace or a == "--trace"
    elseif a == "-i" then interactive = true; version = true
    elseif a == "-v" then version = true
    elseif a == "-e" or a == "-l" then
      if not argv[i + 1] then
        io.stderr:write(USAGE_HINT:format(a))
        return 2
      end
      chunks[#chunks + 1] = { a, argv[i + 1] }
      i = i + 1
    elseif a:match("^%-[el].") then
      chunks[#chunks + 1] = { a:sub(1, 2), a:sub(3) }
    else
      io.stderr:write(USAGE_HINT:format(a))
      return 2
    end
    i = i + 1
  end
  if version then io.write(penny._VERSION, " (", _G._VERSION, ")\n") end
  _G.penny = penny
  for _, c in ipairs(chunks) do
    ran = true
    if c[1] == "-e" then
      if not dochunk(trace, c[2], "=(command line)") then return 1 end
    else
      local ok, mod = pcall(require, c[2])
      if not ok then report(mod); return 1 end
      _G[c[2]] = mod
    end
  end
  local script = argv[i]
  if script and SUBCOMMANDS[script] and not io.open(script) then
    local cli = require "penny.cli"
    local ok, status = pcall(cli.main, select(i, table.unpack(argv)))
    if not ok then
      if interrupted(status) then
        io.stderr:write("penny: interrupted\n")
        return 130
      end
      report(errors.message(status))
      return 1
    end
    return status
  end
  if script and script:match("%.pz$") then
    io.stderr:write(string.format("penny: %s is a puzzle file: solve it with "
      .. "'penny solve %s' (penny --help: the commands)\n", script, script))
    return 2
  end
  if script then
    -- arg as lua5.4 sets it: the script at 0, its arguments from 1
    local args = { [0] = script }
    for k = i + 1, #argv do args[#args + 1] = argv[k] end
    _G.arg = args
    local f, err
    if script == "-" then f, err = load(io.read("a"), "=stdin")
    else
      local h = io.open(script, "rb")
      if not h then
        io.stderr:write("penny: cannot open ", script, "\n")
        return 1
      end
      local text = h:read("a"):gsub("^#![^\n]*", "")
      h:close()
      f, err = load(text, "@" .. script)
    end
    if not f then report(err); return 1 end
    local ok = call(trace, f, table.unpack(args))
    if not ok then return 1 end
    ran = true
  end
  if interactive or (not script and not ran and not version) then
    repl(trace)
  end
  return 0
end

return M
