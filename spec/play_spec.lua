--[[
For puzzle designers: puzzle:hints (every move with its proven distance to
the goal) against exhaustive search, and `penny play` played from
standard input and through a pseudo-terminal.
]]
local penny = require "penny"
local hints = require "penny.hints"
local S = require "support"
local P = S.PENNY

-- the truth: the plain BFS (or the exact push search) from each move's
-- result, on bounded boards where it is exhaustive
local function truth(p, cfg)
  local q = penny.puzzle{ board = p.board, rule = p.rule, start = cfg,
    goal = p.box and { box = p.box } or p.goal, game = p.game,
    up_to = not p.box and p.up_to or nil }
  local s = q:solve{ method = p.game == "linepush" and "search" or "bfs",
                     progress = false }
  if s.verdict == "solved" then return #s end
  assert.equal("unsolvable", s.verdict, s.reason)
  return math.huge
end

local FAMILIES = {
  square = function(rand)
    local b = penny.board{ width = 2 + rand(2), height = 3 }
    return b, { d = 2 }, 3 + rand(2)
  end,
  triangular = function(rand)
    local b = penny.board{ lattice = "triangular", width = 3, height = 2 + rand(1) }
    return b, { d = 2 }, 3 + rand(2)
  end,
}

describe("puzzle:hints", function()
  it("gives every move's exact distance on 500 random small puzzles (square, triangular, line pushes)", function()
    local rand = S.rng(2024)
    local checked, moves, reachable = 0, 0, 0
    local names = { "square", "triangular", "linepush" }
    for i = 1, 500 do
      local fam = names[(i - 1) % 3 + 1]
      local p
      if fam == "linepush" then
        local b = penny.board{ width = 4, height = 4 }
        local n = 3 + rand(2)
        local a = S.random_config(b, n, rand)
        local g = S.random_config(b, n, rand)
        p = penny.puzzle{ game = "linepush", start = a:coins(), goal = g:coins() }
      else
        local b, rule, n = FAMILIES[fam](rand)
        p = penny.puzzle{ board = b, rule = rule,
                          start = S.random_config(b, n, rand),
                          goal = S.random_config(b, n, rand) }
      end
      local list = p:hints()
      local legal = 0
      for _ in ipairs(require("penny.game").of(p).moves(p, p.start)) do legal = legal + 1 end
      assert.equal(legal, #list)
      local last = -1
      for _, h in ipairs(list) do
        assert.is_true(h.verdict ~= "unknown", h.reason)
        local t = truth(p, h.next)
        assert.equal(t, h.distance, tostring(h.move))
        if h.verdict == "solved" then
          assert.is_true(h.optimal, h.reason)
          reachable = reachable + 1
        end
        -- the best first
        assert.is_true(h.distance >= last)
        last = h.distance
        moves = moves + 1
      end
      checked = checked + 1
    end
    assert.equal(500, checked)
    assert.is_true(moves > 1000 and reachable > 100, moves .. " moves, "
      .. reachable .. " reach the goal")
  end)

  it("says a lower bound when the time runs out, and refuses bad arguments", function()
    local cs = require "penny.coinsliding"
    local p = cs.puzzle(cs.load(), "font5x9", "F-R")
    local list = p:hints(nil, { time_limit = 0.2 })
    assert.is_true(#list > 0)
    local unknown = 0
    for _, h in ipairs(list) do
      -- a move that loses the goal for good is proven so at once
      if h.verdict == "unknown" then
        unknown = unknown + 1
        assert.is_true(h.lower_bound >= 1)
        assert.truthy(hints.text(h):find("at least", 1, true))
      else
        assert.equal("unsolvable", h.verdict)
        assert.equal(math.huge, h.distance)
      end
    end
    assert.is_true(unknown > 0)
    assert.has_error(function() p:hints(5) end,
      "puzzle:hints: a Config expected (or nothing: the start), got number")
    assert.has_error(function() p:hints(nil, { time = 1 }) end)
  end)
end)

describe("penny play", function()
  local MOVES = "3,2 2,0\\nu\\nh\\n3,2 2,0\\n9,9 9,8\\n3,1 1,0\\n3,0 1,2\\n1,1 2,2\\n"

  it("plays the H into the O from standard input: a move, an undo, a hint, an illegal move, the goal", function()
    local out, st = S.run("printf '" .. MOVES .. "' | " .. P
      .. " play examples/classics.pz --puzzle 4")
    assert.equal(0, st, out)
    assert.truthy(out:find("undone: (3,2)->(2,0)", 1, true), out)
    assert.truthy(out:find("hint: %(%-?%d+,%-?%d+%)%->%(%-?%d+,%-?%d+%): 3 more moves"), out)
    assert.truthy(out:find("illegal: (9,9)->(9,8): no coin at the origin", 1, true), out)
    assert.truthy(out:find("solved in 4 moves (optimum 4)", 1, true), out)
    -- the last picture is the O, with its coordinates
    assert.truthy(out:find("  0  · ● ● ● · ·\n  1  · ● · ● · ·\n  2  · ● ● ● · ·", 1, true), out)
  end)

  it("plays through a pseudo-terminal too", function()
    local feed = {}
    for cmd in ("3,2 2,0|u|h|3,2 2,0|3,1 1,0|3,0 1,2|1,1 2,2"):gmatch("[^|]+") do
      feed[#feed + 1] = "sleep 0.3; printf '" .. cmd .. "\\n'"
    end
    local out = S.run("(" .. table.concat(feed, "; ") .. "; sleep 0.5) | "
      .. "NO_COLOR=1 script -qfec '" .. P .. " play examples/classics.pz --puzzle 4' /dev/null")
    assert.truthy(out:find("move 1> ", 1, true), out)
    assert.truthy(out:find("undone", 1, true), out)
    assert.truthy(out:find("hint: ", 1, true), out)
    assert.truthy(out:find("solved in 4 moves (optimum 4)", 1, true), out)
  end)

  it("plays the combined grid by numbered moves: the O back to the H in six", function()
    local p = require("penny.pzfile").load("examples/combined.pz")[2]
    local sol = p:solve()
    local cfg, lines = p.start, {}
    for _, m in ipairs(sol.moves) do
      for i, c in ipairs(cfg:movelist(2)) do
        if tostring(c) == tostring(m) then lines[#lines + 1] = tostring(i) end
      end
      cfg = cfg:apply(m, 2)
    end
    assert.equal(#sol.moves, #lines)
    local out, st = S.run("printf 'l\\nh\\n" .. table.concat(lines, "\\n") .. "\\n' | "
      .. P .. " play examples/combined.pz --puzzle 2")
    assert.equal(0, st, out)
    assert.truthy(out:find("  1  (0, 2)->(-√3/2, 1/2)", 1, true), out)
    assert.truthy(out:find("no hints on the combined grid", 1, true), out)
    assert.truthy(out:find("solved in 6 moves (optimum 6)", 1, true), out)
  end)

  it("plays line pushes, and says what is wrong with a command", function()
    local out, st = S.run("printf 'right\\nleft\\nsideways\\nr\\nq\\n' | " .. P
      .. " play examples/pushes.pz --puzzle 1")
    assert.equal(0, st, out)
    assert.truthy(out:find("move 2> left", 1, true), out)
    assert.truthy(out:find("not a push", 1, true) or out:find("sideways", 1, true), out)
    assert.truthy(out:find("nothing to redo", 1, true), out)
    out, st = S.run(P .. " play examples/classics.pz --puzzle 9")
    assert.equal(2, st)
    assert.truthy(out:find("has no puzzle 9", 1, true), out)
  end)
end)

describe("generators for designers (penny.generate)", function()
  local function bfs_distance(p, cfg)
    local q = penny.puzzle{ board = p.board, rule = p.rule, start = cfg, goal = p.goal }
    local s = q:solve{ method = "bfs", progress = false }
    return s.verdict == "solved" and #s or math.huge
  end

  it("puzzle{unique_first = true}: exactly one first move starts an optimal solution", function()
    local b = penny.board{ width = 4, height = 3 }
    for seed = 1, 3 do
      local p = penny.generate.puzzle{ board = b, n = 5, length = 4, seed = seed,
                                       unique_first = true }
      assert.equal(4, bfs_distance(p, p.start))
      local best = 0
      for m in p.start:moves(p.rule) do
        if bfs_distance(p, p.start:apply(m, p.rule)) == 3 then best = best + 1 end
      end
      assert.equal(1, best)
    end
  end)

  it("deep{min_length = L}: the optimum is at least L, and nothing is farther from the start", function()
    local b = penny.board{ width = 4, height = 4 }
    local p, s = penny.generate.deep{ board = b, n = 6, min_length = 12, seed = 2 }
    assert.is_true(p.optimum >= 12)
    assert.equal(p.optimum, #s)
    assert.equal(p.optimum, bfs_distance(p, p.start))
    local t = penny.distances(p.start, { complete = true, paths = false })
    assert.equal(p.optimum, t.maxdepth)
    assert.has_error(function()
      penny.generate.deep{ board = "square", n = 4, min_length = 3 }
    end, "generate.deep: a bounded board (its whole space is searched)")
  end)
end)
