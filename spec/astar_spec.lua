local penny = require "penny"
local S = require "support"
local cs = require "penny.coinsliding"

local random_walk = S.random_walk
local random_puzzle = S.random_puzzle
local assert_same_moves = S.assert_same_moves
local BOARDS = S.ENGINE_BOARDS

-- the 7 x 3 king's board of the relaxed-distance tests: its cells, the
-- each cell's neighbours as a mask, a popcount, a start and a goal of 3
-- coins in opposite corners, and their masks
local function king_window()
  local board = penny.board{ lattice = "king", width = 7, height = 3 }
  local cells, index = board:cells(), {}
  local function at(pos) return index[pos[1] .. "," .. pos[2]] end
  for i, c in ipairs(cells) do index[c[1] .. "," .. c[2]] = i - 1 end
  local nbr = {}
  for i, c in ipairs(cells) do
    local m = 0
    for _, q in ipairs(board:neighbours(c)) do m = m | 1 << at(q) end
    nbr[i - 1] = m
  end
  local function popcount(x)
    local n = 0
    while x ~= 0 do x = x & (x - 1); n = n + 1 end
    return n
  end
  local start = penny.config(board, { { 0, 0 }, { 1, 0 }, { 0, 1 } })
  local goal = penny.config(board, { { 6, 2 }, { 5, 2 }, { 6, 1 } })
  local function mask(cfg)
    local m = 0
    for _, pos in ipairs(cfg:positions()) do m = m | 1 << at(pos) end
    return m
  end
  return board, cells, nbr, popcount, start, goal, mask(start), mask(goal)
end

-- every 3-coin configuration's bound (toward the goal, or from the
-- start) equals its distance in dist (none: math.huge), and some are dead
local function every_triple(board, cells, dist, db, side)
  local n, dead = 0, 0
  for a = 0, #cells - 1 do
    for b = a + 1, #cells - 1 do
      for c = b + 1, #cells - 1 do
        local x = penny.config(board, { cells[a + 1], cells[b + 1], cells[c + 1] })
        local want = dist[1 << a | 1 << b | 1 << c] or math.huge
        assert.equal(want, (db:bound(x, side)))
        n = n + 1
        if want == math.huge then dead = dead + 1 end
      end
    end
  end
  assert.equal(1330, n)
  assert.is_true(dead > 0 and dead < n, "vacuous")
end

