--[[
spec/faults_spec.lua -- inputs that once crashed penny, overran a limit or
leaked its internals: each gives a clear message or a verdict.
]]
local penny = require "penny"
local S = require "support"

describe("move lists whose length lies", function()
  local c = penny.config("square", "(0,0) (1,0) (0,1)")
  for _, n in ipairs{ -1, 1 << 60, math.maxinteger, 3 } do
    it("__len = " .. n .. " is an error that names the list, not a crash", function()
      local t = setmetatable({}, { __len = function() return n end })
      local ok, err = pcall(c.check, c, t)
      assert.is_false(ok)
      assert.matches(n < 0 and "length is %-1" or "move 1 is missing", err)
    end)
  end

  it("names the element and part of a bad move", function()
    local ok, err = pcall(c.check, c, { { from = { 0, 0 }, to = { 1, 1 } },
      { from = { 0, 1 }, to = { 1, 1, 1 } } })
    assert.is_false(ok)
    assert.matches("move 2: the move's 'to': position has more than 2 "
      .. "coordinates", err, 1, true)
    ok, err = pcall(c.check, c, { { from = { 0, 0 }, to = { 1, 1 } }, 7 })
    assert.matches("move 2: a move expected, got number", err, 1, true)
  end)

  it("refuses extra coordinates in a move instead of dropping them", function()
    local ok, err = pcall(c.legal, c, { from = { 0, 0, 5 }, to = { 1, 1 } })
    assert.is_false(ok)
    assert.matches("the move's 'from': position has more than 2 coordinates",
      err, 1, true)
    ok, err = pcall(c.legal, c, { 0, 0, 1, 1, 7 })
    assert.matches("a move as numbers has 4 of them", err, 1, true)
    assert.is_true(c:legal{ 0, 0, 1, 1 })
  end)
end)

describe("graph vertices", function()
  local g = penny.board{ lattice = "graph", vertices = 3,
                         edges = { { 1, 2 }, { 2, 3 } } }
  local gc = penny.config(g, "(1) (2)")

  it("out of range in a move are off the board, as on a box", function()
    for _, v in ipairs{ 4, 0, math.mininteger, math.maxinteger } do
      local ok, why, msg = gc:legal{ from = { 1 }, to = { v } }
      assert.is_false(ok)
      assert.equal("offboard", why)
      assert.matches("not in the graph", msg)
    end
  end)

  it("out of range elsewhere name the 1-based range, without overflow", function()
    local ok, err = pcall(gc.has, gc, { math.mininteger })
    assert.is_false(ok)
    assert.matches("vertex %-9223372036854775808 is not in the graph %(1..3%)",
      err)
    assert.is_false(g:contains{ math.mininteger })
    assert.is_false(g:contains{ 0 })
    assert.is_true(g:contains{ 3 })
  end)

  it("in a puzzle file is an error at the coin", function()
    local ok, err = pcall(penny.puzzle, { board = g, start = "(1) (2) (3)",
      goal = "(4) (5) (-9223372036854775808)" })
    assert.is_false(ok)
    assert.matches("goal:1:1: %(4%) is not a cell of the board", err)
  end)
end)

