--[[
bench/run.lua -- the benchmarks of `make bench` (see BENCHMARKS.md).

  penny bench/run.lua [options]

  --parts A,B,C,D,E,F,G  which parts (default: all)
  --letters XYZ          part A: these start (or goal) letters only
                         (default: all 37)
  --by start|goal        part A: one distance table per start letter
                         (default), or the 36 puzzles to each goal letter
                         solved one by one with one penny.databases()
  --keys F-R,L-N         part B: these font5x9 puzzles (default: F-R and
                         the ten longest after it)
  --sample N             part D: font5x9 puzzles to time, at evenly spaced
                         quantiles of Chaffin's lengths (default 12)
  --goal X               part D: instead, the 36 font5x9 puzzles to letter
                         X, with one penny.databases() for all of them
  --limit S              parts B, D: time limit per puzzle (default 600)
  --memory GB            memory budget (default 16)
  --threads N            threads (default: all cores)
  --encoding E           part A: auto (default), byte, lean or two
  --method M             parts B, C, D: the solve method (default auto)
  --moves 6,7            part C: the lengths sampled, four puzzles each
  --pdb N                parts A (by goal), B, D: A*'s windows of up to
                         N cells (1 to 30; else the engine's default, 27)
  --direction D          parts A (by goal), B, D: A* forward, backward or
                         auto (the default: a probe of both ways)
  --count N              part S: random puzzles (default 100,000)
  --seed N               part S: the first seed (default 1)
  --record FILE          write each part's results into FILE (make bench:
                         BENCHMARKS.md): its row of the "Current results"
                         table and its section between <!-- part X --> and
                         <!-- end X -->, with the command, date and machine

  A  font5x7, all 1,332 puzzles: one distance table per start letter (36
     targets at once), or with --by goal one solve per puzzle, goal by
     goal, sharing the pattern databases; every length compared with
     Chaffin's, every path replayed by the move checker
  B  font5x9: F-R (42 moves) and the ten longest puzzles, one search each
  C  the plain baseline (bench/baseline.c, a hash-set BFS written the
     obvious way) and the engine on the same puzzles, same run: ratios
  D  font5x9: a sample spread over the lengths, extrapolated to all 1,332
  E  large windows: the engine against the plain BFS on the triangular grid
  F  triangular grid, constructive: 100,000 coins to a shape far away
  G  line pushes: permutation puzzles in a 10 x 10 box (64 tokens), pushes
     against n^4, and the push against a plain Lua push (bench/
     baseline_push.lua) replaying the same sequences
  H  square grid: the two-extra-coin constructive solver
  S  soundness: every decisive fact of explain() held against exhaustive
     search on random small puzzles of every family (penny.soundness)
  L  limits: each method on a large puzzle with time_limit = 1 s and
     max_memory = 256 MiB, in a process of its own (bench/limits.lua)
  R  reading 10^6 coins from art and from a coordinate list
  M  one font5x7 letter's complete table on 1 and 2 threads and shared by
     2 processes of build/penny-mpi (make mpi); not in the default list
]]
local penny = require "penny"
local cs = require "penny.coinsliding"

local opts = { parts = "A,B,C,D,E,V,F,G,H,W,Q,S,L,R", count = 100000, seed = 1,
               letters = nil, keys = nil, sample = 12,
               limit = 600, memory = 16, threads = 0, encoding = nil,
               method = "auto", goal = nil, by = "start", moves = "6,7",
               record = nil }
