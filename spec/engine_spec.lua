local penny = require "penny"
local S = require "support"
local cs = require "penny.coinsliding"

local random_walk = S.random_walk
local random_puzzle = S.random_puzzle
local BOARDS = S.ENGINE_BOARDS

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
