--[[
bench/parts/square.lua -- parts H, W, Q, K of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, say, begin, result, median, wall, lcg =
  S.penny, S.say, S.begin, S.result, S.median, S.wall, S.lcg

local P = {}

-- H: the square grid's two-extra-coin constructive solver (Thm 3.3)
function P.H()
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

function P.W()
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

-- Q: labelled coins on the square grid (thesis Thm 3.16), P: the group
-- of label permutations against the theory
function P.Q()
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

-- K: minimum+1 puzzles of about 1,000 coins by the pushing game's
-- theorems (bench/square_chains.lua), every answer replayed
function P.K()
  begin()
  say("\n## K. square grid, one extra coin: the pushing game's theorems\n")
  local f = io.popen("build/penny bench/square_chains.lua 1000 5 1")
  local rows = {}
  for line in f:lines() do
    say("%s", line)
    local kind, coins, solved, unsolvable, med, max =
      line:match("^| (%a+) | (%d+) | %d+ | (%d+) | (%d+) | %d+ | ([%d.]+) | ([%d.]+) |")
    if kind then rows[kind] = { coins, solved, unsolvable, med, max } end
  end
  f:close()
  say("\nStart: M and a coin on a free cell of the span; goal: M' and a coin")
  say("beside two of M'. chain: two random 2-paths between the corners of a")
  say("box; comb: a 2-path with straight lines out of up to four sides, the")
  say("goal one active rectangle's 2-path redrawn ten times; redrawn: the")
  say("comb's box path redrawn whole; moved: one line moved by a cell, so a")
  say("fixed leaf moves (Prop 3.35). Every solution replayed as coin moves.")
  local c, k = rows.chain or {}, rows.comb or {}
  result("K", { workload = "square grid, one extra coin: minimum+1 puzzles "
      .. "of about 1,000 coins (2-paths, and 2-connected combs)",
    figure = string.format("chain of %s coins: %s/5 solved, median **%s s** "
      .. "(max %s); comb of %s coins: %s/5, median **%s s** (max %s)",
      c[1] or "?", c[2] or "?", c[4] or "?", c[5] or "?", k[1] or "?",
      k[2] or "?", k[4] or "?", k[5] or "?"),
    target = "N >= 1,000 in a few seconds, replayed",
    anchor = "the pushing game's search takes spans of at most 62 cells" })
end

return P
