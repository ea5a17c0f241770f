--[[
penny.cli -- the interpreter's subcommands.

  penny solve FILE [options]    solve every puzzle of a .pz file (the
                                options: penny.options, the flags of the
                                schema)
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
local options = require "penny.options"
local render = require "penny.render"

local io, ipairs, format, pcall, tostring =
  io, ipairs, string.format, pcall, tostring

local _ENV = nil

local M = {}

-- the usage text: on stderr with an error message (status 2), or on
-- stdout when asked for with --help (status 0)
local function usage(msg)
  local out = msg and io.stderr or io.stdout
  if msg then out:write("penny: ", msg, "\n") end
  out:write("usage: penny solve FILE [options]\n"
    .. "       penny show FILE\n"
    .. "       penny render FILE [--svg OUT] [--animate] [--puzzle N]\n"
    .. "options of penny solve:\n", options.usage(), "\n")
  return msg and 2 or 0
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
  local opts, rest = options.args(args)
  if not opts then return usage(rest) end
  if opts.help then return usage() end
  if #rest == 0 then return usage("no file") end
  if #rest > 1 then return usage("one file at a time") end
  local file = rest[1]
  local okopts, why = pcall(options.check, opts, "solve", 1)
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
    return render.cli(args)
  end
  return usage("unknown command " .. tostring(cmd))
end

return M