-- distances from the subset src (a mask over ncell cells) in a 0-1
-- graph: free(t, c) and paid(t, c) give the subset reached from t through
-- cell c at no cost or at one (t itself: no step)
local function relaxed_levels(src, ncell, free, paid)
  local dist, level, L = { [src] = 0 }, { src }, 0
  while #level > 0 do
    local i = 1
    while i <= #level do
      for c = 0, ncell - 1 do
        local s = free(level[i], c)
        if s ~= level[i] and not dist[s] then dist[s] = L; level[#level + 1] = s end
      end
      i = i + 1
    end
    local nextl = {}
    for _, t in ipairs(level) do
      for c = 0, ncell - 1 do
        local s = paid(t, c)
        if s ~= t and not dist[s] then dist[s] = L + 1; nextl[#nextl + 1] = s end
      end
    end
    level, L = nextl, L + 1
  end
  return dist
end

describe("A* with window pattern databases", function()
  -- windows of 3 to 8 cells cut every board into several windows, so
  -- that each partition (lines of cells along each axis, from either
  -- end) is exercised; an overestimating or inconsistent bound shows as
  -- a length above the plain BFS's
  it("agrees with the plain BFS on every lattice, with small windows", function()
    local boards = {
      { lattice = "square", width = 5, height = 5 },
      { lattice = "triangular", width = 5, height = 4 },
      { lattice = "hexagonal", width = 5, height = 5 },
      { lattice = "king", width = 4, height = 4 },
      { lattice = "cubic", dim = 3, size = { 2, 3, 3 } },
      BOARDS[6],
    }
    local seen = { solved = 0, unsolvable = 0, pruned = 0, backward = 0 }
    for bi, spec in ipairs(boards) do
      local rand = S.rng(4000 + bi)
      local board = penny.board(spec)
      for trial = 1, 16 do
        local labels = trial % 4 == 0 and 2 or nil
        local n = 4 + rand(2)
        local a, g = random_puzzle(board, rand, n, labels, trial % 3 ~= 0)
        if trial % 3 ~= 0 then g = random_walk(g, rand, 4 + rand(6)) end
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local ref = p:solve{ method = "bfs" }
        seen[ref.verdict] = seen[ref.verdict] + 1
        local plain = p:solve{ method = "astar", pdb = false }
        -- (the default, one window of the whole board here, runs in the
        -- tests above)
        for _, k in ipairs{ 3, 5, 8 } do
          -- partial expansion on every other trial: stores fewer states,
          -- must find the same lengths
          local s = p:solve{ method = "astar", pdb = k, threads = 1 + trial % 2,
                             partial = trial % 2 == 0 }
          local what = spec.lattice .. " trial " .. trial .. " pdb " .. tostring(k)
          assert.equal(ref.verdict, s.verdict, what)
          assert.equal(#ref, #s, what)
          if s.verdict == "solved" then
            assert.is_true(s.replayed, what)
            if s.stats.states < plain.stats.states then seen.pruned = seen.pruned + 1 end
          end
          -- from the goal by reverse moves, with tables from the start
          local b = p:solve{ method = "astar", pdb = k, direction = "backward",
                             threads = 1 + trial % 2, partial = trial % 2 == 0 }
          assert.equal(ref.verdict, b.verdict, what .. " backward")
          assert.equal(#ref, #b, what .. " backward")
          if #b > 0 then assert.is_true(b.stats.backward, what) end
          if b.verdict == "solved" then
            assert.is_true(b.replayed, what .. " backward")
            seen.backward = seen.backward + 1
          end
        end
      end
    end
    assert.is_true(seen.solved >= 40 and seen.unsolvable >= 5,
      "solved " .. seen.solved .. ", unsolvable " .. seen.unsolvable)
    -- the databases must pay: fewer states than the goal-cells bound alone
    assert.is_true(seen.pruned >= 20, "pruned " .. seen.pruned)
    assert.is_true(seen.backward >= 100, "backward " .. seen.backward)
  end)

  it("finds Chaffin's lengths for font5x7 puzzles of 20 moves and a font5x9 one", function()
    local corpus = cs.load()
    local keys = {}
    for k in cs.keys(corpus, "font5x7") do
      if #corpus.solutions.font5x7[k] == 20 then keys[#keys + 1] = k end
    end
    table.sort(keys)
    assert.is_true(#keys >= 4)
    for i = 1, 4 do
      local p, known = cs.puzzle(corpus, "font5x7", keys[i])
      local s = p:solve{ method = "astar", progress = false }
      assert.equal(#known, #s, keys[i])
      assert.is_true(s.optimal and s.replayed, keys[i])
      assert.matches("pattern databases", s.reason, 1, true)
    end
    -- 22 moves; the bidirectional search needs minutes and 4 GB for it
    local p, known = cs.puzzle(corpus, "font5x9", "T-F")
    local s = p:solve{ progress = false }
    assert.equal(#known, #s)
    assert.is_true(s.optimal and s.replayed)
  end)

  -- A* on 2 and 3 threads with opts: the states, expansions and moves of ref
  local function same_on_threads(p, ref, opts, key)
    for _, th in ipairs{ 2, 3 } do
      local s = p:solve{ method = "astar", threads = th, progress = false,
                         partial = opts.partial, pdb = opts.pdb }
      assert.equal(ref.stats.states, s.stats.states, key)
      assert.equal(ref.stats.expanded, s.stats.expanded, key)
      assert_same_moves(ref, s, key)
    end
  end

  it("gives the same path and states with 1, 2 and 3 threads", function()
    -- 21 moves: buckets of thousands of states, batches split among threads
    local corpus = cs.load()
    for _, key in ipairs{ "1-S", "1-V" } do
      local p, known = cs.puzzle(corpus, "font5x7", key)
      local ref = p:solve{ method = "astar", threads = 1, progress = false }
      assert.equal(#known, #ref, key)
      assert.is_true(ref.stats.states > 100000, key)
      same_on_threads(p, ref, {}, key)
    end
  end)

  -- with the goal cells' bound alone, one thread lists every successor and
  -- lets its insert probe them; threads that share a batch probe first
  it("with the goal cells' bound: the same states on 1, 2 and 3 threads, full and partial", function()
    local corpus = cs.load()
    local cases = {}
    for _, key in ipairs{ "I-L", "A-B" } do
      cases[#cases + 1] = { key, (cs.puzzle(corpus, "font5x7", key)) }
    end
    -- a 100-cell window: the wide game
    local rand = S.rng(4321)
    local board = penny.board{ width = 10, height = 10 }
    local wide
    repeat
      local a = random_puzzle(board, rand, 14, nil, false)
      if #a:span() == #board then
        local p = penny.puzzle{ board = board, start = a,
                                goal = random_walk(a, rand, 9) }
        local s = p:solve{ method = "astar", pdb = false, threads = 1 }
        if s.verdict == "solved" and #s >= 6 then wide = p end
      end
    until wide
    cases[#cases + 1] = { "10 x 10", wide }
    for _, c in ipairs(cases) do
      local key, p = c[1], c[2]
      for _, partial in ipairs{ false, true } do
        local ref = p:solve{ method = "astar", pdb = false, partial = partial,
                             threads = 1, progress = false }
        assert.is_true(ref.optimal and ref.replayed, key)
        assert.is_true(ref.stats.expanded > 256, key)
        same_on_threads(p, ref, { partial = partial, pdb = false }, key)
      end
    end
  end)

  it("with partial expansion: the same lengths, fewer states, the same on 1, 2 and 3 threads", function()
    local corpus = cs.load()
    for _, key in ipairs{ "1-S", "1-V" } do
      local p, known = cs.puzzle(corpus, "font5x7", key)
      local full = p:solve{ method = "astar", partial = false, progress = false }
      local ref = p:solve{ method = "astar", partial = true, threads = 1,
                           progress = false }
      assert.equal(#known, #ref, key)
      assert.is_true(ref.optimal and ref.replayed, key)
      assert.matches("partially from bound", ref.reason, 1, true)
      assert.is_nil(full.reason:find("partially", 1, true))
      -- the successors above the bound being expanded are not stored
      assert.is_true(ref.stats.states < full.stats.states, key)
      same_on_threads(p, ref, { partial = true }, key)
    end
  end)

  -- move pruning (on by default): a move whose state two other moves
  -- from the parent reach (the other order, or alike coins to each
  -- other's cells) is left out; every state it leads to must still get
  -- its least cost, on every board, labelled or not, with the goal
  -- cells' bound and with small windows, full and partial expansion.
  -- Below the optimal bound both runs expand the same states, the pruned
  -- one listing fewer; in the last bucket the goal may come later in one
  -- than in the other, so fewer states in all, not on every puzzle
  it("with move pruning: the plain BFS's lengths, fewer states stored", function()
    local seen = { solved = 0, unsolvable = 0, fewer = 0 }
    local stored = { on = 0, off = 0 }
    for bi, spec in ipairs(BOARDS) do
      local rand = S.rng(6000 + bi)
      local board = penny.board(spec)
      for trial = 1, 30 do
        local labels = trial % 3 == 0 and 2 or nil
        local n = 3 + rand(math.min(3, #board - 5))
        local a, g = random_puzzle(board, rand, n, labels, trial % 4 ~= 0)
        if trial % 4 ~= 0 then g = random_walk(g, rand, 3 + rand(8)) end
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local ref = p:solve{ method = "bfs" }
        seen[ref.verdict] = seen[ref.verdict] + 1
        local pdb = trial % 2 == 0 and 4 or false
        local off = p:solve{ method = "astar", pdb = pdb, prune = false }
        local on = p:solve{ method = "astar", pdb = pdb, prune = true,
                            threads = 1 + trial % 3, partial = trial % 5 == 0 }
        local what = spec.lattice .. " trial " .. trial
        assert.equal(ref.verdict, off.verdict, what)
        assert.equal(ref.verdict, on.verdict, what)
        assert.equal(#ref, #on, what)
        assert.equal(#ref, #off, what)
        if on.verdict == "solved" then
          assert.is_true(on.replayed and on.optimal, what)
          stored.on = stored.on + on.stats.states
          stored.off = stored.off + off.stats.states
          if on.stats.states < off.stats.states then seen.fewer = seen.fewer + 1 end
        end
      end
    end
    assert.is_true(seen.solved >= 60 and seen.unsolvable >= 10,
      "solved " .. seen.solved .. ", unsolvable " .. seen.unsolvable)
    assert.is_true(seen.fewer >= 30, "fewer states " .. seen.fewer)
    assert.is_true(stored.on < stored.off,
      "states stored " .. stored.on .. " pruned, " .. stored.off .. " not")
  end)

  it("with move pruning: Chaffin's lengths, fewer states stored", function()
    local corpus = cs.load()
    for _, key in ipairs{ "1-S", "1-V", "C-3" } do
      local p, known = cs.puzzle(corpus, "font5x7", key)
      local off = p:solve{ method = "astar", prune = false, progress = false }
      local on = p:solve{ method = "astar", progress = false }
      assert.equal(#known, #off, key)
      assert.equal(#known, #on, key)
      assert.is_true(on.replayed, key)
      assert.is_true(on.stats.states < off.stats.states, key)
    end
    local p = cs.puzzle(corpus, "font5x7", "1-S")
    assert.has_error(function() p:solve{ method = "astar", prune = 1 } end)
  end)

  it("turns to partial expansion when 3/4 of the memory budget is used", function()
    -- the goal-cells bound alone (no databases): the budget is all the
    -- search's; plain A* needs more than 60% of its peak, and fails there,
    -- but turns partial at 45% and then stores little (12 moves, 3.7 M
    -- states without the databases)
    local corpus = cs.load()
    local p, known = cs.puzzle(corpus, "font5x7", "0-7")
    local full = p:solve{ method = "astar", direction = "forward", pdb = false, partial = false,
                          progress = false }
    assert.equal(#known, #full)
    local cap = full.stats.memory * 6 // 10
    local never = p:solve{ method = "astar", direction = "forward", pdb = false, partial = false,
                           max_memory = cap, progress = false }
    assert.equal("unknown", never.verdict)
    assert.matches("memory budget", never.reason, 1, true)
    local s = p:solve{ method = "astar", direction = "forward", pdb = false, max_memory = cap,
                       progress = false }
    assert.equal(#known, #s)
    assert.is_true(s.optimal and s.replayed)
    assert.matches("partially from bound", s.reason, 1, true)
    assert.is_true(s.stats.memory <= cap)
    -- a budget below A*'s own buffers is a limit reached, not an error
    local tiny = p:solve{ method = "astar", direction = "forward", pdb = false, max_memory = 65536,
                          progress = false }
    assert.equal("unknown", tiny.verdict)
    assert.matches("below the [%d.]+ MB of A%*'s buffers", tiny.reason)
  end)

  it("are kept between solves to one goal (penny.databases)", function()
    -- three font5x7 puzzles to one letter, then one to another: the
    -- tables are built once per goal and used as they are (the same
    -- search, state for state, as with tables of its own)
    local corpus = cs.load()
    local keys = {}
    for k in cs.keys(corpus, "font5x7") do
      local len = #corpus.solutions.font5x7[k]
      if k:match("%-S$") and len >= 12 and len <= 16 then keys[#keys + 1] = k end
    end
    table.sort(keys)
    assert.is_true(#keys >= 3)
    local db = penny.databases()
    assert.matches("empty", tostring(db), 1, true)
    for i = 1, 3 do
      local p, known = cs.puzzle(corpus, "font5x7", keys[i])
      local own = p:solve{ method = "astar", direction = "forward", progress = false }
      local s = p:solve{ method = "astar", direction = "forward", databases = db, progress = false }
      assert.equal(#known, #s, keys[i])
      assert.is_true(s.optimal and s.replayed, keys[i])
      assert.equal(own.stats.states, s.stats.states, keys[i])
      assert.equal(own.stats.expanded, s.stats.expanded, keys[i])
      assert_same_moves(own, s, keys[i])
      assert.is_false(own.stats.pdb_reused)
      assert.equal(i > 1, s.stats.pdb_reused, keys[i])
      if i > 1 then assert.equal(0, s.stats.pdb_seconds) end
      -- the tables count in the memory of the search that uses them
      assert.is_true(s.stats.memory >= db:info().bytes, keys[i])
    end
    -- auto mode with the tables in hand: A* at once, the same length
    do
      local p, known = cs.puzzle(corpus, "font5x7", keys[2])
      local s = p:solve{ databases = db, direction = "forward", progress = false }
      assert.equal(#known, #s)
      assert.is_true(s.stats.pdb_reused)
      assert.matches("A* with window pattern databases", s.reason, 1, true)
    end
    local info = db:info()
    assert.equal(1, info.builds)
    assert.equal(3, info.reuses)
    assert.is_true(info.bytes > 0 and info.windows > 0 and info.partitions > 0)
    assert.is_true(info.bit_sets >= 0 and info.bit_sets <= info.windows)
    -- other windows for the same goal: built anew
    local p = cs.puzzle(corpus, "font5x7", keys[1])
    local s = p:solve{ method = "astar", direction = "forward", databases = db, pdb = 10,
                       progress = false }
    assert.is_false(s.stats.pdb_reused)
    assert.equal(10, db:info().maxcells)
    assert.equal(2, db:info().builds)
    -- another goal: built anew, and kept instead
    local other = keys[1]:gsub("S$", "A")
    local p2, known2 = cs.puzzle(corpus, "font5x7", other)
    local s2 = p2:solve{ method = "astar", direction = "forward", databases = db, progress = false }
    assert.equal(#known2, #s2, other)
    assert.is_false(s2.stats.pdb_reused)
    assert.equal(3, db:info().builds)
    s2 = p2:solve{ method = "astar", direction = "forward", databases = db, progress = false }
    assert.is_true(s2.stats.pdb_reused)
    assert.equal(4, db:info().reuses)
    -- a full-space search frees them (on a small board); so does clear
    local board = penny.board{ width = 5, height = 5 }
    local rand = S.rng(77)
    local a, g = random_puzzle(board, rand, 5, nil, true)
    g = random_walk(g, rand, 6)
    local q = penny.puzzle{ board = board, start = a, goal = g }
    local qa = q:solve{ method = "astar", direction = "forward", databases = db }
    assert.equal("solved", qa.verdict)
    assert.is_true(db:info().windows > 0)
    assert.equal(4, db:info().builds)
    local qf = q:solve{ method = "full", databases = db }
    assert.equal(#qa, #qf)
    assert.equal(0, db:info().windows)
    q:solve{ method = "astar", direction = "forward", databases = db }
    assert.equal(5, db:info().builds)
    db:clear()
    assert.equal(0, db:info().bytes)
    assert.equal(0, db:info().windows)
    assert.matches("empty; built 5, reused 4", tostring(db), 1, true)
    assert.has_error(function() p:solve{ databases = {} } end)
    assert.has_error(function()
      require("penny.core").search(nil, nil, nil, nil, nil, { databases = 1 })
    end)
  end)

  it("bound configurations (db:bound): admissible, consistent, and the bit sets call dead only what the tables do", function()
    -- font5x7 1-S: windows of 27 cells and of at most 20, whose bit sets
    -- A* checks before anything else; a wrong bit would drop a live state
    local corpus = cs.load()
    local p, known = cs.puzzle(corpus, "font5x7", "1-S")
    local db = penny.databases()
    assert.has_error(function() db:bound(p.start) end, nil)
    local s = p:solve{ method = "astar", databases = db, progress = false }
    assert.equal(#known, #s)
    -- along the optimal path: never above the moves left, and down by at
    -- most one a move
    local c, path = p.start, { p.start }
    for _, m in ipairs(s.moves) do c = c:apply(m); path[#path + 1] = c end
    local last
    for i, x in ipairs(path) do
      local h, quick = db:bound(x)
      assert.is_false(quick)
      assert.is_true(h <= #path - i, "state " .. i)
      if last then assert.is_true(last <= h + 1, "state " .. i) end
      last = h
    end
    assert.equal(0, last)
    -- random walks from the start, and their successors
    local rand = S.rng(515)
    local seen = { quick = 0, dead = 0, live = 0 }
    for _ = 1, 40 do
      local x = p.start
      for _ = 1, 12 do
        for _, m in ipairs(x:movelist()) do
          local h, quick = db:bound(x:apply(m))
          if quick then
            assert.equal(math.huge, h)
            seen.quick = seen.quick + 1
          end
          if h == math.huge then seen.dead = seen.dead + 1
          else seen.live = seen.live + 1 end
        end
        local ms = x:movelist()
        local nx = x:apply(ms[rand(#ms)])
        if db:bound(nx) < math.huge then x = nx end
      end
    end
    assert.is_true(seen.quick > 0 and seen.live > 0, "vacuous")
    assert.is_true(seen.quick <= seen.dead)
    -- other boards and coin counts are refused
    local b = penny.board{ width = 3, height = 3 }
    assert.has_error(function() db:bound(penny.config(b, { { 0, 0 } })) end)
    assert.has_error(function()
      db:bound(penny.config(p.start:board(), { { 0, 0 } }))
    end)
  end)

  it("keeps windows over 20 cells compact, with the exact relaxed distances", function()
    -- a 7 x 3 king's board is one window of 21 cells, kept compact (a byte for
    -- each subset of at most 3 coins only): every 3-coin configuration's
    -- bound must be its relaxed distance, found here by a plain search
    -- backwards over the subsets. Forwards, a coin leaves for free, and a
    -- coin is put on a free cell with 2 occupied neighbours (at most 3
    -- coins) for one move, until the goal's cells are held
    local board, cells, nbr, popcount, start, goal, sm, gm = king_window()
    local N, d = 3, 2
    -- level by level: a subset one coin short of one at level L is at L
    -- too (adding a coin back is free backwards); a subset that lost a
    -- coin with 2 neighbours in it is at L + 1
    local dist = relaxed_levels(gm, #cells,
      function(t, c) return popcount(t) < N and t | 1 << c or t end,
      function(t, c)
        local x = t & ~(1 << c)
        return popcount(nbr[c] & x) >= d and x or t
      end)
    local p = penny.puzzle{ board = board, start = start, goal = goal }
    local db = penny.databases()
    local s = p:solve{ method = "astar", pdb = 21, databases = db }
    assert.equal("solved", s.verdict)
    assert.is_true(s.replayed and dist[sm] <= #s)
    assert.equal(21, db:info().maxcells)
    assert.equal(1, db:info().windows)
    -- 1,562 bytes of table for the subsets of at most 3 coins (2^21 plain)
    assert.is_true(db:info().bytes < 200000, db:info().bytes)
    every_triple(board, cells, dist, db, "goal")
  end)
  it("keeps tables from a start with the exact relaxed distances, for backward searches", function()
    -- the 7 x 3 king's board again (one compact window of 21 cells), the
    -- search run from the goal: db:bound(x, "start") must be the relaxed
    -- distance from the start's cells to x, found here by a plain search
    -- forwards over the subsets (a coin leaves for free; a coin put on a
    -- free cell with 2 occupied neighbours, at most 3 coins, costs one)
    local board, cells, nbr, popcount, start, goal, sm, gm = king_window()
    local N, d = 3, 2
    -- level by level: what a subset of level L loses for free is at L too;
    -- a coin put where it has 2 neighbours (room left) is at L + 1
    local dist = relaxed_levels(sm, #cells,
      function(t, c) return t & ~(1 << c) end,
      function(t, c)
        return popcount(t) < N and popcount(nbr[c] & t) >= d and t | 1 << c or t
      end)
    local p = penny.puzzle{ board = board, start = start, goal = goal }
    local db = penny.databases()
    local s = p:solve{ method = "astar", pdb = 21, databases = db,
                       direction = "backward" }
    assert.equal("solved", s.verdict)
    assert.is_true(s.replayed and s.stats.backward)
    assert.matches("from the goal by reverse moves", s.reason, 1, true)
    assert.is_true(dist[gm] <= #s)
    local info = db:info()
    assert.is_true(info.from > 0 and info.toward == 0 and info.bytes == info.from)
    assert.matches("from a start", tostring(db), 1, true)
    assert.has_error(function() db:bound(start) end)
    assert.has_error(function() db:bound(start, "sideways") end)
    every_triple(board, cells, dist, db, "start")
    -- a second backward solve from the same start reuses them; a forward
    -- one adds tables toward its goal beside them
    local s2 = p:solve{ method = "astar", pdb = 21, databases = db,
                        direction = "backward" }
    assert.is_true(s2.stats.pdb_reused)
    assert.equal(s.stats.states, s2.stats.states)
    p:solve{ method = "astar", pdb = 21, databases = db, direction = "forward" }
    info = db:info()
    assert.is_true(info.toward > 0 and info.from > 0)
    assert.equal(info.toward + info.from, info.bytes)
  end)

  it("keeps several sets when asked (penny.databases{starts = n}), the least recently used going first", function()
    -- backward solves from the starts A, B, A, C, B, A to the goals S, T,
    -- U of font5x7 (windows of 20 cells): the tables from a start depend
    -- on the start alone, so a holder of two sets keeps A's for its
    -- second use, and C's build pushes out B, used before A
    local corpus = cs.load()
    local function run(db, keys, max_memory)
      local out = {}
      for i, key in ipairs(keys) do
        local p, known = cs.puzzle(corpus, "font5x7", key)
        local s = p:solve{ method = "astar", direction = "backward", pdb = 20,
                           databases = db, max_memory = max_memory,
                           progress = false }
        assert.equal(#known, #s, key)
        assert.is_true(s.optimal and s.replayed and s.stats.backward, key)
        out[i] = { reused = s.stats.pdb_reused, states = s.stats.states,
                   sets = db:info().sets }
      end
      return out
    end
    local keys = { "A-S", "B-S", "A-T", "C-T", "B-U", "A-U" }
    local two = penny.databases{ starts = 2 }
    local held = run(two, keys)
    local one = run(penny.databases(), keys)
    local reused = {}
    for i, r in ipairs(held) do
      reused[i] = r.reused
      assert.is_false(one[i].reused, keys[i])
      -- the same search with the tables kept as with tables of its own
      assert.equal(one[i].states, r.states, keys[i])
      assert.equal(math.min(i, 2), r.sets, keys[i])
      assert.equal(1, one[i].sets, keys[i])
    end
    assert.same({ false, false, true, false, false, false }, reused)
    local info = two:info()
    assert.same({ 5, 1, 0, 2, 1, 2 }, { info.builds, info.reuses, info.toward,
                                        info.sets, info.goals, info.starts })
    assert.equal(info.from, info.bytes)
    assert.matches("2 sets: 0 toward goals, 2 from starts", tostring(two), 1, true)
    -- held sets count against the budget: with a budget of 11 sets, the
    -- oldest of other puzzles go until fewer than 5.5 are held when a
    -- search begins; with room, all stay
    local size = info.bytes // 2
    keys = { "A-S", "B-S", "C-S", "D-S", "E-S", "F-S", "A-T", "G-S", "B-T" }
    local tight = run(penny.databases{ starts = 8 }, keys, 11 * size)
    local roomy = run(penny.databases{ starts = 8 }, keys, 40 * size)
    local sets, reuse = { {}, {} }, { {}, {} }
    for i = 1, #keys do
      for j, r in ipairs{ tight[i], roomy[i] } do
        sets[j][i], reuse[j][i] = r.sets, r.reused
      end
      assert.equal(roomy[i].states, tight[i].states, keys[i])
    end
    -- A-T: A's set, the oldest, stays for the puzzle that uses it and
    -- B's goes; B-T: C's goes, and B's is built again
    assert.same({ 1, 2, 3, 4, 5, 6, 5, 6, 6 }, sets[1])
    assert.same({ 1, 2, 3, 4, 5, 6, 6, 7, 7 }, sets[2])
    local f, t = false, true
    assert.same({ f, f, f, f, f, f, t, f, f }, reuse[1])
    assert.same({ f, f, f, f, f, f, t, f, t }, reuse[2])
    -- wrong holders are refused at the caller's line
    for _, bad in ipairs{ { starts = 0 }, { goals = 1.5 }, { start = 2 },
                          { goals = "2" }, { starts = 1e9 } } do
      assert.has_error(function() penny.databases(bad) end)
    end
    assert.has_error(function() penny.databases(3) end)
  end)

  it("searches either way: Chaffin's lengths, the way chosen by a probe", function()
    -- font5x7 /-Z (30 moves) stores about 15 times fewer states from the
    -- goal, J-F (24 moves) about 40 times fewer from the start; the
    -- automatic choice must find both
    local corpus = cs.load()
    for _, case in ipairs{ { "/-Z", true }, { "J-F", false } } do
      local key, back = case[1], case[2]
      local p, known = cs.puzzle(corpus, "font5x7", key)
      local f = p:solve{ method = "astar", direction = "forward", progress = false }
      local b = p:solve{ method = "astar", direction = "backward", progress = false }
      local a = p:solve{ method = "astar", progress = false }
      for _, s in ipairs{ f, b, a } do
        assert.equal(#known, #s, key)
        assert.is_true(s.optimal and s.replayed, key)
      end
      assert.is_false(f.stats.backward)
      assert.is_true(b.stats.backward)
      assert.equal(back, a.stats.backward, key)
      assert.equal(back, b.stats.states < f.stats.states, key)
    end
    -- a goal with fewer coins has no single state to search back from
    local p = cs.puzzle(corpus, "font5x7", "A-4")
    local q = penny.puzzle{ board = p.board, start = p.start, partial = true,
                            goal = penny.config(p.board, { p.goal:positions()[1],
                                                           p.goal:positions()[2] }) }
    assert.has_error(function() q:solve{ method = "astar", direction = "backward" } end)
    assert.has_error(function() p:solve{ method = "astar", direction = "up" } end)
  end)

  it("rejects a bad pdb option", function()
    local p = penny.puzzle{ board = penny.board{ width = 3, height = 3 },
      start = penny.config(penny.board{ width = 3, height = 3 }, { { 0, 0 }, { 1, 0 }, { 0, 1 } }),
      goal = penny.config(penny.board{ width = 3, height = 3 }, { { 0, 0 }, { 1, 0 }, { 1, 1 } }) }
    assert.has_error(function() p:solve{ method = "astar", pdb = 0 } end)
    assert.has_error(function() p:solve{ method = "astar", pdb = 31 } end)
    local a, b = p:solve{ method = "astar", pdb = 30 }, p:solve{ method = "astar", pdb = 27 }
    assert.equal(b.verdict, a.verdict)
    assert.equal(#b, #a)
    assert.has_error(function() p:solve{ method = "astar", pdb = "yes" } end)
  end)
end)
