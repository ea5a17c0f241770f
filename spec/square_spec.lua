local penny = require "penny"
local sq = require "penny.square"
local S = require "support"

local SQ = penny.board("square")

-- every subset of a w x h box, as Configs, with its span
local function subsets(w, h, f)
  local cells = w * h
  for mask = 1, (1 << cells) - 1 do
    local pts = {}
    for i = 0, cells - 1 do
      if mask & (1 << i) ~= 0 then pts[#pts + 1] = { i % w, i // w } end
    end
    f(penny.config(SQ, pts))
  end
end

describe("square grid: span structure", function()
  it("minimum cardinality ceil((m+n)/2) agrees with brute force (virus problem)", function()
    for w = 1, 4 do
      for h = 1, 4 do
        local best = math.huge
        subsets(w, h, function(c)
          if #c < best then
            local lo, hi = c:span():bbox()
            if #c:span() == w * h and hi[1] - lo[1] + 1 == w and hi[2] - lo[2] + 1 == h then
              best = #c
            end
          end
        end)
        assert.equal(best, sq.min_cardinality(w, h), w .. " x " .. h)
      end
    end
  end)

  it("builds a minimum configuration for any rectangle (Kvant 10 x 10: 10 coins)", function()
    for m = 1, 12 do
      for n = 1, 12 do
        local c = sq.minimum_config(m, n, 3, -2)
        assert.equal(sq.min_cardinality(m, n), #c)
        assert.same({ { 3, -2, m, n } }, sq.rectangles(c))
        assert.is_true(sq.is_minimum(c))
        assert.is_true(sq.is_minimal(c))
      end
    end
    assert.equal(10, #sq.minimum_config(10, 10))
    -- the perimeter argument (Lemma 3.19): it never grows from C to span(C)
    local rand = S.rng(5)
    local box = penny.board{ width = 6, height = 6 }
    for _ = 1, 200 do
      local c = penny.config(SQ, S.random_config(box, 2 + rand(8), rand):coins())
      assert.is_true(sq.perimeter(c) >= sq.perimeter(c:span()))
    end
  end)

  it("splits the span into rectangles at distance >= 3 (DDV Lemma 4)", function()
    local rand = S.rng(6)
    local box = penny.board{ width = 9, height = 9 }
    for _ = 1, 200 do
      local c = penny.config(SQ, S.random_config(box, 2 + rand(8), rand):coins())
      local span, cells = c:span(), 0
      local rects = sq.rectangles(c)
      for i, r in ipairs(rects) do
        cells = cells + r[3] * r[4]
        for x = r[1], r[1] + r[3] - 1 do
          for y = r[2], r[2] + r[4] - 1 do assert.is_true(span:has{ x, y }) end
        end
        for j = i + 1, #rects do
          local q = rects[j]
          local dx = math.max(0, q[1] - (r[1] + r[3] - 1), r[1] - (q[1] + q[3] - 1))
          local dy = math.max(0, q[2] - (r[2] + r[4] - 1), r[2] - (q[2] + q[4] - 1))
          assert.is_true(dx + dy >= 3)
        end
      end
      assert.equal(#span, cells)
    end
  end)

  it("minimal and minimum agree with brute force on small boxes", function()
    local checked = 0
    subsets(3, 3, function(c)
      local span = c:span()
      local removable = false
      for _, p in ipairs(c:positions()) do
        if c:without(p):span() == span then removable = true end
      end
      assert.equal(not removable, (sq.is_minimal(c)))
      -- minimum: no configuration in the box with the same span is smaller
      checked = checked + 1
    end)
    assert.equal(511, checked)
  end)

  it("the checkerboard invariant never rejects a puzzle that search solves", function()
    local rand = S.rng(39)
    local box = penny.board{ width = 4, height = 4 }
    local rejected = 0
    for _ = 1, 150 do
      local n = 3 + rand(3)
      local a = penny.config(box, S.random_config(box, n, rand):coins())
      local b = penny.config(box, S.random_config(box, n, rand):coins())
      local ok = sq.checkerboard(penny.config(SQ, a:coins()), penny.config(SQ, b:coins()))
      local s = penny.puzzle{ board = box, start = a, goal = b }:solve()
      if s.verdict == "solved" then assert.is_true(ok) end
      if not ok then
        rejected = rejected + 1
        assert.equal("unsolvable", s.verdict)
      end
    end
    assert.is_true(rejected >= 5, rejected)
    local p = penny.puzzle{ board = "square", start = "o.o\n.o.", goal = "oo.\n..o" }
    local text, _, verdict = p:explain()
    assert.equal("unsolvable", verdict)
    assert.matches("Lemma 3.9", text)
  end)

  it("Theorem 3.8's hypotheses: exhaustive search solves every puzzle that meets them", function()
    local rand = S.rng(38)
    local box = penny.board{ width = 4, height = 4 }
    local held, failed = 0, 0
    for _ = 1, 120 do
      local n = 4 + rand(3)
      local a = penny.config(SQ, S.random_config(box, n, rand):coins())
      local b = penny.config(SQ, S.random_config(box, n, rand):coins())
      local t = sq.theorem38(a, b)
      if t.holds then
        held = held + 1
        local s = penny.puzzle{ board = SQ, start = a, goal = b }:solve()
        assert.equal("solved", s.verdict, tostring(a) .. "\n\n" .. tostring(b))
        assert.is_true(a:without(t.a[1]):without(t.a[2]):span():has(b:positions()[1]))
      else
        failed = failed + 1
        assert.is_truthy(t.a_why or t.b_why)
      end
    end
    assert.is_true(held >= 10 and failed >= 10, held .. " / " .. failed)
    assert.has_error(function() sq.theorem38(penny.config(penny.board("triangular"), "o"), penny.config(SQ, "o")) end)
  end)
end)

describe("square grid: extra and redundant coins, more necessary conditions", function()
  -- the closure of g inside the cell set `within`: add cells of `within`
  -- with two neighbours present until none is left
  local function closure(g, within)
    local have, n = {}, 0
    for _, c in ipairs(g) do have[c[1] .. "," .. c[2]] = true; n = n + 1 end
    local grew = true
    while grew do
      grew = false
      for _, c in ipairs(within) do
        local k = c[1] .. "," .. c[2]
        if not have[k] then
          local d = 0
          for _, s in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
            if have[(c[1] + s[1]) .. "," .. (c[2] + s[2])] then d = d + 1 end
          end
          if d >= 2 then have[k] = true; n = n + 1; grew = true end
        end
      end
    end
    return n
  end

  local function subset(pos, mask)
    local out = {}
    for i, c in ipairs(pos) do if mask & (1 << (i - 1)) ~= 0 then out[#out + 1] = c end end
    return out
  end

  it("finds as many extra coins as brute force, absolute and relative to B", function()
    local rand = S.rng(41)
    local box = penny.board{ width = 4, height = 4 }
    local relative_fewer = 0
    for _ = 1, 60 do
      local a = penny.config(SQ, S.random_config(box, 3 + rand(5), rand):coins())
      local b = penny.config(SQ, S.random_config(box, 2 + rand(3), rand):coins())
      for _, target in ipairs{ a, b } do
        local want = -1
        local pos = a:positions()
        local tspan = target:span()
        do
          for mask = 0, (1 << #pos) - 1 do
            local keep = {}
            for i, c in ipairs(pos) do if mask & (1 << (i - 1)) == 0 then keep[#keep + 1] = c end end
            local s = penny.config(SQ, keep):span()
            local ok = true
            for _, c in ipairs(tspan:positions()) do if not s:has(c) then ok = false; break end end
            if ok then
              local k = #pos - #keep
              if k > want then want = k end
            end
          end
        end
        local got, proven = sq.extra_coins(a, target)
        assert.is_true(proven)
        if want < 0 then
          -- span(A) does not contain span(B): no set is valid
          assert.is_nil(got)
          goto continue
        end
        assert.equal(want, #got)
        local rest = a
        for _, c in ipairs(got) do rest = rest:without(c) end
        for _, c in ipairs(tspan:positions()) do assert.is_true(rest:span():has(c)) end
        if target == b and #got > #sq.extra_coins(a) then relative_fewer = relative_fewer + 1 end
        ::continue::
      end
    end
    assert.is_true(relative_fewer > 0)
  end)

  it("the greedy redundant set is a largest one (all 3 x 3 subsets, random 4 x 4)", function()
    local rand = S.rng(42)
    local box = penny.board{ width = 4, height = 4 }
    local cases = {}
    subsets(3, 3, function(c) cases[#cases + 1] = c end)
    for _ = 1, 80 do cases[#cases + 1] = penny.config(SQ, S.random_config(box, 3 + rand(7), rand):coins()) end
    local nonzero = 0
    for _, b in ipairs(cases) do
      local pos = b:positions()
      local best = #pos
      for mask = 0, (1 << #pos) - 1 do
        local g = subset(pos, mask)
        if #g < best and closure(g, pos) == #pos then best = #g end
      end
      local red = sq.redundant_coins(b)
      assert.equal(#pos - best, #red, tostring(b))
      -- Def 1.18, step by step
      local rest = b
      for _, c in ipairs(red) do
        local k = 0
        for _, nb in ipairs(SQ:neighbours(c)) do if rest:has(nb) then k = k + 1 end end
        assert.is_true(k >= 2)
        rest = rest:without(c)
      end
      if #red > 0 then nonzero = nonzero + 1 end
    end
    assert.is_true(nonzero > 50)
  end)

  it("2-connected components are 3 apart, and each spans its bounding rectangle", function()
    local rand = S.rng(43)
    local box = penny.board{ width = 8, height = 8 }
    for _ = 1, 150 do
      local c = penny.config(SQ, S.random_config(box, 2 + rand(8), rand):coins())
      local comps = sq.two_components(c)
      local total = 0
      for i, ci in ipairs(comps) do
        total = total + #ci
        local lo, hi = ci:bbox()
        assert.equal((hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1), #ci:span())
        for j = i + 1, #comps do
          for _, p in ipairs(ci:positions()) do
            for _, q in ipairs(comps[j]:positions()) do
              assert.is_true(math.abs(p[1] - q[1]) + math.abs(p[2] - q[2]) >= 3)
            end
          end
        end
      end
      assert.equal(#c, total)
    end
  end)

  it("Prop 1.17, Prop 4.1 and the dead cells of Prop 3.11 never reject a puzzle that search solves", function()
    local rand = S.rng(44)
    local fired = { ["Prop 1.17 (one extra coin)"] = 0, ["Prop 4.1 (fractioned span)"] = 0,
                    ["Prop 3.11 (dead cells)"] = 0 }
    local held41 = 0
    local function try(a, b)
      local p = penny.puzzle{ board = SQ, start = a, goal = b }
      local _, facts = p:explain()
      local s
      for _, f in ipairs(facts) do
        if f.name == "Prop 4.1 (fractioned span)" and f.holds then held41 = held41 + 1 end
        if fired[f.name] and not f.holds then
          fired[f.name] = fired[f.name] + 1
          s = s or p:solve()
          assert.equal("unsolvable", s.verdict, f.name .. "\n" .. tostring(a) .. "\n\n" .. tostring(b))
        end
      end
      return s
    end
    local box = penny.board{ width = 4, height = 4 }
    for _ = 1, 80 do
      local n = 3 + rand(4)
      try(penny.config(SQ, S.random_config(box, n, rand):coins()),
          penny.config(SQ, S.random_config(box, n, rand):coins()))
    end
    -- Prop 4.1: a full m x n start, a goal holding the top and bottom rows
    for _ = 1, 40 do
      local m, n = 2 + rand(2), 4 + rand(2)
      local a = sq.minimum_config(m, n)
      -- the top and bottom rows, each spanned by a line of every other cell
      local cells = {}
      for x = 0, m - 1, 2 do cells[#cells + 1] = { x, 0 }; cells[#cells + 1] = { x, n - 1 } end
      if (m - 1) % 2 == 1 then
        cells[#cells + 1] = { m - 1, 0 }; cells[#cells + 1] = { m - 1, n - 1 }
      end
      local b = penny.config(SQ, cells)
      -- up to three more coins on both sides, so that N straddles the bound
      local want = math.max(#a, #b) + rand(4) - 1
      while #a < want do
        local c = { rand(m) - 1, rand(n) - 1 }
        if not a:has(c) then a = a:with(c) end
      end
      while #b < #a do
        local c = { rand(m) - 1, rand(n) - 1 }
        if not b:has(c) then b = b:with(c) end
      end
      while #a < #b do
        local c = { rand(m) - 1, rand(n) - 1 }
        if not a:has(c) then a = a:with(c) end
      end
      try(a, b)
    end
    -- dead cells: labelled lines
    for _ = 1, 30 do
      local len = 3 + rand(3)
      local la, lb = {}, {}
      for i = 1, len do la[i] = rand(2) end
      for i = 1, len do lb[i] = la[len + 1 - i] end
      local function line(labels)
        local cs = {}
        for i, l in ipairs(labels) do cs[i] = { i - 1, 0, label = l == 2 and 2 or nil } end
        return penny.config(SQ, cs)
      end
      try(line(la), line(lb))
    end
    for name, k in pairs(fired) do assert.is_true(k >= 3, name .. ": " .. k) end
    assert.is_true(held41 >= 3, "Prop 4.1 applied and held: " .. held41)
  end)
end)

describe("square grid: canonical 'L's", function()
  it("each canonical 'L' is a minimum chain spanning its rectangle, shaped as Def 2.5 says", function()
    for m = 1, 11 do
      for n = 1, 11 do
        local L = sq.canonical_L(m, n, 2, -3)
        assert.equal(sq.min_cardinality(m, n), #L)
        assert.same({ { 2, -3, m, n } }, sq.rectangles(L))
        -- hugs the left column and the bottom row, both corners occupied
        local adjacent = 0
        local pos = L:positions()
        for _, c in ipairs(pos) do
          assert.is_true(c[1] == 2 or c[2] == -3 + n - 1)
          for _, d in ipairs(pos) do
            if math.abs(c[1] - d[1]) + math.abs(c[2] - d[2]) == 1 then adjacent = adjacent + 1 end
          end
        end
        assert.is_true(L:has{ 2, -3 } and L:has{ 2 + m - 1, -3 + n - 1 })
        assert.equal(((m + n) % 2 == 1 and m * n > 1) and 2 or 0, adjacent)
        -- a chain: one 2-component
        assert.equal(1, #sq.two_components(L))
        if (m + n) % 2 == 1 and m * n > 1 then
          local top = L:has{ 2, -2 }
          assert.equal(n % 2 == 0, top)
        end
      end
    end
  end)

  it("L_C has the span of C and a minimum number of coins", function()
    local rand = S.rng(45)
    local box = penny.board{ width = 12, height = 12 }
    for _ = 1, 100 do
      local c = penny.config(SQ, S.random_config(box, 2 + rand(12), rand):coins())
      local L = sq.canonical(c)
      assert.equal(c:span(), L:span())
      assert.is_true(sq.is_minimum(L))
      assert.equal(L, sq.canonical(L))
    end
  end)
end)
