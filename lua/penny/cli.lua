--[[
penny.cli -- the interpreter's subcommands.

  penny solve FILE [--puzzle N] [--json] [options]
                           solve the puzzles of a .pz file (the options:
                           the flags of penny.options' schema)
  penny show FILE [--puzzle N]   the puzzles and what decides them
  penny render FILE [--puzzle N] [--svg OUT] [--animate] [--html OUT]
               [--png OUT]
  penny play FILE [--puzzle N]   a person plays a puzzle (penny.cli.play)
  penny gallery DIR [--letters N] [FILE...]   a page per puzzle and an
                           index (penny.page)
  penny distances FILE [--puzzle N] [--complete] [--no-paths] [--json]
                           [options]
                           the distance table from each puzzle's start:
                           the goal's distance and a path, the layer sizes
                           (mpirun -np K build/penny-mpi distances ...
                           shares the search between processes)
  penny help [COMMAND]     what penny is, or a command's usage

--puzzle N picks one puzzle of the file: its number (from 1) or its name.
The puzzles of one file share a penny.databases(): those to the same goal
(one after the other) build A*'s pattern databases once.

Exit status of `penny solve`: 0 when every puzzle is solved (and matches
its 'optimum:'), 1 when a length differs from the file's 'optimum:' or a
verdict is not "solved", 2 on bad input or usage, 130 on Ctrl-C.
Messages go to stderr; with --json, stdout holds one JSON document.
]]

local penny = require "penny"
local core = require "penny.core"
local pzfile = require "penny.pzfile"
local errors = require "penny.errors"
local options = require "penny.options"
local render = require "penny.render"
local json = require "penny.json"
local play = require "penny.cli.play"
local page = require "penny.page"

local io, ipairs, pairs, format, pcall, tostring, tonumber, math, table =
  io, ipairs, pairs, string.format, pcall, tostring, tonumber, math, table

local _ENV = nil

local M = {}

local OVERVIEW = [[
penny %s -- coin-moving and line-push puzzles: exact searches, the papers'
theory as decision procedures, and constructive solvers.

usage: penny                        the REPL (help() inside it)
       penny SCRIPT.lua [ARGS]      run a Lua script (penny is a global)
       penny solve FILE.pz          solve the puzzles of a file
       penny show FILE.pz           the puzzles of a file and what decides them
       penny render FILE.pz         draw a puzzle, or its solution as SVG
       penny play FILE.pz           play a puzzle yourself, with hints
       penny gallery DIR            a page to play for each puzzle, an index
       penny distances FILE.pz      distance tables from the puzzles' starts
       penny help [COMMAND]         this text, or a command's usage

interpreter options:
  -e STAT      execute the string STAT
  -i           enter the REPL after running SCRIPT
  -l MOD       require the module MOD into the global MOD
  -v           the versions of Lua and penny, then go on
  --version    the version of penny
  --trace      errors with a traceback (also PENNY_TRACE=1)
  --no-history the REPL keeps no ~/.penny_history (also PENNY_HISTORY=0)
  -h, --help   this text
  --           stop handling options;  -  run stdin

The manual: doc/manual.md (man penny for the command line).
]]

local USAGE = {
  solve = "usage: penny solve FILE [--puzzle N] [--json] [options]\n"
    .. "  --puzzle N             only the puzzle number N (from 1) or named N\n"
    .. "  --json                 one JSON document on stdout: each puzzle's\n"
    .. "                         verdict, moves, optimality, bound, stats\n",
  show = "usage: penny show FILE [--puzzle N]\n"
    .. "  --puzzle N             only the puzzle number N (from 1) or named N\n",
  play = "usage: penny play FILE [--puzzle N]\n"
    .. "  --puzzle N             the puzzle number N (from 1) or named N\n"
    .. "                         (default: the first)\n"
    .. "  then type moves (x,y x,y) or pushes (right, left, up, down);\n"
    .. "  l the legal moves, numbered (N plays number N); u undo, r redo,\n"
    .. "  0 restart, h hint, ? the commands, q quit\n",
  gallery = "usage: penny gallery DIR [--letters N] [FILE...]\n"
    .. "  DIR/index.html and a page per puzzle: those of the FILEs (default:\n"
    .. "  the examples) and N letter puzzles of the coin-sliding corpus\n"
    .. "  --letters N            letter puzzles (default 6)\n",
  distances = "usage: penny distances FILE [--puzzle N] [--complete] "
    .. "[--no-paths] [--json] [options]\n"
    .. "  the full-space search from each puzzle's start: the distance of its\n"
    .. "  goal (a shortest path unless --no-paths) and the layer sizes\n"
    .. "  --complete             every layer, not only up to the goal, and a\n"
    .. "                         hardest configuration\n"
    .. "  --puzzle N             only the puzzle number N (from 1) or named N\n"
    .. "  --json                 one JSON document on stdout\n"
    .. "  --threads N, --time-limit S, --max-memory BYTES, --encoding E\n"
    .. "  mpirun -np K build/penny-mpi distances FILE ...: the search shared\n"
    .. "  by K processes (make mpi; doc/design/mpi.md)\n",
  render = "usage: penny render FILE [--puzzle N] [--svg OUT] [--animate]"
    .. " [--html OUT] [--png OUT]\n"
    .. "  without --svg, --html or --png: the start and the goal in the terminal\n"
    .. "  --svg OUT              solve, and write the solution as an SVG strip\n"
    .. "  --animate              the SVG as an animation\n"
    .. "  --html OUT             a page to play the puzzle in a browser, with\n"
    .. "                         penny's solution step by step\n"
    .. "  --png OUT              the solution's strip as a PNG (rsvg-convert)\n"
    .. "  --puzzle N             the puzzle number N (from 1) or named N\n"
    .. "                         (default: the first)\n",
}

local function help(cmd)
  if cmd == nil then
    io.write(format(OVERVIEW, penny._VERSION:match("[%d.]+$")))
  elseif USAGE[cmd] then
    io.write(USAGE[cmd])
    if cmd == "solve" then
      io.write("options of the search (penny.options):\n", options.usage(), "\n")
    end
  else
    io.stderr:write("penny: no command ", tostring(cmd),
      " (solve, show, render, play, gallery, distances, help)\n")
    return 2
  end
  return 0
end

-- a usage error: the message and the command's usage on stderr, status 2
local function usage(cmd, msg)
  io.stderr:write("penny: ", msg, "\n", USAGE[cmd])
  return 2
end

-- the flags every file command takes (--puzzle N, --json, --svg OUT,
-- --animate where `allowed` names them); the rest is left for the caller
local function flags(cmd, args, allowed)
  local got, rest = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local name = a:match("^%-%-([%w-]+)$")
    if a == "--help" or a == "-h" then got.help = true
    elseif name and allowed[name] == "value" then
      if args[i + 1] == nil then return nil, a .. " needs a value" end
      got[name] = args[i + 1]
      i = i + 1
    elseif name and allowed[name] then got[name] = true
    else rest[#rest + 1] = a
    end
    i = i + 1
  end
  if cmd ~= "solve" and cmd ~= "distances" then
    for _, a in ipairs(rest) do
      if a:sub(1, 1) == "-" then return nil, "unknown option " .. a end
    end
  end
  return got, rest
end

-- the puzzles of a file, all of them or the one --puzzle names
local function load(file, which, opts)
  local ok, puzzles = pcall(pzfile.load, file, opts)
  if not ok then
    io.stderr:write("penny: ", errors.message(puzzles), "\n")
    return nil
  end
  if #puzzles == 0 then
    -- an empty file (or one of defaults only) is most likely a mistake
    io.stderr:write("penny: ", pzfile.no_puzzle(file), "\n")
    return nil
  end
  if which == nil then return puzzles end
  local n = math.tointeger(tonumber(which))
  for i, p in ipairs(puzzles) do
    if i == n or p.name == which then return { p } end
  end
  io.stderr:write(format("penny: %s has no puzzle %s (%d puzzle%s, numbered"
    .. " from 1, or a name)\n", file, which, #puzzles,
    #puzzles == 1 and "" or "s"))
  return nil
end

local function interrupted(msg)
  return msg:find("interrupted!?$") ~= nil
end

-- puzzle p of file raised err: said at the puzzle's line (or as an
-- interruption); the exit status
local function failure(file, p, err)
  local msg = errors.message(err)
  io.stdout:flush()
  if interrupted(msg) then
    io.stderr:write("penny: interrupted\n")
    return 130
  end
  io.stderr:write("penny: ", file, ":", p.line, ": ", msg, "\n")
  return 2
end

-- the line of the optimum check; ok is false on a mismatch
local function optimum(p, sol)
  if not p.optimum then return true end
  if sol.verdict == "solved" and #sol == p.optimum then
    return true, format("optimum %d: matches", p.optimum)
  elseif sol.verdict == "solved" or sol.verdict == "unsolvable" then
    return false, format("optimum %d: MISMATCH", p.optimum)
  end
  return true, format("optimum %d: not decided", p.optimum)
end

local function solve(args)
  local got, rest = flags("solve", args, { puzzle = "value", json = true })
  if not got then return usage("solve", rest) end
  local opts
  opts, rest = options.args(rest)
  if not opts then return usage("solve", rest) end
  if got.help or opts.help then return help("solve") end
  if #rest == 0 then return usage("solve", "no file") end
  if #rest > 1 then return usage("solve", "one file at a time") end
  local file = rest[1]
  local okopts, why = pcall(options.check, opts, "solve", 1)
  if not okopts then
    io.stderr:write("penny: ", errors.message(why), "\n")
    return 2
  end
  local puzzles = load(file, got.puzzle, opts)
  if not puzzles then return 2 end
  local status, report = 0, {}
  opts.databases = penny.databases()
  for _, p in ipairs(puzzles) do
    if not got.json then io.write("== ", p.name, "\n") end
    local ok, sol = pcall(p.solve, p, opts)
    if not ok then return failure(file, p, sol) end
    if sol.verdict ~= "solved" then status = 1 end
    local match, line = optimum(p, sol)
    if not match then status = 1 end
    if got.json then
      local t = sol:totable()
      t.name, t.line, t.length = p.name, p.line, #sol
      t.optimum, t.matches_optimum = p.optimum, p.optimum and match or nil
      report[#report + 1] = t
    else
      io.write(tostring(sol), "\n")
      if line then io.write(line, "\n") end
      io.write("\n")
    end
  end
  if got.json then
    io.write(json.encode({ file = file, version = penny._VERSION,
      puzzles = report }), "\n")
  end
  return status
end

local function show(args)
  local got, rest = flags("show", args, { puzzle = "value" })
  if not got then return usage("show", rest) end
  if got.help then return help("show") end
  if #rest ~= 1 then return usage("show", "show takes one file") end
  local puzzles = load(rest[1], got.puzzle)
  if not puzzles then return 2 end
  for _, p in ipairs(puzzles) do
    io.write("== ", p.name, format(" (line %d)\n", p.line))
    io.write(tostring(p), "\n")
    if p.optimum then io.write(format("known optimum: %d\n", p.optimum)) end
    io.write(p:explain(), "\n\n")
  end
  return 0
end

local function draw(args)
  local got, rest = flags("render", args,
    { puzzle = "value", svg = "value", animate = true, html = "value",
      png = "value" })
  if not got then return usage("render", rest) end
  if got.help then return help("render") end
  if #rest ~= 1 then return usage("render", "render takes one file") end
  local file = rest[1]
  local puzzles = load(file, got.puzzle or "1")
  if not puzzles then return 2 end
  local p = puzzles[1]
  if not got.svg and not got.html and not got.png then
    io.write("start:\n", render.terminal(p.start), "\n\ngoal:\n",
      p.box and format("a %d x %d box", p.box[1], p.box[2])
      or render.terminal(p.goal), "\n")
    return 0
  end
  local ok, sol = pcall(p.solve, p)
  if not ok then return failure(file, p, sol) end
  -- f(...) writes a file; what says what was written
  local function written(what, f, ...)
    local okw, werr = pcall(f, ...)
    if okw then io.write(format("%s: %s\n", p.name, what)); return true end
    io.stderr:write("penny: ", errors.message(werr), "\n")
    return false
  end
  if got.html then
    -- a page even for a puzzle without a solution: it can still be played
    if not written(format("a page to play, written to %s", got.html),
        page.write, got.html, p, { solution = sol }) then
      return 2
    end
  end
  if not got.svg and not got.png then return 0 end
  if sol.verdict ~= "solved" then
    io.stderr:write(format("penny: %s: %s, nothing to draw (%s)\n", p.name,
      sol.verdict, sol.reason))
    return 1
  end
  if got.svg then
    local svg = got.animate and render.animated_svg(sol, { title = p.name })
      or render.solution_svg(sol, { title = p.name })
    if not written(format("%d moves, written to %s", #sol.moves, got.svg),
        render.write, got.svg, svg) then
      return 2
    end
  end
  if got.png then
    if not written(format("%d moves, written to %s", #sol.moves, got.png),
        render.png, got.png, render.solution_svg(sol, { title = p.name })) then
      return 2
    end
  end
  return 0
end

local function gallery(args)
  local got, rest = flags("gallery", args, { letters = "value" })
  if not got then return usage("gallery", rest) end
  if got.help then return help("gallery") end
  if #rest < 1 then return usage("gallery", "gallery takes a directory") end
  local letters = got.letters and math.tointeger(tonumber(got.letters))
  if got.letters and (not letters or letters < 0) then
    return usage("gallery", "bad --letters " .. got.letters)
  end
  local list = nil
  if #rest > 1 then list = { table.unpack(rest, 2) } end
  local ok, n = pcall(page.gallery, rest[1], { files = list, letters = letters })
  if not ok then
    io.stderr:write("penny: ", errors.message(n), "\n")
    return 2
  end
  io.write(format("%d puzzles, written to %s/index.html\n", n, rest[1]))
  return 0
end

local function playing(args)
  local got, rest = flags("play", args, { puzzle = "value" })
  if not got then return usage("play", rest) end
  if got.help then return help("play") end
  if #rest ~= 1 then return usage("play", "play takes one file") end
  local puzzles = load(rest[1], got.puzzle or "1")
  if not puzzles then return 2 end
  local ok, status = pcall(play.run, puzzles[1], io.stdin, io.stdout)
  if not ok then
    local msg = errors.message(status)
    if interrupted(msg) then io.stderr:write("\npenny: interrupted\n"); return 130 end
    io.stderr:write("penny: ", msg, "\n")
    return 2
  end
  return status
end

-- the moves of a path as text: (x,y)-(x,y) ...
local function path_text(moves)
  local out = {}
  for i, m in ipairs(moves) do
    out[i] = format("(%s)-(%s)", table.concat(m.from, ","), table.concat(m.to, ","))
  end
  return table.concat(out, " ")
end

-- a configuration as { {x, y, label}, ... } (label 0: a plain coin)
local function hardest_list(cfg)
  local out = {}
  for i, c in ipairs(cfg:coins()) do
    out[i] = { c[1], c[2], c.label or 0 }
  end
  return out
end

local function distances(args)
  local got, rest = flags("distances", args, { puzzle = "value", json = true,
    complete = true, ["no-paths"] = true })
  if not got then return usage("distances", rest) end
  local opts
  opts, rest = options.args(rest)
  if not opts then return usage("distances", rest) end
  if got.help or opts.help then return help("distances") end
  if #rest ~= 1 then return usage("distances", "distances takes one file") end
  local file = rest[1]
  opts.complete = got.complete or nil
  opts.paths = not got["no-paths"]
  local okopts, why = pcall(options.check, opts, "distances", 1)
  if not okopts then
    io.stderr:write("penny: ", errors.message(why), "\n")
    return 2
  end
  local puzzles = load(file, got.puzzle)
  if not puzzles then return 2 end
  local _, nproc = core.net()
  local report = {}
  for _, p in ipairs(puzzles) do
    if p.game ~= "coins" then
      io.stderr:write(format("penny: %s:%d: distance tables are for coin "
        .. "puzzles, not %s\n", file, p.line, p.game))
      return 2
    end
    local o = {}
    for k, v in pairs(opts) do o[k] = v end
    o.rule = p.rule.d
    o.targets = p.goal and p.up_to == "fixed" and { p.goal } or nil
    local ok, t = pcall(penny.distances, p.start, o)
    if not ok then return failure(file, p, t) end
    local r = { name = p.name, line = p.line, layers = t.layers,
      reached = t.reached, maxdepth = t.maxdepth, complete = t.complete,
      distance = o.targets and t.dist[1] or nil,
      path = o.targets and t.paths and t.paths[1] or nil,
      hardest = t.hardest and hardest_list(t.hardest) or nil,
      seconds = t.seconds, memory = t.memory, threads = t.threads,
      processes = nproc or 1, encoding = t.encoding, sent = t.sent,
      windows = t.windows }
    report[#report + 1] = r
    if not got.json then
      io.write("== ", p.name, "\n")
      if o.targets then
        io.write(r.distance >= 0 and format("goal: %d moves\n", r.distance)
          or "goal: unreachable\n")
        if r.path then io.write("path: ", path_text(r.path), "\n") end
      end
      io.write("layers: ", table.concat(t.layers, " "), "\n")
      io.write(format("%d states reached, depth %d%s\n", t.reached,
        t.maxdepth, t.complete and " (every layer)" or ""))
      if t.hardest then
        io.write("a hardest configuration:\n", render.terminal(t.hardest), "\n")
      end
      io.write(format("%.2f s, %d thread%s%s, %.3g MB a process, encoding %s%s\n\n",
        t.seconds, t.threads, t.threads == 1 and "" or "s",
        nproc and format(", %d processes", nproc) or "", t.memory / 1e6,
        t.encoding, t.windows > 0 and format(", the lifted sets in %d "
        .. "windows", t.windows) or ""))
    end
  end
  if got.json then
    io.write(json.encode({ file = file, version = penny._VERSION,
      puzzles = report }), "\n")
  end
  return 0
end

local COMMANDS = { solve = solve, show = show, render = draw, play = playing,
                   gallery = gallery, distances = distances }

-- penny CMD ARGS...: the exit status
function M.main(cmd, ...)
  local args = { ... }
  if cmd == nil or cmd == "help" or cmd == "--help" or cmd == "-h" then
    return help(args[1])
  end
  if COMMANDS[cmd] then return COMMANDS[cmd](args) end
  io.stderr:write("penny: unknown command ", tostring(cmd), "\n")
  return 2
end

-- the overview (penny --help)
M.help = help

return M
