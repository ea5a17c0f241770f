--[[
bench/parts/scale.lua -- parts M, P and T of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local cs, opts, BUDGET, corpus, say, begin, result, wall =
  S.cs, S.opts, S.BUDGET, S.corpus, S.say, S.begin, S.result, S.wall

local P = {}

-- the machine's own ceiling (bench/ceiling.c): the seconds of n threads,
-- each the same loop on nothing shared, the median of three runs
local function ceiling(n)
  local secs = {}
  for i = 1, 3 do
    local f = io.popen("build/ceiling " .. n)
    local line = f:read("a")
    f:close()
    secs[i] = tonumber(line:match("^(%S+)"))
    assert(secs[i], "bench: build/ceiling failed (make build/ceiling): " .. line)
  end
  return S.median(secs)
end

-- the ceiling's work grows with the threads: n threads (tn seconds)
-- against m (tm) give n / m * tm / tn times the work, what the machine
-- itself gives more threads, where a search's own sharing costs nothing
local function ceiling_gain(n, tn, m, tm)
  return n / m * tm / tn
end

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
  local c1, c2 = ceiling(1), ceiling(2)
  say("\nletter %s; 2 processes / 2 threads: %s; 2 threads against 1: %s "
    .. "(the machine itself: %.2fx, bench/ceiling.c)",
    letter, ratio and string.format("%.2f", ratio) or "?",
    secs[1] and secs[2] and string.format("%.2fx", secs[1] / secs[2]) or "?",
    ceiling_gain(2, c2, 1, c1))
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

-- the fields of bench/letter_table.lua's first line
local function table_line(text)
  local sec, reached, maxdepth, _, peak, layers, dists, windows, memory,
    chaffin = text:match("^(%S+) (%d+) (%d+) (%d+) (%d+) (%S+) (%S+) (%d+) "
      .. "(%d+) (%S+)")
  if not sec then return nil end
  return { seconds = tonumber(sec), reached = tonumber(reached),
    maxdepth = tonumber(maxdepth), peak = tonumber(peak), layers = layers,
    dists = dists, windows = tonumber(windows), memory = tonumber(memory),
    chaffin = chaffin, hardest = text:match("^[^\n]*\n(.*)$"),
    cpu = tonumber(text:match("^%S+ %d+ %d+ %d+ %d+ %S+ %S+ %d+ %d+ %S+ (%S+)")) }
end

local function run_table(args)
  local f = io.popen("build/penny bench/letter_table.lua " .. args
    .. " 2>/dev/null")
  local text = f:read("a")
  f:close()
  return table_line(text), text
end

local FONT9 = "A 2 font5x9 19.9e9"

local function binomial(n, k)
  local c = 1
  for i = 1, k do c = c * (n - k + i) // i end
  return c
end

function P.T()
  begin()
  say("\n## T. a font5x9 letter's table in 20 GB\n")
  -- a font5x7 letter's table (834 M ranks, its bitmap of lifted sets 52
  -- MB) with the whole bitmap and in windows of a sixteenth of it, in
  -- turn, three times each; the tables compared
  local S7 = { whole = "A 2", windows = "A 2 font5x7 0 3300000" }
  local secs, first, same = { whole = {}, windows = {} }, nil, true
  local wins = 0
  for _ = 1, 3 do
    for _, kind in ipairs { "whole", "windows" } do
      local t, text = run_table(S7[kind])
      assert(t, "bench/letter_table.lua " .. S7[kind] .. ": " .. text)
      local secs_k = secs[kind]
      secs_k[#secs_k + 1] = t.seconds
      first = first or (t.layers .. " " .. t.dists)
      same = same and (t.layers .. " " .. t.dists) == first
      if kind == "windows" then wins = t.windows end
    end
  end
  local w7, n7 = S.median(secs.whole), S.median(secs.windows)
  say("| font5x7 letter A, 2 threads | seconds (median of 3) | table |")
  say("|---|---|---|")
  say("| the whole bitmap | %.1f | |", w7)
  say("| in %d windows | %.1f | %s |", wins, n7, same and "the same" or "DIFFERS")
  say("\nin windows / whole: %.2f", n7 / w7)
  -- the font5x9 table: run here, or read from --table9 (its output)
  local t9, text
  if opts.table9 then
    local f = assert(io.open(opts.table9))
    text = f:read("a")
    f:close()
    t9 = table_line(text)
    say("\nThe font5x9 figures: `build/penny bench/letter_table.lua %s`, "
      .. "run beforehand on the same machine (--table9).", FONT9)
  else
    t9, text = run_table(FONT9)
  end
  assert(t9, "font5x9 table: " .. tostring(text))
  say("\n| font5x9 letter A, 2 threads, max_memory = 19.9e9 | |")
  say("|---|---|")
  say("| ranks: C(45, 13) | %.0f |", binomial(45, 13))
  say("| reached | %d |", t9.reached)
  say("| deepest layer | %d |", t9.maxdepth)
  say("| windows of the lifted sets | %d |", t9.windows)
  say("| seconds | %.0f (%.1f min) |", t9.seconds, t9.seconds / 60)
  say("| M states/s | %.1f |", t9.reached / t9.seconds / 1e6)
  say("| peak RSS | %.2f GB |", t9.peak / 1e9)
  say("| the search's own figure | %.2f GB |", t9.memory / 1e9)
  say("| distances equal to Chaffin's | %s |", t9.chaffin)
  say("\nLayers: %s\n\nDistances to the other letters: %s", t9.layers, t9.dists)
  say("\nA hardest configuration (depth %d):\n\n```\n%s```", t9.maxdepth,
    t9.hardest or "")
  result("T", { workload = "font5x9 letter A: its complete table (73.0 G "
      .. "ranks) in a 20 GB budget, the lifted sets in windows",
    figure = string.format("%s distances at Chaffin's length; **%.0f min**, "
      .. "peak %.2f GB; font5x7 in windows %.2fx the whole bitmap's time",
      t9.chaffin, t9.seconds / 60, t9.peak / 1e9, n7 / w7),
    target = "≤ 20 GB peak RSS, ≤ 2 h",
    anchor = "Chaffin: about 68 GB and 30 h per start letter" })
end

-- part P: threads.  The complete table of a font5x7 start letter, A*
-- on font5x9 F-R, and the pattern databases of one window of 27 cells
-- (built by all the threads together), each thread count in a process
-- of its own; ratios against 2 threads (the issue's anchor) and 1
function P.P()
  begin()
  say("\n## P. threads: the full-space search and A*\n")
  local counts = {}
  for n in (opts.counts or "1,2"):gmatch("%d+") do counts[#counts + 1] = tonumber(n) end
  local letter = opts.letters or "A"
  local rows, at = {}, {}
  for _, n in ipairs(counts) do
    local t, text = run_table(letter .. " " .. n)
    assert(t, "part P: the table failed: " .. text)
    local tsec = t.seconds
    local f = io.popen("build/penny bench/astar_one.lua font5x9 F-R " .. n .. " 2>/dev/null")
    local line = f:read("a")
    f:close()
    local asec, pdb, states, moves, chaffin, acpu =
      line:match("^(%S+) (%S+) (%d+) (%d+) (%d+) (%S+)")
    assert(asec and moves == chaffin, "part P: A* failed: " .. line)
    f = io.popen("build/penny bench/pdb_window.lua " .. n .. " 2>/dev/null")
    line = f:read("a")
    f:close()
    local wsec = line:match("^(%S+) %d+ 1")
    assert(wsec, "part P: the one window's databases failed: " .. line)
    local r = { n = n, t = tsec, tcpu = t.cpu, a = tonumber(asec),
                acpu = tonumber(acpu), pdb = tonumber(pdb),
                states = tonumber(states), w = tonumber(wsec),
                c = ceiling(n) }
    rows[#rows + 1], at[n] = r, r
    -- each count's figures as they come, so that a run cut short (a lent
    -- machine's time) still leaves what it measured
    io.stderr:write(string.format("part P, %d threads: table %.1f s (CPU %s), "
      .. "A* %.1f s (CPU %s, databases %.1f s, %d states), window %.2f s, "
      .. "ceiling %.3f s\n", n, r.t, tostring(r.tcpu), r.a, tostring(r.acpu),
      r.pdb, r.states, r.w, r.c))
  end
  -- the rows in thread order, whatever order --counts ran them in
  table.sort(rows, function(a, b) return a.n < b.n end)
  -- CPU seconds (all threads): where they grow with the threads for the
  -- same work, each thread does its share slower (memory, caches, or the
  -- machine itself: the ceiling)
  say("| threads | table, font5x7 %s: s | CPU s | x 1 thread | x 2 threads "
    .. "| A*, font5x9 F-R: s | CPU s | of which databases | states | x 1 thread "
    .. "| x 2 threads | databases, one 27-cell window: s | x 1 thread "
    .. "| ceiling: s | x 1 thread | x 2 threads |", letter)
  say("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
  local function x(base, v) return base and string.format("%.2f", base / v) or "" end
  local function c(v) return v and string.format("%.1f", v) or "" end
  local function cx(m, r)
    return at[m] and string.format("%.2f", ceiling_gain(r.n, r.c, m, at[m].c)) or ""
  end
  for _, r in ipairs(rows) do
    say("| %d | %.1f | %s | %s | %s | %.1f | %s | %.1f | %d | %s | %s | %.2f | %s "
      .. "| %.3f | %s | %s |",
      r.n, r.t, c(r.tcpu), x(at[1] and at[1].t, r.t), x(at[2] and at[2].t, r.t),
      r.a, c(r.acpu), r.pdb, r.states, x(at[1] and at[1].a, r.a),
      x(at[2] and at[2].a, r.a), r.w, x(at[1] and at[1].w, r.w),
      r.c, cx(1, r), cx(2, r))
  end
  say("\nceiling: bench/ceiling.c, each thread the same loop on nothing "
    .. "shared (the median of three runs); its x columns are what the machine "
    .. "itself gives the threads")
  local top = rows[#rows]
  result("P", { workload = "threads: font5x7 letter " .. letter .. "'s complete table, "
      .. "A* on font5x9 F-R, 1 to " .. top.n .. " threads",
    figure = at[2] and string.format("2 -> %d threads: table %.2fx, A* %.2fx "
      .. "(the machine's ceiling %.2fx)", top.n, at[2].t / top.t, at[2].a / top.a,
      ceiling_gain(top.n, top.c, 2, at[2].c)) or "",
    target = "2 -> 16 threads: table >= 7x, A* >= 4x",
    anchor = "the same runs on 2 threads; the machine's ceiling" })
end

return P
