local penny = require "penny"
local perm = require "penny.perm"
local group = require "penny.square.group"
local sq = require "penny.square"

local SQ = penny.board("square")

local function cycle(n)
  local p = {}
  for i = 1, n do p[i] = i % n + 1 end
  return p
end

describe("permutation groups (penny.perm)", function()
  it("a transposition and an n-cycle give n!, a 3-cycle and a 5-cycle 60", function()
    for n = 2, 9 do
      local t = { 2, 1 }
      for i = 3, n do t[i] = i end
      local g = perm.group(n, { t, cycle(n) })
      assert.equal(perm.symmetric_order(n), g:order())
      assert.same({}, g:fixed())
    end
    local a5 = perm.group(5, { { 2, 3, 1, 4, 5 }, cycle(5) })
    assert.equal(60, a5:order())
    assert.is_true(a5:contains({ 3, 1, 2, 4, 5 }))
    assert.is_false(a5:contains({ 2, 1, 3, 4, 5 }))
  end)

  it("agrees with the closure of its generators, element by element", function()
    -- random generators on 6 points; the closure by products is the truth
    local seed = 7
    local function rnd(k) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k + 1 end
    for _ = 1, 20 do
      local gens = {}
      for _ = 1, rnd(3) do
        local p = { 1, 2, 3, 4, 5, 6 }
        for _ = 1, rnd(2) do
          local a, b = rnd(6), rnd(6)
          p[a], p[b] = p[b], p[a]
        end
        gens[#gens + 1] = p
      end
      local seen, list = { ["1,2,3,4,5,6"] = true }, { { 1, 2, 3, 4, 5, 6 } }
      local head = 1
      while list[head] do
        local q = list[head]; head = head + 1
        for _, s in ipairs(gens) do
          local r = {}
          for i = 1, 6 do r[i] = s[q[i]] end
          local k = table.concat(r, ",")
          if not seen[k] then seen[k] = true; list[#list + 1] = r end
        end
      end
      local g = perm.group(6, gens)
      assert.equal(#list, g:order())
      local every = {}
      local function each(p, i)
        if i > 6 then
          local q = {}
          for k = 1, 6 do q[k] = p[k] end
          every[#every + 1] = q
          return
        end
        for v = 1, 6 do
          local used = false
          for k = 1, i - 1 do if p[k] == v then used = true end end
          if not used then p[i] = v; each(p, i + 1) end
        end
      end
      each({}, 1)
      for _, p in ipairs(every) do
        assert.equal(seen[table.concat(p, ",")] == true, g:contains(p))
      end
    end
  end)

  it("says what is wrong with a bad permutation", function()
    assert.has_error(function() perm.group(3, { { 1, 1, 2 } }) end,
      "penny.perm: a permutation is a list of the images of 1..3")
    assert.has_error(function() perm.group(-1) end,
      "penny.perm.group: the number of points must be an integer >= 0")
  end)
end)

-- the labelled puzzle cfg -> cfg with coin k moved to where coin p[k] stood
local function relabelled(cfg, p)
  local coins = cfg:positions()
  local a, b = {}, {}
  for k, c in ipairs(coins) do
    a[#a + 1] = string.format("%d:(%d,%d)", k, c[1], c[2])
    local d = coins[p[k]]
    b[#b + 1] = string.format("%d:(%d,%d)", k, d[1], d[2])
  end
  return penny.puzzle{ board = SQ, start = table.concat(a, " "), goal = table.concat(b, " ") }
end

describe("square grid: the group of label permutations (penny.square.group)", function()
  it("holds exactly the permutations that exhaustive search reaches", function()
    local shapes = { "oo.\n.oo\no..", "ooo\no..\n..o", "o.oo\no...\n...o", "oo..\n.o.o\n..o." }
    local seed = 3
    local function rnd(k) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k + 1 end
    local yes, no = 0, 0
    for _, text in ipairs(shapes) do
      local cfg = penny.config(SQ, text)
      local g, info = group.of(cfg)
      assert.is_true(info.complete)
      local n = #cfg
      for _ = 1, 6 do
        local p = {}
        for i = 1, n do p[i] = i end
        for i = n, 2, -1 do local j = rnd(i); p[i], p[j] = p[j], p[i] end
        local s = relabelled(cfg, p):solve{ method = "bfs" }
        assert.is_true(s.verdict == "solved" or s.verdict == "unsolvable", s.verdict)
        assert.equal(s.verdict == "solved", g:contains(p), text)
        if s.verdict == "solved" then yes = yes + 1 else no = no + 1 end
      end
    end
    -- both answers occur, so the comparison can fail either way
    assert.is_true(yes > 0 and no > 0, yes .. " solved, " .. no .. " not")
  end)

  it("is what Thm 3.16 with Props 3.11 and 3.31 predict on every 3 x 3 shape", function()
    local checked = 0
    for mask = 1, 511 do
      local pts = {}
      for i = 0, 8 do if mask >> i & 1 == 1 then pts[#pts + 1] = { i % 3, i // 3 } end end
      local c = penny.config(SQ, pts)
      if #c < #c:span(2) and sq.theorem38(c, c).holds then
        local pr = group.predicted(c)
        local g = group.of(c)
        assert.equal(perm.symmetric_order(#c - #pr.fixed), g:order(), c:render())
        assert.same(pr.fixed, g:fixed())
        checked = checked + 1
      end
    end
    assert.is_true(checked > 100, checked)
  end)

  it("pins the ends and the centre of a 1 x 5 line (the issue's shape)", function()
    local c = penny.config(SQ, "(0,0) (1,0) (2,0) (3,0) (4,0) (0,4) (1,5) (2,6)")
    local g = group.of(c)
    assert.equal(120, g:order())
    assert.same({ 1, 3, 5 }, g:fixed())
    assert.same({ 1, 3, 5 }, group.predicted(c).fixed)
  end)

  it("stops at the order asked for, and says when a budget cut it short", function()
    local c = penny.config(SQ, "oo.\n.oo\noo.")
    local _, info = group.of(c, { most = 2 })
    assert.is_true(info.complete)
    local _, cut = group.of(c, { max_states = 3 })
    assert.is_false(cut.complete)
    assert.has_error(function() group.of(penny.config(penny.board("triangular"), "o o")) end,
      "penny.square.group: a Config on a square board")
  end)
end)
