--[[
bench/parts/scale.lua -- parts M of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local cs, opts, BUDGET, corpus, say, begin, result, wall =
  S.cs, S.opts, S.BUDGET, S.corpus, S.say, S.begin, S.result, S.wall

local P = {}

function P.M()
  begin()
  say("\n## M. one letter's table: threads and processes\n")
  -- the complete table of a font5x7 start letter (two bits a state, no
  -- paths) by the threaded search on 1 and 2 threads and by the search
  -- shared by 2 processes of build/penny-mpi (make mpi), sharing the
  -- machine's memory for the lifted sets or not (as on machines apart);
  -- each its own process, the tables compared
  local letter = opts.letters or "A"
  local MPIRUN = "mpirun --allow-run-as-root --oversubscribe"
  local runs = {
    { "penny, 1 thread", "build/penny bench/letter_table.lua " .. letter .. " 1" },
    { "penny, 2 threads", "build/penny bench/letter_table.lua " .. letter .. " 2" },
    { "penny-mpi, 2 processes", MPIRUN .. " -np 2 build/penny-mpi "
      .. "bench/letter_table.lua " .. letter .. " 1" },
    { "penny-mpi, 2 processes apart", MPIRUN .. " -x PENNY_MPI_SHARED=0 -np 2 "
      .. "build/penny-mpi bench/letter_table.lua " .. letter .. " 1" },
  }
  say("| search | seconds | M states/s | M states/s a worker | peak GB (process 0) | GB sent by process 0 | table |")
  say("|---|---|---|---|---|---|---|")
  local first, secs = nil, {}
  for i, r in ipairs(runs) do
    local f = io.popen(r[2] .. " 2>/dev/null")
    local line = f:read("a")
    f:close()
    local sec, reached, _, sent, peak, layers, dists =
      line:match("^(%S+) (%d+) (%d+) (%d+) (%d+) (%S+) (%S+)")
    if not sec then
      say("| %s | failed: %s | | | | | |", r[1], line)
    else
      sec = tonumber(sec)
      secs[i] = sec
      first = first or (layers .. " " .. dists)
      local same = (layers .. " " .. dists) == first
      local workers = (i == 1) and 1 or 2
      say("| %s | %.1f | %.1f | %.1f | %.2f | %.2f | %s |", r[1], sec,
        reached / sec / 1e6, reached / sec / 1e6 / workers, peak / 1e9,
        sent / 1e9, same and "same" or "DIFFERS")
    end
  end
  local ratio = secs[3] and secs[2] and secs[3] / secs[2]
  say("\nletter %s; 2 processes / 2 threads: %s; 2 threads against 1: %s",
    letter, ratio and string.format("%.2f", ratio) or "?",
    secs[1] and secs[2] and string.format("%.2fx", secs[1] / secs[2]) or "?")
  -- A* on 1 and 2 threads: font5x9 F-R (pattern databases built by each)
  say("\n| A*, font5x9 F-R | seconds | states | moves |")
  say("|---|---|---|---|")
  local astar = {}
  for _, th in ipairs { 1, 2 } do
    local p, known = cs.puzzle(corpus, "font5x9", "F-R")
    local t0 = wall()
    local sol = p:solve{ method = "astar", threads = th, progress = false,
                         max_memory = BUDGET }
    astar[th] = wall() - t0
    assert(sol.verdict == "solved" and #sol == #known, "F-R: not Chaffin's length")
    say("| %d thread%s | %.1f | %d | %d |", th, th == 1 and "" or "s", astar[th],
      sol.stats.states or 0, #sol)
  end
  say("\nA*: 2 threads against 1: %.2fx", astar[1] / astar[2])
  result("M", { workload = "font5x7 letter " .. letter .. ": its complete table, "
      .. "threads against the processes of penny-mpi",
    figure = string.format("2 processes %.2f times the 2 threads' time",
      ratio or 0 / 0),
    target = "MPI, 2 ranks: within 1.5x of the 2-thread search",
    anchor = "the threaded search, same run" })
end

return P
