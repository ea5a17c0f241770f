--[[
One extra coin on the square grid (penny.square.pushing): Prop 3.29's list
of "+1" coins and the reduction of minimum+1 puzzles to the pushing game
(Prop 3.32), held against the move rule and the plain breadth-first
search.
]]
local penny = require "penny"
local pushing = require "penny.square.pushing"
local sq = require "penny.square"
local S = require "support"

local SQ = penny.board("square")

-- every set of k cells of the w x h box (as Configs) whose span is the box
local function full_span_configs(w, h, k)
  local cells = {}
  for y = 0, h - 1 do for x = 0, w - 1 do cells[#cells + 1] = { x, y } end end
  local out, pick = {}, {}
  local box = w * h
  local function rec(start, depth)
    if depth > k then
      local t = {}
      for i = 1, k do t[i] = cells[pick[i]] end
      local c = penny.config(SQ, t)
      local span = c:span(2)
      if span and #span == box then out[#out + 1] = c end
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

local function plus_ones(w, h)
  local out = {}
  for _, c in ipairs(full_span_configs(w, h, sq.min_cardinality(w, h) + 1)) do
    if pushing.plus_one(c) then out[#out + 1] = c end
  end
  return out
end

describe("minimum+1 configurations (thesis Prop 3.29)", function()
  it("lists every coin whose removal keeps the span, and every span-keeping first move moves one", function()
    local n = 0
    for _, c in ipairs(plus_ones(4, 3)) do
      local ok, extra = pushing.plus_one(c)
      assert.is_true(ok)
      local listed = {}
      for _, e in ipairs(extra) do listed[S.key(e)] = true end
      local span = c:span(2)
      for _, p in ipairs(c:positions()) do
        assert.equal(c:without(p):span(2) == span, listed[S.key(p)] == true)
      end
      for m in c:moves(2) do
        if c:apply(m, 2):span(2) == span then
          assert.is_true(listed[S.key(m.from)], tostring(m))
          n = n + 1
        end
      end
    end
    assert.is_true(n > 100, n)
  end)

  it("says why a configuration is not minimum+1", function()
    local ok, why = pushing.plus_one(sq.minimum_config(5, 4, 0, 0))
    assert.is_false(ok)
    assert.truthy(why:find("5 coins, and a minimum+1 configuration with this span has 6", 1, true), why)
    ok, why = pushing.plus_one(penny.config(SQ, "o.oo\no...\n....\no..."))
    assert.is_false(ok)
    assert.truthy(why:find("minimal", 1, true), why)
  end)
end)

describe("minimum+1 puzzles by the pushing game (thesis Prop 3.32)", function()
  -- random pairs of minimum+1 configurations of one box: the verdict and
  -- the length against the plain BFS, every solution replayed
  local function against_bfs(w, h, pairs_wanted, seed)
    local all = plus_ones(w, h)
    assert.is_true(#all > 10, #all)
    local rand = S.rng(seed)
    local solvable, unsolvable = 0, 0
    for i = 1, pairs_wanted do
      local a, b = all[rand(#all)], all[rand(#all)]
      if i % 2 == 0 then
        -- a few moves that keep the span: a goal the start may reach
        b = S.span_walk(a, rand, 1 + rand(8))
      end
      local r, why = pushing.solve(a, b)
      assert.is_not_nil(r, why)
      local truth = penny.puzzle{ board = SQ, start = a, goal = b }
        :solve{ method = "bfs", progress = false }
      if r.solvable then
        solvable = solvable + 1
        assert.equal("solved", truth.verdict, tostring(a) .. "\n->\n" .. tostring(b))
        assert.equal(#truth, #r.moves, tostring(a) .. "\n->\n" .. tostring(b))
        local ok, final = a:check(r.moves, 2)
        assert.is_true(ok)
        assert.equal(b, final)
      else
        unsolvable = unsolvable + 1
        assert.equal("unsolvable", truth.verdict, tostring(a) .. "\n->\n" .. tostring(b))
      end
    end
    return solvable, unsolvable
  end

  it("agrees with exhaustive search on 4 x 3, 4 x 4 and 5 x 3 boxes", function()
    local s, u = 0, 0
    for i, box in ipairs{ { 4, 3 }, { 4, 4 }, { 5, 3 } } do
      local a, b = against_bfs(box[1], box[2], 60, 10 + i)
      s, u = s + a, u + b
    end
    assert.is_true(s > 10 and u > 10, s .. " solvable, " .. u .. " unsolvable")
  end)

  it("agrees with exhaustive search on 5 x 5 boxes", function()
    local s, u = against_bfs(5, 5, 40, 3)
    assert.is_true(s > 3 and u > 3, s .. " solvable, " .. u .. " unsolvable")
  end)

  it("flips an odd 'L' with one coin in hand, and proves it cannot rotate it", function()
    local a = penny.config(SQ, "o..\no..\no..\no.o")
    local flip = penny.config(SQ, "o.o\n..o\n..o\n..o")
    local r = pushing.solve(a, flip)
    assert.is_true(r.solvable)
    assert.equal(9, #r.moves)
    local mirror = penny.config(SQ, "..o\n..o\n..o\no.o")
    r = pushing.solve(a, mirror)
    assert.is_false(r.solvable)
    assert.is_true(r.states > 0)
  end)

  it("declines what it does not decide, with the reason", function()
    local a = penny.config(SQ, "1..\no..\no..\no.o")
    local r, why = pushing.solve(a, a)
    assert.is_nil(r)
    assert.truthy(why:find("labelled", 1, true), why)
    r, why = pushing.solve(penny.config(SQ, "oo\noo"), penny.config(SQ, "oo\noo"))
    assert.is_nil(r)
    assert.truthy(why:find("not minimum+1", 1, true), why)
    assert.has_error(function() pushing.solve(penny.config("triangular", "o o"), a) end,
      "penny.square.pushing.solve: a Config on a square board expected")
  end)
end)

describe("the pushing game as a game (penny.game.pushing)", function()
  -- the pushes by the definition (update paper Def 5.3), apart from penny
  local function ref_pushes(cfg)
    local out = {}
    for _, c in ipairs(cfg:positions()) do
      for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
        local t = { c[1] + d[1], c[2] + d[2] }
        if not cfg:has(t) then
          for _, e in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
            local q = { t[1] + e[1], t[2] + e[2] }
            if (q[1] ~= c[1] or q[2] ~= c[2]) and cfg:has(q) then
              out[#out + 1] = cfg:without(c):with(t)
              break
            end
          end
        end
      end
    end
    return out
  end
  local function ref_distance(a, b, cap)
    local seen, frontier, d = { [a:key()] = true }, { a }, 0
    while #frontier > 0 and d <= cap do
      for _, c in ipairs(frontier) do if c == b then return d end end
      local nxt = {}
      for _, c in ipairs(frontier) do
        for _, n in ipairs(ref_pushes(c)) do
          if not seen[n:key()] then seen[n:key()] = true; nxt[#nxt + 1] = n end
        end
      end
      frontier, d = nxt, d + 1
    end
    return math.huge
  end

  it("solves its puzzles optimally, as a search by the definition finds", function()
    local rand = S.rng(7)
    local all = plus_ones(4, 4)
    local n, solvable = 0, 0
    for _ = 1, 40 do
      local a = all[rand(#all)]
      local b = a
      for _ = 1, rand(6) do
        local ps = ref_pushes(b)
        if #ps == 0 then break end
        b = ps[rand(#ps)]
      end
      local p = penny.puzzle{ game = "pushing", start = a, goal = b }
      local s = p:solve()
      local d = ref_distance(a, b, 12)
      if s.verdict == "solved" then
        assert.equal(d, #s)
        assert.is_true(s.optimal)
        solvable = solvable + 1
      else
        assert.equal("unsolvable", s.verdict)
        assert.equal(math.huge, d)
      end
      n = n + 1
    end
    assert.is_true(solvable > 20, solvable)
  end)

  it("agrees with Prop 3.32: the moves of a minimum+1 puzzle are one more than the pushes", function()
    local rand = S.rng(9)
    local all = plus_ones(4, 3)
    for _ = 1, 30 do
      local a, b = all[rand(#all)], all[rand(#all)]
      local r = pushing.solve(a, b)
      if r.solvable and r.pushes > 0 then
        local q = penny.puzzle{ game = "pushing", start = a:without(r.a),
                                goal = b:without(r.b) }
        local s = q:solve()
        assert.equal(r.pushes, #s)
        assert.equal(r.pushes + 1, #r.moves)
      end
    end
  end)

  it("refuses a move that is not a push, with the reason", function()
    local p = penny.puzzle{ game = "pushing", start = "oo\no.", goal = "oo\n.o" }
    local ok, i, why, msg = p:check{ penny.move({ 0, 1 }, { 1, 1 }), penny.move({ 0, 0 }, { 5, 5 }) }
    assert.is_false(ok)
    assert.equal(2, i)
    assert.equal("push", why)
    assert.truthy(msg:find("neighbouring cell", 1, true), msg)
    assert.has_error(function()
      penny.puzzle{ game = "pushing", board = "triangular", start = "o o", goal = "o o" }
    end, "the pushing game is played on the square grid")
  end)
end)