describe("spans on the king lattice with d = 3", function()
  it("are found infinite at once when they leave the coins' bounding box", function()
    local k = penny.board("king")
    local row = penny.config(k, "(0,0) (1,0) (2,0)")
    local span, why = row:span(3)
    assert.is_nil(span)
    assert.matches("infinite", why)
    -- an L of three closes into a 2 x 2 block and stops
    local l = penny.config(k, "(0,0) (1,0) (0,1)")
    assert.equal(4, #l:span(3))
    -- the same answers as the closure computed in a large box
    local box = penny.board{ lattice = "king", size = { 21, 21 },
                             origin = { -10, -10 } }
    local rand = S.rng(9)
    for _ = 1, 200 do
      local cfg = S.random_config(penny.board{ lattice = "king",
        size = { 3, 3 } }, 2 + rand(4), rand)
      local s = penny.config(k, cfg:coins()):span(3)
      local inbox = penny.config(box, cfg:coins()):span(3)
      if s then assert.equal(#s, #inbox)
      else assert.is_true(#inbox > 40) end
    end
  end)
end)

describe("limits on the constructive solvers and the boards", function()
  -- a pair of the goal half a billion rows away: the construction grows
  -- with the distance
  local far = penny.puzzle{ board = "triangular",
    start = "(0,0) (1,0) (2,0) (3,0) (6,0) (7,0)",
    goal = "(1,0) (2,0) (1,-1) (0,1) (2,536870912) (3,536870912)" }

  it("the triangular construction stops at max_memory with verdict unknown", function()
    local sol = far:solve{ method = "tri", max_memory = 64 * 2^20 }
    assert.equal("unknown", sol.verdict)
    assert.matches("memory budget of 64 MiB reached", sol.reason)
    assert.matches("solvable", sol.reason)
    assert.equal(1, sol.lower_bound)
  end)

  it("the triangular construction stops at the time limit", function()
    local sol = far:solve{ method = "tri", time_limit = 0.05 }
    assert.equal("unknown", sol.verdict)
    assert.matches("time limit of 0.05 s reached", sol.reason)
  end)

  it("a board that its memory budget cannot hold is refused before it is built", function()
    local ok, err = pcall(penny.board, { lattice = "cubic", dim = 1,
      size = { 67108864 }, max_memory = 256 * 2^20 })
    assert.is_false(ok)
    assert.matches("67108864 cells and needs about %d+ MiB, more than the "
      .. "memory budget of 256 MiB", err)
    assert.is_true(penny.is_board(penny.board{ lattice = "cubic", dim = 1,
      size = { 1000 }, max_memory = 256 * 2^20 }))
  end)

  it("a budget above the machine's memory is refused with a message", function()
    local phys = require("penny.core").LIMITS.physical_memory
    if phys == 0 then return end
    local p = penny.puzzle{ start = "(0,0) (1,0) (0,1)", goal = "(0,0) (1,0) (1,1)" }
    local ok, err = pcall(p.solve, p, { max_memory = 2 * phys })
    assert.is_false(ok)
    assert.matches("more than this machine's memory", err)
    ok, err = pcall(penny.distances, p.start, { max_memory = 2 * phys })
    assert.is_false(ok)
    assert.matches("more than this machine's memory", err)
  end)

  it("penny solve reads a file's huge board within --max-memory", function()
    local f = os.tmpname()
    local h = io.open(f, "w")
    h:write("board: cubic 1 67108864\npuzzle: x\nstart: (0) (1) (2)\n"
      .. "goal: (1) (2) (3)\n")
    h:close()
    local out, status = S.run(S.PENNY .. " solve --max-memory 256M " .. f)
    os.remove(f)
    assert.equal(2, status)
    assert.matches(":1:8: the board has 67108864 cells", out)
  end)
end)

describe("limits are verdicts, not errors", function()
  it("a full-space search over its budget is unknown, naming the methods that can run", function()
    local box = penny.board{ width = 6, height = 6 }
    local p = penny.puzzle{ board = box,
      start = "oo.o..\no.o.o.\n.o.o.o\no.o.o.\n.o.o.o\n..o.oo",
      goal = "..o.oo\n.o.o.o\no.o.o.\n.o.o.o\no.o.o.\noo.o.." }
    local sol = p:solve{ method = "full", max_memory = 4096 }
    assert.equal("unknown", sol.verdict)
    assert.equal(1, sol.lower_bound)
    assert.matches("over the memory budget", sol.reason)
    assert.matches("'astar'", sol.reason)
  end)

  it("a plain search whose budget cannot hold the start is unknown", function()
    local p = penny.puzzle{ start = "(0,0) (1,0) (0,1)", goal = "(1,1) (1,0) (0,1)" }
    local sol = p:solve{ method = "bfs", max_memory = 4096 }
    assert.equal("unknown", sol.verdict)
    assert.matches("does not hold the first state", sol.reason)
  end)

  it("a window over 64 cells names the method that searches it", function()
    local cells, goal = {}, {}
    for i = 0, 9 do cells[#cells + 1] = { i, i }; goal[#goal + 1] = { i, i } end
    goal[1] = { 1, 0 }
    local p = penny.puzzle{ board = penny.board{ width = 10, height = 10 },
                            start = cells, goal = goal }
    -- the bidirectional search and A* take windows of up to 256 cells (a
    -- goal two moves away, and the goal above: no configuration that
    -- reaches it is reachable, which the backward side shows at once)
    local near = p.start:apply(p.start:movelist()[1])
    near = near:apply(near:movelist()[1])
    local q = penny.puzzle{ board = p.board, start = p.start, goal = near }
    local ref = q:solve{ method = "bfs" }
    for _, m in ipairs{ "bidir", "astar" } do
      local s = q:solve{ method = m }
      assert.equal(ref.verdict, s.verdict)
      assert.equal(#ref, #s)
    end
    assert.matches("^complete search %(bidirectional BFS%)", p:solve{ method = "bidir" }.reason)
    -- the ranked space of C(cells, 10) states is over the budget
    local full = p:solve{ method = "full" }
    assert.equal("unknown", full.verdict)
    assert.matches("over the memory budget", full.reason)
    local ok, err
    -- past 256 cells (a diagonal spans its 17 x 17 box) the plain BFS's
    -- states: from both ends (the goal, which no move reaches, at once),
    -- by A* within the time limit; up to translation, from every
    -- placement of the goal
    local diag, dgoal = {}, {}
    for i = 0, 16 do diag[#diag + 1] = { i, i }; dgoal[#dgoal + 1] = { i, i } end
    dgoal[1] = { 1, 0 }
    local big = penny.puzzle{ board = penny.board{ width = 17, height = 17 },
                              start = diag, goal = dgoal }
    local s = big:solve{ method = "bidir" }
    assert.equal("unsolvable", s.verdict)
    assert.matches("^complete search: all 1 configurations from which the goal", s.reason)
    s = big:solve{ method = "astar", time_limit = 0.2 }
    assert.equal("unknown", s.verdict)
    assert.is_true(s.lower_bound >= 1)
    local moved = penny.puzzle{ board = big.board, start = diag,
                                goal = big.start:apply(big.start:movelist()[1]),
                                up_to = "translation" }
    local mref = moved:solve{ method = "bfs" }
    for _, m in ipairs{ "bidir", "astar" } do
      s = moved:solve{ method = m }
      assert.equal(mref.verdict, s.verdict, m)
      assert.equal(#mref, #s, m)
    end
    ok, err = pcall(moved.solve, moved, { method = "full" })
    assert.is_false(ok)
    assert.matches("at most 256 cells %(this one has 289%)", err)
    assert.matches("method 'bfs'", err)
  end)
end)

describe("large inputs", function()
  it("art and coordinate lists give every coin its line and column", function()
    local rows = {}
    for r = 1, 300 do rows[r] = string.rep("o.", 150) end
    local cells = penny.dsl.parse_art(table.concat(rows, "\n"), "square", 2, "x")
    assert.equal(300 * 300, #cells)
    local last = cells[#cells]
    assert.same({ 299, 299, 300, 300 }, { last[1], last[2], last.line, last.col })
    local parts = {}
    for i = 1, 5000 do parts[i] = "(" .. i .. ",0)" end
    local list = penny.dsl.parse_coords(table.concat(parts, "\n"), 2, "y")
    assert.same({ 5000, 5000, 1 }, { list[5000][1], list[5000].line,
                                     list[5000].col })
    local ok, err = pcall(penny.config, "square",
      table.concat(parts, " ") .. " (17,0)")
    assert.is_false(ok)
    assert.matches("two coins on %(17,0%)", err)
  end)

  it("the combined grid checks closeness among neighbours only, exactly", function()
    local combined = require "penny.combined"
    local pts = {}
    for i = 0, 199 do pts[#pts + 1] = combined.square(i, 0) end
    assert.equal(200, #combined.config(pts))
    pts[#pts + 1] = combined.triangular(0, 1)       -- 1 from (0,0): fine
    assert.equal(201, #combined.config(pts))
    local half = { pts[1][1] + pts[2][1], pts[1][2] + pts[2][2],
                   pts[1][3] + pts[2][3], pts[1][4] + pts[2][4] }
    -- the point (1, 0) + (0, 0) = (1, 0) again is a duplicate; (1/2)-ish
    -- points are refused as closer than 1
    local ok = pcall(combined.config, { pts[1], pts[2], half })
    assert.is_false(ok)
  end)
end)

describe("typos and forgotten coins", function()
  it("an unknown puzzle field is an error listing the fields", function()
    for _, spec in ipairs{ { upto = "translation" }, { method = "bfs" } } do
      spec.start, spec.goal = "oo", "oo"
      local ok, err = pcall(penny.puzzle, spec)
      assert.is_false(ok)
      assert.matches("unknown field '%a+' %(fields: board, rule, start, goal, "
        .. "up_to", err)
    end
    local ok, err = pcall(penny.generate.config, { board = penny.board{
      width = 3, height = 3 }, n = 3, sed = 4 })
    assert.is_false(ok)
    assert.matches("generate.config: unknown field 'sed'", err)
    ok, err = pcall(penny.render.svg, penny.config("square", "oo"), { widht = 3 })
    assert.is_false(ok)
    assert.matches("render: unknown field 'widht'", err)
    ok, err = pcall(penny.combined.puzzle, { start = "oo", goal = "oo", frob = 1 })
    assert.is_false(ok)
    assert.matches("unknown field 'frob'", err)
  end)

  it("a goal with fewer coins must be asked for", function()
    local ok, err = pcall(penny.puzzle, { start = "(0,0) (1,0) (0,1)",
                                          goal = "(1,1) (1,0)" })
    assert.is_false(ok)
    assert.matches("the goal has 2 coins but the start 3", err)
    local p = penny.puzzle{ start = "(0,0) (1,0) (0,1)", goal = "(1,1)",
                            partial = true }
    assert.equal(1, #p:solve())
    local pz = require "penny.pzfile"
    ok, err = pcall(pz.read, "puzzle: x\nstart: (0,0) (1,0) (0,1)\ngoal: (1,1)\n",
      "t.pz")
    assert.is_false(ok)
    assert.matches("^t.pz:1:1: the goal has 1 coin but the start 3", err)
    local ps = pz.read("puzzle: x\npartial: yes\nstart: (0,0) (1,0) (0,1)\n"
      .. "goal: (1,1)\n", "t.pz")
    assert.is_true(ps[1].partial)
    ok, err = pcall(pz.read, "puzzle: x\npartial: maybe\nstart: o\ngoal: o\n",
      "t.pz")
    assert.matches("t.pz:2:10: expected 'yes' or 'no'", err, 1, true)
  end)

  it("the indentation of a puzzle's art blocks is not part of the drawing", function()
    local pz = require "penny.pzfile"
    local text = "board: square 3x3\npuzzle: x\nstart:\n  oo.\n  o..\n"
      .. "goal:\n  .o.\n  oo.\n"
    local p = pz.read(text, "t.pz")[1]
    assert.equal(penny.config(p.board, "oo.\no.."), p.start)
    assert.equal(1, #p:solve())
    -- the blocks keep their places relative to each other
    p = pz.read("puzzle: y\nstart:\n  oo\n  o\ngoal:\n   oo\n   o\n",
      "t.pz")[1]
    assert.equal(penny.config("square", ".oo\n.o"), p.goal)
    -- columns in messages count the indentation
    local ok, err = pcall(pz.read, "board: square 3x3\npuzzle: x\nstart:\n"
      .. "  oo.\n  o*.\ngoal:\n  oo.\n  .o.\n", "t.pz")
    assert.is_false(ok)
    assert.matches("^t.pz:5:4: unexpected character '%*'", err)
  end)

  it("optimum and sizes out of range are errors at their place", function()
    local pz = require "penny.pzfile"
    local ok, err = pcall(pz.read, "puzzle: x\noptimum: 18446744073709551616\n"
      .. "start: oo\ngoal: oo\n", "t.pz")
    assert.is_false(ok)
    assert.matches("^t.pz:2:10: optimum must be an integer >= 0", err)
    ok, err = pcall(pz.read, "board: square 2147483648x3\npuzzle: x\n"
      .. "start: o\ngoal: o\n", "t.pz")
    assert.is_false(ok)
    assert.matches("^t.pz:1:8: size 2147483648 is out of the supported range",
      err)
  end)
end)

describe("progress lines", function()
  local function stderr_of(code)
    local f = os.tmpname()
    local h = io.open(f, "w")
    h:write(code)
    h:close()
    local e = os.tmpname()
    S.run("(" .. S.PENNY .. " " .. f .. " >/dev/null 2>" .. e .. ")")
    local r = io.open(e)
    local out = r:read("a")
    r:close()
    os.remove(f)
    os.remove(e)
    return out
  end

  it("are off for library calls unless asked for", function()
    local out = stderr_of("local p = penny.puzzle{ start = '(0,0) (1,0) (0,1)', "
      .. "goal = '(1,1) (1,0) (0,1)' }\np:solve()\np:solve{ method = 'bfs' }\n")
    assert.equal("", out)
  end)

  it("name each stage: the plain BFS, the pattern databases and A*", function()
    local out = stderr_of("local cs = require 'penny.coinsliding'\n"
      .. "local p = cs.puzzle(cs.load(), 'font5x7', 'A-9')\n"
      .. "p:solve{ method = 'bfs', progress = true, max_states = 100000 }\n"
      .. "p:solve{ method = 'astar', progress = true, direction = 'forward' }\n")
    assert.matches("%[bfs%] depth 1: %d+ states", out)
    assert.matches("%[pattern db toward the goal%] 1/%d+ windows", out)
    assert.matches("%[A%* forward%] depth %d+:", out)
    assert.is_falsy(out:find("[astar]", 1, true))
  end)
end)

describe("limits of the square grid's constructive solver", function()
  it("stops at its time limit and its memory budget with verdict unknown", function()
    -- random 40 coins in a 14 x 14 box, drawn until Thm 3.3 applies
    local ss = require "penny.square_solver"
    local sq = require "penny.square"
    local rand = S.rng(31)
    local box = penny.board{ width = 14, height = 14 }
    local p
    repeat
      local a = S.random_config(box, 40, rand)
      local b = S.random_config(box, 40, rand)
      p = penny.puzzle{ start = a:coins(), goal = b:coins() }
    until sq.theorem38(p.start, p.goal).holds
    local full = ss.solve_puzzle(p)
    assert.equal("solved", full.verdict)
    local sol = ss.solve_puzzle(p, { max_memory = 4096 })
    assert.equal("unknown", sol.verdict)
    assert.matches("memory budget of 0.003906 MiB reached", sol.reason)
    sol = ss.solve_puzzle(p, { time_limit = 1e-9 })
    assert.equal("unknown", sol.verdict)
    assert.matches("time limit of 1e%-09 s reached", sol.reason)
  end)
end)
