--[[
The pushing game by its theorems (penny.square.chains, penny.square.span,
penny.square.pushing.theory): spans as rectangles against Config:span,
2-paths and fixed leaves, and the theory's verdicts on minimum+1 puzzles
against the breadth-first search of the pushing game (pushing.solve,
itself held to the plain search in square_pushing_spec), every solution
replayed; then puzzles of hundreds of coins that no search reaches.
]]
local penny = require "penny"
local pushing = require "penny.square.pushing"
local chains = require "penny.square.chains"
local span = require "penny.square.span"
local sq = require "penny.square"
local S = require "support"

local SQ = penny.board("square")

local function cfg_of(cells) return penny.config(SQ, cells) end

local function inside(r, c) return c[1] >= r[1] and c[1] <= r[3] and c[2] >= r[2] and c[2] <= r[4] end

-- a random minimum+1 configuration whose span is the w x h box
local function plus_one(rand, w, h)
  while true do
    local m = penny.generate.config{ span = { w, h }, seed = rand(1000000),
                                     minimal = rand(2) == 1 or nil }
    local free = {}
    for y = 0, h - 1 do
      for x = 0, w - 1 do
        if not m:has{ x, y } then free[#free + 1] = { x, y } end
      end
    end
    local c = cfg_of(m:with(free[rand(#free)]):positions())
    if pushing.plus_one(c) then return c end
  end
end

-- M with one more coin: anywhere in the span (a start) or beside two of
-- M's coins (a goal)
local function with_cell(rand, cells, beside_two)
  local cfg = cfg_of(cells)
  local r = span.rectangles(cells)[1]
  while true do
    local p = { r[1] + rand(r[3] - r[1] + 1) - 1, r[2] + rand(r[4] - r[2] + 1) - 1 }
    local n = 0
    for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      if cfg:has{ p[1] + d[1], p[2] + d[2] } then n = n + 1 end
    end
    if not cfg:has(p) and (not beside_two or n >= 2) then return cfg:with(p) end
  end
end

describe("spans as rectangles (penny.square.span)", function()
  it("are Config:span's, and the extra coins are those whose removal keeps it", function()
    local rand = S.rng(11)
    for _ = 1, 300 do
      local w, h, n = 2 + rand(7), 2 + rand(7), 1 + rand(11)
      local cells, seen = {}, {}
      for _ = 1, n do
        local x, y = rand(w), rand(h)
        if not seen[x * 100 + y] then seen[x * 100 + y] = true; cells[#cells + 1] = { x, y } end
      end
      local cfg = cfg_of(cells)
      local sp = cfg:span(2)
      local area = 0
      for _, r in ipairs(span.rectangles(cells)) do
        area = area + (r[3] - r[1] + 1) * (r[4] - r[2] + 1)
        for x = r[1], r[3] do
          for y = r[2], r[4] do assert.is_true(sp:has{ x, y }, tostring(cfg)) end
        end
      end
      assert.equal(#sp, area, tostring(cfg))
      local extra = {}
      for _, c in ipairs(span.extras(cells)) do extra[c[1] * 100 + c[2]] = true end
      for _, c in ipairs(cells) do
        assert.equal(cfg:without(c):span(2) == sp, extra[c[1] * 100 + c[2]] or false,
          tostring(cfg))
      end
    end
  end)
end)

describe("2-paths and fixed leaves (penny.square.chains)", function()
  it("say a caller's mistake at the caller's line", function()
    assert.has_error(function() chains.twopath(5) end,
      "penny.square.chains.twopath: the cells: a Config or a list of cells {x, y} expected, got number")
    assert.has_error(function() span.rectangles{ { 1, "a" } } end,
      "penny.square.span.rectangles: the cells: cell 1 is not {x, y} with integers")
    assert.has_error(function() chains.random(4, 4, S.rng(1)) end)
    assert.has_error(function() chains.random_path({ 0, 0 }, { 2, 0 }, S.rng(1)) end)
    local ok, err = pcall(chains.leaves, penny.config("triangular", "o o"))
    assert.is_false(ok)
    assert.truthy(err:find("penny.square.chains.leaves: the cells: a configuration of the square grid", 1, true), err)
  end)

  it("turns one 2-path into another between the same corners, push by push (Lemma 3.33)", function()
    local rand = S.rng(3)
    for _ = 1, 40 do
      local w = 1 + rand(9)
      local h = rand(9)
      if (w + h) % 2 == 0 then h = h + 1 end
      local a = chains.random_path({ 0, 0 }, { w - 1, h - 1 }, rand)
      local b = chains.random_path({ 0, 0 }, { w - 1, h - 1 }, rand)
      assert.truthy(chains.twopath(a))
      local pushes = assert(chains.transform(a, b))
      -- each a push of the pushing game, ending at b
      local p = penny.puzzle{ game = "pushing", board = SQ, start = cfg_of(a), goal = cfg_of(b) }
      local moves = {}
      for i, q in ipairs(pushes) do moves[i] = penny.move(q.from, q.to) end
      assert.is_true((p:check(moves)), "the pushes do not replay")
    end
    local a = chains.random_path({ 0, 0 }, { 4, 5 }, rand)
    local b = chains.random_path({ 4, 0 }, { 0, 5 }, rand)
    local r, why = chains.transform(a, b)
    assert.is_nil(r)
    assert.truthy(why:find("different corners", 1, true), why)
  end)

  it("finds the fixed leaves: the ends of a 2-path, and the ends of the lines out of it", function()
    local rand = S.rng(5)
    for _ = 1, 30 do
      local w, h = 3 + rand(6), 2 + rand(6)
      if (w + h) % 2 == 0 then h = h + 1 end
      local m = chains.random(w, h, rand, 4)
      assert.is_true(chains.connected(m))
      local r = span.rectangles(m)
      assert.equal(1, #r)
      assert.equal(sq.min_cardinality(r[1][3] - r[1][1] + 1, r[1][4] - r[1][2] + 1), #m)
      local F = assert(chains.leaves(m))
      -- the box's corners and, per line, its far end
      local want = { [0] = true, [(w - 1) * 1000 + h - 1] = true }
      local n = 2
      for _, c in ipairs(m) do
        if not inside({ 0, 0, w - 1, h - 1 }, c) then
          local far = true
          for _, d in ipairs{ { 2, 0 }, { -2, 0 }, { 0, 2 }, { 0, -2 } } do
            local o = { c[1] + d[1], c[2] + d[2] }
            local further = math.abs(o[1] - (w - 1) / 2) + math.abs(o[2] - (h - 1) / 2)
              > math.abs(c[1] - (w - 1) / 2) + math.abs(c[2] - (h - 1) / 2)
            for _, q in ipairs(m) do
              if q[1] == o[1] and q[2] == o[2] and further then far = false end
            end
          end
          if far then want[c[1] * 1000 + c[2]] = true; n = n + 1 end
        end
      end
      assert.equal(n, #F)
      for _, c in ipairs(F) do assert.is_true(want[c[1] * 1000 + c[2]] or false) end
    end
  end)
end)

describe("minimum+1 puzzles by the theorems (pushing.theory)", function()
  it("agree with the search of the pushing game on random puzzles, every solution replayed", function()
    local rand = S.rng(7)
    local fired, decided, total = {}, 0, 0
    for _, box in ipairs{ { 5, 4 }, { 4, 5 }, { 6, 5 }, { 3, 6 }, { 5, 5 } } do
      for i = 1, 40 do
        local a = plus_one(rand, box[1], box[2])
        local b
        if i % 2 == 0 then b = plus_one(rand, box[1], box[2])
        else b = S.span_walk(a, rand, 1 + rand(10)) end
        total = total + 1
        local truth = pushing.solve(a, b)
        local r = pushing.theory(a, b)
        if r then
          decided = decided + 1
          fired[r.theorem] = (fired[r.theorem] or 0) + 1
          assert.equal(truth.solvable, r.solvable, tostring(a) .. "\n->\n" .. tostring(b))
          if r.solvable then
            local p = penny.puzzle{ board = SQ, start = a, goal = b }
            assert.is_true((p:check(r.moves)), "the moves do not replay")
            assert.is_true(#r.moves >= #truth.moves)
          end
        end
      end
    end
    assert.is_true(decided >= 0.95 * total, decided .. " of " .. total)
    for _, name in ipairs{ "Prop 3.30", "Prop 3.35", "Lemma 3.33", "Thm 3.37" } do
      assert.is_true((fired[name] or 0) >= 1, name)
    end
  end)

  it("agree with the search on 2-connected configurations with lines (Thm 3.38)", function()
    local rand = S.rng(9)
    local n38 = 0
    for _ = 1, 60 do
      local w, h = 2 + rand(2), 2 + rand(2)
      if (w + h) % 2 == 0 then h = h + 1 end
      local m = chains.random(w, h, rand, 2)
      -- the goal: one active rectangle's 2-path redrawn, or a fresh comb
      local m2
      if rand(2) == 1 then
        local act = chains.active(m)
        local a = act[rand(#act)]
        m2 = {}
        for _, c in ipairs(m) do if not inside(a.rect, c) then m2[#m2 + 1] = c end end
        for _, c in ipairs(chains.random_path(a.ends[1], a.ends[2], rand)) do m2[#m2 + 1] = c end
      else
        m2 = chains.random(w, h, rand, 2)
      end
      local sa, sb = span.rectangles(m), span.rectangles(m2)
      local area = (sa[1][3] - sa[1][1] + 1) * (sa[1][4] - sa[1][2] + 1)
      if span.same(sa, sb) and area <= 62 then
        local a, b = with_cell(rand, m), with_cell(rand, m2, true)
        local truth = assert(pushing.solve(a, b))
        local r = assert(pushing.theory(a, b))
        assert.equal(truth.solvable, r.solvable, tostring(a) .. "\n->\n" .. tostring(b))
        if r.theorem == "Thm 3.38" then n38 = n38 + 1 end
        if r.solvable then
          local p = penny.puzzle{ board = SQ, start = a, goal = b }
          assert.is_true((p:check(r.moves)), "the moves do not replay")
        end
      end
    end
    assert.is_true(n38 >= 5, n38)
  end)

  it("solve hundreds of coins that no search reaches, and explain says so", function()
    local rand = S.rng(13)
    -- a chain of 302 coins in a 300 x 301 box, and a comb with lines
    local m = chains.random(300, 301, rand)
    local a = with_cell(rand, m)
    local b = with_cell(rand, chains.random(300, 301, rand), true)
    local p = penny.puzzle{ board = SQ, start = a, goal = b }
    local s = p:solve{ method = "square", progress = false }
    assert.equal("solved", s.verdict, s.reason)
    assert.equal("pushing", s.method)
    assert.truthy(s.reason:find("Lemma 3.33", 1, true), s.reason)
    local _, facts, verdict = p:explain()
    assert.equal("solvable", verdict)
    local named = false
    for _, f in ipairs(facts) do
      if f.name == "Lemma 3.33 (one extra coin, 2-paths)" then named = f.decisive end
    end
    assert.is_true(named)
    -- a line moved along its side: its end is a fixed leaf, so no pushes
    local comb, line
    repeat
      comb, line = chains.random(120, 121, rand, 1), {}
      for i, c in ipairs(comb) do
        if not inside({ 0, 0, 119, 120 }, c) then line[#line + 1] = i end
      end
    until #line > 0
    do
      local moved = {}
      for i, c in ipairs(comb) do moved[i] = { c[1], c[2] } end
      local c = comb[line[1]]
      local axis = (c[1] < 0 or c[1] > 119) and 2 or 1
      local d = c[axis] < 100 and 1 or -1
      for _, i in ipairs(line) do moved[i][axis] = moved[i][axis] + d end
      local q = penny.puzzle{ board = SQ, start = with_cell(rand, comb),
                              goal = with_cell(rand, moved, true) }
      local u = q:solve{ method = "square", progress = false }
      assert.equal("unsolvable", u.verdict, u.reason)
      assert.truthy(u.reason:find("fixed leaves differ", 1, true), u.reason)
    end
  end)
end)

describe("the structure of minimum configurations (thesis Props 3.22-3.28)", function()
  -- every set of k cells of the w x h box whose span is the box
  local function minimum_configs(w, h)
    local k = sq.min_cardinality(w, h)
    local cells = {}
    for y = 0, h - 1 do for x = 0, w - 1 do cells[#cells + 1] = { x, y } end end
    local out, pick = {}, {}
    local function rec(start, depth)
      if depth > k then
        local t = {}
        for i = 1, k do t[i] = cells[pick[i]] end
        local r = span.rectangles(t)
        if #r == 1 and r[1][3] - r[1][1] == w - 1 and r[1][4] - r[1][2] == h - 1 then
          out[#out + 1] = t
        end
        return
      end
      for i = start, #cells - (k - depth) do
        pick[depth] = i
        rec(i + 1, depth + 1)
      end
    end
    rec(1, 1)
    return out
  end

  it("holds for every minimum configuration of small boxes, and for the generated ones", function()
    local counts = {}
    for _, box in ipairs{ { 4, 3 }, { 4, 4 }, { 5, 4 }, { 3, 6 } } do
      local all = minimum_configs(box[1], box[2])
      assert.is_true(#all > 100)
      for _, m in ipairs(all) do
        local ok, names = chains.check_minimum(m, true)
        assert.is_true(ok, names)
        for _, name in ipairs(names) do counts[name] = (counts[name] or 0) + 1 end
      end
    end
    for _, name in ipairs{ "Prop 3.22", "Prop 3.24", "Prop 3.28" } do
      assert.is_true((counts[name] or 0) > 100, name)
    end
    local rand = S.rng(17)
    for _ = 1, 40 do
      local w, h = 2 + rand(12), 2 + rand(12)
      assert.is_true((chains.check_minimum(sq.minimum_config(w, h))))
      if (w + h) % 2 == 0 then h = h + 1 end
      local comb = chains.random(w, h, rand, 4)
      assert.is_true((chains.check_minimum(comb)))
    end
    -- a configuration that is not minimum is declined, not judged
    local ok, why = chains.check_minimum(cfg_of{ { 0, 0 }, { 1, 0 }, { 3, 1 }, { 0, 2 }, { 1, 2 } })
    assert.is_nil(ok)
    assert.truthy(why:find("not a minimum", 1, true), why)
  end)

  it("holds along every optimal solution of minimum+1 puzzles: Lemma 5.2 and Prop 1.12 (update paper)", function()
    local rand = S.rng(19)
    local checked = 0
    for _ = 1, 80 do
      local a = plus_one(rand, 4 + rand(2) - 1, 3 + rand(2) - 1)
      local sp = a:span(2)
      local b = S.span_walk(a, rand, 2 + rand(6))
      local s = penny.puzzle{ board = SQ, start = a, goal = b }:solve{ method = "bfs", progress = false }
      assert.equal("solved", s.verdict)
      -- the moves with no coin moved twice in a row (two such are one)
      local moves = {}
      for _, m in ipairs(s.moves) do
        local last = moves[#moves]
        if last and last.to[1] == m.from[1] and last.to[2] == m.from[2] then
          moves[#moves] = { from = last.from, to = m.to }
        else
          moves[#moves + 1] = { from = m.from, to = m.to }
        end
      end
      local cur = a
      for t, m in ipairs(moves) do
        cur = cur:without(m.from):with(m.to)
        assert.equal(sp, cur:span(2))
        -- Lemma 5.2: minimum+1 after each move, and the next coin moved
        -- beside the cell just filled
        assert.is_true((pushing.plus_one(cur)))
        local nxt = moves[t + 1]
        if nxt then
          assert.equal(1, math.abs(nxt.from[1] - m.to[1]) + math.abs(nxt.from[2] - m.to[2]))
        end
        -- Prop 1.12: a coin in each side row and column of the span and in
        -- any two consecutive rows or columns
        local r = span.rectangles(cur)[1]
        local rows, cols = {}, {}
        for _, c in ipairs(cur:positions()) do rows[c[2]] = true; cols[c[1]] = true end
        assert.is_true(rows[r[2]] and rows[r[4]] and cols[r[1]] and cols[r[3]])
        for y = r[2], r[4] - 1 do assert.is_true(rows[y] or rows[y + 1]) end
        for x = r[1], r[3] - 1 do assert.is_true(cols[x] or cols[x + 1]) end
        checked = checked + 1
      end
    end
    assert.is_true(checked > 100, checked)
  end)

  it("lists every minimum configuration with a pair, and the theorems hold over the exact classes", function()
    -- bench/conjecture339.lua against a count made here by brute force
    for _, box in ipairs{ { 5, 4 }, { 6, 3 } } do
      local want = 0
      for _, m in ipairs(minimum_configs(box[1], box[2])) do
        local set, pairs_ = {}, 0
        for _, c in ipairs(m) do set[c[1] * 100 + c[2]] = true end
        for _, c in ipairs(m) do
          if set[(c[1] + 1) * 100 + c[2]] then pairs_ = pairs_ + 1 end
          if set[c[1] * 100 + c[2] + 1] then pairs_ = pairs_ + 1 end
        end
        if pairs_ == 1 then want = want + 1 end
      end
      local out, st = S.run(S.PENNY .. " bench/conjecture339.lua " .. box[1] .. " " .. box[2])
      assert.equal(0, st, out)
      local n, classes, _, p335, t338 = out:match("^| %d+ x %d+ | (%d+) | (%d+) | (%d+) | (%d+) | (%d+) |")
      assert.equal(want, tonumber(n), out)
      assert.is_true(tonumber(classes) > 1, out)
      assert.equal("0", p335, out)
      assert.equal("0", t338, out)
    end
  end)
end)
