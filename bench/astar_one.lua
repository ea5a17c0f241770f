--[==[
bench/astar_one.lua FONT KEY [THREADS] -- one A* solve of a letter puzzle
(the engine's default direction, its pattern databases built by the
solve), for part P of bench/run.lua, which runs it in a process of its
own for each number of threads.  Prints one line:
  seconds pdb-seconds states moves chaffin cpu-seconds
(cpu-seconds: the process's CPU time, all its threads)
]==]
local cs = require "penny.coinsliding"

local corpus = cs.load()
local font, key = arg[1] or "font5x9", arg[2] or "F-R"
local threads = tonumber(arg[3]) or 1
local p, known = cs.puzzle(corpus, font, key)
local sol = p:solve{ method = "astar", threads = threads, progress = false }
assert(sol.verdict == "solved", key .. ": " .. tostring(sol.verdict))
print(string.format("%.3f %.3f %d %d %d %.1f", sol.stats.seconds,
  sol.stats.pdb_seconds or 0, sol.stats.states or 0, #sol, #known,
  os.clock()))
