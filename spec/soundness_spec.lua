--[[
spec/soundness_spec.lua -- every decisive fact of puzzle:explain() agrees
with exhaustive search (penny.soundness), and the cases it found.
]]
local penny = require "penny"
local soundness = require "penny.soundness"
local tri = require "penny.tri"

local function fact(facts, name)
  for _, f in ipairs(facts) do
    if f.name == name then return f end
  end
end

describe("explain on labelled square-grid puzzles", function()
  -- thesis Prop 3.31: a 1 x 5 span component, all components even, the
  -- start two coins above the minimum: the centre coin never changes
  local p = penny.puzzle{
    start = "(0,0) (1,0) 1:(2,0) (3,0) (4,0) 2:(0,4) (1,5) (2,6)",
    goal = "(0,0) (1,0) 2:(2,0) (3,0) (4,0) 1:(0,4) (1,5) (2,6)" }

  it("does not call Theorem 3.8 decisive for labelled coins", function()
    local _, facts, verdict = p:explain()
    local t38 = fact(facts, "Theorem 3.8 (two extra coins)")
    assert.is_true(t38.holds)
    assert.is_falsy(t38.decisive)
    assert.matches("unlabelled coins", t38.text)
    assert.equal("unsolvable", verdict)
  end)

  it("names Prop 3.31 with the centre of the 1 x 5 component", function()
    local text, facts = p:explain()
    local f = fact(facts, "Prop 3.31 (1 x 5 centre)")
    assert.is_truthy(f, text)
    assert.is_true(f.decisive)
    assert.equal("unsolvable", f.verdict)
    assert.same({ 2, 0 }, { f.witness[1][1], f.witness[1][2] })
    assert.matches("%(2,0%)", f.text)
    assert.equal("unsolvable", p:solve().verdict)
  end)

  it("keeps Theorem 3.8 decisive when all coins are alike", function()
    for _, spec in ipairs{
      { "(0,0) (1,0) (2,0) (3,0) (4,0) (0,4) (1,5) (2,6)",
        "(0,0) (1,0) (2,0) (3,0) (4,0) (2,4) (1,5) (0,6)" },
      { "1:(0,0) 1:(1,0) 1:(2,0) 1:(3,0) 1:(4,0) 1:(0,4) 1:(1,5) 1:(2,6)",
        "1:(0,0) 1:(1,0) 1:(2,0) 1:(3,0) 1:(4,0) 1:(2,4) 1:(1,5) 1:(0,6)" } } do
      local q = penny.puzzle{ start = spec[1], goal = spec[2] }
      local _, facts, verdict = q:explain()
      local t38 = fact(facts, "Theorem 3.8 (two extra coins)")
      assert.is_true(t38.holds and t38.decisive, tostring(q))
      assert.equal("solvable", verdict)
      assert.equal("solved", q:solve().verdict)
    end
  end)

  it("does not apply Prop 3.31 when a component is odd or the goal's span differs", function()
    -- a 3 x 2 rectangle (odd) beside the 1 x 5
    local q = penny.puzzle{
      start = "(0,0) (1,0) 1:(2,0) (3,0) (4,0) 2:(0,4) (1,5) (2,4)",
      goal = "(0,0) (1,0) 2:(2,0) (3,0) (4,0) 1:(0,4) (1,5) (2,4)" }
    local _, facts = q:explain()
    assert.is_nil(fact(facts, "Prop 3.31 (1 x 5 centre)"))
  end)

  it("leaves the rectangles out on a board whose holes cut the span", function()
    local b = penny.board{ cells = "ooo\nooo\no o\nooo" }
    local q = penny.puzzle{ board = b, start = "(0,0) (2,0) (1,1) (2,1) (2,2) (0,3) (1,3)",
      goal = "(1,0) (0,0) (1,1) (2,1) (2,2) (0,3) (1,3)" }
    local _, facts = q:explain()
    local f = fact(facts, "span of the start (DDV Lemma 4)")
    assert.is_false(f.holds)
    assert.is_nil(fact(facts, "Theorem 3.8 (two extra coins)"))
  end)
end)

