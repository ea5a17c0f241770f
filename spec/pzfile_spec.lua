local penny = require "penny"
local pzfile = require "penny.pzfile"
local S = require "support"

describe("puzzle files (.pz)", function()
  it("read several puzzles with defaults, blocks and inline values", function()
    local ps = pzfile.load("examples/classics.pz")
    assert.equal(4, #ps)
    assert.equal("triangular", ps[1].board:kind())
    assert.equal("square", ps[4].board:kind())
    assert.equal("translation", ps[1].up_to)
    assert.equal("rotation", ps[3].up_to)
    assert.equal("fixed", ps[2].up_to)
    assert.same({ 2, 3, 7, 4 }, { ps[1].optimum, ps[2].optimum, ps[3].optimum, ps[4].optimum })
    assert.equal(10, #ps[2].start)
    -- the goal block keeps its leading blank row: 7 coins shared
    local shared = 0
    for _, c in ipairs(ps[2].goal:coins()) do
      if ps[2].start:has(c) then shared = shared + 1 end
    end
    assert.equal(7, shared)
  end)

  it("read boards, rules, graphs and coordinate lists", function()
    local ps = pzfile.read([[
board: square 5x7
rule: d=2
puzzle: a box
start: (0,0) (1,0) (0,1)
goal: (1,1) (1,0) (0,1)
puzzle: a graph
board: graph 4
edges: (1,2) (2,3) (3,4) (4,1) (1,3)
rule: 1
start: (1) (2)
goal: (3) (4)
puzzle: drawn
board: square
cells:
...
. .
...
start:
oo.
o .
goal:
.oo
. o
]], "t.pz")
    assert.equal(3, #ps)
    assert.equal(35, #ps[1].board)
    assert.equal(1, #ps[1]:solve())
    assert.equal("graph", ps[2].board:kind())
    assert.equal(1, ps[2].rule.d)
    assert.equal(8, #ps[3].board)
    -- on the ring of 8 cells every cell has two neighbours: a path of
    -- three coins has no cell next to two of them, so nothing moves
    assert.equal("unsolvable", ps[3]:solve().verdict)
  end)

  local cases = {
    { "puzzle: x\nstart: oo\n", "t.pz:1:1: the puzzle has no 'goal:'" },
    { "puzzle: x\nstart:\no*\ngoal: oo\n", "t.pz:3:2: unexpected character '*'" },
    { "board: pentagon\npuzzle: x\nstart: o\ngoal: o\n", "t.pz:1:8: expected a lattice" },
    { "hello\n", "t.pz:1:1: expected a directive" },
    { "frobnicate: 3\n", "t.pz:1:1: unknown directive 'frobnicate:'" },
    { "start: o\n", "t.pz:1:1: 'start:' belongs to a puzzle" },
    { "puzzle: x\nstart: o\nstart: o\n", "t.pz:3:1: 'start:' given twice" },
    { "board: square 5y7\npuzzle: x\nstart: o\ngoal: o\n", "t.pz:1:8: expected a size such as 5x7" },
    { "puzzle: x\nstart: oo\ngoal: ooo\n", "t.pz:1:1: the goal has 3 coins but the start only 2" },
    { "puzzle: x\noptimum: -1\nstart: oo\ngoal: oo\n", "t.pz:2:10: optimum must be an integer >= 0" },
    { "puzzle: x\ngame: chess\nstart: o\ngoal: o\n", "t.pz:2:7: unknown game 'chess'" },
    { "puzzle: x\nstart: (0,0) (9,\ngoal: o\n", "t.pz:2:" },
    -- errors of the library carry the place in the file, not a Lua one
    { "board: square 100000x100000\npuzzle: x\nstart: (1,1)\ngoal: (2,2)\n",
      "t.pz:1:8: board too large" },
    { "board: graph 3\nedges: (1,2) (2,9)\npuzzle: x\nstart: (1)\ngoal: (2)\n",
      "t.pz:1:8: edge 2: vertices are integers 1..3" },
    { "puzzle: x\nstart: (1,1) (1,1)\ngoal: (1,1) (2,1)\n",
      "t.pz:2:14: two coins on (1,1)" },
    { "board: hexagonal\npuzzle: x\nstart: (0,0) (0,64)\ngoal: (1,0) (0,0)\n",
      "t.pz:3:14: (0,64) is the centre of a hexagon" },
    { "rule: 99\npuzzle: x\nstart: o\ngoal: o\n",
      "t.pz:1:7: the adjacency threshold d must be 1..64" },
  }
  for i, c in ipairs(cases) do
    it("report errors with file:line:col, case " .. i, function()
      local ok, err = pcall(pzfile.read, c[1], "t.pz")
      assert.is_false(ok)
      assert.equal(1, (tostring(err):find(c[2], 1, true)), err)
    end)
  end
end)

-- a small puzzle file (3 moves) in a temporary file; its name
local function staircase()
  local f = os.tmpname()
  local h = io.open(f, "w")
  h:write("puzzle: staircase\nboard: square 4x4\noptimum: 3\n"
          .. "start:\noooo\noo..\no...\n....\n"
          .. "goal:\n.ooo\n.oo.\n.oo.\n....\n")
  h:close()
  return f
end

describe("penny solve / show", function()
  it("solves a file, checks the optima and exits 0", function()
    local out, st = S.run(S.PENNY .. " solve examples/classics.pz --quiet")
    assert.equal(0, st, out)
    local n = 0
    for _ in out:gmatch("matches") do n = n + 1 end
    assert.equal(4, n, out)
  end)

  it("exits 1 when an optimum is wrong", function()
    local f = os.tmpname()
    local h = io.open(f, "w")
    h:write("puzzle: wrong\nboard: square\noptimum: 3\nstart:\noo\no.\ngoal:\n.o\noo\n")
    h:close()
    local out, st = S.run(S.PENNY .. " solve " .. f)
    os.remove(f)
    assert.equal(1, st, out)
    assert.truthy(out:find("optimum 3: MISMATCH", 1, true), out)
  end)

  -- `penny solve` on the staircase with each value of an option (and the
  -- rest of args): the text each one says, the optimum matched; then a bad
  -- value, refused
  local function each_value(args, option, says_by_value, bad)
    local f = staircase()
    for v, says in pairs(says_by_value) do
      local out, st = S.run(S.PENNY .. " solve " .. f .. args .. " --" .. option .. " " .. v)
      assert.equal(0, st, out)
      assert.truthy(out:find(says, 1, true), out)
      assert.truthy(out:find("optimum 3: matches", 1, true), out)
    end
    local out, st = S.run(S.PENNY .. " solve " .. f .. " --" .. option .. " " .. bad)
    os.remove(f)
    assert.equal(2, st, out)
    assert.truthy(out:find("bad --" .. option .. " " .. bad, 1, true), out)
  end

  it("solves with each encoding of the full-space search", function()
    each_value(" --method full", "encoding",
               { lean = "lean: depths mod 3", two = "two bits per state",
                 byte = "full-space BFS completed" }, "nibble")
  end)

  it("solves with A* either way (--direction)", function()
    each_value(" --method astar", "direction",
               { backward = "A* from the goal by reverse moves",
                 forward = "A* with window" }, "sideways")
  end)

  it("shows puzzles with their explanation", function()
    local out, st = S.run(S.PENNY .. " show examples/classics.pz")
    assert.equal(0, st, out)
    assert.truthy(out:find("known optimum: 7", 1, true), out)
    assert.truthy(out:find("Prop 1.2", 1, true), out)
  end)

  it("bad input: a clear message and status 2", function()
    local out, st = S.run(S.PENNY .. " solve no_such.pz")
    assert.equal(2, st)
    assert.truthy(out:find("cannot open no_such.pz", 1, true), out)
    out, st = S.run(S.PENNY .. " solve examples/classics.pz --method nope")
    assert.equal(2, st)
    assert.truthy(out:find("unknown solve method", 1, true), out)
    out, st = S.run(S.PENNY .. " solve")
    assert.equal(2, st)
    assert.truthy(out:find("usage", 1, true), out)
    -- a file without any puzzle is said to be one, for each subcommand
    local f = os.tmpname()
    local h = io.open(f, "w")
    h:write("# only a default\nboard: square\n")
    h:close()
    for _, cmd in ipairs{ "solve", "show", "render" } do
      out, st = S.run(S.PENNY .. " " .. cmd .. " " .. f)
      assert.equal(2, st, out)
      assert.truthy(out:find("no puzzle in the file", 1, true), out)
    end
    os.remove(f)
    -- bad option values are refused before any puzzle is solved, and
    -- what the library refuses is said without a Lua position
    local cases = {
      { "--time-limit -1", "penny: bad --time-limit -1 (seconds, >= 0)" },
      { "--time-limit nan", "penny: bad --time-limit nan" },
      { "--threads 1.5", "penny: bad --threads 1.5 (an integer >= 1)" },
      { "--threads 0", "penny: bad --threads 0" },
      { "--max-memory -5M", "penny: bad --max-memory -5M" },
      { "--time-limit", "penny: --time-limit needs a value" },
      { "--threads 100000", "penny: solve option 'threads' is absurdly large" },
      { "--max-memory 99999999G", "penny: solve option 'max_memory' is absurdly large" },
    }
    for _, c in ipairs(cases) do
      out, st = S.run(S.PENNY .. " solve examples/thesis.pz " .. c[1])
      assert.equal(2, st, c[1])
      assert.truthy(out:find(c[2], 1, true), out)
      assert.falsy(out:find(".lua:", 1, true), out)
    end
  end)

  it("--help and -h print the usage on stdout and exit 0", function()
    for _, cmd in ipairs{ " --help", " -h", " solve --help", " solve -h",
                          " help", " help solve", " show --help",
                          " render -h" } do
      local out, st = S.run("(" .. S.PENNY .. cmd .. " 2>/dev/null)")
      assert.equal(0, st, cmd)
      assert.truthy(out:find("usage", 1, true), cmd)
    end
    -- the overview says what penny is and names every subcommand
    local out, st = S.run(S.PENNY .. " --help")
    assert.truthy(out:find("coin-moving and line-push puzzles", 1, true), out)
    for _, cmd in ipairs{ "solve", "show", "render", "play", "help" } do
      assert.truthy(out:find("penny " .. cmd, 1, true), cmd)
    end
    out = S.run(S.PENNY .. " help solve")
    assert.truthy(out:find("--time-limit", 1, true), out)
    assert.truthy(out:find("--json", 1, true), out)
    out, st = S.run(S.PENNY .. " --nope")
    assert.equal(2, st)
    assert.truthy(out:find("unrecognized option '--nope'", 1, true), out)
    out, st = S.run(S.PENNY .. " help nope")
    assert.equal(2, st)
    assert.truthy(out:find("no command nope", 1, true), out)
  end)

  it("--version; a .pz file without a subcommand is sent to penny solve", function()
    local out, st = S.run(S.PENNY .. " --version")
    assert.equal(0, st)
    local core = require "penny.core"
    assert.equal("penny " .. core._VERSION .. " (Lua 5.4",
      out:match("^(penny [%d.]+ %(Lua 5%.4)"))
    assert.matches("^%d+%.%d+%.%d+$", core._VERSION)
    assert.equal("penny " .. core._VERSION, require("penny")._VERSION)
    out, st = S.run(S.PENNY .. " examples/thesis.pz")
    assert.equal(2, st)
    assert.truthy(out:find("penny solve examples/thesis.pz", 1, true), out)
  end)

  it("--puzzle N picks a puzzle by number or name, for solve and show", function()
    local out, st = S.run(S.PENNY .. " solve examples/pushes.pz --puzzle 2")
    assert.equal(1, st, out)       -- the second puzzle is unsolvable
    local n = select(2, out:gsub("\n== ", "")) + (out:find("^== ") and 1 or 0)
    assert.equal(1, n, out)
    assert.truthy(out:find("== Lemma 7's configuration", 1, true), out)
    out, st = S.run(S.PENNY .. " show examples/classics.pz --puzzle '"
      .. "8-coin H into the 8-coin O, anywhere (square grid)'")
    assert.equal(0, st, out)
    assert.truthy(out:find("== 8-coin H into the 8-coin O", 1, true), out)
    assert.falsy(out:find("rhombus", 1, true), out)
    out, st = S.run(S.PENNY .. " solve examples/pushes.pz --puzzle 0")
    assert.equal(2, st)
    assert.truthy(out:find("has no puzzle 0", 1, true), out)
  end)

  it("penny solve --json: one document, each solution replayed by the checker", function()
    local json = require "penny.json"
    local out, st = S.run(S.PENNY .. " solve examples/classics.pz --json"
      .. " 2>/dev/null")
    assert.equal(0, st, out)
    local doc = json.decode(out)
    local puzzles = pzfile.load("examples/classics.pz")
    assert.equal(#puzzles, #doc.puzzles)
    for i, r in ipairs(doc.puzzles) do
      local p = puzzles[i]
      assert.equal(p.name, r.name)
      assert.equal("solved", r.verdict)
      assert.equal(#r.moves, r.length)
      assert.equal(p.optimum, r.optimum)
      assert.is_true(r.matches_optimum)
      assert.is_number(r.stats.seconds)
      -- the moves, read back from the text, reach the goal
      local moves = {}
      for j, m in ipairs(r.moves) do moves[j] = { from = m.from, to = m.to } end
      assert.is_true(p:check(moves), r.name)
    end
    out, st = S.run(S.PENNY .. " solve examples/pushes.pz --puzzle 2 --json")
    assert.equal(1, st)
    doc = json.decode(out)
    assert.equal("unsolvable", doc.puzzles[1].verdict)
    assert.same({}, doc.puzzles[1].moves)
  end)
end)

describe("mutated puzzle files (tools/fuzz.lua)", function()
  -- 2 x 150 mutants of the example files: each is read or rejected with
  -- "file:line:col: ...", and each puzzle read is explained and solved
  -- under small limits to a verdict (make fuzz runs more under ASan)
  for _, seed in ipairs { 11, 12 } do
    it("are read or rejected at a place in the file, seed " .. seed, function()
      local out, st = S.run(S.PENNY .. " tools/fuzz.lua 150 " .. seed)
      assert.equal(0, st, out)
      assert.truthy(out:find("150 mutants (seed " .. seed .. "), 0 failures",
        1, true), out)
    end)
  end
end)

describe("random calls of the Lua API (tools/apifuzz.lua)", function()
  -- every exported function and method, with odd arguments: no crash, and
  -- every caller bug a named error, never Lua's own "attempt to index a
  -- nil value" from inside penny (make fuzz runs more under ASan)
  for _, seed in ipairs { 21, 22, 23 } do
    it("raise named errors, seed " .. seed, function()
      local out, st = S.run(S.PENNY .. " tools/apifuzz.lua 2000 " .. seed)
      assert.equal(0, st, out)
      assert.truthy(out:find("(seed " .. seed .. "), 0 findings", 1, true), out)
    end)
  end
end)

describe("penny.pzfile on its own", function()
  it("reads a combined-grid file in a Lua that never required penny", function()
    local f = os.tmpname()
    local h = assert(io.open(f, "w"))
    h:write("puzzle: c\nboard: combined\nstart:\nooo\no.o\nooo\ngoal:\no..o\noooo\no..o\n")
    h:close()
    local out, st = S.run("lua5.4 -e 'package.path=\"lua/?.lua;lua/?/init.lua;\"..package.path; "
      .. "package.cpath=\"build/lib/?.so;\"..package.cpath; "
      .. "local p = require(\"penny.pzfile\").load(\"" .. f .. "\")[1]; "
      .. "print(p.board, #p.start, p:solve().verdict)'")
    os.remove(f)
    assert.equal(0, st, out)
    assert.equal("combined\t8\tsolved\n", out)
  end)
end)
