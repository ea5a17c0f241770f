--[[
bench/parts/windows.lua -- parts E, V of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, say, begin, result, median, wall, lcg =
  S.penny, S.say, S.begin, S.result, S.median, S.wall, S.lcg

local P = {}

-- E: a large window, where the bitboards do not apply
function P.E()
  begin()
  say("\n## E. a window over 64 cells (the engine's wide game, wide.c)\n")
  local p = penny.puzzle{ board = "triangular", up_to = "rotation", start = [[
  o
 o o
o o o]], goal = "o o o o o o" }
  local t0 = wall()
  local s = p:solve{ progress = false }
  local secs = wall() - t0
  say("triangle into a line of 6 (225-cell window): %d moves, %.2f s, %d states",
    #s, secs, s.stats.states)
  result("E", { workload = "a window over 64 cells (triangle into a line of 6)",
    figure = string.format("%d moves, %s, %.2f s, %d states", #s,
      s.optimal and "optimal" or "not proven optimal", secs, s.stats.states),
    target = "a proven optimum", anchor = "—" })
end

function P.V()
  begin()
  say("\n## V. windows over 64 cells: the wide game against the plain BFS\n")
  -- states stored per second by each method against the plain BFS on the
  -- same puzzles in the same run, each solved to the end: random starts
  -- whose span is the whole board (the window), goals a random walk away
  say("\n| window | coins | optima | plain BFS states/s | bidir states/s "
    .. "| A* states/s | bidir / plain | A* / plain | median s: plain, bidir, A* |")
  say("|---|---|---|---|---|---|---|---|---|")
  local rand = lcg(4800)
  local function shuffle_pick(board, n)
    local cells = board:cells()
    for i = #cells, 2, -1 do local j = rand(i); cells[i], cells[j] = cells[j], cells[i] end
    return penny.config(board, { table.unpack(cells, 1, n) })
  end
  -- a goal steps random moves from c
  local function walk(c, steps)
    for _ = 1, steps do
      local ms = c:movelist()
      if #ms == 0 then break end
      c = c:apply(ms[rand(#ms)])
    end
    return c
  end
  local headline = {}
  for _, case in ipairs{
    { "square", 8, 8, 13, 7 }, { "square", 10, 10, 13, 7 },
    { "triangular", 8, 8, 10, 8 }, { "triangular", 10, 10, 11, 8 },
    { "triangular", 20, 10, 11, 8 } } do
    local lat, w, h, n, steps = table.unpack(case)
    local board = penny.board{ lattice = lat, width = w, height = h }
    local rate = { bfs = {}, bidir = {}, astar = {} }
    local secs = { bfs = {}, bidir = {}, astar = {} }
    local ratio = { bidir = {}, astar = {} }
    local optima = {}
    while #optima < 5 do
      local a
      repeat a = shuffle_pick(board, n) until #a:span() == #board and #a:movelist() > 0
      local g = walk(a, steps)
      local q = penny.puzzle{ board = board, start = a, goal = g }
      local got, ok = {}, true
      local times = { bfs = {}, bidir = {}, astar = {} }
      -- the speed of this shared machine drifts over seconds: three rounds
      -- of each method, the plain BFS once a round and the fast methods
      -- (runs of milliseconds) as many times as fill 0.07 s, three at
      -- least; each method's median time over its rounds
      for round = 1, 3 do
        for _, m in ipairs{ "bidir", "astar", "bfs" } do
          local o = { method = m, threads = 1, progress = false,
                      time_limit = 60, max_states = 20000000 }
          if m == "astar" then o.pdb = false end
          local sol
          local spent, runs = 0, 0
          repeat
            local t = wall()
            sol = q:solve(o)
            local dt = wall() - t
            times[m][#times[m] + 1] = dt
            spent, runs = spent + dt, runs + 1
          until m == "bfs" or (runs >= 3 and spent >= 0.07)
          ok = ok and sol.verdict == "solved"
          got[m] = got[m] or { sol = sol }
          if not ok or (round == 1 and m == "bfs" and #sol < 5) then break end
        end
        if not ok or #got.bfs.sol < 5 then break end
      end
      for _, m in ipairs{ "bfs", "bidir", "astar" } do
        if got[m] then
          local dt = median(times[m])
          got[m].rate, got[m].secs = got[m].sol.stats.states / dt, dt
        end
      end
      -- puzzles of at least 5 moves that every method solved
      if ok and got.bfs and #got.bfs.sol >= 5 then
        assert(#got.bidir.sol == #got.bfs.sol and #got.astar.sol == #got.bfs.sol)
        optima[#optima + 1] = #got.bfs.sol
        for _, m in ipairs{ "bfs", "bidir", "astar" } do
          rate[m][#rate[m] + 1] = got[m].rate
          secs[m][#secs[m] + 1] = got[m].secs
        end
        for _, m in ipairs{ "bidir", "astar" } do
          ratio[m][#ratio[m] + 1] = got[m].rate / got.bfs.rate
        end
      end
    end
    local label = string.format("%s %d x %d (%d cells)%s", lat, w, h, #board,
      #board <= 64 and ", bitboards" or "")
    say("| %s | %d | %s | %.3g | %.3g | %.3g | %.1fx | %.1fx | %.2f, %.4f, %.4f |",
      label, n, table.concat(optima, ", "), median(rate.bfs), median(rate.bidir),
      median(rate.astar), median(ratio.bidir), median(ratio.astar),
      median(secs.bfs), median(secs.bidir), median(secs.astar))
    if #board > 64 then
      headline[#headline + 1] = string.format("%s %d cells: bidir %.1fx, A* %.1fx",
        lat, #board, median(ratio.bidir), median(ratio.astar))
    end
  end
  say("\nMedians of five puzzles each (optima of 5 moves or more), one")
  say("thread; each method timed in three rounds, the plain BFS once a round,")
  say("bidir and A* as many times as fill 0.07 s (three at least), and")
  say("taken at the median of its times;")
  say("A* with the goal-cells bound on every window (pdb = false).  A state is")
  say("one stored in the visited set.  Windows of at most 64 cells run on the")
  say("bitboards; past that the wide game keys a state by the rank of its cell")
  say("set (csrc/search/wide.c), its moves from bit-sliced counters on cell")
  say("sets of four words.  Both methods prune moves (the moves whose state")
  say("two other moves reach, csrc/search/keygame.h): A* then stores fewer")
  say("states than without for the same answer, so its time per solve falls")
  say("more than its states/s rises.")

  -- past one word: states the ranked keys cannot hold (more coin sets
  -- than 2^63, labels); the plain BFS's states from both ends and by A*
  say("\n| window past one word | coins | optima | plain BFS: solved in 30 s, "
    .. "median s | bidir: solved in 30 s, median states, s | A*: median states, s |")
  say("|---|---|---|---|---|---|")
  for _, case in ipairs{ { "10 x 10, 19-22 coins", 19, 22, false },
                         { "10 x 10, 12 labelled coins", 12, 12, true } } do
    local what, lo, hi, labelled = table.unpack(case)
    local board = penny.board{ width = 10, height = 10 }
    local optima, plain, psecs, both = {}, 0, {}, 0
    local st = { bidir = {}, astar = {} }
    local secs = { bidir = {}, astar = {} }
    while #optima < 5 do
      local a
      repeat a = shuffle_pick(board, lo + rand(hi - lo + 1) - 1)
      until #a:span() == #board and #a:movelist() > 0
      if labelled then
        local coins = a:coins()
        for i, c in ipairs(coins) do c.label = i end
        a = penny.config(board, coins)
      end
      local g = walk(a, 8)
      local q = penny.puzzle{ board = board, start = a, goal = g }
      local got = {}
      for _, m in ipairs{ "astar", "bidir" } do
        local t = wall()
        got[m] = q:solve{ method = m, threads = 1, progress = false, time_limit = 30 }
        got[m].dt = wall() - t
      end
      if got.astar.verdict == "solved" and #got.astar >= 5 then
        if got.bidir.verdict == "solved" then
          assert(#got.bidir == #got.astar)
          both = both + 1
        end
        optima[#optima + 1] = #got.astar
        for _, m in ipairs{ "astar", "bidir" } do
          st[m][#st[m] + 1] = got[m].stats.states
          secs[m][#secs[m] + 1] = got[m].dt
        end
        local t = wall()
        local ref = q:solve{ method = "bfs", progress = false, time_limit = 30 }
        psecs[#psecs + 1] = wall() - t
        if ref.verdict == "solved" then
          assert(#ref == #got.astar)
          plain = plain + 1
        end
      end
    end
    say("| %s | %d-%d | %s | %d of 5, %.1f | %d of 5, %.3g, %.2f | %.3g, %.4f |",
      what, lo, hi, table.concat(optima, ", "), plain, median(psecs), both,
      median(st.bidir), median(secs.bidir), median(st.astar), median(secs.astar))
  end
  say("\nGoals 8 random moves from a random start whose span is the box, optima")
  say("of 5 moves or more.  The states are the plain BFS's (csrc/search/bfs.c):")
  say("from both ends, or A* with the bound \"goal coins out of place\" (what")
  say("`auto` runs there).  The plain BFS and bidir stop at 30 s or at their")
  say("memory budget (1 GB by default), and are counted at what they stored and")
  say("spent by then.")
  -- the whole ranked space past 64 cells (keyfull.c) against the
  -- bitboards' two-bit search on a 64-cell window, the same run; then A*
  -- with and without pattern databases on the wide game
  say("\n| whole ranked space | ranks | reachable | layers | s, 1 thread | s, 2 threads | ns per reachable state, 1 thread |")
  say("|---|---|---|---|---|---|---|")
  for _, case in ipairs{
    { "triangular 8 x 8 (64 cells), bitboards", 8, 8, "(0,0) (1,0) (2,0) (0,1) (1,1) (0,2)", "C(64, 6)" },
    { "triangular 12 x 8 (96 cells), ranked keys", 12, 8, "(0,0) (1,0) (2,0) (0,1) (1,1)", "C(96, 5)" },
    { "triangular 20 x 10 (200 cells), ranked keys", 20, 10, "(0,0) (1,0) (0,1) (1,1)", "C(200, 4)" } } do
    local what, w, h, coins, ranks = table.unpack(case)
    local board = penny.board{ lattice = "triangular", width = w, height = h }
    local a = penny.config(board, coins)
    local t = {}
    for th = 1, 2 do t[th] = penny.distances(a, { complete = true, threads = th }) end
    assert(t[1].reached == t[2].reached and t[1].maxdepth == t[2].maxdepth)
    say("| %s | %s | %d | %d | %.2f | %.2f | %.0f |", what, ranks, t[1].reached,
      t[1].maxdepth + 1, t[1].seconds, t[2].seconds, t[1].seconds / t[1].reached * 1e9)
  end
  say("\nComplete distance tables (`penny.distances(start, {complete = true})`),")
  say("two bits per rank; both thread counts give the same layers.")

  say("\n| A* on 100- and 108-cell windows | optima | states, no tables | states, 20-cell tables | s, no tables | s, tables (build) |")
  say("|---|---|---|---|---|---|")
  for _, case in ipairs{ { "square 10 x 10, 13-15 coins", "square", 10, 10 },
                         { "triangular 12 x 9, 13-15 coins", "triangular", 12, 9 } } do
    local what, lat, w, h = table.unpack(case)
    local board = penny.board{ lattice = lat, width = w, height = h }
    local optima, st0, st1, s0, s1, b1 = {}, {}, {}, {}, {}, {}
    while #optima < 5 do
      local a
      repeat a = shuffle_pick(board, 12 + rand(3)) until #a:span() > 64 and #a:movelist() > 0
      local g = walk(a, 10)
      local q = penny.puzzle{ board = board, start = a, goal = g }
      local t = wall()
      local x = q:solve{ method = "astar", pdb = false, threads = 1, time_limit = 60 }
      local dx = wall() - t
      t = wall()
      local y = q:solve{ method = "astar", threads = 1, time_limit = 60 }
      local dy = wall() - t
      if x.verdict == "solved" and y.verdict == "solved" and #x >= 6 then
        assert(#x == #y)
        optima[#optima + 1] = #x
        st0[#st0 + 1], st1[#st1 + 1] = x.stats.states, y.stats.states
        s0[#s0 + 1], s1[#s1 + 1], b1[#b1 + 1] = dx, dy, y.stats.pdb_seconds
      end
    end
    say("| %s | %s | %.3g | %.3g | %.3f | %.3f (%.3f) |", what, table.concat(optima, ", "),
      median(st0), median(st1), median(s0), median(s1), median(b1))
  end
  say("\nGoals 10 random moves away, medians of five; one thread.  The tables")
  say("are built for each solve (windows of at most 20 cells by default).")
  result("V", { workload = "windows over 64 cells: bidir and A* on the wide "
      .. "game against the plain BFS, same puzzles",
    figure = "states/s against the plain BFS: " .. table.concat(headline, "; "),
    target = ">= 20x states/s on 100- and 200-cell windows",
    anchor = "the plain BFS (method bfs), same run" })
end

return P