describe("the triangular grid, three labelled coins and a goal of fewer", function()
  it("is decided by the completions of the goal (Thm 2.7), not the unlabelled rule", function()
    -- found by the soundness harness: the unlabelled rule said solvable
    local p = penny.puzzle{ board = "triangular",
      start = "3:(0,1) 1:(1,1) 2:(1,2)", goal = "3:(1,0) 1:(2,0)",
      partial = true }
    local d = tri.decide(p)
    assert.is_false(d.solvable)
    assert.equal("Thm 2.7 (fewer coins)", d.rule)
    local w = penny.board{ lattice = "triangular", size = { 8, 8 },
                           origin = { -3, -3 } }
    local wp = penny.puzzle{ board = w, start = p.start:coins(),
                             goal = p.goal:coins(), partial = true }
    assert.equal("unsolvable", wp:solve{ method = "bfs" }.verdict)
    assert.equal("unsolvable", tri.solve(p).verdict)
  end)

  it("solves the completions it finds, replayed", function()
    local rand = require("penny.strategies").rng(77)
    local T = penny.board("triangular")
    local box = penny.board{ lattice = "triangular", size = { 3, 3 } }
    local solved, refused = 0, 0
    for _ = 1, 150 do
      local cells = box:cells()
      for i = #cells, 2, -1 do
        local j = rand(i)
        cells[i], cells[j] = cells[j], cells[i]
      end
      local a = { cells[1], cells[2], cells[3] }
      for i = 1, 3 do a[i].label = i end
      local keep = rand(2)
      local b = {}
      local order = { 1, 2, 3 }
      for i = 3, 2, -1 do
        local j = rand(i)
        order[i], order[j] = order[j], order[i]
      end
      for i = 1, keep do
        b[i] = { cells[3 + i][1], cells[3 + i][2], label = order[i] }
      end
      local p = penny.puzzle{ board = T, start = a, goal = b, partial = true }
      local d = tri.decide(p)
      local sol = tri.solve(p)
      if d.solvable then
        assert.equal("solved", sol.verdict, d.text)
        assert.is_true(sol.replayed)
        solved = solved + 1
      else
        assert.equal("unsolvable", sol.verdict)
        refused = refused + 1
      end
    end
    assert.is_true(solved > 10 and refused > 10, solved .. " / " .. refused)
  end)
end)

describe("Theorem 3.16 on labelled square-grid puzzles of one span", function()
  local sq = require "penny.square"

  it("calls a permutation of the free coins solvable, and search agrees", function()
    -- the 1 x 5 line and a 3 x 3 span, two coins above the minimum, all
    -- even: the ends and the centre of the line are pinned, the rest free
    for _, spec in ipairs{
      { "(0,0) 3:(1,0) 1:(2,0) (3,0) (4,0) 2:(0,4) (1,5) (2,6)",
        "(0,0) (1,0) 1:(2,0) 3:(3,0) (4,0) (0,4) 2:(1,5) (2,6)" },
      { "1:(0,0) 2:(1,0) 3:(2,0) 4:(0,1) 5:(0,2) 6:(2,2)",
        "2:(0,0) 1:(1,0) 3:(2,0) 4:(0,1) 6:(0,2) 5:(2,2)" } } do
      local q = penny.puzzle{ start = spec[1], goal = spec[2] }
      local _, facts, verdict = q:explain()
      local f = fact(facts, "Theorem 3.16 (labelled, same span)")
      assert.is_true(f.holds and f.decisive, tostring(q))
      assert.equal("solvable", verdict)
      local sol = q:solve{ method = "bfs", progress = false }
      assert.equal("solved", sol.verdict)
    end
  end)

  it("names the pinned cell whose labels differ", function()
    local q = penny.puzzle{
      start = "3:(0,0) (1,0) 1:(2,0) (3,0) (4,0) 2:(0,4) (1,5) (2,6)",
      goal = "(0,0) (1,0) 1:(2,0) 3:(3,0) (4,0) (0,4) 2:(1,5) (2,6)" }
    local ok, why, pin = sq.theorem316(q.start, q.goal)
    assert.is_false(ok)
    assert.same({ 0, 0 }, pin)
    assert.matches("line component", why)
    assert.equal("unsolvable", q:solve{ method = "bfs", progress = false }.verdict)
  end)

  it("leaves a 2 x 2 component open at two coins above the minimum, all even", function()
    -- a 2 x 2 and a 1 x 3 line, minimum 2 + 2, two coins more
    local a = penny.config(penny.board("square"),
      "1:(0,0) 2:(1,0) 3:(0,1) (4,0) (5,0) (6,0)")
    local b = penny.config(penny.board("square"),
      "3:(0,0) 2:(1,0) 1:(0,1) (4,0) (5,0) (6,0)")
    local ok, why = sq.theorem316(a, b)
    assert.is_nil(ok)
    assert.matches("2 x 2", why)
  end)
end)

