local penny = require "penny"
local lp = require "penny.linepush"
local S = require "support"

local SQ = penny.board("square")

-- a configuration from picture rows ('o' token, '.' empty); labelled = true
-- numbers the tokens 1, 2, ... in reading order
local function pic(rows, labelled)
  local pts = {}
  for y, r in ipairs(rows) do
    for x = 1, #r do
      if r:sub(x, x) == "o" then
        pts[#pts + 1] = { x - 1, y - 1, label = labelled and #pts + 1 or nil }
      end
    end
  end
  return penny.config(SQ, pts)
end

local function relabel(cfg, labels)
  local pts = {}
  for i, p in ipairs(cfg:positions()) do pts[i] = { p[1], p[2], label = labels[i] } end
  return penny.config(SQ, pts)
end

local function ids(cfg)
  local l = {}
  for i = 1, #cfg do l[i] = i end
  return relabel(cfg, l)
end

-- every subset of every w x h box (w, h <= 4) with at most 9 tokens whose
-- bounding box is the whole box
local function all_shapes(maxn)
  local out = {}
  for w = 1, 4 do
    for h = 1, 4 do
      local cells = w * h
      for mask = 1, (1 << cells) - 1 do
        local pts = {}
        for i = 0, cells - 1 do
          if mask & (1 << i) ~= 0 then pts[#pts + 1] = { i % w, i // w } end
        end
        if #pts <= maxn then
          local c = penny.config(SQ, pts)
          local lo, hi = c:bbox()
          if hi[1] - lo[1] + 1 == w and hi[2] - lo[2] + 1 == h then out[#out + 1] = c end
        end
      end
    end
  end
  return out
end

describe("line pushes", function()
  describe("the push", function()
    it("moves every token that can by one unit toward the barrier", function()
      assert.equal(pic{ "ooo" }, lp.push(pic{ "o.oo" }, "right"))
      assert.equal(pic{ "o.o" }, lp.push(pic{ "o..o" }, "right"))
      assert.equal(pic{ "ooo" }, lp.push(pic{ "oo.o" }, "left"))
      -- y grows downward: "up" gathers at the bottom, "down" at the top
      local c = pic{ "oo", ".o", "oo" }
      assert.equal(pic{ ".o", "oo", "oo" }, lp.push(c, "up"))
      assert.equal(pic{ "oo", "oo", ".o" }, lp.push(c, "down"))
    end)

    it("agrees with the plain reference push of bench/ on random inputs", function()
      local base = dofile("bench/baseline_push.lua")
      local rand = S.rng(11)
      for _ = 1, 2000 do
        local ts, set = {}, {}
        for _ = 1, 1 + rand(12) do
          local x, y = rand(6), rand(6)
          if not set[x * 10 + y] then set[x * 10 + y] = true; ts[#ts + 1] = { x, y } end
        end
        local d = lp.DIRECTIONS[rand(4)]
        assert.equal(lp.push(penny.config(SQ, base.push(ts, d)), {}),
                     lp.push(penny.config(SQ, ts), d))
      end
    end)

    it("treats configurations up to translation", function()
      local c = penny.config(SQ, { { 5, 7 }, { 7, 7 } })
      assert.equal(pic{ "oo" }, lp.push(c, "right"))
      assert.equal(pic{ "o.o" }, lp.push(c, {}))
    end)

    it("carries labels and applies a list of pushes in order", function()
      local c = pic({ "o.o", "..o" }, true)
      local one = lp.push(lp.push(c, "right"), "up")
      assert.equal(one, lp.push(c, { "right", "up" }))
      local labels = {}
      for _, p in ipairs(one:coins()) do labels[#labels + 1] = p.label end
      assert.equal(3, #labels)
    end)

    it("rejects unknown directions and non-configurations", function()
      assert.has_error(function() lp.push(pic{ "o" }, "sideways") end)
      assert.has_error(function() lp.push(pic{ "o" }, { "up", 3 }) end)
      assert.has_error(function() lp.push({}, "up") end)
    end)
  end)

  describe("structure", function()
    it("reports the bounding box, compressibility and sparseness", function()
      local i = lp.info(pic{ "o..", "..o", ".o." })
      assert.same({ 3, 3 }, { i.width, i.height })
      assert.is_true(i.sparse)
      assert.is_true(i.compressible)
      local full = lp.info(pic{ "ooo", "ooo" })
      assert.is_false(full.compressible)
      assert.equal("trivial", full.group)
      assert.equal(1, full.order)
    end)

    it("agrees with the closure of the canonical forms on every small shape", function()
      -- the compact configurations are those reachable from a canonical
      -- form (Observation 5); build that set by pushes and compare with
      -- the Observation 1 test on every subset of the boxes up to 4 x 4
      local shapes = all_shapes(9)
      local compact, roots = {}, {}
      for _, c in ipairs(shapes) do roots[tostring(lp.canonical(c))] = lp.canonical(c) end
      for _, root in pairs(roots) do
        local queue, i = { root }, 1
        compact[tostring(root)] = true
        while queue[i] do
          for _, d in ipairs(lp.DIRECTIONS) do
            local nx = lp.push(queue[i], d)
            if not compact[tostring(nx)] then
              compact[tostring(nx)] = true
              queue[#queue + 1] = nx
            end
          end
          i = i + 1
        end
      end
      local checked, bad = 0, 0
      for _, c in ipairs(shapes) do
        checked = checked + 1
        if lp.info(c).compact ~= (compact[tostring(lp.push(c, {}))] == true) then
          bad = bad + 1
        end
      end
      assert.is_true(checked > 30000)
      assert.equal(0, bad)
    end)

    it("finds the canonical form with the pushes that lead to it", function()
      local c = pic{ "o...", "..o.", ".o..", "...o" }
      local k, seq = lp.canonical(c)
      assert.equal(k, lp.push(c, seq))
      assert.equal(k, lp.canonical(k))
      assert.is_true(lp.info(k).compact)
    end)

    it("tests compatibility by row and column lengths", function()
      assert.is_true(lp.compatible(pic{ "oo.", ".oo" }, pic{ ".oo", "oo." }))
      assert.is_false(lp.compatible(pic{ "ooo", ".o." }, pic{ "oo", "oo" }))
    end)

    it("gives G_C the order of the exhaustively reachable labellings", function()
      -- Theorem 20 against breadth-first search, for every compact shape
      -- with at most 9 tokens in a box up to 4 x 4.  One search per class
      -- (the shapes with the same canonical form): it visits every shape
      -- of the class, so states = order x shapes when every shape has the
      -- classifier's order; the canonical shape's count is checked itself.
      local classes = {}
      for _, c in ipairs(all_shapes(9)) do
        local info = lp.info(c)
        if info.compact then
          local k = tostring(lp.canonical(c))
          classes[k] = classes[k] or { canon = lp.canonical(c), shapes = 0, orders = {} }
          classes[k].shapes = classes[k].shapes + 1
          classes[k].orders[info.order] = true
        end
      end
      local n, groups = 0, {}
      for _, cl in pairs(classes) do
        local order = lp.info(cl.canon).order
        local r = lp.reachable(ids(cl.canon))
        assert.is_true(r.complete)
        assert.equal(order, r.same_shape)
        assert.equal(order * cl.shapes, r.states)
        for o in pairs(cl.orders) do assert.equal(order, o) end
        groups[lp.info(cl.canon).group] = true
        n = n + 1
      end
      assert.equal(45, n)
      assert.is_true(groups.trivial and groups.cyclic and groups["Alt(5)"]
        and groups.alternating)
    end)
  end)

  describe("compaction (Theorem 8)", function()
    local rand = S.rng(8)
    local function sparse(n)
      local xs, ys = {}, {}
      for i = 1, n do xs[i], ys[i] = i, i end
      for i = n, 2, -1 do
        local j = rand(i); xs[i], xs[j] = xs[j], xs[i]
        j = rand(i); ys[i], ys[j] = ys[j], ys[i]
      end
      local pts = {}
      for i = 1, n do pts[i] = { 3 * xs[i] + rand(2), ys[i] } end
      return penny.config(SQ, pts)
    end

    it("always builds 1 x k, 2 x k and 3 x 3 boxes from sparse starts", function()
      local boxes = { { 1, 5 }, { 7, 1 }, { 2, 4 }, { 5, 2 }, { 2, 8 }, { 3, 3 }, { 1, 12 } }
      local solved = 0
      for _, box in ipairs(boxes) do
        for _ = 1, 10 do
          local c = sparse(box[1] * box[2])
          assert.is_true(lp.sparse(c))
          local p = penny.puzzle{ game = "linepush", start = c, goal = { box = box } }
          local s = p:solve{ method = "compaction" }
          assert.equal("solved", s.verdict)
          assert.equal("solved", p:solve().verdict)
          local lo, hi = s:final():bbox()
          assert.same({ box[1] - 1, box[2] - 1 }, { hi[1] - lo[1], hi[2] - lo[2] })
          solved = solved + 1
        end
      end
      assert.equal(70, solved)
    end)

    it("agrees with exact search on small sparse starts", function()
      for _ = 1, 5 do
        local c = sparse(9)
        local p = penny.puzzle{ game = "linepush", start = c, goal = { box = { 3, 3 } } }
        local s = p:solve{ method = "search" }
        assert.equal("solved", s.verdict)
        assert.is_true(#s.moves <= #p:solve{ method = "compaction" }.moves)
      end
    end)

    it("never builds the box from Lemma 7's configurations", function()
      for _, ab in ipairs{ { 4, 3 }, { 3, 4 }, { 5, 3 }, { 4, 4 } } do
        local c = lp.lemma7(ab[1], ab[2])
        assert.is_true(lp.sparse(c))
        local p = penny.puzzle{ game = "linepush", start = c, goal = { box = ab } }
        local s = p:solve()
        assert.equal("unsolvable", s.verdict)
        assert.matches("complete search", s.reason)
        assert.has_error(function() p:solve{ method = "compaction" } end)
      end
    end)

    it("reaches every compact configuration from the diagonal (Observation 6)", function()
      for _, rows in ipairs{ { "ooo", "oo.", "o.." }, { ".oo.", "oooo", ".oo." },
                             { "ooooo", "ooooo" } } do
        local target = pic(rows)
        local seq = lp.from_diagonal(target)
        assert.equal(lp.push(target, {}), lp.push(lp.diagonal(#target), seq))
      end
      assert.has_error(function() lp.from_diagonal(pic{ "o.o" }) end)
    end)
  end)

  describe("the Permutation Puzzle (Theorem 20)", function()
    local rand = S.rng(20)

    -- a random compact shape of n tokens: a canonical form pushed around
    local function random_compact(n)
      local box = penny.board{ lattice = "square", width = 8, height = 8 }
      local c = lp.canonical(penny.config(SQ, S.random_config(box, n, rand):coins()))
      for _ = 1, rand(6) do c = lp.push(c, lp.DIRECTIONS[rand(4)]) end
      return c
    end

    local function in_core(info, p)
      local k = info.core
      return k and p[1] >= k[1] and p[1] < k[1] + k[3] and p[2] >= k[2]
        and p[2] < k[2] + k[4]
    end

    -- a random permutation of the non-core positions, of the given parity
    local function goal_for(c, info, parity)
      local pos, free = c:positions(), {}
      for i, p in ipairs(pos) do if not in_core(info, p) then free[#free + 1] = i end end
      local perm = {}
      for i = 1, #pos do perm[i] = i end
      local img = {}
      for i, f in ipairs(free) do img[i] = f end
      for i = #img, 2, -1 do local j = rand(i); img[i], img[j] = img[j], img[i] end
      for i, f in ipairs(free) do perm[f] = img[i] end
      local seen, p = {}, 0
      for i = 1, #perm do
        local j, len = i, 0
        while not seen[j] do seen[j] = true; j = perm[j]; len = len + 1 end
        if len > 0 then p = p + len - 1 end
      end
      if p % 2 ~= parity then perm[free[1]], perm[free[2]] = perm[free[2]], perm[free[1]] end
      return relabel(c, perm)
    end

    it("achieves every random even permutation on shapes up to 30 tokens", function()
      local tried = 0
      while tried < 40 do
        local c = random_compact(6 + rand(25))
        local info = lp.info(c)
        if info.group == "alternating" and info.moving >= 3 then
          local start = ids(c)
          local p = penny.puzzle{ game = "linepush", start = start,
                                  goal = goal_for(c, info, 0) }
          local s = p:solve{ method = "permutation" }
          assert.equal("solved", s.verdict)
          assert.is_true(s.replayed)
          assert.is_true(p:check(s.moves))
          tried = tried + 1
        end
      end
    end)

    it("refuses every odd permutation with distinct labels", function()
      local tried = 0
      while tried < 20 do
        local c = random_compact(6 + rand(25))
        local info = lp.info(c)
        if info.group == "alternating" and info.moving >= 3 then
          local p = penny.puzzle{ game = "linepush", start = ids(c),
                                  goal = goal_for(c, info, 1) }
          local s = p:solve{ method = "permutation" }
          assert.equal("unsolvable", s.verdict)
          assert.matches("odd", s.reason)
          tried = tried + 1
        end
      end
    end)

    it("makes odd permutations when two labels repeat", function()
      local c = pic{ "ooo.", "oooo", "oo.." }
      local start = relabel(c, { 1, 1, 2, 3, 4, 5, 6, 7, 8 })
      local goal = relabel(c, { 1, 1, 2, 3, 4, 5, 6, 8, 7 })       -- one swap
      local s = penny.puzzle{ game = "linepush", start = start, goal = goal }:solve()
      assert.equal("solved", s.verdict)
    end)

    it("never moves the core, and follows the small groups exactly", function()
      -- 3 x 3 with one empty cell: the centre is the core, the group is
      -- the rotations of the other 7 tokens (order 7)
      local c = pic{ "ooo", "ooo", "oo." }
      local info = lp.info(c)
      assert.equal("cyclic", info.group)
      assert.equal(7, info.order)
      local start = ids(c)
      local reach = lp.reachable(start)
      assert.equal(7, reach.same_shape)
      -- a labelling reached by random pushes that come back to the shape
      local r2, cur, rotated = S.rng(5), start, nil
      for _ = 1, 10000 do
        cur = lp.push(cur, lp.DIRECTIONS[r2(4)])
        if cur ~= start and lp.push(ids(c), {}) == ids(cur) then rotated = cur; break end
      end
      assert.is_not_nil(rotated)
      local s = penny.puzzle{ game = "linepush", start = start, goal = rotated }:solve()
      assert.equal("solved", s.verdict)
      assert.equal(5, rotated:coins()[5].label)
      local swapped = relabel(c, { 2, 1, 3, 4, 5, 6, 7, 8 })
      s = penny.puzzle{ game = "linepush", start = start, goal = swapped }:solve()
      assert.equal("unsolvable", s.verdict)
      local core_moved = relabel(c, { 1, 2, 3, 5, 4, 6, 7, 8 })
      s = penny.puzzle{ game = "linepush", start = start, goal = core_moved }:solve()
      assert.equal("unsolvable", s.verdict)
    end)

    it("gives clear verdicts for inputs outside the theory", function()
      local c = pic{ "ooo", "oo." }
      local function solve(a, b)
        return penny.puzzle{ game = "linepush", start = a, goal = b }
          :solve{ method = "permutation" }
      end
      local s = solve(pic{ "o.o", "ooo" }, pic{ "o.o", "ooo" })
      assert.equal("unknown", s.verdict)
      assert.matches("not compact", s.reason)
      s = solve(c, pic{ "ooo", ".oo" })
      assert.equal("unknown", s.verdict)
      assert.matches("same shape", s.reason)
      for _, method in ipairs{ "permutation", "auto", "search" } do
        s = penny.puzzle{ game = "linepush", start = relabel(c, { 1, 1, 2, 2, 3 }),
                          goal = relabel(c, { 1, 2, 2, 3, 3 }) }:solve{ method = method }
        assert.equal("unsolvable", s.verdict)
        assert.matches("labels do not match", s.reason)
      end
      s = penny.puzzle{ game = "linepush", start = c, goal = pic{ "oo" } }:solve()
      assert.equal("unsolvable", s.verdict)
      assert.matches("the start has 5 tokens, the goal 2", s.reason)
      -- auto falls back to the exact search where the theory is silent
      s = penny.puzzle{ game = "linepush", start = c, goal = pic{ "ooo", ".oo" } }:solve()
      assert.equal("solved", s.verdict)
      assert.equal("search", s.method)
    end)
  end)

  describe("exact search", function()
    it("finds shortest push sequences, checked by breadth-first search in Lua", function()
      local rand = S.rng(3)
      local box = penny.board{ lattice = "square", width = 5, height = 5 }
      for _ = 1, 10 do
        local a = penny.config(SQ, S.random_config(box, 5, rand, 2):coins())
        local b = lp.push(a, { lp.DIRECTIONS[rand(4)], lp.DIRECTIONS[rand(4)],
                               lp.DIRECTIONS[rand(4)] })
        local s = penny.puzzle{ game = "linepush", start = a, goal = b }:solve{ method = "search" }
        assert.equal("solved", s.verdict)
        -- independent: plain breadth-first search over pushes
        local dist, layer, seen = nil, { lp.push(a, {}) }, { [tostring(lp.push(a, {}))] = true }
        local target = tostring(lp.push(b, {}))
        for depth = 0, 3 do
          local nxt = {}
          for _, c in ipairs(layer) do
            if not dist and tostring(c) == target then dist = depth end
            for _, d in ipairs(lp.DIRECTIONS) do
              local x = lp.push(c, d)
              if not seen[tostring(x)] then seen[tostring(x)] = true; nxt[#nxt + 1] = x end
            end
          end
          layer = nxt
        end
        assert.equal(dist, #s.moves)
      end
    end)

    it("says unknown with a lower bound when a limit stops it", function()
      local c = lp.lemma7(5, 3)
      local s = penny.puzzle{ game = "linepush", start = c, goal = { box = { 5, 3 } } }
        :solve{ method = "search", max_states = 1000 }
      assert.equal("unknown", s.verdict)
      assert.is_number(s.lower_bound)
    end)
  end)

  describe("puzzles", function()
    it("validates box goals", function()
      assert.has_error(function()
        penny.puzzle{ game = "linepush", start = pic{ "oo" }, goal = { box = { 0, 2 } } }
      end)
      assert.has_error(function()
        penny.puzzle{ game = "linepush", start = pic{ "ooo" }, goal = { box = { 2, 2 } } }
      end, "a 2 x 2 box holds 4 tokens, the start has 3")
    end)

    it("refuses other boards and answers unknown past the search's limits", function()
      local tri = penny.config(penny.board("triangular"), "o o")
      assert.has_error(function() lp.info(tri) end,
        "line pushes are played on the square grid (this configuration is on the triangular board)")
      assert.has_error(function() lp.push({}, "up") end)
      local far = penny.puzzle{ game = "linepush", start = "(0,0) (100000,0)", goal = "oo" }
      local s = far:solve()
      assert.equal("unknown", s.verdict)
      assert.matches("too large for this solver", s.reason)
    end)

    it("read from .pz files, with box goals", function()
      local pz = require "penny.pzfile"
      local ps = pz.load("examples/pushes.pz")
      local want = { "solved", "unsolvable", "solved", "unsolvable" }
      for i, p in ipairs(ps) do
        assert.equal("linepush", p.game)
        assert.equal(want[i], p:solve().verdict)
      end
      assert.same({ 3, 3 }, ps[1].box)
      -- the small ones are solved optimally by the capped exact search
      assert.is_true(ps[3]:solve().optimal)
      local ok, e = pcall(pz.read, "puzzle: p\ngame: pushes\nstart: oo\ngoal: oo\n", "t.pz")
      assert.is_false(ok)
      assert.equal("t.pz:2:7: unknown game 'pushes' (coins, linepush, pushing)", e)
    end)

    it("explains the structure", function()
      local p = penny.puzzle{ game = "linepush", start = pic({ "ooo", "ooo", "oo." }, true),
                              goal = pic({ "ooo", "ooo", "oo." }, true) }
      local text, facts = p:explain()
      assert.matches("G_C", text)
      local names = {}
      for _, f in ipairs(facts) do names[f.name] = f end
      assert.is_true(names["compact (Observation 1)"].holds)
      assert.matches("cyclic", names["G_C (Theorem 20)"].text)
      assert.matches("order 7", names["G_C (Theorem 20)"].text)
    end)
  end)
end)
