local penny = require "penny"
local sq = require "penny.square"
local ss = require "penny.square_solver"

local SQ = penny.board("square")

-- a seeded generator of random n-coin configurations in a w x h box
local function generator(seed)
  local r = seed
  local function rand(k)
    r = (r * 1103515245 + 12345) % 2147483648
    return (r >> 8) % k + 1
  end
  return function(n, w, h)
    local cells = {}
    for x = 0, w - 1 do for y = 0, h - 1 do cells[#cells + 1] = { x, y } end end
    for i = #cells, 2, -1 do
      local j = rand(i)
      cells[i], cells[j] = cells[j], cells[i]
    end
    local out = {}
    for i = 1, n do out[i] = cells[i] end
    return penny.config(SQ, out)
  end
end

-- replay moves from a with the coin rule (d = 2), independently of the
-- solver; returns the final configuration
local function replay(a, moves)
  local cur = a
  -- a penny.Moves, or a list (an answer shortened by penny.shortcut)
  local list = type(moves) == "table" and moves or moves:totable()
  for i, m in ipairs(list) do
    local nxt, why = cur:apply(m, 2)
    assert(nxt, ("move %d is illegal: %s"):format(i, tostring(why)))
    cur = nxt
  end
  return cur
end

local function nbrs(set, x, y)
  local n = 0
  for _, d in ipairs { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
    if set[(x + d[1]) .. "," .. (y + d[2])] then n = n + 1 end
  end
  return n
end

-- replay G' actions from cfg with `hand` coins in hand, requiring every
-- take to have two neighbours (so that the sequence is reversible)
local function replay_reversible(cfg, acts, hand)
  local set = {}
  for _, p in ipairs(cfg:positions()) do set[p[1] .. "," .. p[2]] = true end
  for i, a in ipairs(acts) do
    local kind, x, y = a[1], a[2], a[3]
    local k = x .. "," .. y
    assert(nbrs(set, x, y) >= 2, ("action %d (%s at %d,%d) lacks two neighbours"):format(i, kind, x, y))
    if kind == "take" then
      assert(set[k], "take from an empty cell"); set[k] = nil; hand = hand + 1
    else
      assert(not set[k] and hand > 0, "illegal drop"); set[k] = true; hand = hand - 1
    end
  end
  local pts = {}
  for k in pairs(set) do
    local x, y = k:match("^(-?%d+),(-?%d+)$")
    pts[#pts + 1] = { tonumber(x), tonumber(y) }
  end
  return penny.config(SQ, pts), hand
end

describe("square grid: canonicalization with two coins in hand (thesis Thm 3.7)", function()
  it("reaches a minimum configuration with the same span by reversible actions", function()
    local gen = generator(11)
    local checked = 0
    for _ = 1, 60 do
      local c = gen(8, 6, 6)
      local acts, chains = ss.canonicalize(c)
      assert.is_truthy(acts, chains)
      local k, hand = replay_reversible(c, acts, 2)
      assert.are.equal(c:span(2), k:span(2))
      assert.is_true(sq.is_minimum(k))
      assert.are.equal(2 + #c - #k, hand)
      checked = checked + 1
    end
    assert.are.equal(60, checked)
  end)

  it("gives one configuration for all configurations of a box with its full span", function()
    -- every configuration of the 3 x 3 and 4 x 3 boxes whose span is the
    -- box: each canonicalization replayed (reversible actions), and all
    -- of them end in the same minimum configuration
    for _, box in ipairs { { 3, 3 }, { 4, 3 } } do
      local w, h = box[1], box[2]
      local seen, done = nil, 0
      for mask = 1, (1 << (w * h)) - 1 do
        local pts = {}
        for i = 0, w * h - 1 do
          if mask & (1 << i) ~= 0 then pts[#pts + 1] = { i % w, i // w } end
        end
        local c = penny.config(SQ, pts)
        if #c:span(2) == w * h then
          local acts, why = ss.canonicalize(c)
          assert.is_truthy(acts, why)
          local k = replay_reversible(c, acts, 2)
          assert.is_true(sq.is_minimum(k))
          if seen then assert.are.equal(seen, k) else seen = k end
          done = done + 1
        end
      end
      assert.is_true(done > 300, ("%d configurations of %d x %d"):format(done, w, h))
    end
  end)
end)

describe("square grid: the two-extra-coin solver (update paper Thm 3.3)", function()
  it("solves random instances meeting the hypotheses, each replayed; exact search agrees", function()
    local gen = generator(5)
    local solved, tried = 0, 0
    for i = 1, 6000 do
      if tried >= 100 then break end
      local n = 4 + i % 7                         -- 4 to 10 coins
      local a, b = gen(n, 5, 5), gen(n, 5, 5)
      local th = sq.theorem38(a, b)
      if th.holds then
        tried = tried + 1
        local moves, why = ss.solve(a, b)
        assert.is_truthy(moves, why)
        assert.are.equal(b, replay(a, moves))
        solved = solved + 1
        if solved % 10 == 1 then      -- exact search on a sample (it is slower)
          local exact = penny.puzzle { start = a, goal = b }:solve { method = "engine", time_limit = 10 }
          assert.are_not.equal("unsolvable", exact.verdict)
          if exact.verdict == "solved" then assert.is_true(#exact.moves <= #moves) end
        end
      end
    end
    assert.are.equal(100, tried)
  end)

  it("solves a dense 100-coin puzzle through puzzle:solve(), replayed by the Solution", function()
    local gen = generator(3)
    local a, b = gen(100, 16, 16), gen(100, 16, 16)
    local sol = penny.puzzle { start = a, goal = b }:solve()
    assert.are.equal("solved", sol.verdict, sol.reason)
    assert.are.equal("square", sol.method)
    assert.are.equal(b, replay(a, sol.moves))
  end)

  it("answers nil with the reason when the hypotheses fail", function()
    local a = penny.config(SQ, { { 0, 0 }, { 1, 1 }, { 2, 2 } })
    local b = penny.config(SQ, { { 0, 0 }, { 2, 0 }, { 1, 1 } })
    local moves, why = ss.solve(a, b)
    assert.is_nil(moves)
    assert.is_string(why)
    local sol = penny.puzzle { start = a, goal = b }:solve { method = "square" }
    assert.are.equal("unknown", sol.verdict)
  end)

  it("refuses puzzles it is not for", function()
    local T = penny.board("triangular")
    local p = penny.puzzle { board = T, start = penny.config(T, { { 0, 0 }, { 1, 0 } }),
                             goal = penny.config(T, { { 0, 0 }, { 1, 0 } }) }
    assert.has_error(function() ss.solve_puzzle(p) end)
    local ok, why = ss.applies(p)
    assert.is_false(ok)
    assert.is_string(why)
  end)
end)

describe("square grid: a goal fractioned inside one rectangle (update paper Thm 4.5)", function()
  -- B: cells of two bands, along the bottom and the top of a w x h box,
  -- with the fewest coins the theorem allows; A: as many random coins
  -- whose span is the box
  local function instance(rand, gen, w, h)
    for _ = 1, 500 do
      local hb, ht = rand(3), rand(3)
      if h - hb - ht >= 2 then
        local band = {}
        for x = 0, w - 1 do
          for y = 0, h - 1 do
            if y < hb or y >= h - ht then band[#band + 1] = { x, y } end
          end
        end
        for i = #band, 2, -1 do
          local j = rand(i)
          band[i], band[j] = band[j], band[i]
        end
        for n = 4, #band do
          local pts = {}
          for i = 1, n do pts[i] = band[i] end
          local b = penny.config(SQ, pts)
          local a = gen(n, w, h)
          if #sq.rectangles(b) > 1 and sq.theorem45(a, b).holds then return a, b end
        end
      end
    end
  end

  it("sweeps an 'L' into the goal's parts: every solution replayed", function()
    local gen = generator(45)
    local r = 45
    local function rand(k)
      r = (r * 1103515245 + 12345) % 2147483648
      return (r >> 8) % k + 1
    end
    local solved = 0
    for _, box in ipairs{ { 8, 8 }, { 7, 12 }, { 12, 7 }, { 10, 10 }, { 6, 9 } } do
      for _ = 1, 3 do
        local a, b = instance(rand, gen, box[1], box[2])
        assert.is_truthy(a, "no instance in a " .. box[1] .. " x " .. box[2] .. " box")
        local t = sq.theorem45(a, b)
        local moves, info = ss.solve(a, b)
        assert.is_truthy(moves, info)
        assert.equal(b, replay(a, moves))
        assert.equal(t.N, #a)
        solved = solved + 1
      end
    end
    assert.equal(15, solved)
  end)

  it("states its hypotheses and says which one fails", function()
    local a = penny.config(SQ, "oo.ooo\no.o.o.\nooo...\n......\no.o..o\n.o.o..")
    local b = penny.config(SQ, "oooooo\n..oooo\n......\n......\n......\noooooo")
    local t = sq.theorem45(a, b)
    assert.is_true(t.holds)
    assert.same({ 6, 6, 16, 6, 8 }, { t.m, t.n, t.N, t.min_a, t.min_b })
    -- the worst case of Cor 4.2 has too few coins
    local p = penny.generate.fractioned(11)
    t = sq.theorem45(p.start, p.goal)
    assert.is_false(t.holds)
    assert.matches("is not above", t.why)
    -- two parts in the start: not one rectangle
    t = sq.theorem45(penny.config(SQ, "oo....oo"), penny.config(SQ, "oo....oo"))
    assert.is_false(t.holds)
    assert.matches("2 components", t.why)
    -- explain says solvable by it, and the solver names it
    local q = penny.puzzle{ start = a, goal = b }
    local _, facts, verdict = q:explain()
    assert.equal("solvable", verdict)
    local named = false
    for _, f in ipairs(facts) do
      if f.name == "Theorem 4.5 (fractioned span)" then named = f.decisive end
    end
    assert.is_true(named)
    local s = q:solve{ method = "square" }
    assert.equal("solved", s.verdict)
    assert.matches("Thm 4.5", s.reason)
  end)

  it("generates Cor 4.2's worst cases: unsolvable by Prop 4.1 with many spare coins", function()
    for n = 9, 16 do
      local p = penny.generate.fractioned(n)
      assert.equal(#p.start, #p.goal)
      assert.equal(n % 2 == 1 and (3 * n - 3) // 2 or (3 * n - 2) // 2, #p.start)
      assert.equal((n - 2) // 2, #sq.extra_coins(p.start))
      assert.equal((n - 5) // 2, #sq.redundant_coins(p.goal))
      local r = sq.rectangles(p.start)
      assert.same({ 0, 0, n, n }, r[1])
      assert.equal(2, #sq.rectangles(p.goal))
      local _, facts, verdict = p:explain()
      assert.equal("unsolvable", verdict)
      local by41 = false
      for _, f in ipairs(facts) do
        if f.name == "Prop 4.1 (fractioned span)" then by41 = f.decisive end
      end
      assert.is_true(by41)
    end
    assert.has_error(function() penny.generate.fractioned(8) end)
  end)
end)

describe("square grid: the small subroutines (re-derived by search)", function()
  -- replay G' actions in the box; moves, takes and drops by the thesis's
  -- rules (Section 1.4), reversibility checked when the entry says so
  local function replay_box(e)
    local w, h = e.box[1], e.box[2]
    local set, hand = {}, e.hand
    for _, c in ipairs(e.from) do set[c[1] .. "," .. c[2]] = true end
    local function inside(x, y) return x >= 0 and y >= 0 and x < w and y < h end
    for i, a in ipairs(e.actions) do
      local x, y = a[2], a[3]
      assert.is_true(inside(x, y), "action " .. i .. " leaves the box")
      local k = x .. "," .. y
      if a[1] == "drop" then
        assert.is_true(hand > 0 and not set[k] and nbrs(set, x, y) >= 2, "drop " .. i)
        set[k], hand = true, hand - 1
      else
        assert.is_true(set[k], "action " .. i .. " from an empty cell")
        if e.reversible then assert.is_true(nbrs(set, x, y) >= 2, "irreversible action " .. i) end
        set[k] = nil
        if a[1] == "take" then hand = hand + 1
        else
          local x2, y2 = a[4], a[5]
          local k2 = x2 .. "," .. y2
          assert.is_true(inside(x2, y2) and not set[k2] and nbrs(set, x2, y2) >= 2, "move " .. i)
          set[k2] = true
        end
      end
    end
    local want = {}
    for _, c in ipairs(e.to) do want[c[1] .. "," .. c[2]] = true end
    assert.are.same(want, set)
    assert.are.equal(e.hand, hand)
  end

  it("each table entry replays from its 'L' to the other and is shortest", function()
    local n = 0
    for name, e in pairs(ss.SUBROUTINES) do
      replay_box(e)
      local again = ss.box_search(e.box[1], e.box[2], e.from, e.to, e.hand, e.reversible)
      assert.are.equal(#again, #e.actions, name)
      n = n + 1
    end
    assert.is_true(n >= 6)
  end)

  it("finds the action counts the issue quotes: 3x3 flip 8, 3x2 flip 4, 3x3 rotation 11", function()
    local S = ss.SUBROUTINES
    assert.are.equal(8, #S.flip_3x3.actions)
    assert.are.equal(4, #S.flip_3x2.actions)
    assert.are.equal(11, #S.rotate_3x3.actions)
    -- with one coin in hand the 3 x 3 flip is impossible in its box
    assert.is_nil(ss.box_search(3, 3, S.flip_3x3.from, S.flip_3x3.to, 1, true))
    assert.has_error(function() ss.box_search(6, 6, {}, {}, 2) end)
  end)
end)

describe("auto on square-grid puzzles too large for the bitboards (spans over 64 cells)", function()
  local S = require "support"
  local SQ2 = penny.board("square")
  local function random_puzzle(rand, steps)
    local cells = {}
    for x = 0, 9 do for y = 0, 9 do cells[#cells + 1] = { x, y } end end
    for i = #cells, 2, -1 do local j = rand(i); cells[i], cells[j] = cells[j], cells[i] end
    local n = 16 + rand(6)
    local t = {}
    for i = 1, n do t[i] = cells[i] end
    local a = penny.config(SQ2, t)
    local b = a
    for _ = 1, steps do
      local ms = b:movelist(2)
      if #ms == 0 then break end
      b = b:apply(ms[rand(#ms)], 2)
    end
    return penny.puzzle{ start = a, goal = b }, a
  end

  it("returns the optimum, proven, where the plain search can check it", function()
    local rand = S.rng(48)
    local checked = 0
    for _ = 1, 12 do
      local p, a = random_puzzle(rand, 1 + rand(2))
      if #a:span(2) > 64 then
        local s = p:solve{ progress = false }
        local truth = p:solve{ method = "bfs", progress = false }
        assert.equal("solved", s.verdict)
        assert.is_true(s.optimal, s.reason)
        assert.equal(#truth, #s, s.reason)
        checked = checked + 1
      end
    end
    assert.is_true(checked >= 8, checked)
  end)

  it("answers goals four moves away optimally instead of by the construction", function()
    local rand = S.rng(5)
    for _ = 1, 4 do
      local p = random_puzzle(rand, 4)
      local s = p:solve{ progress = false }
      assert.equal("solved", s.verdict)
      assert.is_true(s.optimal, s.reason)
      assert.is_true(#s <= 4, #s)
      assert.truthy(s.reason:find("goal cells uncovered", 1, true) or s.method ~= "square", s.reason)
    end
  end)

  it("keeps the memory budget on 200 coins (the bounded search is skipped where one expansion is too big)", function()
    local f = os.tmpname()
    local out, st = S.run("timeout 120 /usr/bin/time -f %M -o " .. f .. " " .. S.PENNY
      .. " spec/fixtures/square200.lua")
    assert.equal(0, st, out)
    assert.truthy(out:find("^solved"), out)
    local kb = tonumber(io.open(f):read("a"):match("(%d+)%s*$"))
    os.remove(f)
    -- under the ASan build, its shadow memory and quarantine are counted in
    -- the RSS too (about twice the program's own)
    local slack = S.PENNY:find("asan", 1, true) and 2 or 1
    assert.is_true(kb < slack * (256 + 100) * 1024, kb .. " KB")
  end)

  it("says the bound the search proved when the construction answers", function()
    -- a goal far away: the bounded search stops, the constructive solver
    -- answers (Thm 3.3 holds), and the Solution says what was proven
    local p = penny.puzzle{ board = SQ2,
      start = "oooooooo\no.......\no.......\no.......\no.......\no.......\no.......\no.......",
      goal  = ".......o\n.......o\n.......o\n.......o\n.......o\n.......o\n.......o\noooooooo" }
    local s = p:solve{ progress = false }
    assert.equal("solved", s.verdict)
    assert.equal("square", s.method)
    assert.is_false(s.optimal)
    assert.truthy(s.reason:find("bounded exact search", 1, true), s.reason)
    assert.is_true(s.lower_bound >= 2 and s.lower_bound <= #s)
  end)
end)
