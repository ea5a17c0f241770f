local penny = require "penny"
local S = require "support"
local cs = require "penny.coinsliding"

local random_walk = S.random_walk
local assert_same_moves = S.assert_same_moves
local BOARDS = S.ENGINE_BOARDS

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
    -- below the two-bit size: the lifted sets in windows, the same distance
    opts.max_memory = t2.memory - 1
    local tw = penny.distances(start, opts)
    assert.is_true(tw.windows >= 1)
    assert.is_true(tw.memory <= opts.max_memory)
    assert.same(t2.dist, tw.dist)
    -- below even that: the error names it
    opts.max_memory = 4e6
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

-- fullbfs.c, note 9: the bitmap of lifted sets a window at a time, the
-- rest in a scratch file; every window's pass reads only the ranges of
-- states with a set in it, so a range left out loses states
describe("distance tables with the lifted sets in windows", function()
  local WIDE = {
    { lattice = "square", width = 6, height = 5 },
    { lattice = "triangular", width = 6, height = 4 },
    { lattice = "hexagonal", width = 6, height = 6 },
    { lattice = "king", width = 5, height = 4 },
    { lattice = "cubic", dim = 3, size = { 2, 3, 4 } },
  }

  it("give the same tables as the whole bitmap, on every lattice", function()
    local rand = S.rng(909)
    local windows = 0
    for _, spec in ipairs(WIDE) do
      local board = penny.board(spec)
      for trial = 1, 3 do
        local n = 3 + rand(math.min(6, #board - 6))
        local start = S.random_config(board, n, rand)
        local targets = {}
        for i = 1, 4 do targets[i] = random_walk(start, rand, 2 + rand(10)) end
        local what = spec.lattice .. " trial " .. trial .. ", " .. n .. " coins"
        local whole = penny.distances(start, { targets = targets,
          complete = true, encoding = "two", threads = 2, progress = false })
        local lifted = ({ 1, 512, 8192 })[trial]
        local win = penny.distances(start, { targets = targets,
          complete = true, encoding = "two", threads = 1 + trial % 2,
          lifted = lifted, progress = false })
        assert.equal(0, whole.windows, what)
        assert.same(whole.dist, win.dist, what)
        assert.same(whole.layers, win.layers, what)
        assert.equal(whole.reached, win.reached, what)
        assert.equal(whole.expanded, win.expanded, what)
        assert.is_true(whole.hardest == win.hardest, what)
        for i, t in ipairs(targets) do
          assert.equal(win.dist[i], #win.paths[i], what)
          local p = penny.puzzle{ board = board, start = start, goal = t }
          assert.is_true(p:check(win.paths[i]), what)
        end
        if win.windows > 1 then windows = windows + 1 end
      end
    end
    -- most searches had several windows (a space of few sets has one)
    assert.is_true(windows >= 10, "searches with windows: " .. windows)
  end)

  it("take windows when the whole bitmap does not fit the budget", function()
    local board = penny.board{ lattice = "square", width = 6, height = 5 }
    local start = penny.config(board, { { 0, 0 }, { 1, 0 }, { 2, 0 },
      { 3, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 } })
    local whole = penny.distances(start, { complete = true, encoding = "two",
      threads = 2, progress = false })
    assert.equal(0, whole.windows)
    local budget = whole.memory - 8e6
    local win = penny.distances(start, { complete = true, encoding = "two",
      threads = 2, max_memory = budget, progress = false })
    assert.is_true(win.windows >= 1, "windows: " .. win.windows)
    assert.is_true(win.memory <= budget, win.memory .. " > " .. budget)
    assert.same(whole.layers, win.layers)
    assert.is_true(whole.hardest == win.hardest)
    -- too small even with windows: the error says so
    local ok, err = pcall(penny.distances, start, { complete = true,
      encoding = "two", threads = 2, max_memory = 4e6, progress = false })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("over the memory budget", 1, true), err)
    assert.truthy(tostring(err):find("the lifted sets in a scratch file", 1, true), err)
  end)

  it("refuse a scratch directory that cannot take the file, and honour the time limit",
     function()
    local board = penny.board{ lattice = "square", width = 6, height = 5 }
    local start = penny.config(board, { { 0, 0 }, { 1, 0 }, { 2, 0 },
      { 3, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 }, { 1, 2 } })
    local ok, err = pcall(penny.distances, start, { complete = true,
      encoding = "two", lifted = 4096, scratch = "/nonexistent/penny",
      progress = false })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("cannot make a scratch file for the "
      .. "lifted sets in /nonexistent/penny", 1, true), err)
    -- 21 M states reached, seconds of work
    local big = S.random_config(penny.board{ lattice = "triangular",
      width = 6, height = 6 }, 8, S.rng(78))
    ok, err = pcall(penny.distances, big, { complete = true,
      encoding = "two", lifted = 4096, time_limit = 0.01, progress = false })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("time limit", 1, true), err)
    ok, err = pcall(penny.distances, start, { lifted = 0 })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("option 'lifted' must be a number of "
      .. "bytes, at least 1", 1, true), err)
  end)

  it("turn the default encoding to two bits, and refuse lean and byte",
     function()
    local board = penny.board{ lattice = "square", width = 6, height = 5 }
    local start = penny.config(board, { { 0, 0 }, { 1, 0 }, { 2, 0 },
      { 3, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } })
    local target = random_walk(start, S.rng(5), 9)
    -- with a target and its path, auto is lean; lifted makes it two bits
    local lean = penny.distances(start, { targets = { target },
      progress = false })
    assert.equal("lean", lean.encoding)
    local two = penny.distances(start, { targets = { target },
      lifted = 4096, progress = false })
    assert.equal("two", two.encoding)
    assert.is_true(two.windows >= 1, "windows: " .. two.windows)
    assert.same(lean.dist, two.dist)
    assert.is_true(penny.puzzle{ board = board, start = start,
      goal = target }:check(two.paths[1]))
    for _, enc in ipairs{ "lean", "byte" } do
      -- the error names the caller's line (not a tail call: its frame
      -- would be gone)
      local ok, err = pcall(function()
        local t = penny.distances(start, { targets = { target },
          lifted = 4096, encoding = enc, progress = false })
        return t
      end)
      assert.is_false(ok)
      assert.truthy(tostring(err):find("spec/distances_spec.lua:%d+: "
        .. "penny.distances: lifted keeps the lifted sets in windows"), err)
      assert.truthy(tostring(err):find("not with encoding '" .. enc .. "'",
        1, true), err)
    end
  end)
end)

describe("penny distances with the lifted sets in windows", function()
  it("prints the same tables with --lifted, and how many windows", function()
    local json = require "penny.json"
    local FILE = "spec/fixtures/distances.pz"
    local function table_of(flags)
      local f = io.popen(S.PENNY .. " distances " .. FILE
        .. " --json --complete --encoding two --threads 2" .. flags)
      local out = f:read("a")
      local ok = f:close()
      assert.is_true(ok, out)
      return json.decode(out, FILE)
    end
    local whole, win = table_of(""), table_of(" --lifted 4096")
    assert.equal(#whole.puzzles, #win.puzzles)
    local windowed = 0
    for i, x in ipairs(whole.puzzles) do
      local y = win.puzzles[i]
      assert.equal(0, x.windows, x.name)
      assert.same(x.layers, y.layers, x.name)
      assert.same(x.hardest, y.hardest, x.name)
      if y.windows > 1 then windowed = windowed + 1 end
    end
    -- square, triangular and king spaces are cut (the labelled one has no
    -- bitmap of lifted sets, two small ones fit a window)
    assert.is_true(windowed >= 3, "windowed: " .. windowed)
  end)
end)
