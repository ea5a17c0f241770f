-- tools/apifuzz.lua -- random calls of the Lua API with odd arguments.
--
--   penny tools/apifuzz.lua [COUNT [SEED]]
--
-- Calls every exported function of penny's modules and of the C binding
-- (penny.core, the Board and Config method tables called as plain
-- functions), the methods of configurations, puzzles and solutions, and
-- the Lua classes' methods on any self (p.solve{...} for p:solve{...}),
-- with 0 to 3 arguments drawn from a
-- pool: nil, NaN, infinities, huge and negative numbers, strings of puzzle
-- text, boards, configurations, puzzles, solutions, moves, functions and
-- tables of options.  Solves run under a time limit and a memory budget.
--
-- A call may return or raise; what it raises must be a string (or a table)
-- that names the problem.  Reported, with exit status 1:
--   - an error raised by Lua itself inside a penny module ("attempt to
--     index a nil value", "attempt to call ..."): a caller bug reported
--     unclearly;
--   - "penny bug: ..." (a solver's answer failed its replay);
--   - an error value that is neither a string nor a table.
-- A crash ends the process: run it under the sanitizer build (make fuzz).
-- Functions whose name starts with "_" are internal and not called.

local penny = require "penny"

local count = tonumber(arg and arg[1]) or 1000
local seed = tonumber(arg and arg[2]) or 1
math.randomseed(seed)
local R = math.random

local modules = {
  penny = penny, combined = penny.combined, generate = penny.generate,
  render = penny.render, strategies = penny.strategies, dsl = penny.dsl,
  linepush = require "penny.linepush", tri = require "penny.tri",
  square_solver = require "penny.square_solver",
  pzfile = require "penny.pzfile", square = require "penny.square",
  coinsliding = require "penny.coinsliding", json = require "penny.json",
  repl = require "penny.repl", page = require "penny.page",
  pushing = require "penny.square.pushing",
  -- the C binding itself, and the methods called as plain functions
  -- (cfg.moves(5) as well as cfg:moves())
  core = penny.core, Board = penny.core.Board, Config = penny.core.Config,
}
-- left out: they write files, change the registry or search widely, or
-- close the pool's boards
local skip = {
  ["Board.close"] = true,
  ["strategies.register"] = true, ["strategies.unregister"] = true,
  ["render.write"] = true, ["pzfile.load"] = true,
  ["pzfile.read"] = true, ["square_solver.box_search"] = true,
  ["generate.hardest"] = true, ["linepush.reachable"] = true,
  ["repl.install"] = true, ["coinsliding.load"] = true,
  ["render.png"] = true, ["page.write"] = true, ["page.gallery"] = true,
}

local functions = {}
for mname, m in pairs(modules) do
  for k, v in pairs(m) do
    local name = mname .. "." .. k
    if type(v) == "function" and not skip[name] and k:sub(1, 1) ~= "_" then
      functions[#functions + 1] = { name, v }
    end
  end
end
table.sort(functions, function(a, b) return a[1] < b[1] end)

local function methods_of(class)
  local names = {}
  for k, v in pairs(class) do
    if type(v) == "function" and k:sub(1, 1) ~= "_" then
      names[#names + 1] = k
    end
  end
  table.sort(names)
  return names
end

-- {===================================================================
-- The pool of values

local boards = {
  penny.board("square"), penny.board("triangular"), penny.board("hexagonal"),
  penny.board("king"), penny.board{ width = 4, height = 3 },
  penny.board{ width = 3, height = 3 },
  penny.board{ lattice = "cubic", dim = 3 },
  penny.board{ lattice = "graph", vertices = 4,
               edges = { {1, 2}, {2, 3}, {3, 4}, {4, 1}, {1, 3} } },
  penny.board{ lattice = "triangular", cells = " . . .\n. . . .\n . . ." },
  penny.board{ lattice = "cubic", dim = 4 },
}
local texts = {
  "oo\noo", "o.o\n.o.", "ooo", "", "x", "o\n\n\no", ".o.\nooo\n.o.",
  " o o\no o o", "(0,0) (1,0) (0,1)", "a:(0,0) b:(1,0)", "AB\nBA", "o o\n o",
  "board: square\nstart:\n oo\n oo\ngoal:\n oo\n oo\n",
  "puzzle: x\nstart: oo\ngoal: oo\n",
  "abc.\ndefg\nhi..", "bca.\ndefg\nhi..", "12\n21", "(2147483647,0) (0,0)",
  "(-5,-5) (-4,-5) (-5,-4)", "(0,0,0) (1,0,0) (0,1,0)", "(1) (2) (3)",
  "oooo\no..o\noooo",
}
local words = {
  "square", "triangular", "auto", "bfs", "full", "astar", "bidir", "plain",
  "translation", "rotation", "symmetry", "fixed", "lean", "byte", "two", "greedy",
  "beam", "random", "right", "left", "up", "down",
}
local option_keys = {
  "board", "start", "goal", "up_to", "method", "max_memory", "time_limit",
  "threads", "max_states", "margin", "d", "width", "height", "lattice", "dim",
  "size", "origin", "cells", "vertices", "edges", "name", "rule", "progress",
  "encoding", "from", "to", "targets", "complete", "seed", "n", "moves",
  "max_steps", "beam_width", "max_depth", "heuristic", "admissible", "paths",
}
local modes = { "fixed", "translation", "rotation", "symmetry" }

local configs, puzzles, solutions = {}, {}, {}
for _, b in ipairs(boards) do
  for _, t in ipairs(texts) do
    local ok, c = pcall(penny.config, b, t)
    if ok then configs[#configs + 1] = c end
  end
end
local function add_puzzle(spec)
  local ok, p = pcall(penny.puzzle, spec)
  if ok then
    puzzles[#puzzles + 1] = p
    local ok2, s = pcall(p.solve, p, { time_limit = 1, max_memory = 1e8 })
    if ok2 then solutions[#solutions + 1] = s end
  end
end
for _ = 1, 40 do
  add_puzzle{ board = boards[R(#boards)], start = texts[R(#texts)],
              goal = texts[R(#texts)], up_to = modes[R(4)] }
end
-- line pushes (a permutation, a box) and the combined grid
add_puzzle{ game = "linepush", start = penny.config(boards[1], "abc.\ndefg\nhi.."),
            goal = penny.config(boards[1], "bca.\ndefg\nhi..") }
add_puzzle{ game = "linepush", start = penny.config(boards[1], "o..o\n.o..\n...o"),
            goal = { box = { 2, 2 } } }
add_puzzle{ board = "combined", start = "ooo\no.o\nooo", goal = "ooo\no.o\nooo" }
for _, t in ipairs{ "ooo\no.o\nooo", "oo\noo" } do
  local ok, c = pcall(penny.combined.config, t)
  if ok then configs[#configs + 1] = c end
end
-- moves that exist: legal ones of the pool's configurations
local legal = {}
for _, c in ipairs(configs) do
  local ok, ms = pcall(function() return c:movelist() end)
  if ok and type(ms) == "table" and #ms > 0 then legal[#legal + 1] = ms[1] end
end

local value
local function options(depth)
  local t = {}
  for _, k in ipairs(option_keys) do
    if R(4) == 1 then t[k] = value(depth + 1) end
  end
  t.time_limit, t.max_memory = 1, 1e8      -- every solve stays small
  return t
end

local function pick(list) return list[R(#list)] end

function value(depth)
  local k = R(30)
  if k == 1 then return nil
  elseif k == 2 then return R(-5, 5)
  elseif k == 3 then return 0 / 0
  elseif k == 4 then return math.huge
  elseif k == 5 then return -math.huge
  elseif k == 6 then return 2 ^ 63
  elseif k == 7 then return math.mininteger
  elseif k == 8 then return R() * 10
  elseif k == 9 then return pick(texts)
  elseif k == 10 then return pick(words)
  elseif k == 11 then return pick(boards)
  elseif k <= 14 then return pick(configs)
  elseif k == 15 and #puzzles > 0 then return pick(puzzles)
  elseif k == 16 and #solutions > 0 then return pick(solutions)
  elseif k == 17 then return true
  elseif k == 18 then return function() return R(3) end
  elseif k == 19 and depth < 2 then return { value(depth + 1), value(depth + 1) }
  elseif k == 20 and depth < 2 then return options(depth)
  elseif k == 21 then return { R(-3, 3), R(-3, 3) }
  elseif k == 22 then
    return { from = { R(-2, 3), R(-2, 3) }, to = { R(-2, 3), R(-2, 3) } }
  elseif k == 23 then return string.rep("o", R(0, 40))
  elseif k == 24 then return 1e300
  elseif k == 25 then
    return { { R(0, 3), R(0, 3) }, { R(0, 3), R(0, 3) }, { R(0, 3), R(0, 3) } }
  elseif k == 26 then
    if #legal > 0 and R(2) == 1 then return pick(legal) end
    return penny.move({ R(0, 3), R(0, 2) }, { R(0, 3), R(0, 2) })
  elseif k == 27 then return { 3, 1, 2 }
  else return R(0, 12) end
end

-- }===================================================================

local findings, seen, calls = 0, {}, 0

local function report(kind, name, msg)
  local key = kind .. " " .. name .. " " .. msg:gsub("%d+", "N")
  if seen[key] then return end
  seen[key] = true
  findings = findings + 1
  print(("%s in %s: %s"):format(kind, name, msg))
end

local function try(name, f, ...)
  calls = calls + 1
  local ok, e = pcall(f, ...)
  if ok then return end
  if type(e) ~= "string" and type(e) ~= "table" then
    return report("error value of type " .. type(e), name, tostring(e))
  end
  local msg = tostring(type(e) == "table" and (e.message or e.msg or e[1]) or e)
  -- (Solution.new replays the moves it is given: refusing the fuzzer's
  -- made-up "solved" answers loudly is its job)
  if msg:match("penny bug") and not name:match("^Solution[.:]new$") then
    return report("penny bug", name, msg)
  end
  if msg:match("attempt to") or msg:match("stack overflow") then
    report("unclear error", name, msg)
  end
end

-- the methods of a configuration: penny's, or the combined grid's
local config_methods = {}
local function methods_of_config(c)
  local mt = getmetatable(c)
  if not config_methods[mt] then
    config_methods[mt] = methods_of(type(mt.__index) == "table" and mt.__index or mt)
  end
  return config_methods[mt]
end
local puzzle_methods = methods_of(penny.Puzzle)
local solution_methods = methods_of(penny.Solution)
-- the Lua classes' methods called with a dot: self is anything
local classes = {
  Puzzle = penny.Puzzle, Solution = penny.Solution,
  ["combined.Config"] = penny.combined.Config,
  ["combined.Puzzle"] = penny.combined.Puzzle,
}
local class_methods = {}
for cname, class in pairs(classes) do
  for _, m in ipairs(methods_of(class)) do
    class_methods[#class_methods + 1] = { cname .. "." .. m, class[m] }
  end
end
table.sort(class_methods, function(a, b) return a[1] < b[1] end)

for _ = 1, count do
  local n = R(0, 3)
  local a = {}
  for j = 1, n do a[j] = value(0) end
  local w = R(7)
  if w <= 3 then
    local f = pick(functions)
    try(f[1], f[2], table.unpack(a, 1, n))
  elseif w == 7 then
    local f = pick(class_methods)
    try(f[1], f[2], value(0), table.unpack(a, 1, n))
  elseif w == 4 then
    local c = pick(configs)
    local m = pick(methods_of_config(c))
    try("Config:" .. m, function(...)
      local r = c[m](c, ...)
      if type(r) == "function" then for _ in r do end end
    end, table.unpack(a, 1, n))
  elseif w == 5 and #puzzles > 0 then
    local p, m = pick(puzzles), pick(puzzle_methods)
    -- (the combined grid's puzzles have no hints: penny play and
    -- puzzle:hints are for the lattices, graphs and line pushes)
    if p[m] == nil then m = "solve" end
    if m == "solve" then a, n = { options(0) }, 1 end
    try("Puzzle:" .. m, function(...) return p[m](p, ...) end,
      table.unpack(a, 1, n))
  elseif #solutions > 0 then
    local s, m = pick(solutions), pick(solution_methods)
    try("Solution:" .. m, function(...) return s[m](s, ...) end,
      table.unpack(a, 1, n))
  end
end

print(("apifuzz: %d calls of %d functions and the methods (seed %d), "
  .. "%d findings"):format(calls, #functions, seed, findings))
if findings > 0 then os.exit(1) end
