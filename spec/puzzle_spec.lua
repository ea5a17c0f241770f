local penny = require "penny"
local S = require "support"
local cs = require "penny.coinsliding"

describe("classic puzzles, solved optimally by breadth-first search", function()
  it("triangular: the 6-coin rhombus into a ring, anywhere: 2 moves", function()
    local p = penny.puzzle{ board = "triangular", up_to = "translation",
      start = [[
  o o o
 o o o]], goal = [[
  o o
 o   o
  o o]] }
    local s = p:solve()
    assert.equal("solved", s.verdict)
    assert.equal(2, #s)
    assert.is_true(s.optimal)
    assert.is_true(p:check(s.moves))
  end)

  it("triangular: the 10-coin triangle upside down onto its 7 middle coins: 3 moves", function()
    local p = penny.puzzle{ board = "triangular", start = [[
   o
  o o
 o o o
o o o o]], goal = [[

o o o o
 o o o
  o o
   o]] }
    -- the goal shares exactly 7 coins with the start
    local shared = 0
    for _, c in ipairs(p.goal:coins()) do
      if p.start:has(c) then shared = shared + 1 end
    end
    assert.equal(7, shared)
    local s = p:solve()
    assert.equal(3, #s)
    assert.is_true(s.optimal)
  end)

  it("triangular: the 6-coin triangle into a line of 6, anywhere, any direction: 7 moves", function()
    local p = penny.puzzle{ board = "triangular", up_to = "rotation", start = [[
  o
 o o
o o o]], goal = "o o o o o o" }
    local s = p:solve()
    assert.equal(7, #s)
    -- optimal on the whole lattice: the window was widened to margin 6
    assert.is_true(s.optimal)
    assert.truthy(s.reason:find("whole lattice"))
    local final = s:final()
    assert.is_true(final:matches(p.goal, "rotation"))
  end)

  it("square: the 8-coin H into the 8-coin O, anywhere: 4 moves", function()
    local p = penny.puzzle{ board = "square", up_to = "translation", start = [[
o..o
oooo
o..o]], goal = [[
ooo
o.o
ooo]] }
    local s = p:solve()
    assert.equal(4, #s)
    assert.is_true(s.optimal)
    assert.truthy(s.stats.window:find("span"))
  end)

  local corpus = cs.load()
  for _, key in ipairs{ "A-9", "A-4" } do
    it("coin-sliding font5x7 " .. key .. ": 6 moves inside the 5 x 7 box, as Chaffin", function()
      local p, known = cs.puzzle(corpus, "font5x7", key)
      assert.equal(6, #known)
      assert.is_true(p:check(known))
      local s = p:solve()
      assert.equal(#known, #s)
      assert.is_true(s.optimal)
    end)
  end
end)

describe("plain BFS against an independent reference search", function()
  -- the reference uses a move generator written from the rule's
  -- definition (spec/support.lua), not the C rules module
  local kinds = {
    { lattice = "square", width = 4, height = 3 },
    { lattice = "triangular", width = 3, height = 3 },
    { lattice = "hexagonal", width = 5, height = 4 },
    { lattice = "king", width = 3, height = 3 },
    { lattice = "cubic", dim = 3, size = { 2, 2, 3 } },
    { lattice = "graph", vertices = 7, edges = { { 1, 2 }, { 2, 3 }, { 3, 1 },
        { 3, 4 }, { 4, 5 }, { 5, 6 }, { 6, 7 }, { 7, 4 }, { 1, 5 } } },
  }
  for _, spec in ipairs(kinds) do
    it("agrees on random puzzles: " .. spec.lattice, function()
      local rand = S.rng(#spec.lattice * 977)
      local board = penny.board(spec)
      local solved, unsolvable = 0, 0
      for trial = 1, 40 do
        local n = 2 + rand(math.min(4, #board - 3))
        local labels = trial % 3 == 0 and 2 or nil
        local a = S.random_config(board, n, rand, labels)
        -- goal: a random walk of legal moves (solvable) or a random
        -- configuration (often unsolvable) with the same labels
        local g
        if trial % 2 == 0 then
          g = a
          for _ = 1, rand(4) do
            local ms = g:movelist()
            if #ms == 0 then break end
            g = g:apply(ms[rand(#ms)])
          end
        else
          local coins = S.random_config(board, n, rand):coins()
          for i, c in ipairs(a:coins()) do coins[i].label = c.label end
          g = penny.config(board, coins)
        end
        local p = penny.puzzle{ board = board, start = a, goal = g }
        local s = p:solve()
        local dist, _, complete = S.ref_distance(a, 2,
          function(c) return c == g end)
        if dist then
          assert.equal("solved", s.verdict)
          assert.equal(dist, #s)
          solved = solved + 1
        else
          assert.is_true(complete)
          assert.equal("unsolvable", s.verdict)
          unsolvable = unsolvable + 1
        end
      end
      assert.is_true(solved > 5, "too few solvable cases")
      assert.is_true(unsolvable > 2, "too few unsolvable cases")
    end)
  end

  it("agrees on d = 1 and d = 3 and on goals with fewer coins", function()
    local rand = S.rng(4242)
    local board = penny.board{ width = 4, height = 4 }
    for trial = 1, 30 do
      local d = trial % 2 == 0 and 1 or 3
      local a = S.random_config(board, 3 + rand(3), rand)
      local g = S.random_config(board, 2, rand)
      local p = penny.puzzle{ board = board, rule = d, start = a, goal = g,
                              partial = true }
      local s = p:solve()
      local dist = S.ref_distance(a, d, function(c) return c:matches(g) end)
      if dist then assert.equal(dist, #s) else assert.equal("unsolvable", s.verdict) end
    end
  end)
end)

describe("Solution", function()
  it("replays, renders and reports", function()
    local p = penny.puzzle{ board = "square", start = "oo\no.", goal = ".o\noo" }
    local s = p:solve{ method = "engine" }
    assert.equal(1, #s)
    local r = s:replay()
    assert.equal(2, #r)
    assert.is_true(r[2] == p.goal)
    assert.truthy(tostring(s):find("solved in 1 move"))
    assert.truthy(tostring(s.moves[1]):find("(0,0)->(1,1)", 1, true))
    assert.equal("engine", s.method)
    assert.is_number(s.stats.states)
    assert.equal("bfs", p:solve{ method = "bfs" }.method)
    -- three coins in a 2 x 2 span are minimum+1: auto answers by the
    -- pushing game, as optimally
    local a = p:solve()
    assert.equal("pushing", a.method)
    assert.is_true(a.optimal)
    assert.equal(1, #a)
  end)

  it("solves a puzzle again after its fields change (no stale window)", function()
    local sq = penny.board("square")
    local p = penny.puzzle{ board = sq, start = "oo\no.", goal = ".o\noo" }
    assert.equal(1, #p:solve{ method = "bidir" })
    -- the same shape four cells away: the start's span moved with it
    p.start = penny.config(sq, { {4, 0}, {5, 0}, {4, 1} })
    p.goal = penny.config(sq, { {5, 0}, {4, 1}, {5, 1} })
    local s = p:solve{ method = "bidir" }
    assert.equal(1, #s)
    assert.truthy(s.stats.window:find("span of the start"))
    -- a goal outside the new span: said so, not searched in the old one
    p.goal = penny.config(sq, { {0, 0}, {1, 0}, {0, 1} })
    assert.equal("unsolvable", p:solve{ method = "bidir" }.verdict)
    -- d = 1 widens the span (every free cell next to a coin)
    p.rule = { d = 1 }
    p.goal = penny.config(sq, { {4, 0}, {5, 0}, {6, 0} })
    assert.equal(1, #p:solve{ method = "bidir" })
  end)

  it("refuses a solver's wrong answer loudly", function()
    local p = penny.puzzle{ board = "square", start = "oo\no.", goal = ".o\noo" }
    local ok, err = pcall(penny.Solution.new, p, { verdict = "solved",
      method = "broken", moves = { penny.move({ 1, 0 }, { 1, 1 }) } })
    assert.is_false(ok)
    assert.truthy(err:find("penny bug: the broken solver", 1, true))
  end)

  it("says unsolvable with the state count, or names the theorem", function()
    -- no coin of the goal has two neighbours in the goal
    local p = penny.puzzle{ board = { width = 4, height = 4 },
      start = "ooo\no..", goal = "o.o\no.o" }
    for _, method in ipairs{ "auto", "bfs", "full", "astar" } do
      local s = p:solve{ method = method }
      assert.equal("unsolvable", s.verdict, method)
      -- an exhaustive search, or A*'s pattern databases: a relaxation of
      -- the puzzle without a solution
      assert.truthy(s.reason:find("configurations")
        or (method == "astar" and s.reason:find("relaxed puzzle")), s.reason)
    end
    -- a goal outside span(A) on the square grid
    local q = penny.puzzle{ start = "oo\no.", goal = "(0,0) (1,0) (5,5)" }
    local t = q:solve()
    assert.equal("unsolvable", t.verdict)
    assert.truthy(t.reason:find("outside span", 1, true))
  end)
end)

describe("limits", function()
  it("a million-cell board with too many states: 'too large for this solver'", function()
    local board = penny.board{ lattice = "triangular", width = 1000, height = 1000 }
    local p = penny.puzzle{ board = board, start = "(0,0) (1,0) (0,1) (500,500) (700,10)",
      goal = "(999,999) (998,999) (999,998) (0,0) (1,0)" }
    local s = p:solve{ max_memory = 32 * 2^20 }
    assert.equal("unknown", s.verdict)
    assert.truthy(s.reason:find("too large for this solver", 1, true), s.reason)
    assert.is_true(s.lower_bound >= 1)
  end)

  it("a time limit gives unknown with a lower bound", function()
    local p = cs.puzzle(cs.load(), "font5x7", "/-Z")       -- 30 moves
    for _, method in ipairs{ "auto", "bfs", "bidir", "full" } do
      local s = p:solve{ time_limit = 0.2, method = method, progress = false }
      assert.equal("unknown", s.verdict, method)
      assert.truthy(s.reason:find("time limit"), s.reason)
      assert.is_true(s.lower_bound >= 1 and s.lower_bound <= 30, method)
    end
  end)

  it("a state cap gives unknown, whatever the method", function()
    local p = cs.puzzle(cs.load(), "font5x7", "A-9")
    for _, method in ipairs{ "auto", "bfs", "bidir", "astar" } do
      -- (bidir would search on without storing: see engine_spec)
      local s = p:solve{ max_states = 1000, method = method, probe_levels = 0 }
      assert.equal("unknown", s.verdict, method)
      assert.is_true(s.lower_bound >= 1 and s.lower_bound <= 6, method)
    end
  end)

  it("a memory budget too small for the full space is a clear verdict", function()
    local p = cs.puzzle(cs.load(), "font5x7", "A-9")
    local sol = p:solve{ method = "full", max_memory = 100e6 }
    assert.equal("unknown", sol.verdict)
    assert.truthy(sol.reason:find("over the memory budget", 1, true),
      sol.reason)
    -- auto stays within it: the hashed search answers
    local s = p:solve{ max_memory = 100e6 }
    assert.equal(6, #s)
  end)
end)

describe("puzzle errors", function()
  local cases = {
    { { start = "oo" }, "the puzzle needs a goal" },
    { { goal = "oo" }, "the puzzle needs a start" },
    { { start = "oo", goal = "ooo" }, "the goal has 3 coins but the start only 2" },
    { { start = "12", goal = "11" }, "labels do not match" },
    { { start = "oo", goal = "oo", rule = 0 }, "d must be an integer 1..64" },
    { { start = "oo", goal = "oo", rule = 65 }, "d must be an integer 1..64 (got 65)" },
    { { start = "oo", goal = "oo", up_to = "sideways" }, "up_to must be" },
    { { start = "", goal = "" }, "the start has no coins" },
    { { board = "pentagonal", start = "o", goal = "o" }, "unknown lattice" },
    { { start = "o*", goal = "oo" }, "start:1:2: unexpected character '*'" },
  }
  for i, c in ipairs(cases) do
    it("case " .. i .. ": " .. c[2], function()
      local ok, err = pcall(penny.puzzle, c[1])
      assert.is_false(ok)
      assert.truthy(tostring(err):find(c[2], 1, true), err)
    end)
  end

  it("bad solve options", function()
    local p = penny.puzzle{ start = "oo\no.", goal = ".o\noo" }
    local far = penny.puzzle{ start = "oo\noo", goal = "ooo\n.o" }
    for _, c in ipairs{
      { { method = "magic" }, "unknown solve method 'magic'" },
      { { max_memory = -1 }, "must not be negative" },
      { { time_limit = 0 / 0 }, "'time_limit' must be a number, not NaN" },
      -- refused before the span rule decides this one without a search
      { { threads = 1e9 }, "'threads' is absurdly large" },
      { { max_memory = math.huge }, "'max_memory' is absurdly large" },
      { { speed = 3 }, "unknown solve option 'speed'" },
      { { max_memory = 100 }, "at least 4096" },
      { { max_memory = 1e300 }, "absurdly large" },
      { { probe_levels = 9 }, "probe_levels' must be an integer 0..8" },
      { { probe_levels = 1.5 }, "probe_levels' must be an integer 0..8" },
    } do
      local ok, err = pcall(p.solve, p, c[1])
      assert.is_false(ok)
      assert.truthy(tostring(err):find(c[2], 1, true), err)
      ok, err = pcall(far.solve, far, c[1])
      assert.is_false(ok)
      assert.truthy(tostring(err):find(c[2], 1, true), err)
    end
  end)
end)

describe("caller bugs outside penny.puzzle", function()
  -- each names the function and what it expected (they used to fail inside
  -- penny with Lua's own "attempt to index a nil value")
  local tri = require "penny.tri"
  local lp = require "penny.linepush"
  local ss = require "penny.square_solver"
  local pzfile = require "penny.pzfile"
  local p = penny.puzzle{ start = "oo\no.", goal = ".o\noo" }
  local cases = {
    { function() return tri.decide(nil) end, "penny.tri.decide: a Puzzle expected, got nil" },
    { function() return tri.solve(p.start) end, "penny.tri.solve: a Puzzle expected, got penny.Config" },
    { function() return ss.applies(5) end, "penny.square_solver.applies: a Puzzle expected, got number" },
    { function() return lp.solve({}) end, "penny.linepush.solve: a Puzzle expected, got table" },
    { function() return penny.play(nil, "greedy") end, "penny.play: a Puzzle expected, got nil" },
    { function() return penny.play(p, "greedy", 5) end, "penny.play: options must be a table" },
    { function() return penny.strategies.run("beam", "p") end, "penny.strategies.run: a Puzzle expected, got string" },
    { function() return penny.strategies.bestfirst(p, {}) end, "opts.heuristic must be a function" },
    { function() return p:is_goal(3) end, "puzzle:is_goal: a Config expected, got number" },
    { function() return pzfile.parse(42) end, "penny.pzfile.parse: the text of a puzzle file expected, got number" },
    { function() return penny.dsl.parse_art(7, "square", 2) end, "penny.dsl.parse_art: a string expected, got number" },
    { function() return penny.render.terminal(p.start, true) end, "render options must be a table" },
    { function() return penny.config(penny.board("square"), { 3 }) end, "config: coin 1 is not a position" },
    { function() return penny.Solution.new(p, "solved") end, "Solution.new: a table of fields expected, got string" },
    -- the core's line pushes read two coordinates: a cube's configuration
    -- was read past its end
    { function() return penny.core.push_canonical(penny.config(penny.board{ lattice = "cubic", dim = 3 }, "(0,0,0) (1,0,0)")) end, "line pushes are played on the square grid" },
    { function() return penny.config(penny.board("square"), "oo"):matches(penny.config(penny.board("triangular"), "o o")) end, "the goal is on another lattice" },
    { function() return require("penny.square").minimum_config(3, 2, {}) end, "minimum_config: the corner (x0, y0) must be integers" },
    { function() return penny.strategies.beam(p, { heuristic = {} }) end, "opts.heuristic must be a function" },
    { function() return penny.dsl.parse_coords("(0,0)", 2, { 5 }) end, "penny.dsl.parse_coords: the name must be a string or {name, line, col}" },
    { function() return penny.combined.config("oo\noo"):check(9) end, "cfg:check: a list of moves expected, got number" },
    { function() return penny.render.solution_svg(penny.puzzle{ board = "combined", start = "ooo\no.o\nooo", goal = "ooo\no.o\nooo" }:solve()) end, "penny.render draws solutions of penny.puzzle's puzzles" },
    -- methods called with a dot: the Lua ones say so, the C ones read their
    -- Config's board
    { function() return p.solve{ method = "bfs" } end, "puzzle:solve called on a table, not a Puzzle (write p:solve(...), with a colon)" },
    { function() return p:solve().replay() end, "solution:replay called on a nil, not a Solution" },
    { function() return penny.combined.Puzzle.solve(5) end, "puzzle:solve called on a number, not a combined puzzle" },
    { function() return p.start.movelist(5) end, "penny.Config expected, got number" },
    { function() return p.start.span({}) end, "penny.Config expected, got table" },
    { function() return p.start.positions(nil) end, "penny.Config expected, got nil" },
    { function() return p.start.bbox(true) end, "penny.Config expected, got boolean" },
  }
  for i, c in ipairs(cases) do
    it("case " .. i .. ": " .. c[2], function()
      local ok, err = pcall(c[1])
      assert.is_false(ok)
      assert.truthy(tostring(err):find(c[2], 1, true), err)
      assert.falsy(tostring(err):find("attempt to", 1, true), err)
    end)
  end

  it("are raised at the caller's line", function()
    local ok, err = pcall(function() local d = tri.decide(nil); return d end)
    assert.is_false(ok)
    assert.truthy(tostring(err):match("puzzle_spec%.lua:%d+: penny%.tri%.decide"), err)
    ok, err = pcall(function() local r = penny.play(p, "greedy", 5); return r end)
    assert.is_false(ok)
    assert.truthy(tostring(err):match("puzzle_spec%.lua:%d+: penny%.play: options"), err)
  end)

  it("penny.move wants two positions; a move or a combined configuration equals no other kind of value", function()
    local ok, err = pcall(penny.move, 5, 6)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("penny.move: two positions", 1, true), err)
    local m = penny.move({ 0, 0 }, { 1, 1 })
    assert.is_false(m == {})
    assert.is_false(m == { from = { 0, 0 } })
    assert.is_true(m == penny.move({ 0, 0 }, { 1, 1 }))
    local cc = penny.combined.config("oo\noo")
    assert.is_false(cc == {})
    assert.is_false(cc == penny)
    assert.is_true(cc == penny.combined.config("oo\noo"))
  end)

  it("a line-push solution turns into a plain table, each push its direction", function()
    local sq = penny.board("square")
    local p = penny.puzzle{ game = "linepush", start = penny.config(sq, "abc.\ndefg\nhi.."),
                            goal = penny.config(sq, "bca.\ndefg\nhi..") }
    local s = p:solve()
    local t = s:totable()
    assert.equal("solved", t.verdict)
    assert.is_true(#t.moves > 0)
    assert.equal(#s, #t.moves)
    for i, m in ipairs(t.moves) do assert.equal(s.moves[i], m) end
  end)

  it("penny.is_puzzle tells puzzles from the rest", function()
    assert.is_true(penny.is_puzzle(p))
    assert.is_false(penny.is_puzzle(p.start))
    assert.is_false(penny.is_puzzle({}))
  end)
end)
