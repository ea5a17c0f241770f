local penny = require "penny"
local S = require "support"

local sq = penny.board("square")
local tri = penny.board("triangular")

describe("Config", function()
  it("is built from art, coordinates and tables, sorted and immutable", function()
    local a = penny.config(sq, "oo\no.")
    local b = penny.config(sq, "(0,1) (1,0) (0,0)")
    local c = penny.config(sq, { { 1, 0 }, { 0, 0 }, { 0, 1 } })
    assert.equal(3, #a)
    assert.is_true(a == b and b == c)
    assert.same({ { 0, 0 }, { 1, 0 }, { 0, 1 } }, a:coins())
    assert.equal(a:hash(), c:hash())
    assert.equal(a:key(), b:key())
    local t = {}
    t[a:key()] = 1
    assert.equal(1, t[c:key()])
    assert.is_true(a:has{ 1, 0 })
    assert.is_false(a:has{ 1, 1 })
    assert.is_false(a:labelled())
    assert.equal(sq, a:board())
  end)

  it("carries labels", function()
    local a = penny.config(sq, "1a\no.")
    assert.is_true(a:labelled())
    assert.equal(1, a:label{ 0, 0 })
    assert.equal(10, a:label{ 1, 0 })
    assert.equal(0, a:label{ 0, 1 })
    assert.is_nil(a:label{ 1, 1 })
    local b = penny.config(sq, "1:(0,0) a:(1,0) (0,1)")
    assert.is_true(a == b)
    local c = penny.config(sq, "a1\no.")
    assert.is_false(a == c)        -- same cells, labels swapped
    assert.is_false(a:hash() == c:hash())
  end)

  it("with, without, translate, normalise, transform", function()
    local a = penny.config(sq, "(5,5) (6,5)")
    assert.equal(3, #a:with({ 7, 5 }))
    assert.equal(2, #a, "the original is unchanged")
    assert.equal(1, #a:without{ 5, 5 })
    assert.same({ { 0, 0 }, { 1, 0 } }, a:normalise():coins())
    assert.same({ { 6, 7 }, { 7, 7 } }, a:translate{ 1, 2 }:coins())
    -- a quarter turn of the square lattice: (x, y) -> (-y, x)
    assert.same({ { -5, 5 }, { -5, 6 } }, a:transform(2):coins())
    -- on the honeycomb, normalising keeps coins on vertices
    local h = penny.board("hexagonal")
    local hc = penny.config(h, "(4,1) (5,1)")
    for _, c in ipairs(hc:normalise():coins()) do
      assert.is_true(h:contains(c))
    end
  end)

  it("generates exactly the moves of the definition (random configurations, every lattice)", function()
    local rand = S.rng(12345)
    local boards = {
      penny.board{ width = 5, height = 5 },
      penny.board{ lattice = "triangular", width = 5, height = 5 },
      penny.board{ lattice = "hexagonal", width = 6, height = 6 },
      penny.board{ lattice = "king", width = 4, height = 4 },
      penny.board{ lattice = "cubic", dim = 3, size = { 3, 3, 3 } },
      penny.board{ lattice = "graph", vertices = 6, edges = { { 1, 2 }, { 2, 3 },
        { 3, 4 }, { 4, 5 }, { 5, 6 }, { 6, 1 }, { 1, 4 }, { 2, 5 } } },
    }
    local checked = 0
    for _, b in ipairs(boards) do
      for _ = 1, 40 do
        local n = rand(math.min(8, #b - 1))
        local cfg = S.random_config(b, n, rand)
        for d = 1, 3 do
          assert.same(S.ref_moves(cfg, d), S.move_strings(cfg, d))
          checked = checked + 1
        end
      end
    end
    -- and on the unbounded lattices
    for _, name in ipairs{ "square", "triangular", "hexagonal", "king" } do
      local b = penny.board(name)
      local box = penny.board{ lattice = name, width = 6, height = 6 }
      for _ = 1, 30 do
        local cfg = penny.config(b, S.random_config(box, rand(7), rand):coins())
        assert.same(S.ref_moves(cfg, 2), S.move_strings(cfg, 2))
        checked = checked + 1
      end
    end
    assert.is_true(checked > 800)
  end)

  it("applies and checks moves, with the reason of the first illegal one", function()
    local a = penny.config(sq, "oo\no.")
    local b = a:apply{ from = { 0, 0 }, to = { 1, 1 } }
    assert.same({ { 1, 0 }, { 0, 1 }, { 1, 1 } }, b:coins())
    assert.same(b, a:apply{ { 0, 0 }, { 1, 1 } })
    assert.same(b, a:apply{ 0, 0, 1, 1 })         -- coin-sliding style
    local ok, final = a:check{ { from = { 0, 0 }, to = { 1, 1 } },
                               { from = { 1, 1 }, to = { 0, 0 } } }
    assert.is_true(ok)
    assert.is_true(final == a)
    local cases = {
      { { 5, 5, 1, 1 }, "nocoin", "(5,5)->(1,1): no coin at the origin" },
      { { 0, 0, 1, 0 }, "occupied", "the destination is occupied" },
      { { 1, 0, 1, 1 }, "few", "(1,0)->(1,1): the destination has 1 occupied "
          .. "neighbour besides the moved coin, 2 needed" },
      { { 0, 0, 0, 0 }, "same", "the same" },
    }
    for _, c in ipairs(cases) do
      local good, idx, why, msg = a:check{ c[1] }
      assert.is_false(good)
      assert.equal(1, idx)
      assert.equal(c[2], why)
      assert.truthy(msg:find(c[3], 1, true), msg)
      local ok2, err = pcall(a.apply, a, c[1])
      assert.is_false(ok2)
      assert.truthy(err:find("illegal move", 1, true))
    end
    local box = penny.board{ width = 2, height = 2 }
    local c = penny.config(box, "oo\no.")
    local good, idx, why = c:check{ { 0, 0, 1, 1 }, { 1, 1, 2, 1 } }
    assert.is_false(good)
    assert.equal(2, idx)
    assert.equal("offboard", why)
    local l = penny.config(sq, "oo\no.")
    assert.is_true(l:legal{ 0, 0, 1, 1 })
    assert.is_false((l:legal{ 1, 0, 1, 1 }))
    -- d = 1: any free neighbour of another coin
    assert.is_true(l:legal({ 1, 0, 2, 0 }, 1) == false)
    assert.is_true(l:legal({ 1, 0, 0, -1 }, 1))
  end)

  it("tells reversible moves (thesis Notation 1.1)", function()
    -- (0,0) -> (1,1) leaves (0,0) with neighbours (1,0), (0,1): reversible
    local a = penny.config(sq, "oo\no.")
    assert.is_true(a:reversible{ 0, 0, 1, 1 })
    -- (0,0) -> (1,0): legal ((2,0) and (1,1) touch (1,0)), but (0,0) then
    -- touches only the moved coin, so the move cannot be undone
    local b = penny.config(sq, "o.o\n.o.")   -- (0,0) (2,0) (1,1)
    assert.is_true(b:legal{ 0, 0, 1, 0 })
    assert.is_false(b:reversible{ 0, 0, 1, 0 })
    assert.has_error(function() a:reversible{ 1, 0, 1, 1 } end)
  end)

  it("computes Adj, span and components", function()
    local a = penny.config(sq, "o.o\n...\n..o")
    assert.same({ { 1, 0 }, { 2, 1 } }, a:adj():coins())
    -- (1,0), (2,1) join, then (1,1), then (0,1), (1,2), then (0,2): the box
    local s = a:span()
    assert.equal(9, #s)
    -- span never shrinks under moves and contains every reachable cell
    for m in a:moves() do
      local b = a:apply(m)
      assert.is_true(#b:span() <= #s)
    end
    assert.equal(3, #a:components())
    local comps = penny.config(sq, "oo.o\n...o"):components()
    assert.equal(2, #comps)
    assert.equal(2, #comps[1])
    assert.equal(2, #comps[2])
  end)

  it("says when a span is infinite", function()
    local t = penny.config(tri, "o o")
    local s, why = t:span()
    assert.is_nil(s)
    assert.truthy(why:find("infinite"))
    local far = penny.config(tri, "(0,0) (5,5)")
    assert.equal(2, #far:span())
    -- king lattice too, and d = 3 on the triangular lattice is finite
    assert.is_nil((penny.config(penny.board("king"), "(0,0) (2,0)"):span()))
    local tri3 = penny.config(tri, "(0,0) (1,0) (0,1) (1,1)")
    assert.is_not_nil(tri3:span(3))
    -- the honeycomb span is finite (a hull argument)
    local h = penny.board("hexagonal")
    assert.is_not_nil(penny.config(h, "(0,0) (1,0) (3,0) (4,0)"):span())
  end)

  it("spans agree with the definition on small boxes", function()
    local rand = S.rng(99)
    local b = penny.board{ width = 6, height = 6 }
    for _ = 1, 60 do
      local cfg = S.random_config(b, rand(6), rand)
      -- closure by the definition
      local set = {}
      for _, c in ipairs(cfg:coins()) do set[S.key(c)] = true end
      local grew = true
      while grew do
        grew = false
        for _, p in ipairs(b:cells()) do
          if not set[S.key(p)] then
            local k = 0
            for _, q in ipairs(b:neighbours(p)) do
              if set[S.key(q)] then k = k + 1 end
            end
            if k >= 2 then set[S.key(p)] = true; grew = true end
          end
        end
      end
      local n = 0
      for _ in pairs(set) do n = n + 1 end
      local span = cfg:span()
      assert.equal(n, #span)
      for _, p in ipairs(span:coins()) do assert.is_true(set[S.key(p)]) end
    end
  end)

  it("matches goals fixed and up to symmetry", function()
    local g = penny.config(sq, "oo\no.")
    local moved = g:translate{ 3, 4 }
    assert.is_true(g:matches(g))
    assert.is_false(moved:matches(g))
    assert.is_true(moved:matches(g, "translation"))
    local turned = g:transform(2):translate{ 10, 10 }
    assert.is_false(turned:matches(g, "translation"))
    assert.is_true(turned:matches(g, "rotation"))
    -- the mirror image of a chiral shape needs reflections
    local s = penny.config(sq, "oo.\n.oo")
    local m = s:transform(5)
    assert.is_false(m:matches(s, "rotation"))
    assert.is_true(m:matches(s, "symmetry"))
    -- extra coins anywhere
    assert.is_true(g:with{ 9, 9 }:matches(g))
  end)

  describe("errors", function()
    local box = penny.board{ width = 3, height = 3 }
    local cases = {
      { function() penny.config(box, "....\n") end, nil },   -- fine: empties
      { function() penny.config(box, "...o") end, "config:1:4: (3,0) is not a cell of the board" },
      { function() penny.config(box, "(0,0) (0,0)") end, "config:1:7: two coins on (0,0)" },
      { function() penny.config(box, "(0,0,1)") end, "expected 2 coordinates, got 3" },
      { function() penny.config(sq, "(0,0) (1 0)") end, "config:1:7: expected a position" },
      { function() penny.config(sq, "(9999999999,0)") end, "outside the supported coordinate range" },
      { function() penny.config(sq, { { 0, 0.5 } }) end, "integer coordinates" },
      { function() penny.config(sq, "oo\n\to") end, "config:2:1: a tab is ambiguous" },
      { function() penny.config(sq, "oo"):apply{ 0, 0, 5, 5 } end, "illegal move (0,0)->(5,5)" },
      { function() penny.config(sq, "oo"):moves(0) end, "at least 1" },
      { function() penny.config(sq, "oo"):with{ 0, 0 } end, "already a coin" },
      { function() penny.config(sq, "oo"):without{ 4, 0 } end, "no coin there" },
      { function() penny.config(sq, "oo"):check{ "x" } end, "move" },
      { function() penny.config(nil, "oo") end, "penny.config: the first argument must be a board" },
    }
    for i, case in ipairs(cases) do
      it("case " .. i .. ": " .. tostring(case[2]), function()
        local ok, err = pcall(case[1])
        if case[2] == nil then
          assert.is_true(ok, err)
        else
          assert.is_false(ok)
          assert.truthy(tostring(err):find(case[2], 1, true),
            "expected '" .. case[2] .. "' in: " .. tostring(err))
        end
      end)
    end
  end)
end)
