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
