--[[
bench/parts/letters.lua -- parts A, B, C, D of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, cs, opts, BUDGET, corpus, say, begin, result, peak_rss, reset_peak, median, wall, letters_of =
  S.penny, S.cs, S.opts, S.BUDGET, S.corpus, S.say, S.begin, S.result, S.peak_rss, S.reset_peak, S.median, S.wall, S.letters_of

local P = {}

--[[
Every puzzle of a font, goal by goal, one set of databases per goal: the
whole set as one run.  Part A runs font5x7 this way with --by goal, part
D font5x9 with --goal all.  With `starts`, one holder serves the whole run
and keeps that many sets from starts (backward searches) from goal to
goal, so each start letter's are built once; else a holder per goal.
Returns the run's figures for the part's row.
]]
local function goal_by_goal(font, part, starts)
  say("\n## %s. %s: every puzzle, goal by goal, one set of databases per goal%s\n",
    part, font, starts and " (those from starts kept for the run)" or "")
  say("| goal | puzzles | max moves | states stored | seconds | databases s | peak GB | lengths = Chaffin | paths replayed | methods |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local bygoal = {}
  for k in pairs(corpus.solutions[font]) do
    local g = k:match("%-(.+)$")
    bygoal[g] = bygoal[g] or {}
    table.insert(bygoal[g], k)
  end
  local total_t, total_states, total_puzzles, bad, notreplayed, peak = 0, 0, 0, 0, 0, 0
  local shared = starts and penny.databases{ starts = starts }
  local t_all = wall()
  for _, g in ipairs(letters_of(font)) do
    if not opts.letters or opts.letters:find(g, 1, true) then
      local keys = bygoal[g]
      table.sort(keys)
      local db = shared or penny.databases()
      local same, replayed, maxd, states, built, methods = 0, 0, 0, 0, 0, {}
      reset_peak()
      local t0 = wall()
      for _, key in ipairs(keys) do
        local p, known = cs.puzzle(corpus, font, key)
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
      if not shared then db:clear() end
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
  say("\n%s: %d puzzles, %d lengths differ from Chaffin's, %d paths fail the "
    .. "replay; solves %.0f s, whole part %.0f s (%.1f min) wall; peak %.2f GB; "
    .. "%d states stored in all", part, total_puzzles, bad, notreplayed, total_t,
    elapsed, elapsed / 60, peak / 1e9, total_states)
  return total_puzzles, bad, notreplayed, elapsed, peak
end

-- A: font5x7, every puzzle, one distance table per start letter
function P.A()
  if opts.by == "goal" then
    begin()
    local total_puzzles, bad, notreplayed, elapsed, peak = goal_by_goal("font5x7", "A")
    result("A", { workload = "font5x7: the 1,332 letter puzzles, goal by goal",
      figure = string.format("%d/%d at Chaffin's length, %d replayed; **%.1f min** "
        .. "wall, peak %.2f GB", total_puzzles - bad, total_puzzles,
        total_puzzles - notreplayed, elapsed / 60, peak / 1e9),
      target = "all at Chaffin's length, ≤ 1 h, ≤ 4 GB",
      anchor = "Chaffin's run: 13 min and 10.5 GB per start letter, 8 h" })
  else
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
end

-- B: font5x9, F-R and the ten longest
function P.B()
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

-- C: the plain baseline and the engine on the same puzzles
function P.C()
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

-- D: what the whole font5x9 set would take
function P.D()
  if opts.goal == "all" then
    begin()
    local total, bad, notreplayed, elapsed, peak =
      goal_by_goal("font5x9", "D", #letters_of("font5x9"))
    result("D", { workload = "font5x9: the 1,332 letter puzzles, goal by goal, one run",
      figure = string.format("%d/%d at Chaffin's length, %d replayed; **%.1f min** "
        .. "wall, peak %.2f GB", total - bad, total, total - notreplayed,
        elapsed / 60, peak / 1e9),
      target = "all at Chaffin's length, ≤ 30 min (moonshot 10)",
      anchor = "Chaffin: about 30 h per start letter" })
    return
  end
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

return P