describe("the soundness harness (penny.soundness)", function()
  it("finds no contradiction in 5,500 random puzzles of every family", function()
    local total = { instances = 0, checked = 0, fired = {} }
    for seed = 1, 11 do
      local r = soundness.run{ count = 500, seed = seed, max_states = 50000 }
      assert.equal(0, #r.contradictions, soundness.report(r))
      total.instances = total.instances + r.instances
      total.checked = total.checked + r.checked
      for name, f in pairs(r.fired) do
        local t = total.fired[name] or 0
        total.fired[name] = t + f.solvable + f.unsolvable
      end
    end
    assert.is_true(total.instances >= 5000)
    assert.is_true(total.checked >= 0.85 * total.instances)
    -- the theorems the families are built to reach all fire
    for _, name in ipairs{ "start is goal", "Prop 1.2 (a move)",
        "Prop 1.2 (last move)", "Prop 1.3 (star)", "Cor 1.7 (span)",
        "Prop 3.11 (dead cells)", "checkerboard (thesis Lemma 3.9)",
        "Prop 1.17 (one extra coin)", "Prop 4.1 (fractioned span)",
        "Theorem 4.5 (fractioned span)",
        "Prop 3.31 (1 x 5 centre)", "Theorem 3.8 (two extra coins)",
        "Theorem 3.16 (labelled, same span)",
        "Prop 3.32 (minimum+1, the pushing game)",
        "Prop 3.30 (one extra coin, even span)",
        "Prop 3.35 (one extra coin, fixed leaves)",
        "Lemma 3.33 (one extra coin, 2-paths)",
        "triangular grid (i)", "triangular grid (ii)",
        "triangular grid Thm 2.7 (triangle)",
        "triangular grid Thm 2.7 (fewer coins)",
        "triangular grid |A| = |B| + 1" } do
      assert.is_true((total.fired[name] or 0) >= 3, name .. " fired "
        .. tostring(total.fired[name] or 0) .. " times")
    end
  end)

  it("catches a wrong theory: a fact that calls every labelled puzzle solvable", function()
    local explain = require "penny.explain"
    local config = require "penny.config"
    local saved = explain.theories.square
    explain.theories.square = function(p, facts)
      if config.distinguishable(p.start) then
        facts[#facts + 1] = { name = "wrong", holds = true, decisive = true,
                              verdict = "solvable", text = "planted" }
      end
    end
    local ok, r = pcall(soundness.run, { count = 200, seed = 3,
      families = { "square even spans" } })
    explain.theories.square = saved
    assert.is_true(ok, r)
    assert.is_true(#r.contradictions > 0)
    assert.equal("wrong", r.contradictions[1].fact)
  end)

  it("refuses unknown families and options that are not a table", function()
    assert.has_error(function() soundness.run{ families = { "sqaure" } } end)
    assert.has_error(function() soundness.run(5) end)
  end)
end)