-- the arguments as given, for the command recorded with the results
local given = {}
do
  local i = 1
  while i <= #arg do
    local k, v = arg[i], arg[i + 1]
    if k == "--parts" then opts.parts = v
    elseif k == "--letters" then opts.letters = v
    elseif k == "--keys" then opts.keys = v
    elseif k == "--sample" then opts.sample = tonumber(v)
    elseif k == "--limit" then opts.limit = tonumber(v)
    elseif k == "--memory" then opts.memory = tonumber(v)
    elseif k == "--threads" then opts.threads = tonumber(v)
    elseif k == "--encoding" then opts.encoding = v
    elseif k == "--method" then opts.method = v
    elseif k == "--moves" then opts.moves = v
    elseif k == "--goal" then opts.goal = v
    elseif k == "--pdb" then opts.pdb = math.tointeger(tonumber(v))
    elseif k == "--direction" then opts.direction = v
    elseif k == "--count" then opts.count = math.tointeger(tonumber(v))
    elseif k == "--seed" then opts.seed = math.tointeger(tonumber(v))
    elseif k == "--record" then opts.record = v
    elseif k == "--by" then
      assert(v == "start" or v == "goal", "--by takes start or goal")
      opts.by = v
    else error("unknown option " .. tostring(k)) end
    if k ~= "--record" then given[#given + 1] = k .. " " .. v end
    i = i + 2
  end
end
local function want(part) return opts.parts:find(part, 1, true) ~= nil end
local BUDGET = math.floor(opts.memory * 1e9)

local corpus = cs.load()
local out = io.stdout

--[[
Results.  Each part says its tables (say), and ends with result(X, row):
row = { workload, figure, target, anchor }.  With --record FILE, what the
part said becomes its section of FILE and the row its line of the table
of current results, with the command, the date and the machine.
]]
local said, results = nil, {}
local function say(fmt, ...)
  local line = string.format(fmt, ...)
  out:write(line, "\n")
  out:flush()
  if said then said[#said + 1] = line end
end
local function begin() said = {} end
local function result(part, row)
  row.part, row.text = part, table.concat(said or {}, "\n")
  results[#results + 1] = row
  said = nil
end

-- peak resident memory of this process, and resetting it (Linux)
local function peak_rss()
  local f = io.open("/proc/self/status")
  if not f then return 0 end
  local s = f:read("a")
  f:close()
  return (tonumber(s:match("VmHWM:%s*(%d+)")) or 0) * 1024
end
local function reset_peak()
  local f = io.open("/proc/self/clear_refs", "w")
  if f then f:write("5"); f:close() end
end

local function median(t)
  local c = {}
  for i, v in ipairs(t) do c[i] = v end
  table.sort(c)
  if #c == 0 then return 0 end
  if #c % 2 == 1 then return c[(#c + 1) // 2] end
  return (c[#c // 2] + c[#c // 2 + 1]) / 2
end

local function wall()
  local f = io.popen("date +%s.%N")
  local t = tonumber(f:read("a"))
  f:close()
  return t
end

local function letters_of(font)
  local ls = {}
  for ch in pairs(corpus.fonts[font]) do ls[#ls + 1] = ch end
  table.sort(ls)
  return ls
end

say("# penny benchmarks (%s, %d cores, budget %.0f GB)", os.date("%Y-%m-%d"),
    tonumber(io.popen("nproc"):read("l")) or 0, opts.memory)

--{===================================================================
-- A: font5x7, every puzzle, one distance table per start letter

if want("A") and opts.by == "goal" then
  begin()
  say("\n## A. font5x7: every puzzle, goal by goal, one set of databases per goal\n")
  say("| goal | puzzles | max moves | states stored | seconds | databases s | peak GB | lengths = Chaffin | paths replayed | methods |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local bygoal = {}
  for k in pairs(corpus.solutions.font5x7) do
    local g = k:match("%-(.+)$")
    bygoal[g] = bygoal[g] or {}
    table.insert(bygoal[g], k)
  end
  local total_t, total_states, total_puzzles, bad, notreplayed, peak = 0, 0, 0, 0, 0, 0
  local t_all = wall()
  for _, g in ipairs(letters_of("font5x7")) do
    if not opts.letters or opts.letters:find(g, 1, true) then
      local keys = bygoal[g]
      table.sort(keys)
      local db = penny.databases()
      local same, replayed, maxd, states, built, methods = 0, 0, 0, 0, 0, {}
      reset_peak()
      local t0 = wall()
      for _, key in ipairs(keys) do
        local p, known = cs.puzzle(corpus, "font5x7", key)
        local sol = p:solve{ max_memory = BUDGET, time_limit = opts.limit,
                             threads = opts.threads, progress = false,
                             method = opts.method, databases = db,
                             pdb = opts.pdb, direction = opts.direction }
        if sol.verdict == "solved" and #sol == #known then same = same + 1 else
          bad = bad + 1
          say("MISMATCH %s: penny %s %s, Chaffin %d", key, sol.verdict,
              tostring(#sol), #known)
        end
        if sol.verdict == "solved" and sol.replayed then
          replayed = replayed + 1
        else
          notreplayed = notreplayed + 1
        end
        if #sol > maxd then maxd = #sol end
        states = states + (sol.stats.states or 0)
        built = built + (sol.stats.pdb_seconds or 0)
        -- which search proved it, from the optimality reason
        local r = sol.reason or ""
        local how = r:find("A*", 1, true)
          and (sol.stats.backward and "A* backward" or "A*")
          or r:find("bidirectional", 1, true) and "bidir"
          or r:find("^optimal: ") and "full" or "other"
        methods[how] = (methods[how] or 0) + 1
      end
      local secs = wall() - t0
      db:clear()
      local pk = peak_rss()
      if pk > peak then peak = pk end
      local ms = {}
      for m, c in pairs(methods) do ms[#ms + 1] = m .. " " .. c end
      table.sort(ms)
      total_t = total_t + secs
      total_states = total_states + states
      total_puzzles = total_puzzles + #keys
      say("| %s | %d | %d | %d | %.1f | %.1f | %.2f | %d/%d | %d/%d | %s |", g,
          #keys, maxd, states, secs, built, pk / 1e9, same, #keys, replayed,
          #keys, table.concat(ms, ", "))
    end
  end
  local elapsed = wall() - t_all
  say("\nA: %d puzzles, %d lengths differ from Chaffin's, %d paths fail the "
    .. "replay; solves %.0f s, whole part %.0f s (%.1f min) wall; peak %.2f GB; "
    .. "%d states stored in all", total_puzzles, bad, notreplayed, total_t,
    elapsed, elapsed / 60, peak / 1e9, total_states)
  result("A", { workload = "font5x7: the 1,332 letter puzzles, goal by goal",
    figure = string.format("%d/%d at Chaffin's length, %d replayed; **%.1f min** "
      .. "wall, peak %.2f GB", total_puzzles - bad, total_puzzles,
      total_puzzles - notreplayed, elapsed / 60, peak / 1e9),
    target = "all at Chaffin's length, ≤ 1 h, ≤ 4 GB",
    anchor = "Chaffin's run: 13 min and 10.5 GB per start letter, 8 h" })
elseif want("A") then
  begin()
  say("\n## A. font5x7: every puzzle, one distance table per start letter\n")
  say("| start | targets | max moves | states reached | seconds | M states/s | peak GB | lengths = Chaffin | paths replayed |")
  say("|---|---|---|---|---|---|---|---|---|")
  local all = letters_of("font5x7")
  local starts = {}
  for _, ch in ipairs(all) do
    if not opts.letters or opts.letters:find(ch, 1, true) then
      starts[#starts + 1] = ch
    end
  end
  local total_t, total_states, total_puzzles, bad, notreplayed, peak = 0, 0, 0, 0, 0, 0
  local t_all = wall()
  local encoding
  for _, s in ipairs(starts) do
    local p0 = cs.puzzle(corpus, "font5x7", s .. "-" .. (s == "A" and "B" or "A"))
    local board = p0.board
    local targets, keys = {}, {}
    for _, g in ipairs(all) do
      if g ~= s then
        targets[#targets + 1] = penny.config(board, cs.art(corpus, "font5x7", g))
        keys[#keys + 1] = s .. "-" .. g
      end
    end
    reset_peak()
    local t0 = wall()
    local tab = penny.distances(p0.start, { targets = targets, threads = opts.threads,
      max_memory = BUDGET, progress = false, encoding = opts.encoding })
    encoding = tab.encoding
    local secs = wall() - t0
    local pk = peak_rss()
    if pk > peak then peak = pk end
    local same, replayed, maxd = 0, 0, 0
    for i, key in ipairs(keys) do
      local known = corpus.solutions.font5x7[key]
      if tab.dist[i] == #known then same = same + 1 else
        bad = bad + 1
        say("MISMATCH %s: penny %d, Chaffin %d", key, tab.dist[i], #known)
      end
      if tab.dist[i] > maxd then maxd = tab.dist[i] end
      local p = cs.puzzle(corpus, "font5x7", key)
      if tab.paths[i] and p:check(tab.paths[i]) then replayed = replayed + 1
      else notreplayed = notreplayed + 1 end
    end
    total_t = total_t + secs
    total_states = total_states + tab.reached
    total_puzzles = total_puzzles + #keys
    say("| %s | %d | %d | %d | %.1f | %.2f | %.2f | %d/%d | %d/%d |", s, #keys,
        maxd, tab.reached, secs, tab.reached / secs / 1e6, pk / 1e9, same, #keys,
        replayed, #keys)
  end
  local elapsed = wall() - t_all
  say("\nA: %d puzzles, %d lengths differ from Chaffin's, %d paths fail the "
    .. "replay; search %.0f s, whole part %.0f s (%.1f min) wall; peak %.2f GB; "
    .. "%.2f M states/s settled", total_puzzles, bad, notreplayed, total_t,
    elapsed, elapsed / 60, peak / 1e9, total_states / total_t / 1e6)
  if encoding == "lean" then
    say("encoding lean; bytes per state of the ranked space: depth mod 3 "
      .. "2/8 + expanded 1/8 + lift 1/16 (C(35,11)/C(35,12)) + buckets")
  elseif encoding == "two" then
    say("encoding two; bytes per state of the ranked space: 2/8 + lift 1/16 "
      .. "(C(35,11)/C(35,12)) + buckets; seconds include the 36 searches "
      .. "for the paths")
  else
    say("encoding byte; bytes per state of the ranked space: depth 1 + seen "
      .. "1/8 + lift 1/16 (C(35,11)/C(35,12)) + buckets")
  end
  result("A", { workload = "font5x7: the 1,332 letter puzzles, one distance "
      .. "table per start letter",
    figure = string.format("%d/%d at Chaffin's length; **%.1f min** wall, "
      .. "peak %.2f GB, %.2f M states/s", total_puzzles - bad, total_puzzles,
      elapsed / 60, peak / 1e9, total_states / total_t / 1e6),
    target = "all at Chaffin's length, ≤ 1 h, ≤ 4 GB",
    anchor = "Chaffin's run: 13 min and 10.5 GB per start letter, 8 h" })
end

--}===================================================================


--{===================================================================
-- B: font5x9, F-R and the ten longest

if want("B") then
  begin()
  say("\n## B. font5x9: F-R and the ten longest puzzles\n")
  local keys = {}
  if opts.keys then
    for k in opts.keys:gmatch("[^,]+") do keys[#keys + 1] = k end
  else
    local all = {}
    for k, v in pairs(corpus.solutions.font5x9) do all[#all + 1] = { k, #v } end
    table.sort(all, function(a, b)
      if a[2] ~= b[2] then return a[2] > b[2] end
      return a[1] < b[1]
    end)
    for i = 1, 11 do keys[i] = all[i][1] end
  end
  say("| puzzle | Chaffin | penny | verdict | seconds | states | peak GB | method |")
  say("|---|---|---|---|---|---|---|---|")
  local solved, worst, worst_gb, first = 0, 0, 0, nil
  for _, key in ipairs(keys) do
    local p, known = cs.puzzle(corpus, "font5x9", key)
    reset_peak()
    local t0 = wall()
    local s = p:solve{ max_memory = BUDGET, time_limit = opts.limit,
                       threads = opts.threads, progress = false,
                       method = opts.method, pdb = opts.pdb,
                       direction = opts.direction }
    local secs = wall() - t0
    if s.verdict == "solved" then
      assert(#s == #known and s.replayed, key .. ": not Chaffin's length")
    end
    say("| %s | %d | %s | %s | %.0f | %d | %.2f | %s |", key, #known,
      s.verdict == "solved" and tostring(#s) or ("≥" .. tostring(s.lower_bound)),
      s.verdict, secs, s.stats.states or 0, peak_rss() / 1e9,
      s.method .. (s.stats.backward and " backward" or ""))
    if s.verdict == "solved" then solved = solved + 1 end
    first = first or string.format("%s **%.0f s**", key, secs)
    worst = math.max(worst, secs)
    worst_gb = math.max(worst_gb, peak_rss() / 1e9)
  end
  result("B", { workload = "font5x9: F-R (42 moves) and the ten longest puzzles",
    figure = string.format("%d/%d solved at Chaffin's length; %s; the slowest "
      .. "%.0f s, at most %.2f GB", solved, #keys, first, worst, worst_gb),
    target = "optimal, ≤ 10 min and ≤ 16 GB each",
    anchor = "Chaffin's optimal lengths" })
end

--}===================================================================


--{===================================================================
-- C: the plain baseline and the engine on the same puzzles

if want("C") then
  begin()
  say("\n## C. plain baseline (bench/baseline.c) against the engine (method %s), "
    .. "same puzzles\n", opts.method)
  -- the first four puzzles (in key order) of each length asked for (6
  -- and 7 by default: the baseline needs minutes and gigabytes per puzzle
  -- beyond that, about 3x per move)
  local bylen = {}
  for k, v in pairs(corpus.solutions.font5x7) do
    bylen[#v] = bylen[#v] or {}
    table.insert(bylen[#v], k)
  end
  local sample = {}
  for len in opts.moves:gmatch("[^,]+") do
    local l = assert(bylen[tonumber(len)], "--moves: no puzzle of length " .. len)
    table.sort(l)
    for i = 1, math.min(4, #l) do sample[#sample + 1] = l[i] end
  end
  say("| puzzle | moves | baseline s | baseline states | baseline M/s | engine s | engine states | engine M/s | time ratio | M/s ratio |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local tr, rawr = {}, {}
  local bsum, bsecsum, esum, esecsum = 0, 0, 0, 0
  local exe = arg[0]:match("^(.*)/bench/run%.lua$")
  local baseline = (exe and exe ~= "" and exe .. "/" or "") .. "build/baseline"
  for _, key in ipairs(sample) do
    local s, g = key:match("^(.+)%-(.+)$")
    local a = table.concat(corpus.fonts.font5x7[s], "/")
    local b = table.concat(corpus.fonts.font5x7[g], "/")
    local f = io.popen(string.format("%s 5 7 '%s' '%s'", baseline, a, b))
    local line = f:read("l")
    f:close()
    local bm, bst, bsec = line:match("^(%-?%d+) (%d+) ([%d%.]+)")
    bm, bst, bsec = tonumber(bm), tonumber(bst), tonumber(bsec)
    local p = cs.puzzle(corpus, "font5x7", key)
    -- the engine's own search time (as the baseline reports its own),
    -- median of three runs
    local sol, times = nil, {}
    for r = 1, 3 do
      sol = p:solve{ progress = false, threads = opts.threads,
                     method = opts.method }
      times[r] = sol.stats.seconds
    end
    local esec = median(times)
    assert(#sol == bm, key .. ": baseline and engine disagree")
    local bthr, ethr = bst / bsec, sol.stats.states / esec
    bsum, bsecsum = bsum + bst, bsecsum + bsec
    esum, esecsum = esum + sol.stats.states, esecsum + esec
    tr[#tr + 1] = bsec / esec
    rawr[#rawr + 1] = ethr / bthr
    say("| %s | %d | %.2f | %d | %.2f | %.3f | %d | %.2f | %.0fx | %.1fx |", key,
      bm, bsec, bst, bthr / 1e6, esec, sol.stats.states, ethr / 1e6,
      bsec / esec, ethr / bthr)
  end
  say("\nC: median time ratio %.0fx (= the baseline's states per second of "
    .. "engine time, over the baseline's own rate); median ratio of states "
    .. "stored per second %.1fx; pooled (all states over all seconds, "
    .. "each side) %.1fx", median(tr), median(rawr),
    (esum / esecsum) / (bsum / bsecsum))
  result("C", { workload = string.format("the engine (method %s) against the "
      .. "plain baseline, font5x7 puzzles of %s moves", opts.method, opts.moves),
    figure = string.format("states stored per second: **%.1fx** median "
      .. "(pooled %.1fx); time ratio %.0fx", median(rawr),
      (esum / esecsum) / (bsum / bsecsum), median(tr)),
    target = "≥ 50x states/s",
    anchor = "bench/baseline.c, a hash-set BFS, same run" })
end

--}===================================================================


--{===================================================================
-- D: what the whole font5x9 set would take

if want("D") then
  local sols, keys = corpus.solutions.font5x9, {}
  for k in pairs(sols) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if #sols[a] ~= #sols[b] then return #sols[a] < #sols[b] end
    return a < b
  end)
  local sample = {}
  begin()
  if opts.goal then
    say("\n## D. font5x9: every puzzle to %s, one set of databases\n", opts.goal)
    for _, k in ipairs(keys) do
      if k:sub(-#opts.goal - 1) == "-" .. opts.goal then sample[#sample + 1] = k end
    end
    assert(#sample > 0, "no font5x9 puzzle to " .. opts.goal)
  else
    say("\n## D. font5x9: a sample spread over Chaffin's lengths, extrapolated\n")
    -- the puzzles at evenly spaced quantiles of Chaffin's lengths (ties by
    -- key), so that each stands for 1332 / N puzzles of about its length
    for i = 1, opts.sample do
      sample[i] = keys[math.floor((i - 0.5) / opts.sample * #keys) + 1]
    end
  end
  say("| puzzle | Chaffin | penny | seconds | databases s | states | peak GB |")
  say("|---|---|---|---|---|---|---|")
  -- one set of databases for the run: a puzzle to the goal of the last
  -- one that built them uses them as they are
  local db = penny.databases()
  local times, builds, unsolved, longest = {}, {}, 0, 0
  for _, key in ipairs(sample) do
    local p, known = cs.puzzle(corpus, "font5x9", key)
    reset_peak()
    local t0 = wall()
    local s = p:solve{ max_memory = BUDGET, time_limit = opts.limit,
                       threads = opts.threads, progress = false,
                       method = opts.method, databases = db,
                       pdb = opts.pdb, direction = opts.direction }
    local secs = wall() - t0
    local built = s.stats.pdb_seconds or 0
    times[#times + 1] = secs
    if built > 0 then builds[#builds + 1] = built end
    if s.verdict ~= "solved" then
      unsolved = unsolved + 1
    else
      assert(#s == #known and s.replayed, key .. ": not Chaffin's length")
      if #s > longest then longest = #s end
    end
    say("| %s | %d | %s | %.1f | %s | %d | %.2f |", key, #known,
      s.verdict == "solved" and tostring(#s) or ("≥" .. tostring(s.lower_bound)),
      secs, s.stats.pdb_reused and "reused" or string.format("%.1f", built),
      s.stats.states or 0, peak_rss() / 1e9)
  end
  db:clear()
  local sum, bsum = 0, 0
  for _, t in ipairs(times) do sum = sum + t end
  for _, t in ipairs(builds) do bsum = bsum + t end
  local upto = 0
  for _, k in ipairs(keys) do if #sols[k] <= longest then upto = upto + 1 end end
  say("\nD: %d puzzles, %d unsolved within %d s each; %.0f s in all, mean "
    .. "%.1f s, median %.1f s per puzzle; %d database builds, %.1f s in all; "
    .. "the longest solved has %d moves", #times, unsolved, opts.limit, sum,
    sum / #times, median(times), #builds, bsum, longest)
  if opts.goal then
    say("D: if the 37 goals were like this one: about %.1f hours for all "
      .. "1,332", sum * 37 / 3600)
  else
    -- each puzzle's own build, against one build per goal letter (37) when
    -- the set is run goal by goal with one penny.databases()
    local bmean = #builds > 0 and bsum / #builds or 0
    say("D: all 1,332 would take at least %.1f hours with a build per "
      .. "puzzle, %.1f hours run goal by goal (37 builds; the unsolved "
      .. "counted at the limit); %d of the 1,332 puzzles (%.0f%%) have at "
      .. "most %d moves", sum / #times * 1332 / 3600,
      ((sum - bsum) / #times * 1332 + 37 * bmean) / 3600, upto,
      100 * upto / #keys, longest)
  end
  result("D", { workload = opts.goal and ("font5x9: the 36 puzzles to " .. opts.goal)
      or string.format("font5x9: a sample of %d over the lengths", #times),
    figure = string.format("%d puzzles, %d unsolved within %d s; mean %.1f s, "
      .. "median %.1f s", #times, unsolved, opts.limit, sum / #times,
      median(times)),
    target = "report", anchor = "Chaffin's optimal lengths" })
end

--}===================================================================


--{===================================================================
-- E: a large window, where the bitboards do not apply

-- a seeded random generator: rand(n) in 1..n
local function lcg(seed)
  local s = seed
  return function(n)
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n + 1
  end
end

if want("E") then
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

if want("V") then
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
  local headline = {}
  for _, case in ipairs{
    { "square", 8, 8, 13, 7 }, { "square", 10, 10, 13, 7 },
    { "triangular", 8, 8, 10, 8 }, { "triangular", 10, 10, 11, 8 },
    { "triangular", 20, 10, 11, 8 } } do
    local lat, w, h, n, walk = table.unpack(case)
    local board = penny.board{ lattice = lat, width = w, height = h }
    local rate = { bfs = {}, bidir = {}, astar = {} }
    local secs = { bfs = {}, bidir = {}, astar = {} }
    local ratio = { bidir = {}, astar = {} }
    local optima = {}
    while #optima < 5 do
      local a
      repeat a = shuffle_pick(board, n) until #a:span() == #board and #a:movelist() > 0
      local g = a
      for _ = 1, walk do
        local ms = g:movelist()
        if #ms == 0 then break end
        g = g:apply(ms[rand(#ms)])
      end
      local q = penny.puzzle{ board = board, start = a, goal = g }
      local got, ok = {}, true
      for _, m in ipairs{ "bfs", "bidir", "astar" } do
        local o = { method = m, threads = 1, progress = false, time_limit = 60,
                    max_states = 20000000 }
        if m == "astar" then o.pdb = false end
        local t = wall()
        local sol = q:solve(o)
        local dt = wall() - t
        got[m] = { sol = sol, rate = sol.stats.states / dt, secs = dt }
        ok = ok and sol.verdict == "solved"
      end
      -- puzzles of at least 5 moves that every method solved
      if ok and #got.bfs.sol >= 5 then
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
    say("| %s | %d | %s | %.3g | %.3g | %.3g | %.1fx | %.1fx | %.2f, %.3f, %.3f |",
      label, n, table.concat(optima, ", "), median(rate.bfs), median(rate.bidir),
      median(rate.astar), median(ratio.bidir), median(ratio.astar),
      median(secs.bfs), median(secs.bidir), median(secs.astar))
    if #board > 64 then
      headline[#headline + 1] = string.format("%s %d cells: bidir %.1fx, A* %.1fx",
        lat, #board, median(ratio.bidir), median(ratio.astar))
    end
  end
  say("\nMedians of five puzzles each (optima of 5 moves or more), one thread;")
  say("A* with the goal-cells bound on every window (pdb = false).  A state is")
  say("one stored in the visited set.  Windows of at most 64 cells run on the")
  say("bitboards; past that the wide game keys a state by the rank of its cell")
  say("set (csrc/search/wide.c), its moves from the dense move rule.")
  result("V", { workload = "windows over 64 cells: bidir and A* on the wide "
      .. "game against the plain BFS, same puzzles",
    figure = "states/s against the plain BFS: " .. table.concat(headline, "; "),
    target = ">= 20x states/s on 100- and 200-cell windows",
    anchor = "the plain BFS (method bfs), same run" })
end

--}===================================================================


--{===================================================================
-- F: the triangular grid's constructive solver on 100,000 coins

if want("F") then
  begin()
  say("\n## F. triangular grid: 100,000 coins to a shape far away\n")
  local T = penny.board("triangular")
  local core = require "penny.core"
  local dirs = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } }
  -- a random connected blob of n coins grown from (cx, cy)
  local function blob(rand, n, cx, cy)
    local set, list = {}, {}
    local function add(x, y)
      local k = x * 4000003 + y
      if not set[k] then set[k] = true; list[#list + 1] = { x, y } end
    end
    add(cx, cy)
    while #list < n do
      local c = list[rand(#list)]
      local d = dirs[rand(6)]
      add(c[1] + d[1], c[2] + d[2])
    end
    return penny.config(T, list)
  end
  say("| n | distance | decide s | solve s | replay s | moves | moves / n | peak GB |")
  say("|---|---|---|---|---|---|---|---|")
  local last
  for _, n in ipairs{ 1000, 10000, 100000 } do
    local rand = lcg(n)
    local a, b = blob(rand, n, 0, 0), blob(rand, n, 1000000, -500000)
    local p = penny.puzzle{ board = T, start = a, goal = b }
    reset_peak()
    local t0 = wall()
    local d = core.tri_decide(p.start, p.goal, p.up_to)
    local t1 = wall()
    local moves = core.tri_solve(p.start, p.goal, p.up_to)
    local t2 = wall()
    local ok = p:check(moves)
    local t3 = wall()
    assert(d.solvable and ok, "the constructive solution does not replay")
    say("| %d | 1,000,000 | %.3f | %.3f | %.3f | %d | %.1f | %.2f |", n, t1 - t0,
      t2 - t1, t3 - t2, #moves, #moves / n, peak_rss() / 1e9)
    last = string.format("decide %.3f s + solve **%.2f s**, peak %.2f GB, "
      .. "%.1f moves per coin", t1 - t0, t2 - t1, peak_rss() / 1e9, #moves / n)
  end
  say("\nn = |A \\ B| (the blobs are far apart) is the trivial lower bound; the")
  say("moves are dominated by the distance d_AB of about 1.5 x 10^6 cells,")
  say("covered once by a rolling triangle that carries the coins (O(d_AB +")
  say("n d_B)); the time is replayed separately by the move checker.")
  result("F", { workload = "triangular grid, constructive: 100,000 coins to a "
      .. "shape 10^6 cells away", figure = last, target = "≤ 2 s, ≤ 1 GB",
    anchor = "exact search does not reach these sizes" })
end

--}===================================================================


--{===================================================================
-- G: line pushes

if want("G") then
  begin()
  say("\n## G. line pushes: permutation puzzles\n")
  local lp = require "penny.linepush"
  local SQ = penny.board("square")
  local base = dofile("bench/baseline_push.lua")
  -- the 10 x 10 box with 64 tokens: rows of 2, 4, 6, 10, 10, 10, 10, 6, 4, 2
  -- centred (compact, empty core)
  local function shape(rows, w)
    local pts = {}
    for y, len in ipairs(rows) do
      local x0 = (w - len) // 2
      for x = x0, x0 + len - 1 do pts[#pts + 1] = { x, y - 1, label = #pts + 1 } end
    end
    return pts
  end
  local function even_goal(rand, pts)
    local perm = {}
    for i = 1, #pts do perm[i] = i end
    for i = #pts, 2, -1 do local j = rand(i); perm[i], perm[j] = perm[j], perm[i] end
    local seen, par = {}, 0
    for i = 1, #pts do
      local j, l = i, 0
      while not seen[j] do seen[j] = true; j = perm[j]; l = l + 1 end
      if l > 0 then par = par + l - 1 end
    end
    if par % 2 == 1 then perm[1], perm[2] = perm[2], perm[1] end
    local g = {}
    for i, p in ipairs(pts) do g[i] = { p[1], p[2], label = perm[i] } end
    return penny.config(SQ, g)
  end
  local cases = {
    { "10 x 10, 64 tokens", { 2, 4, 6, 10, 10, 10, 10, 6, 4, 2 }, 10 },
    { "6 x 6, 24 tokens", { 2, 4, 6, 6, 4, 2 }, 6 },
    { "8 x 8, 40 tokens", { 2, 4, 6, 8, 8, 6, 4, 2 }, 8 },
    { "12 x 12, 96 tokens", { 2, 6, 8, 10, 12, 12, 12, 10, 8, 6, 2, 0 }, 12 },
  }
  say("| shape | core | trials | median s | max s | median pushes | pushes / n^4 | C replay s | Lua replay s | ratio |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local first
  for _, case in ipairs(cases) do
    local rows = {}
    for _, r in ipairs(case[2]) do if r > 0 then rows[#rows + 1] = r end end
    local pts = shape(rows, case[3])
    local start = penny.config(SQ, pts)
    local info = lp.info(start)
    local rand = lcg(#pts)
    local times, pushes, creplay, lreplay = {}, {}, {}, {}
    for _ = 1, 5 do
      local p = penny.puzzle{ game = "linepush", start = start,
                              goal = even_goal(rand, pts) }
      local t0 = wall()
      local s = p:solve()
      times[#times + 1] = wall() - t0
      assert(s.verdict == "solved" and s.replayed)
      pushes[#pushes + 1] = #s.moves
      t0 = wall()
      lp.push(start, s.moves)
      creplay[#creplay + 1] = wall() - t0
      -- the plain Lua push on a prefix (it is slow), scaled
      local plain, k = {}, math.min(#s.moves, 20000)
      for i, q in ipairs(pts) do plain[i] = { q[1], q[2] } end
      t0 = wall()
      for i = 1, k do plain = base.push(plain, s.moves[i]) end
      lreplay[#lreplay + 1] = (wall() - t0) * #s.moves / k
    end
    local n = #pts
    local cr, lr = median(creplay), median(lreplay)
    say("| %s | %s | %d | %.3f | %.3f | %d | %.4f | %.4f | %.2f | %.0fx |", case[1],
      info.core and "non-empty" or "empty", #times, median(times),
      math.max(table.unpack(times)), median(pushes), median(pushes) / n ^ 4,
      cr, lr, lr / cr)
    first = first or string.format("%s: median **%.2f s** (max %.2f), "
      .. "%.4f n^4 pushes; the C push %.0fx the Lua one", case[1],
      median(times), math.max(table.unpack(times)), median(pushes) / n ^ 4,
      lr / cr)
  end
  say("\npushes / n^4: the paper's bound is O(n^4); the constant here is the")
  say("measured pushes divided by n^4.  The Lua replay column times the plain")
  say("push of bench/baseline_push.lua on (a prefix of) the same sequence.")
  result("G", { workload = "line pushes: a random even permutation of 64 "
      .. "tokens in a 10 x 10 box", figure = first, target = "≤ 1 s",
    anchor = "bench/baseline_push.lua, a plain Lua push, same run" })
end

--}===================================================================


--{===================================================================
-- H: the square grid's two-extra-coin constructive solver (Thm 3.3)

if want("H") then
  begin()
  say("\n## H. square grid: the two-extra-coin constructive solver\n")
  local ss = require "penny.square_solver"
  local sq = require "penny.square"
  local SQ = penny.board("square")
  say("| N | box | trials | solved | median s | max s | median moves | moves / N^3 |")
  say("|---|---|---|---|---|---|---|---|")
  local at200
  for _, case in ipairs { { 50, 20 }, { 100, 28 }, { 200, 40 }, { 400, 57 } } do
    local n, w = case[1], case[2]
    local rand = lcg(n)
    local function config()
      local cells = {}
      for x = 0, w - 1 do for y = 0, w - 1 do cells[#cells + 1] = { x, y } end end
      for i = #cells, 2, -1 do local j = rand(i); cells[i], cells[j] = cells[j], cells[i] end
      local cfg = {}
      for i = 1, n do cfg[i] = cells[i] end
      return penny.config(SQ, cfg)
    end
    local times, moves, solved, trials = {}, {}, 0, 0
    while trials < 5 do
      local a, b = config(), config()
      if sq.theorem38(a, b).holds then
        trials = trials + 1
        local t0 = wall()
        local m = ss.solve(a, b)
        times[#times + 1] = wall() - t0
        if m then
          local cur = a
          for _, mv in ipairs(m:totable()) do cur = assert(cur:apply(mv, 2)) end
          assert(cur == b, "the replay does not reach the goal")
          solved = solved + 1
          moves[#moves + 1] = #m
        end
      end
    end
    local mm = median(moves)
    say("%s", string.format("| %d | %d x %d | %d | %d | %.2f | %.2f | %d | %.5f |", n, w, w, trials,
      solved, median(times), math.max(table.unpack(times)), mm or 0, (mm or 0) / n ^ 3))
    if n == 200 then
      at200 = string.format("N = 200: %d/%d solved and replayed, median "
        .. "**%.2f s** (max %.2f)", solved, trials, median(times),
        math.max(table.unpack(times)))
    end
  end
  say("\nRandom A and B (density 1/8) meeting Thm 3.3's hypotheses; times include")
  say("checking them (O(N^4) worst case, fast here) and CLEAN; every solution is")
  say("replayed by the move rule.  There is no baseline: exact search does not")
  say("reach these sizes.")
  result("H", { workload = "square grid, constructive (Thm 3.3): N coins, "
      .. "two extra, random", figure = at200, target = "N = 200 in ≤ 10 s",
    anchor = "exact search does not reach these sizes" })
end

if want("W") then
  begin()
  say("\n## W. square grid: a goal fractioned inside one rectangle (Thm 4.5)\n")
  local ss = require "penny.square_solver"
  local sq = require "penny.square"
  local SQ = penny.board("square")
  say("| N | box | trials | solved | median s | max s | median moves | moves / N^3 |")
  say("|---|---|---|---|---|---|---|---|")
  local at400
  for _, case in ipairs { { 50, 20 }, { 100, 30 }, { 200, 40 }, { 400, 60 } } do
    local n, w = case[1], case[2]
    local rand = lcg(n + 4500)
    local function pick(cells)
      for i = #cells, 2, -1 do local j = rand(i); cells[i], cells[j] = cells[j], cells[i] end
      local chosen = {}
      for i = 1, n do chosen[i] = cells[i] end
      return penny.config(SQ, chosen)
    end
    local times, moves, solved, trials = {}, {}, 0, 0
    while trials < 5 do
      -- A: n random cells of the box; B: n random cells of a band along
      -- its bottom and one along its top, each deep enough to hold them
      local all, band = {}, {}
      local hb = math.max(2, n // (2 * w) + 1 + rand(2))
      for x = 0, w - 1 do
        for y = 0, w - 1 do
          all[#all + 1] = { x, y }
          if y < hb or y >= w - hb then band[#band + 1] = { x, y } end
        end
      end
      local a, b = pick(all), pick(band)
      if #sq.rectangles(b) > 1 and sq.theorem45(a, b).holds then
        trials = trials + 1
        local t0 = wall()
        local m = ss.solve(a, b)
        times[#times + 1] = wall() - t0
        if m then
          local cur = a
          for _, mv in ipairs(m:totable()) do cur = assert(cur:apply(mv, 2)) end
          assert(cur == b, "the replay does not reach the goal")
          solved = solved + 1
          moves[#moves + 1] = #m
        end
      end
    end
    local mm = median(moves)
    say("%s", string.format("| %d | %d x %d | %d | %d | %.2f | %.2f | %d | %.5f |", n, w, w, trials,
      solved, median(times), math.max(table.unpack(times)), mm or 0, (mm or 0) / n ^ 3))
    if n == 400 then
      at400 = string.format("N = 400 in 60 x 60: %d/%d solved and replayed, "
        .. "median **%.2f s** (max %.2f)", solved, trials, median(times),
        math.max(table.unpack(times)))
    end
  end
  say("\nA: random cells of the box (its span the box); B: random cells of two")
  say("bands along the bottom and top, so span(B) is fractioned; both meeting")
  say("Thm 4.5's hypotheses.  Times include the checks and CLEAN; every")
  say("solution is replayed by the move rule.  No baseline: exact search does")
  say("not reach these sizes, and Thm 3.3 does not apply (span(B) fractioned).")
  result("W", { workload = "square grid, constructive (Thm 4.5, the sweeping "
      .. "'L'): N coins, goal in two parts", figure = at400,
    target = "N up to 400 in spans up to 60 x 60, all solved",
    anchor = "exact search does not reach these sizes" })
end

--}===================================================================


--{===================================================================
-- Q: labelled coins on the square grid (thesis Thm 3.16), P: the group
-- of label permutations against the theory

if want("Q") then
  begin()
  say("\n## Q. square grid, labelled coins: one span, the labels permuted\n")
  local ss = require "penny.square_solver"
  local sq = require "penny.square"
  local SQ = penny.board("square")
  say("| N | span | trials | solved | median s | max s | median moves | moves / N^3 | beyond the unlabelled | swaps |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local at200
  for _, case in ipairs { { 50, 10 }, { 100, 20 }, { 200, 40 } } do
    local n, w = case[1], case[2]
    local rand = lcg(n + 7)
    local times, moves, beyond, swaps, solved = {}, {}, {}, {}, 0
    for _ = 1, 5 do
      -- a minimum configuration of the w x w square and random cells more
      local cells, set = {}, {}
      for _, c in ipairs(sq.minimum_config(w, w, 0, 0):positions()) do
        cells[#cells + 1] = c; set[c[1] * 1000 + c[2]] = true
      end
      local all = {}
      for x = 0, w - 1 do for y = 0, w - 1 do all[#all + 1] = { x, y } end end
      for i = #all, 2, -1 do local j = rand(i); all[i], all[j] = all[j], all[i] end
      for _, c in ipairs(all) do
        if #cells >= n then break end
        if not set[c[1] * 1000 + c[2]] then cells[#cells + 1] = c; set[c[1] * 1000 + c[2]] = true end
      end
      local la, lb = {}, {}
      for i = 1, n do la[i], lb[i] = i, i end
      for i = n, 2, -1 do local j = rand(i); lb[i], lb[j] = lb[j], lb[i] end
      local function cfg(l)
        local t = {}
        for i, c in ipairs(cells) do t[i] = { c[1], c[2], label = l[i] } end
        return penny.config(SQ, t)
      end
      local a, b = cfg(la), cfg(lb)
      assert(sq.theorem316(a, b))
      local t0 = wall()
      local m, info = ss.solve(a, b)
      times[#times + 1] = wall() - t0
      if m then
        local ok, fin = a:check(m)
        assert(ok and fin == b, "the replay does not reach the goal")
        solved = solved + 1
        moves[#moves + 1] = #m
        local u = ss.solve(penny.config(SQ, a:positions()), penny.config(SQ, b:positions()))
        beyond[#beyond + 1] = #m - #u
        swaps[#swaps + 1] = info.swaps
      end
    end
    local mm = median(moves)
    say("%s", string.format("| %d | %d x %d | 5 | %d | %.2f | %.2f | %d | %.5f | %d | %d |", n, w, w,
      solved, median(times), math.max(table.unpack(times)), mm or 0, (mm or 0) / n ^ 3,
      median(beyond) or 0, median(swaps) or 0))
    if n == 200 then
      at200 = string.format("N = 200: %d/5 solved and replayed, median "
        .. "**%.2f s** (max %.2f), %d moves beyond the unlabelled route",
        solved, median(times), math.max(table.unpack(times)),
        median(beyond) or 0)
    end
  end
  say("\nA: a minimum configuration of the square and random cells more, labels")
  say("1..N; B: the same cells, the labels permuted at random.  Every solution is")
  say("replayed; \"beyond the unlabelled\" is its length less that of the same")
  say("puzzle without labels (Thm 3.16: O(N) more).  No baseline: exact search")
  say("does not reach these sizes.")
  result("Q", { workload = "square grid, labelled (Thm 3.16): N labelled "
      .. "coins in one span, the labels permuted", figure = at200,
    target = "N = 200 in ≤ 10 s, replayed",
    anchor = "the same puzzles without labels" })
end

--{===================================================================
-- S: explain() against exhaustive search (penny.soundness), long run

if want("S") then
  begin()
  say("\n## S. soundness: every decisive fact of explain() against search\n")
  local soundness = require "penny.soundness"
  local t0 = wall()
  local r = soundness.run{ count = opts.count, seed = opts.seed,
                           max_states = 50000 }
  say("```\n%s\n```", soundness.report(r))
  say("\n%d puzzles from seed %d in %.0f s; the truth by the plain BFS (at most",
    r.instances, opts.seed, wall() - t0)
  say("50,000 states a puzzle; the skipped ones hit that limit).")
  result("S", { workload = "soundness: explain()'s decisive facts on random "
      .. "small puzzles", figure = string.format("%d puzzles: **%d "
      .. "contradictions**", r.instances, #r.contradictions),
    target = "0 contradictions",
    anchor = "the plain BFS (at most 50,000 states a puzzle)" })
  if #r.contradictions > 0 then error("explain() contradicts the search") end
end

--}===================================================================


--{===================================================================
-- L: limits kept (bench/limits.lua), R: reading large inputs

if want("L") then
  begin()
  say("\n## L. limits: time_limit = 1 s and max_memory = 256 MiB, every solver\n")
  local f = io.popen("build/penny bench/limits.lua")
  local last = ""
  for line in f:lines() do say("%s", line); last = line ~= "" and line or last end
  f:close()
  result("L", { workload = "limits: every solver on a large puzzle, "
      .. "time_limit = 1 s, max_memory = 256 MiB",
    figure = last:match("Worst overshoot.-%%") or last,
    target = "a verdict within the limits",
    anchor = "the same process without the solve" })
end

if want("M") then
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

if want("R") then
  begin()
  say("\n## R. reading 10^6 coins\n")
  say("| input | coins | parse s | config s |")
  say("|---|---|---|---|")
  local SQ = penny.board("square")
  local n = 1000000
  local rows = {}
  for r = 1, 1000 do rows[r] = string.rep("o", 1000) end
  local art = table.concat(rows, "\n")
  local parts = {}
  for i = 1, n do parts[i] = string.format("(%d,%d)", i % 1000, i // 1000) end
  local list = table.concat(parts, " ")
  local figs = {}
  for _, case in ipairs{ { "art, 1000 rows of 1000", art, false },
                         { "coordinate list", list, true } } do
    local t0 = wall()
    if case[3] then penny.dsl.parse_coords(case[2], 2, "x")
    else penny.dsl.parse_art(case[2], "square", 2, "x") end
    local t1 = wall()
    local c = penny.config(SQ, case[2])
    local t2 = wall()
    say("| %s | %d | %.2f | %.2f |", case[1], #c, t1 - t0, t2 - t1)
    figs[#figs + 1] = string.format("%s **%.2f s**", case[3] and "a list"
      or "art", t2 - t1)
  end
  say("\nparse: penny.dsl alone; config: penny.config, parse included "
    .. "(every coin checked and located, duplicates found by one sort).")
  result("R", { workload = "reading 10^6 coins into a configuration",
    figure = table.concat(figs, ", "), target = "linear in the input",
    anchor = "penny.dsl's parse alone" })
end

--}===================================================================

--{===================================================================
-- --record FILE: the results written into BENCHMARKS.md

local function machine()
  local os_name = "Linux"
  local f = io.open("/etc/os-release")
  if f then
    os_name = f:read("a"):match('PRETTY_NAME="([^"]*)"') or os_name
    f:close()
  end
  local cpu, cores, mem = "", 0, 0
  f = io.open("/proc/cpuinfo")
  if f then
    local t = f:read("a")
    f:close()
    cpu = t:match("model name%s*:%s*([^\n]+)") or ""
    for _ in ("\n" .. t):gmatch("\nprocessor%s*:") do cores = cores + 1 end
  end
  f = io.open("/proc/meminfo")
  if f then
    mem = (tonumber(f:read("a"):match("MemTotal:%s*(%d+)")) or 0) * 1024
    f:close()
  end
  return string.format("%s, %s, %d cores, %.0f GB",
    (os_name:gsub(" GNU/Linux", "")), (cpu:gsub("%s+", " ")), cores, mem / 1e9)
end

local function record(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  local command = #given == 0 and "make bench"
    or "make bench BENCH_ARGS=\"" .. table.concat(given, " ") .. "\""
  local date, where = os.date("!%Y-%m-%d"), machine()
  -- the table's column: the processor, cores and memory
  local short = where:match("^[^,]*, (.*)$") or where
  for _, r in ipairs(results) do
    local row = string.format("| %s | %s | %s | %s | %s | `%s` | %s | %s |",
      r.part, r.workload, r.figure or "", r.target, r.anchor, command, date,
      short)
    -- the row in the table of current results (the sections' tables
    -- may have rows that start alike)
    local a, b = text:find("\n## Current results\n.-\n## ")
    local n = 0
    if a then
      local table_text = text:sub(a, b)
      table_text, n = table_text:gsub("\n| " .. r.part .. " |[^\n]*", function()
        return "\n" .. row
      end, 1)
      text = text:sub(1, a - 1) .. table_text .. text:sub(b + 1)
    end
    if n == 0 then error("no row for part " .. r.part .. " in " .. path) end
    local body = r.text:gsub("^\n*## [^\n]*\n", "")
    local section = string.format("<!-- part %s -->\nMeasured %s on %s with "
      .. "`%s`:\n%s\n<!-- end %s -->", r.part, date, where, command, body,
      r.part)
    text, n = text:gsub("<!%-%- part " .. r.part .. " %-%->.-<!%-%- end "
      .. r.part .. " %-%->", function() return section end, 1)
    if n == 0 then error("no section for part " .. r.part .. " in " .. path) end
  end
  f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  say("\n%d part(s) recorded in %s", #results, path)
end

if opts.record then record(opts.record) end

--}===================================================================
