-- The engine on windows of 65 to 256 cells (csrc/search/wide.c): the
-- bidirectional search and A* held to the plain BFS, the reference.
local penny = require "penny"
local S = require "support"

local random_walk = S.random_walk

-- a start of n coins whose span (the search window) passes 64 cells:
-- coins at random in a random part of the board, dense enough to span it
local function wide_start(board, rand, n)
  local cells = board:cells()
  local lo, hi = board:bbox()
  local W, H = hi[1] - lo[1] + 1, hi[2] - lo[2] + 1
  for _ = 1, 500 do
    local w = math.min(W, 7 + rand(math.max(W - 6, 1)))
    local h = math.min(H, 7 + rand(math.max(H - 6, 1)))
    local x0, y0 = lo[1] + rand(W - w + 1) - 1, lo[2] + rand(H - h + 1) - 1
    local part = {}
    for _, c in ipairs(cells) do
      if c[1] >= x0 and c[1] < x0 + w and c[2] >= y0 and c[2] < y0 + h then
        part[#part + 1] = c
      end
    end
    if #part > n then
      for i = #part, 2, -1 do
        local j = rand(i)
        part[i], part[j] = part[j], part[i]
      end
      local a = penny.config(board, { table.unpack(part, 1, n) })
      if #a:span() > 64 and #a:movelist() > 0 then return a end
    end
  end
  error("no start of " .. n .. " coins spans more than 64 cells")
end

local BOXES = {
  { lattice = "square", width = 9, height = 9, coins = { 10, 14 } },
  { lattice = "square", width = 10, height = 10, coins = { 10, 13 } },
  { lattice = "square", width = 12, height = 12, coins = { 11, 13 } },
  { lattice = "triangular", width = 10, height = 7, coins = { 10, 13 } },
  { lattice = "triangular", width = 16, height = 15, coins = { 8, 10 } },
  { lattice = "king", width = 9, height = 8, coins = { 9, 11 } },
}

-- fn(p, ref) on two puzzles of 13 coins in a 10 x 10 box, goals `steps`
-- random moves away, whose solution by `opts` is solved and accepted
local function two_puzzles(seed, steps, opts, accept, fn)
  local rand = S.rng(seed)
  local board = penny.board{ width = 10, height = 10 }
  local done = 0
  while done < 2 do
    local a = wide_start(board, rand, 13)
    local p = penny.puzzle{ board = board, start = a,
                            goal = random_walk(a, rand, steps) }
    local ref = p:solve(opts)
    if ref.verdict == "solved" and accept(ref) then
      done = done + 1
      fn(p, ref)
    end
  end
end

describe("the engine on windows past 64 cells", function()
  for bi, spec in ipairs(BOXES) do
    local name = string.format("%s %d x %d", spec.lattice, spec.width, spec.height)
    it("agrees with the plain BFS: " .. name, function()
      local rand = S.rng(4200 + bi)
      local board = penny.board{ lattice = spec.lattice, width = spec.width,
                                 height = spec.height }
      local lo, hi = spec.coins[1], spec.coins[2]
      local wide = 0
      for trial = 1, 6 do
        local a = wide_start(board, rand, lo + rand(hi - lo + 1) - 1)
        local g = random_walk(a, rand, 1 + rand(3))
        local up_to = trial % 3 == 0 and "translation" or "fixed"
        local p = penny.puzzle{ board = board, start = a, goal = g, up_to = up_to }
        local ref = p:solve{ method = "bfs" }
        assert.equal("solved", ref.verdict)
        for _, m in ipairs{ "bidir", "astar", "auto" } do
          local s = p:solve{ method = m, threads = 1 + trial % 2 }
          local what = m .. " trial " .. trial
          assert.equal(ref.verdict, s.verdict, what)
          assert.equal(#ref, #s, what)
          assert.is_true(p:check(s.moves), what)
          if m ~= "auto" then
            assert.matches("^optimal", s.reason, 1, false)
          end
        end
        wide = wide + 1
      end
      assert.equal(6, wide)
    end)
  end

  -- A* keeps each entry's move beside it in a second word here (53-bit
  -- keys, 16-bit moves): batches and buckets of two-word entries, the
  -- same search on any number of threads, fully and partially expanded
  it("runs the same A* on 1, 2 and 3 threads, full and partial", function()
    two_puzzles(4877, 9, { method = "astar", threads = 1, pdb = false },
      function(ref) return #ref >= 6 and ref.stats.states > 5000 end,
      function(p, ref)
        for _, partial in ipairs{ false, true } do
          local one = p:solve{ method = "astar", threads = 1, pdb = false,
                               partial = partial }
          assert.equal(#ref, #one)
          for _, t in ipairs{ 2, 3 } do
            local s = p:solve{ method = "astar", threads = t, pdb = false,
                               partial = partial }
            local what = string.format("%d threads, partial %s", t,
                                       tostring(partial))
            assert.equal(one.stats.states, s.stats.states, what)
            assert.same(one.moves, s.moves, what)
          end
        end
      end)
  end)

  -- move pruning (csrc/search/wide.c: succ_after, pred_after) leaves out
  -- the moves that commute with the last one, forward and backward, on
  -- the counters (d <= 3) and the dense rule (d = 4): the searches with
  -- and without it find the same lengths, and every path replays
  for _, case in ipairs{
    { lattice = "square", width = 10, height = 10, d = 2, coins = 13 },
    { lattice = "triangular", width = 12, height = 8, d = 3, coins = 16 },
    { lattice = "king", width = 9, height = 9, d = 4, coins = 16 },
  } do
    local name = string.format("%s %d x %d, d = %d", case.lattice, case.width,
                               case.height, case.d)
    it("prunes moves without losing a shortest path: " .. name, function()
      local rand = S.rng(5100 + case.d)
      local board = penny.board{ lattice = case.lattice, width = case.width,
                                 height = case.height }
      local fewer, seen = 0, 0
      while seen < 4 do
        local a = wide_start(board, rand, case.coins)
        local g = a
        for _ = 1, 6 do
          local ms = g:movelist(case.d)
          if #ms == 0 then break end
          g = g:apply(ms[rand(#ms)])
        end
        local p = penny.puzzle{ board = board, start = a, goal = g,
                                rule = case.d }
        local ref = p:solve{ method = "bidir", prune = false, threads = 1 }
        if ref.verdict == "solved" and #ref >= 3 then
          local stored = {}
          seen = seen + 1
          for i, o in ipairs{ { method = "bidir", threads = 1 },
                              { method = "bidir", threads = 2 },
                              { method = "astar", pdb = false },
                              { method = "astar", prune = false,
                                pdb = false } } do
            local s = p:solve(o)
            local what = string.format("%s%s, %d threads", o.method,
              o.prune == false and " unpruned" or "", o.threads or 0)
            assert.equal("solved", s.verdict, what)
            assert.equal(#ref, #s, what)
            assert.is_true(p:check(s.moves), what)
            stored[i] = s.stats.states
          end
          -- A* stores the successors it lists: fewer when it prunes
          if stored[3] < stored[4] then fewer = fewer + 1 end
        end
      end
      assert.is_true(fewer > 0, "A* pruned on none of the puzzles")
    end)
  end

  -- layers of thousands of states: the chunks run on every thread, and
  -- each layer's new keys are collected as they are inserted, or (a
  -- budget with little room to spare) listed by a scan of the tables
  it("stores the same states from both ends on 1, 2 and 3 threads, collected or scanned", function()
    two_puzzles(4811, 7, { method = "bidir", threads = 1 },
      function(ref) return ref.stats.states > 20000 end,
      function(p, ref)
        for _, o in ipairs{ { threads = 2 }, { threads = 3 },
                            { threads = 1, max_memory = 4e6 },
                            { threads = 3, max_memory = 4e6 } } do
          o.method = "bidir"
          local s = p:solve(o)
          local what = string.format("%d threads, %s bytes", o.threads,
                                     tostring(o.max_memory))
          assert.equal("solved", s.verdict, what)
          assert.equal(#ref, #s, what)
          if not o.max_memory then
            assert.equal(ref.stats.states, s.stats.states, what)
            assert.same(ref.moves, s.moves, what)
          end
        end
      end)
  end)

  -- the configurations that can reach goal, by reverse moves checked
  -- with the reference move rule (cfg:legal), labels kept, or nil past
  -- max
  local function reaching(goal, max)
    local seen, list, i = { [goal:key()] = true }, { goal }, 1
    local cells = goal:board():cells()
    while list[i] do
      local y = list[i]
      i = i + 1
      for _, t in ipairs(y:coins()) do
        local rest = y:without(t)
        for _, a in ipairs(cells) do
          if not y:has(a) then
            local x = rest:with(a)
            if t.label and x:legal{ from = a, to = t } then
              -- the coin on a carries t's label
              local cs, c = rest:coins(), { table.unpack(a) }
              c.label = t.label
              cs[#cs + 1] = c
              x = penny.config(goal:board(), cs)
            end
            if x:legal{ from = a, to = t } and not seen[x:key()] then
              seen[x:key()] = true
              list[#list + 1] = x
              if #list > max then return nil end
            end
          end
        end
      end
    end
    return seen
  end

  it("says unsolvable only when no configuration that reaches the goal is the start", function()
    local rand = S.rng(4600)
    local board = penny.board{ width = 10, height = 10 }
    local unsolvable, solvable = 0, 0
    for _ = 1, 40 do
      local a = wide_start(board, rand, 10)
      local g = S.random_config(board, 10, rand)
      local back = reaching(g, 3000)
      if back then
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local s = p:solve{ method = "bidir" }
        if back[a:key()] then
          solvable = solvable + 1
          assert.equal("solved", s.verdict)
        else
          unsolvable = unsolvable + 1
          assert.equal("unsolvable", s.verdict)
        end
      end
    end
    assert.is_true(unsolvable >= 10, "unsolvable " .. unsolvable)
  end)

  it("takes goals with fewer coins by A* alone", function()
    local rand = S.rng(4300)
    local board = penny.board{ width = 10, height = 10 }
    for trial = 1, 4 do
      local a = wide_start(board, rand, 12)
      local g = random_walk(a, rand, 2 + rand(2))
      local coins = g:coins()
      for _ = 1, 1 + rand(3) do table.remove(coins, rand(#coins)) end
      local p = penny.puzzle{ board = board, start = a,
                              goal = penny.config(board, coins), partial = true }
      local ref = p:solve{ method = "bfs" }
      local s = p:solve{ method = "astar" }
      assert.equal(ref.verdict, s.verdict, "trial " .. trial)
      assert.equal(#ref, #s, "trial " .. trial)
      assert.is_true(p:check(s.moves))
      local ok, err = pcall(p.solve, p, { method = "bidir" })
      assert.is_false(ok)
      assert.matches("needs a goal with every coin", err)
    end
  end)

  it("says which method can take what it cannot", function()
    local rand = S.rng(4400)
    local board = penny.board{ width = 10, height = 10 }
    local a = wide_start(board, rand, 12)
    local g = random_walk(a, rand, 2)
    local p = penny.puzzle{ board = board, start = a, goal = g }
    -- C(cells, 12) ranked states on a span of 65-100 cells: more than the
    -- budget holds
    local s = p:solve{ method = "full" }
    assert.equal("unknown", s.verdict)
    assert.matches("ranked space %([%d.e+]+ states%).*over the memory budget.*'astar' and 'bidir'", s.reason)
    local ok, err
    -- labelled coins, and more sets of cells than 2^63: the plain
    -- search's states (bfs.c) hold no distance table either
    local coins = a:coins()
    for i, c in ipairs(coins) do c.label = i % 2 + 1 end
    local la = penny.config(board, coins)
    local lp = penny.puzzle{ board = board, start = la,
                             goal = random_walk(la, rand, 2), up_to = "translation" }
    ok, err = pcall(lp.solve, lp, { method = "full" })
    assert.is_false(ok)
    assert.matches("coins that are all alike.*method 'bfs'", err)
    local big
    repeat big = S.random_config(board, 22, rand) until #big:span() == 100
    local bp = penny.puzzle{ board = board, start = big,
                             goal = random_walk(big, rand, 1), up_to = "translation" }
    ok, err = pcall(bp.solve, bp, { method = "full" })
    assert.is_false(ok)
    assert.matches("more than 2%^63 configurations.*method 'bfs'", err)
    assert.equal(1, #bp:solve{ method = "auto" })
  end)

  -- the plain search from both ends (csrc/search/bfs.c), where the wide
  -- game's keys do not hold the states: against the plain BFS
  local function same_as_plain(p, what)
    local ref = p:solve{ method = "bfs", max_states = 3000000 }
    if ref.verdict == "unknown" then return false end
    for _, m in ipairs{ "bidir", "astar", "auto" } do
      local s = p:solve{ method = m }
      assert.equal(ref.verdict, s.verdict, what .. " " .. m)
      if ref.verdict == "solved" then
        assert.equal(#ref, #s, what .. " " .. m)
        assert.is_true(p:check(s.moves), what .. " " .. m)
        if m ~= "auto" then
          assert.matches(m == "bidir" and "^optimal: bidirectional" or "^optimal: A%*", s.reason)
        end
      end
    end
    return true
  end

  it("searches labelled coins from both ends and by A*, fixed goals, solvable or not", function()
    local rand = S.rng(4700)
    local solved, unsolvable, partial = 0, 0, 0
    for trial = 1, 24 do
      local board = penny.board(trial % 2 == 0
        and { lattice = "square", width = 10, height = 9 }
        or { lattice = "triangular", width = 10, height = 7 })
      local a = wide_start(board, rand, 8 + rand(3))
      local coins = a:coins()
      -- every label different, or three colours
      local colours = trial % 4 < 2 and #coins or 3
      for i, c in ipairs(coins) do c.label = (i - 1) % colours + 1 end
      a = penny.config(board, coins)
      if trial % 3 == 0 then
        -- a goal drawn in span(A) with the same labels, held to the
        -- configurations that reach it (the plain BFS from the start
        -- would not finish: labelled spaces are large)
        local cells = a:span():positions()
        for i = #cells, 2, -1 do local j = rand(i); cells[i], cells[j] = cells[j], cells[i] end
        for i, c in ipairs(coins) do cells[i].label = c.label end
        local g = penny.config(board, { table.unpack(cells, 1, #coins) })
        local back = reaching(g, 3000)
        if back and not back[a:key()] then
          local p = penny.puzzle{ board = board, start = a, goal = g }
          local s = p:solve{ method = "bidir", max_states = 1000000 }
          assert.equal("unsolvable", s.verdict, "trial " .. trial)
          if s.reason:find("^complete search") then unsolvable = unsolvable + 1 end
          -- auto too: its short search from both ends comes before A*
          assert.equal("unsolvable", p:solve{ time_limit = 10 }.verdict, "trial " .. trial)
        end
      elseif trial % 3 == 1 then
        -- a goal of fewer coins, by A*: the plain BFS stops at the first
        -- configuration holding them
        local g = random_walk(a, rand, 1 + rand(2))
        local gc = g:coins()
        for _ = 1, 1 + rand(3) do table.remove(gc, rand(#gc)) end
        local p = penny.puzzle{ board = board, start = a,
                                goal = penny.config(board, gc), partial = true }
        local ref = p:solve{ method = "bfs", max_states = 3000000 }
        if ref.verdict == "solved" then
          local s = p:solve{ method = "astar" }
          assert.equal("solved", s.verdict, "trial " .. trial)
          assert.equal(#ref, #s, "trial " .. trial)
          assert.is_true(p:check(s.moves))
          partial = partial + 1
        end
      else
        local p = penny.puzzle{ board = board, start = a,
                                goal = random_walk(a, rand, 1 + rand(2)) }
        if same_as_plain(p, "trial " .. trial) then solved = solved + 1 end
      end
    end
    assert.is_true(solved >= 6 and unsolvable >= 3 and partial >= 4, solved
      .. " solved, " .. unsolvable .. " proved unsolvable by the search, "
      .. partial .. " goals of fewer coins")
  end)

  it("searches goals up to translation, rotation and symmetry past one word from every placement", function()
    -- labelled coins on square and triangular windows of 70-90 cells, and
    -- more coin sets than 2^63: the goal's side starts from each image
    -- of the goal in the window, and A*'s bound takes the nearest.  The
    -- goal is drawn a few moves away and then moved by a cell, so the
    -- answers end on another image than the one given
    local rand = S.rng(5100)
    local modes = { "translation", "rotation", "symmetry" }
    local function shifted(board, g)
      for _, v in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
        local coins, ok = g:coins(), true
        for _, c in ipairs(coins) do
          c[1], c[2] = c[1] + v[1], c[2] + v[2]
          ok = ok and board:contains(c)
        end
        if ok then return penny.config(board, coins) end
      end
      return g
    end
    local done, elsewhere = 0, 0
    for trial = 1, 15 do
      local up_to = modes[trial % 3 + 1]
      local board, a, steps
      if trial % 5 == 0 then
        board = penny.board{ width = 10, height = 10 }
        repeat a = S.random_config(board, 18 + rand(4), rand) until #a:span() == 100
        steps = 1 + rand(2)
      else
        board = penny.board(trial % 2 == 0
          and { lattice = "square", width = 10, height = 9 }
          or { lattice = "triangular", width = 10, height = 7 })
        a = wide_start(board, rand, 8 + rand(3))
        local coins = a:coins()
        local colours = trial % 4 < 2 and #coins or 2
        for i, c in ipairs(coins) do c.label = (i - 1) % colours + 1 end
        a = penny.config(board, coins)
        steps = 2 + rand(2)
      end
      local g = shifted(board, random_walk(a, rand, steps))
      local p = penny.puzzle{ board = board, start = a, goal = g, up_to = up_to }
      if same_as_plain(p, "trial " .. trial) then
        done = done + 1
        local c = a
        for _, m in ipairs(p:solve{ method = "astar" }.moves) do c = c:apply(m) end
        if c:key() ~= g:key() then elsewhere = elsewhere + 1 end
      end
    end
    assert.is_true(done >= 12 and elsewhere >= 8, done .. " compared, "
      .. elsewhere .. " ending on another image of the goal")
  end)

  -- the layers of the states reachable from a, by the move checker's
  -- moves and keys (a search written apart from the engine)
  local function layers_apart(a)
    local depth, layer, layers = { [a:key()] = 0 }, { a }, { 1 }
    while true do
      local nextl = {}
      for _, c in ipairs(layer) do
        for _, m in ipairs(c:movelist()) do
          local x = c:apply(m)
          local k = x:key()
          if not depth[k] then
            depth[k] = #layers
            nextl[#nextl + 1] = x
          end
        end
      end
      if #nextl == 0 then return layers, depth end
      layers[#layers + 1] = #nextl
      layer = nextl
    end
  end

  it("searches the whole ranked space past 64 cells: distance tables and method full", function()
    local rand = S.rng(5200)
    for trial = 1, 4 do
      local board = penny.board(trial % 2 == 1
        and { lattice = "triangular", width = 12, height = 8 }
        or { lattice = "king", width = 10, height = 9 })
      local a
      repeat a = S.random_config(board, 3 + trial % 2, rand) until #a:movelist() > 0
      local targets = {}
      for i = 1, 4 do targets[i] = random_walk(a, rand, 2 + rand(8)) end
      targets[5] = S.random_config(board, #a, rand)
      local want, depth = layers_apart(a)
      local tables = {}
      for threads = 1, 2 do
        local t = penny.distances(a, { targets = targets, complete = true, threads = threads })
        assert.equal("two", t.encoding)
        assert.same(want, t.layers, "trial " .. trial)
        assert.equal(#want - 1, t.maxdepth)
        assert.equal(depth[t.hardest:key()], t.maxdepth)
        for i, g in ipairs(targets) do
          assert.equal(depth[g:key()] or -1, t.dist[i], "trial " .. trial .. " target " .. i)
          if t.dist[i] >= 0 then
            local p = penny.puzzle{ board = board, start = a, goal = g }
            assert.equal(t.dist[i], #t.paths[i])
            assert.is_true(p:check(t.paths[i]))
          else
            assert.is_false(t.paths[i])
          end
        end
        tables[threads] = t
      end
      assert.same(tables[1].dist, tables[2].dist)
      -- method full toward a goal, fixed or up to translation
      for k = 1, 4 do
        local p = penny.puzzle{ board = board, start = a, goal = targets[k],
                                up_to = k % 2 == 0 and "translation" or "fixed" }
        local ref = p:solve{ method = "bfs" }
        local s = p:solve{ method = "full" }
        assert.equal(ref.verdict, s.verdict)
        assert.equal(#ref, #s)
        assert.is_true(p:check(s.moves))
        assert.matches("^optimal: full%-space BFS %(ranked keys", s.reason)
      end
      local p = penny.puzzle{ board = board, start = a, goal = targets[5] }
      assert.equal(p:solve{ method = "bfs" }.verdict, p:solve{ method = "full" }.verdict)
    end
  end)

  it("runs A* with window pattern databases past 64 cells, optimal as the search from both ends", function()
    -- square 9 x 9 to 12 x 12 boxes and triangular windows of 96-108
    -- cells, 13 to 15 coins, goals 6-9 random moves away: A* with the
    -- tables (20-cell windows by default, 24 asked), and without them
    local rand = S.rng(5300)
    local fewer = 0
    for trial = 1, 6 do
      local board = penny.board(({
        { width = 9, height = 9 }, { lattice = "triangular", width = 12, height = 8 },
        { width = 12, height = 12 }, { lattice = "triangular", width = 12, height = 9 },
        { width = 10, height = 10 }, { lattice = "triangular", width = 12, height = 8 } })[trial])
      local a
      repeat a = S.random_config(board, 12 + rand(3), rand) until #a:movelist() > 0 and #a:span() > 64
      local p = penny.puzzle{ board = board, start = a, goal = random_walk(a, rand, 5 + rand(4)) }
      local ref = p:solve{ method = "bidir" }
      local plain = p:solve{ method = "astar", pdb = false }
      for _, pdb in ipairs{ true, 24 } do
        local s = p:solve{ method = "astar", pdb = pdb }
        assert.equal(ref.verdict, s.verdict, "trial " .. trial)
        assert.equal(#ref, #s, "trial " .. trial)
        assert.is_true(p:check(s.moves))
        assert.is_true(s.stats.pdb_seconds > 0, "trial " .. trial)
        assert.matches("^optimal: A%* with window pattern databases", s.reason)
        if s.stats.states < plain.stats.states then fewer = fewer + 1 end
      end
      assert.equal(#ref, #plain)
      assert.matches("^optimal: A%* with an admissible heuristic %(uncovered goal cells%)", plain.reason)
    end
    assert.is_true(fewer >= 4, fewer .. " searches with the tables stored fewer states")
  end)

  it("keeps the ranked space within its limits past 64 cells", function()
    local board = penny.board{ lattice = "triangular", width = 12, height = 8 }
    local a = penny.config(board, "(0,0) (1,0) (0,1) (3,3) (4,3)")
    local g = random_walk(a, S.rng(1), 4)
    local p = penny.puzzle{ board = board, start = a, goal = g }
    -- C(96, 5) = 61 M states at two bits: 15 MB
    local s = p:solve{ method = "full", max_memory = 2^20 }
    assert.equal("unknown", s.verdict)
    assert.matches("ranked space.*over the memory budget", s.reason)
    assert.is_true(s.lower_bound >= 1)
    local ok, err = pcall(penny.distances, a, { targets = { g }, max_memory = 2^20 })
    assert.is_false(ok)
    assert.matches("over the memory budget", err)
    ok, err = pcall(penny.distances, a, { targets = { g }, encoding = "lean" })
    assert.is_false(ok)
    assert.matches("encoding 'lean' takes windows of at most 64 cells", err)
    s = p:solve{ method = "full", time_limit = 1e-6 }
    assert.equal("unknown", s.verdict)
  end)

  it("searches more sets of cells than 2^63 from both ends and by A* (18 to 22 coins in 10 x 10)", function()
    local rand = S.rng(4800)
    local board = penny.board{ width = 10, height = 10 }
    local done = 0
    for trial = 1, 5 do
      local a
      repeat a = S.random_config(board, 17 + rand(5), rand) until #a:span() == 100
      local p = penny.puzzle{ board = board, start = a,
                              goal = random_walk(a, rand, 1 + rand(2)) }
      if same_as_plain(p, "trial " .. trial) then done = done + 1 end
    end
    assert.is_true(done >= 4, done .. " compared")
  end)

  it("gives auto's A* the optimum after its short search from both ends (ranked keys)", function()
    local rand = S.rng(4900)
    local board = penny.board{ width = 10, height = 10 }
    local by_astar = 0
    for trial = 1, 6 do
      local a = wide_start(board, rand, 13 + rand(3))
      local p = penny.puzzle{ board = board, start = a, goal = random_walk(a, rand, 9) }
      local ref = p:solve{ method = "bidir" }
      local s = p:solve()
      assert.equal("solved", ref.verdict, "trial " .. trial)
      assert.equal(#ref, #s, "trial " .. trial)
      assert.is_true(p:check(s.moves))
      if s.reason:find("^optimal: A%*") then by_astar = by_astar + 1 end
    end
    assert.is_true(by_astar >= 2, by_astar .. " answered by A*")
  end)

  it("gives auto the optimum of goals a few moves away in 10 x 10 spans", function()
    local rand = S.rng(4500)
    local board = penny.board("square")
    local box = penny.board{ width = 10, height = 10 }
    -- 15 to 17 coins: ranked keys, from both ends; 19 to 22 (more coin
    -- sets than 2^63): A* on the plain states
    for trial = 1, 8 do
      local wide = trial <= 4
      local a
      repeat
        a = S.random_config(box, (wide and 14 or 18) + rand(wide and 3 or 4), rand)
      until #a:span() == 100
      a = penny.config(board, a:coins())
      local g = random_walk(a, rand, wide and 4 or 6)
      local p = penny.puzzle{ start = a, goal = g }
      local s = p:solve()
      assert.equal("solved", s.verdict, "trial " .. trial)
      assert.is_true(s.optimal, "trial " .. trial)
      assert.is_true(#s <= (wide and 4 or 6), "trial " .. trial)
      -- (past one word, a short search from both ends, then A*)
      if wide then assert.matches("^optimal: bidirectional", s.reason)
      else assert.is_truthy(s.reason:find("^optimal: A%*") or s.reason:find("^optimal: bidirectional")) end
      assert.is_true(p:check(s.moves))
    end
  end)
end)
