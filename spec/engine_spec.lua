local penny = require "penny"
local S = require "support"
local cs = require "penny.coinsliding"

local random_walk = S.random_walk

-- random puzzle on a board: start, and a goal that is either a random
-- walk from the start (solvable) or a random configuration (often not)
local function random_puzzle(board, rand, n, labels, walk)
  local a = S.random_config(board, n, rand, labels)
  local g
  if walk then
    g = random_walk(a, rand, rand(5))
  else
    local coins = S.random_config(board, n, rand):coins()
    for i, c in ipairs(a:coins()) do coins[i].label = c.label end
    g = penny.config(board, coins)
  end
  return a, g
end

-- two solutions with the same moves, in the same order
local function assert_same_moves(ref, s, what)
  assert.equal(#ref, #s, what)
  for k = 1, #ref do
    assert.same(ref.moves[k].from, s.moves[k].from, what)
    assert.same(ref.moves[k].to, s.moves[k].to, what)
  end
end

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

local BOARDS = {
  { lattice = "square", width = 4, height = 4 },
  { lattice = "triangular", width = 4, height = 3 },
  { lattice = "hexagonal", width = 5, height = 5 },
  { lattice = "king", width = 3, height = 4 },
  { lattice = "cubic", dim = 3, size = { 2, 3, 3 } },
  { lattice = "graph", vertices = 8, edges = { { 1, 2 }, { 2, 3 }, { 3, 4 },
      { 4, 1 }, { 1, 3 }, { 5, 6 }, { 6, 7 }, { 7, 8 }, { 8, 5 }, { 4, 5 },
      { 2, 6 }, { 3, 7 } } },
}

describe("the exact engine agrees with the plain BFS", function()
  for bi, spec in ipairs(BOARDS) do
    it("on random puzzles, every method: " .. spec.lattice, function()
      local rand = S.rng(1000 + bi)
      local board = penny.board(spec)
      local count = { solved = 0, unsolvable = 0 }
      for trial = 1, 60 do
        local labels = trial % 3 == 0 and 2 or (trial % 5 == 0 and 3 or nil)
        local n = 2 + rand(math.min(4, #board - 3))
        local a, g = random_puzzle(board, rand, n, labels, trial % 2 == 0)
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local ref = p:solve{ method = "bfs" }
        count[ref.verdict] = count[ref.verdict] + 1
        for _, m in ipairs{ "auto", "bidir", "full", "astar" } do
          local s = p:solve{ method = m, threads = 1 + trial % 2 }
          assert.equal(ref.verdict, s.verdict, m .. " trial " .. trial)
          assert.equal(#ref, #s, m .. " trial " .. trial)
        end
        for _, enc in ipairs{ "lean", "two" } do
          local s = p:solve{ method = "full", encoding = enc }
          assert.equal(ref.verdict, s.verdict, enc .. " trial " .. trial)
          assert.equal(#ref, #s, enc .. " trial " .. trial)
        end
      end
      assert.is_true(count.solved >= 10 and count.unsolvable >= 3,
        "solved " .. count.solved .. ", unsolvable " .. count.unsolvable)
    end)
  end

  -- windows of 57 to 64 cells: the tables keep a key and a byte per slot
  -- (smaller keys share one word with their depth)
  it("on random puzzles on a board of 64 cells", function()
    local rand = S.rng(1777)
    local board = penny.board{ lattice = "triangular", width = 8, height = 8 }
    local count = { solved = 0, unsolvable = 0 }
    -- n coins in a random 3 x 3 block, so that they can move
    local function cluster(n, labels)
      local x0, y0, coins, used = rand(6) - 1, rand(6) - 1, {}, {}
      while #coins < n do
        local x, y = x0 + rand(3) - 1, y0 + rand(3) - 1
        if not used[x * 8 + y] then
          used[x * 8 + y] = true
          coins[#coins + 1] = { x, y, label = labels and #coins % labels + 1 or nil }
        end
      end
      return penny.config(board, coins)
    end
    for trial = 1, 16 do
      local labels = trial % 4 == 0 and 2 or nil
      local a = cluster(5, labels)
      local g
      if trial % 3 == 0 then
        g = cluster(5, labels)
      else
        g = random_walk(a, rand, 4 + rand(4))
      end
      local p = penny.puzzle{ board = board, start = a, goal = g }
      local ref = p:solve{ method = "bfs" }
      count[ref.verdict] = count[ref.verdict] + 1
      for _, m in ipairs{ "auto", "bidir", "astar" } do
        local s = p:solve{ method = m, threads = 1 + trial % 2 }
        assert.equal(ref.verdict, s.verdict, m .. " trial " .. trial)
        assert.equal(#ref, #s, m .. " trial " .. trial)
        if s.verdict == "solved" then assert.is_true(s.replayed) end
      end
    end
    assert.is_true(count.solved >= 12,
      "solved " .. count.solved .. ", unsolvable " .. count.unsolvable)
  end)

  it("on goals up to translation, rotation and symmetry", function()
    local rand = S.rng(77)
    for _, lat in ipairs{ "square", "triangular", "hexagonal" } do
      local board = penny.board{ lattice = lat, width = 5, height = 4 }
      for trial = 1, 20 do
        local a, g = random_puzzle(board, rand, 3 + rand(2), nil, true)
        g = g:normalise()
        for _, mode in ipairs{ "translation", "rotation", "symmetry" } do
          local p = penny.puzzle{ board = board, start = a, goal = g, up_to = mode }
          local ref = p:solve{ method = "bfs" }
          for _, m in ipairs{ "auto", "full", "astar" } do
            local s = p:solve{ method = m }
            assert.equal(ref.verdict, s.verdict, lat .. " " .. mode .. " " .. m)
            assert.equal(#ref, #s, lat .. " " .. mode .. " " .. m)
          end
        end
      end
    end
  end)

  it("on goals with fewer coins (extra coins anywhere)", function()
    local rand = S.rng(5)
    local board = penny.board{ width = 4, height = 4 }
    for _ = 1, 40 do
      local a = S.random_config(board, 4 + rand(2), rand)
      local g = S.random_config(board, 2 + rand(2), rand)
      local p = penny.puzzle{ board = board, start = a, goal = g,
                              partial = true }
      local ref = p:solve{ method = "bfs" }
      local s = p:solve()
      assert.equal(ref.verdict, s.verdict)
      assert.equal(#ref, #s)
    end
  end)

  -- a goal without coins has no first coin to place: its variants up to
  -- translation once made the engine read past an empty list
  it("on goals without coins, in every mode", function()
    for _, board in ipairs{ penny.board{ width = 4, height = 3 },
                            penny.board("square"), penny.board("king") } do
      for _, mode in ipairs{ "fixed", "translation", "rotation", "symmetry" } do
        local p = penny.puzzle{ board = board, start = "oo\noo", goal = "",
                                up_to = mode, partial = true }
        for _, m in ipairs{ "auto", "bfs", "bidir", "astar", "full", "plain" } do
          local s = p:solve{ method = m }
          assert.equal("solved", s.verdict, board:kind() .. " " .. mode .. " " .. m)
          assert.equal(0, #s)
        end
      end
    end
  end)
end)

describe("distance tables", function()
  it("refuse unknown options and options of the wrong type", function()
    local start = penny.config(penny.board{ width = 3, height = 3 }, "oo\noo")
    for _, c in ipairs{
      { { max_depth = 3 }, "unknown option 'max_depth'" },
      { { complete = "yes" }, "option 'complete' must be a boolean" },
      { { targets = start }, "option 'targets' must be a table" },
    } do
      local ok, err = pcall(penny.distances, start, c[1])
      assert.is_false(ok)
      assert.truthy(tostring(err):find(c[2], 1, true), err)
    end
  end)

  it("refuse a start without coins, naming the problem", function()
    local empty = penny.config(penny.board{ width = 4, height = 3 }, "")
    local ok, err = pcall(penny.distances, empty)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("penny.distances: the start has no coins", 1, true), err)
  end)

  it("agree with single searches, sum their layers and replay their paths", function()
    local rand = S.rng(31)
    local board = penny.board{ width = 4, height = 4 }
    local start = S.random_config(board, 5, rand)
    local targets = {}
    for i = 1, 12 do targets[i] = S.random_config(board, 5, rand) end
    local t = penny.distances(start, { targets = targets, complete = true,
                                       progress = false })
    assert.is_true(t.complete)
    local sum = 0
    for _, n in ipairs(t.layers) do sum = sum + n end
    assert.equal(t.reached, sum)
    assert.equal(t.maxdepth + 1, #t.layers)
    for i, g in ipairs(targets) do
      local p = penny.puzzle{ board = board, start = start, goal = g }
      local ref = p:solve{ method = "bfs" }
      if ref.verdict == "solved" then
        assert.equal(#ref, t.dist[i])
        assert.equal(t.dist[i], #t.paths[i])
        assert.is_true(p:check(t.paths[i]))
      else
        assert.equal(-1, t.dist[i])
        assert.is_false(t.paths[i])
      end
    end
    -- the hardest configuration is at the greatest distance
    local hp = penny.puzzle{ board = board, start = start, goal = t.hardest }
    assert.equal(t.maxdepth, #hp:solve{ method = "bfs" })
  end)

  -- the lean encoding keeps depths mod 3: its distances come from the
  -- layers, its paths from a walk back that must reject predecessors 3, 6,
  -- ... layers deeper than they look.  Same tables as the byte encoding,
  -- move for move, on every board kind.  The two-bit encoding keeps no
  -- depths at all: the same distances, layers and hardest configuration,
  -- its paths from searches of their own (as long, and replayed).
  it("are the same in the lean, byte and two-bit encodings", function()
    local rand = S.rng(4242)
    local backtracked = 0
    for bi, spec in ipairs(BOARDS) do
      local board = penny.board(spec)
      for trial = 1, 6 do
        local labels = trial % 3 == 0 and 2 or nil
        local n = 2 + rand(math.min(4, #board - 3))
        local start = S.random_config(board, n, rand, labels)
        local targets = {}
        for i = 1, 8 do
          local t = i % 2 == 0 and random_walk(start, rand, 3 + rand(12))
                    or S.random_config(board, n, rand)
          local coins = t:coins()
          for k, c in ipairs(start:coins()) do coins[k].label = c.label end
          targets[i] = penny.config(board, coins)
        end
        local what = spec.lattice .. " trial " .. trial
        local tb = penny.distances(start, { targets = targets, complete = true,
          encoding = "byte", threads = 1 + trial % 2, progress = false })
        local tl = penny.distances(start, { targets = targets, complete = true,
          encoding = "lean", threads = 1 + (trial + 1) % 2, progress = false })
        local t2 = penny.distances(start, { targets = targets, complete = true,
          encoding = "two", threads = 1 + (trial + 1) % 2, progress = false })
        assert.equal("byte", tb.encoding)
        assert.equal("lean", tl.encoding)
        assert.equal("two", t2.encoding)
        assert.same(tb.dist, tl.dist, what)
        assert.same(tb.layers, tl.layers, what)
        assert.equal(tb.reached, tl.reached, what)
        assert.is_true(tb.hardest == tl.hardest, what)
        assert.same(tb.dist, t2.dist, what)
        assert.same(tb.layers, t2.layers, what)
        assert.equal(tb.reached, t2.reached, what)
        assert.equal(tb.expanded, t2.expanded, what)
        -- a complete table expands every state once (lean counts by layer:
        -- its sparse scans may meet older states again, note 7 of fullbfs.c)
        assert.equal(tb.reached, tb.expanded, what)
        assert.equal(tb.expanded, tl.expanded, what)
        assert.is_true(tb.hardest == t2.hardest, what)
        assert.is_true(tl.memory > t2.memory, what)
        local plen = 0
        for i, t in ipairs(targets) do
          if tb.dist[i] >= 0 then
            assert.equal(#tb.paths[i], #tl.paths[i], what)
            for k = 1, #tb.paths[i] do
              assert.is_true(tb.paths[i][k] == tl.paths[i][k], what)
            end
            local p = penny.puzzle{ board = board, start = start, goal = t }
            assert.is_true(p:check(tl.paths[i]), what)
            assert.equal(tb.dist[i], #t2.paths[i], what)
            assert.is_true(p:check(t2.paths[i]), what)
            plen = plen + tb.dist[i]
          else
            assert.is_false(tl.paths[i])
            assert.is_false(t2.paths[i])
          end
        end
        if tl.path_states > plen then backtracked = backtracked + 1 end
        assert.is_true(tb.memory > tl.memory, what)
      end
    end
    -- some walks back met a wrong predecessor and had to come back
    assert.is_true(backtracked >= 3, "backtracked " .. backtracked)
  end)

  it("are lean by default, two-bit when lean does not fit, and byte on request",
     function()
    local board = penny.board{ width = 5, height = 5 }
    -- a diagonal spans the whole board
    local start = penny.config(board, { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 },
                                        { 4, 4 }, { 1, 0 }, { 2, 1 } })
    local goal = random_walk(start, S.rng(9), 12)
    local opts = { targets = { goal }, progress = false, threads = 1 }
    local tl = penny.distances(start, opts)
    assert.equal("lean", tl.encoding)
    assert.is_true(tl.dist[1] > 0)
    opts.encoding = "byte"
    local tb = penny.distances(start, opts)
    assert.equal("byte", tb.encoding)
    assert.same(tb.dist, tl.dist)
    assert.is_true(tb.memory > tl.memory)
    -- asked for bytes over the budget: a clear error, no switch
    opts.max_memory = (tb.memory + tl.memory) // 2
    local ok, err = pcall(penny.distances, start, opts)
    assert.is_false(ok)
    assert.matches("over the memory budget", err)
    opts.encoding = nil
    assert.equal(tl.dist[1], penny.distances(start, opts).dist[1])
    -- asked for lean below its size: the error names it
    opts.max_memory = tl.memory - 1
    opts.encoding = "lean"
    ok, err = pcall(penny.distances, start, opts)
    assert.is_false(ok)
    assert.matches("lean encoding", err)
    -- by default, two bits per state instead, with the same distance and a
    -- path found by a search of its own
    opts.encoding = nil
    local t2 = penny.distances(start, opts)
    assert.equal("two", t2.encoding)
    assert.same(tl.dist, t2.dist)
    assert.same(tl.layers, t2.layers)
    assert.is_true(t2.memory < tl.memory)
    local p = penny.puzzle{ board = board, start = start, goal = goal }
    assert.is_true(p:check(t2.paths[1]))
    -- without targets, nothing to walk back: two bits by default
    local whole = penny.distances(start, { complete = true, progress = false,
                                           threads = 1 })
    local wholel = penny.distances(start, { complete = true, progress = false,
                                            threads = 1, encoding = "lean" })
    assert.equal("two", whole.encoding)
    assert.equal("lean", wholel.encoding)
    assert.same(wholel.layers, whole.layers)
    assert.is_true(whole.hardest == wholel.hardest)
    assert.is_true(whole.memory < wholel.memory)
    -- distances only, on request: the same distance, no paths
    local bare = penny.distances(start, { targets = { goal }, paths = false,
                                          progress = false, threads = 1 })
    assert.equal("two", bare.encoding)
    assert.same(tl.dist, bare.dist)
    assert.is_nil(bare.paths)
    bare = penny.distances(start, { targets = { goal }, paths = false,
                                    encoding = "lean", progress = false })
    assert.same(tl.dist, bare.dist)
    assert.is_nil(bare.paths)
    assert.has_error(function() penny.distances(start, { paths = 1 }) end,
                     "penny.distances: option 'paths' must be a boolean")
    -- below the two-bit size: the error names it
    opts.max_memory = t2.memory - 1
    ok, err = pcall(penny.distances, start, opts)
    assert.is_false(ok)
    assert.matches("two bits per state", err)
    -- the same in puzzle:solve
    local s = p:solve{ method = "full", max_memory = (tb.memory + tl.memory) // 2,
                       progress = false }
    assert.equal("solved", s.verdict)
    assert.equal(tl.dist[1], #s)
    assert.is_true(s.replayed)
    assert.matches("lean", s.reason)
    s = p:solve{ method = "full", max_memory = tl.memory - 1, progress = false }
    assert.equal("solved", s.verdict)
    assert.equal(tl.dist[1], #s)
    assert.is_true(s.replayed)
    assert.matches("two bits per state", s.reason)
    -- a limit that stops the path's search alone: the length is proven,
    -- no solution is given
    s = p:solve{ method = "full", encoding = "two", max_states = 10,
                 progress = false }
    assert.equal("unknown", s.verdict)
    assert.equal(tl.dist[1], s.lower_bound)
    assert.matches("search for the path stopped", s.reason)
    assert.has_error(function() p:solve{ method = "full", encoding = "nibble" } end)
  end)

  it("give the same answer with 1 and 2 threads", function()
    local corpus = cs.load()
    local p = cs.puzzle(corpus, "font5x7", "A-9")
    local board = p.board
    local targets = {}
    for _, ch in ipairs{ "4", "9", "P", "F" } do     -- 6, 6, 7, 8 moves
      targets[#targets + 1] = penny.config(board, cs.art(corpus, "font5x7", ch))
    end
    local t1 = penny.distances(p.start, { targets = targets, threads = 1, progress = false })
    local t2 = penny.distances(p.start, { targets = targets, threads = 2, progress = false })
    assert.same(t1.dist, t2.dist)
    assert.same(t1.layers, t2.layers)
    for i = 1, #targets do
      assert.equal(#t1.paths[i], #t2.paths[i])
      for k = 1, #t1.paths[i] do
        assert.is_true(t1.paths[i][k] == t2.paths[i][k])
      end
    end
    assert.equal(1, t1.threads)
    assert.equal(2, t2.threads)
    -- independent of the search: Chaffin's lengths, the paths replayed,
    -- and the first layers counted by a plain BFS over config:movelist()
    -- (these layers are sparse in a space of 834 M ranks over 796
    -- buckets: the scan finds them through its touch maps)
    for i, ch in ipairs{ "4", "9", "P", "F" } do
      local key = "A-" .. ch
      assert.equal(#corpus.solutions.font5x7[key], t1.dist[i], key)
      local q = penny.puzzle{ board = board, start = p.start, goal = targets[i] }
      assert.is_true(q:check(t1.paths[i]), key)
    end
    local seen, layer = { [p.start:key()] = true }, { p.start }
    for depth = 1, 3 do
      local nxt = {}
      for _, c in ipairs(layer) do
        for _, m in ipairs(c:movelist()) do
          local n = c:apply(m)
          local k = n:key()
          if not seen[k] then seen[k] = true; nxt[#nxt + 1] = n end
        end
      end
      assert.equal(#nxt, t1.layers[depth + 1], "layer " .. depth)
      layer = nxt
    end
  end)

  it("bidirectional: the same path and states with 1, 2 and 3 threads", function()
    local corpus = cs.load()
    -- 8 to 11 moves: layers of thousands of states, split among threads
    for _, key in ipairs{ "W-U", "U-Y", "Z-E", "6-L" } do
      local p = cs.puzzle(corpus, "font5x7", key)
      local ref = p:solve{ method = "bidir", threads = 1 }
      assert.equal("solved", ref.verdict)
      assert.is_true(ref.stats.states > 20000)
      for _, th in ipairs{ 2, 3 } do
        local s = p:solve{ method = "bidir", threads = th }
        assert.equal(ref.stats.states, s.stats.states, key)
        assert_same_moves(ref, s, key)
      end
    end
  end)
end)

describe("the bidirectional search with its memory full", function()
  -- max_states stops the stored layers early; probe_levels more levels are
  -- then searched depth-first without storing them
  local function move_text(s)
    local t = {}
    for k = 1, #s do t[k] = tostring(s.moves[k]) end
    return table.concat(t, " ")
  end

  it("finds Chaffin's lengths or proves lower bounds, the same on 1 and 2 threads", function()
    local corpus = cs.load()
    local probed_solved, raised = 0, 0
    for _, key in ipairs{ "A-9", "9-4", "4-9", "7-T", "W-U", "Z-E", "F-5" } do
      local p, known = cs.puzzle(corpus, "font5x7", key)
      local cap = 20000
      local base = p:solve{ method = "bidir", max_states = cap, probe_levels = 0,
                            threads = 1 }
      assert.equal("unknown", base.verdict, key)
      assert.is_true(base.lower_bound <= #known, key)
      local s1 = p:solve{ method = "bidir", max_states = cap, probe_levels = 3,
                          threads = 1 }
      local s2 = p:solve{ method = "bidir", max_states = cap, probe_levels = 3,
                          threads = 2 }
      assert.equal(s1.verdict, s2.verdict, key)
      assert.equal(move_text(s1), move_text(s2), key)
      assert.equal(s1.lower_bound, s2.lower_bound, key)
      assert.equal(s1.stats.probed, s2.stats.probed, key)
      if s1.verdict == "solved" then
        assert.equal(#known, #s1, key)
        assert.is_true(s1.replayed and s1.optimal, key)
        assert.is_true(s1.stats.probed >= 1 and s1.stats.probed <= 3, key)
        -- the probes went exactly as deep as the missing moves
        assert.equal(#known, base.lower_bound - 1 + s1.stats.probed, key)
        probed_solved = probed_solved + 1
      else
        assert.equal("unknown", s1.verdict, key)
        assert.equal(3, s1.stats.probed, key)
        assert.equal(base.lower_bound + 3, s1.lower_bound, key)
        assert.is_true(s1.lower_bound <= #known, key)
        raised = raised + 1
      end
    end
    assert.is_true(probed_solved >= 3 and raised >= 2,
      probed_solved .. " solved by probing, " .. raised .. " bounds raised")
  end)

  it("agrees with the plain BFS on random puzzles", function()
    local rand = S.rng(4242)
    local count = { solved = 0, unsolvable = 0, probed = 0 }
    for bi = 1, 4 do
      local board = penny.board(BOARDS[bi])
      for trial = 1, 40 do
        local labels = trial % 3 == 0 and 2 or nil
        local n = 2 + rand(math.min(4, #board - 3))
        local a, g = random_puzzle(board, rand, n, labels, trial % 2 == 0)
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local ref = p:solve{ method = "bfs" }
        count[ref.verdict] = count[ref.verdict] + 1
        local s = p:solve{ method = "bidir", max_states = 24, probe_levels = 4,
                           threads = 1 + trial % 2 }
        if s.verdict == "solved" then
          assert.equal("solved", ref.verdict)
          assert.equal(#ref, #s)
          assert.is_true(s.replayed)
          if s.stats.probed > 0 then count.probed = count.probed + 1 end
        elseif s.verdict == "unknown" then
          -- a proven bound: no shorter solution exists
          assert.is_true(ref.verdict == "unsolvable" or s.lower_bound <= #ref)
        else
          assert.equal("unsolvable", ref.verdict)
        end
      end
    end
    assert.is_true(count.solved >= 20 and count.probed >= 10,
      count.solved .. " solved, " .. count.probed .. " through probes")
  end)
end)

describe("Chaffin's optimal lengths", function()
  it("are found for the forty shortest font5x7 puzzles, every solution replayed", function()
    local corpus = cs.load()
    local keys = {}
    for k in cs.keys(corpus, "font5x7") do keys[#keys + 1] = k end
    table.sort(keys, function(x, y)
      local a, b = #corpus.solutions.font5x7[x], #corpus.solutions.font5x7[y]
      if a ~= b then return a < b end
      return x < y
    end)
    for i = 1, 40 do
      local p, known = cs.puzzle(corpus, "font5x7", keys[i])
      local s = p:solve{ progress = false }
      assert.equal(#known, #s, keys[i])
      assert.is_true(s.optimal)
      assert.is_true(s.replayed)
    end
  end)
end)

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
                         partial = opts.partial }
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

  -- move pruning (on by default): a move that commutes with the last one
  -- and comes before it is left out; every state it leads to must still
  -- get its least cost, on every board, labelled or not, with the goal
  -- cells' bound and with small windows, full and partial expansion
  it("with move pruning: the plain BFS's lengths, fewer states stored", function()
    local seen = { solved = 0, unsolvable = 0, fewer = 0 }
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
          assert.is_true(on.stats.states <= off.stats.states, what)
          if on.stats.states < off.stats.states then seen.fewer = seen.fewer + 1 end
        end
      end
    end
    assert.is_true(seen.solved >= 60 and seen.unsolvable >= 10,
      "solved " .. seen.solved .. ", unsolvable " .. seen.unsolvable)
    assert.is_true(seen.fewer >= 30, "fewer states " .. seen.fewer)
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
