--[==[
bench/pdb_window.lua [THREADS] -- A*'s pattern databases of one window
of 27 cells (the whole 9 x 3 box, 12 coins: the threads build it
together), for part P of bench/run.lua, which runs it in a process of its
own for each number of threads.  Prints one line:
  pdb-seconds moves windows
]==]
local penny = require "penny"

local threads = tonumber(arg[1]) or 1
local b = penny.board{ lattice = "square", width = 9, height = 3 }
-- row 0 and three more coins: span(start) is the whole box
local start = penny.config(b, "(0,0) (1,0) (2,0) (3,0) (4,0) (5,0) (6,0) "
  .. "(7,0) (8,0) (0,1) (1,1) (0,2)")
local goal = penny.config(b, "(0,2) (1,2) (2,2) (3,2) (4,2) (5,2) (6,2) "
  .. "(7,2) (8,2) (8,1) (7,1) (8,0)")
local p = penny.puzzle{ board = b, start = start, goal = goal }
local db = penny.databases()
local sol = p:solve{ method = "astar", direction = "forward", pdb = 27,
  threads = threads, databases = db, progress = false }
assert(sol.verdict == "solved", tostring(sol.verdict))
local info = db:info()
assert(info.windows == 1 and info.maxcells == 27, "not one window of 27 cells")
print(string.format("%.3f %d %d", sol.stats.pdb_seconds, #sol, info.windows))
