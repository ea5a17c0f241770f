--[[
The combined square and triangular grid (DDV Figure 4): exact arithmetic
in Z[zeta_12] checked against floating point, the move generator against
one written from plane geometry, the square and triangular rules as the
restrictions of the combined one, IDA*'s optimal lengths against a plain
breadth-first search, and DDV's O -> H in six moves.
]]
local penny = require "penny"
local combined = penny.combined
local core = penny.core

local R3 = math.sqrt(3)
local EPS = 1e-7

-- plane coordinates straight from the basis 1, zeta, zeta^2, zeta^3
local function xy(p)
  return p[1] + p[2] * R3 / 2 + p[3] / 2, p[2] / 2 + p[3] * R3 / 2 + p[4]
end

local function fkey(x, y)
  return string.format("%.5f,%.5f", x + 0.0, y + 0.0):gsub("%-0%.00000", "0.00000")
end

local function dist(ax, ay, bx, by) return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) end

-- every legal move of pts by plane geometry: the points touching two
-- coins are where their unit circles meet; the model keeps those whose
-- direction from a coin is a multiple of 30 degrees
local function float_moves(pts, d)
  local P = {}
  for i, p in ipairs(pts) do P[i] = { xy(p) } end
  local cand, seen = {}, {}
  local function add(x, y, u)
    local a = math.atan(y - P[u][2], x - P[u][1]) / (math.pi / 6)
    if math.abs(a - math.floor(a + 0.5)) > 1e-6 then return end
    local k = fkey(x, y)
    if not seen[k] then seen[k] = true; cand[#cand + 1] = { x, y } end
  end
  for u = 1, #P do
    for v = u + 1, #P do
      local dd = dist(P[u][1], P[u][2], P[v][1], P[v][2])
      if dd <= 2 + EPS then
        local mx, my = (P[u][1] + P[v][1]) / 2, (P[u][2] + P[v][2]) / 2
        local h = math.sqrt(math.max(0, 1 - dd * dd / 4))
        local nx, ny = -(P[v][2] - P[u][2]) / dd, (P[v][1] - P[u][1]) / dd
        add(mx + h * nx, my + h * ny, u)
        add(mx - h * nx, my - h * ny, u)
      end
    end
  end
  if d < 2 then
    -- one tangency is enough: every point at distance 1 from a coin, in a
    -- direction of the model
    for u = 1, #P do
      for k = 0, 11 do
        add(P[u][1] + math.cos(k * math.pi / 6), P[u][2] + math.sin(k * math.pi / 6), u)
      end
    end
  end
  local out = {}
  for _, q in ipairs(cand) do
    for i = 1, #P do
      if dist(q[1], q[2], P[i][1], P[i][2]) > EPS then
        local ok, touch = true, 0
        for j = 1, #P do
          if j ~= i then
            local r = dist(q[1], q[2], P[j][1], P[j][2])
            if r < 1 - EPS then ok = false; break end
            if r < 1 + EPS then touch = touch + 1 end
          end
        end
        if ok and touch >= d then
          out[#out + 1] = fkey(P[i][1], P[i][2]) .. "->" .. fkey(q[1], q[2])
        end
      end
    end
  end
  table.sort(out)
  return out
end

local function c_moves(cfg, d)
  local out = {}
  for i, m in ipairs(cfg:moves(d)) do
    out[i] = fkey(xy(m.from)) .. "->" .. fkey(xy(m.to))
  end
  table.sort(out)
  return out
end

-- a random configuration: k coins on the square or triangular grid, then
-- a few random combined moves
local function random_config(rng, k, walk)
  local lattice = rng(2) == 1 and "square" or "triangular"
  local cells, used = {}, {}
  cells[1] = { 0, 0 }; used["0,0"] = true
  while #cells < k do
    local c = cells[rng(#cells)]
    local nb = lattice == "square" and { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
      or { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }
    local s = nb[rng(#nb)]
    local q = { c[1] + s[1], c[2] + s[2] }
    local key = q[1] .. "," .. q[2]
    if not used[key] then used[key] = true; cells[#cells + 1] = q end
  end
  local cfg = combined.config(penny.config(lattice, cells))
  for _ = 1, walk do
    local ms = cfg:moves()
    if #ms == 0 then break end
    cfg = cfg:apply(ms[rng(#ms)])
  end
  return cfg, lattice, cells
end

local function rng_of(seed)
  local r = penny.strategies.rng(seed)
  return function(n) return r(n) end
end

describe("combined grid", function()
  describe("arithmetic in Z[zeta_12]", function()
    it("rotating twelve times is the identity, conjugating twice too", function()
      local rng = rng_of(1)
      for _ = 1, 200 do
        local p = { rng(21) - 11, rng(21) - 11, rng(21) - 11, rng(21) - 11 }
        assert.same(p, core.z12_transform(p, 12))
        assert.same(p, core.z12_transform(core.z12_transform(p, 0, true), 0, true))
        -- a rotation by 30 degrees turns the plane coordinates
        local x, y = xy(p)
        local rx, ry = xy(core.z12_transform(p, 1))
        assert.near(x * R3 / 2 - y / 2, rx, 1e-9)
        assert.near(x / 2 + y * R3 / 2, ry, 1e-9)
        local cx, cy = xy(core.z12_transform(p, 0, true))
        assert.near(x, cx, 1e-9); assert.near(-y, cy, 1e-9)
      end
    end)

    it("compares |z| with 1 exactly, as floating point does away from 1", function()
      local rng = rng_of(2)
      local n = 0
      for _ = 1, 3000 do
        local p = { rng(9) - 5, rng(9) - 5, rng(9) - 5, rng(9) - 5 }
        local x, y = xy(p)
        local r = math.sqrt(x * x + y * y)
        local c = core.z12_norm_cmp1(p)
        if math.abs(r - 1) > 1e-9 then
          assert.equal(r < 1 and -1 or 1, c)
        else
          assert.equal(0, c); n = n + 1
        end
      end
      assert.is_true(n > 0)
      -- exactly twelve points of modulus 1 near the origin: the roots of unity
      local units = 0
      for a = -2, 2 do for b = -2, 2 do for c = -2, 2 do for d = -2, 2 do
        if core.z12_norm_cmp1{ a, b, c, d } == 0 then units = units + 1 end
      end end end end
      assert.equal(12, units)
    end)

    it("prints exact coordinates", function()
      assert.equal("(√3/2, 1/2)", combined.format{ 0, 1, 0, 0 })
      assert.equal("(1/2, √3/2)", combined.format{ 0, 0, 1, 0 })
      assert.equal("(1/2, (4+√3)/2)", combined.format{ 0, 0, 1, 2 })
      assert.equal("(-1-√3, -1)", combined.format{ -1, -2, 0, 0 })
    end)
  end)

  describe("the move rule", function()
    it("generates exactly the moves plane geometry finds (300 random configurations, d = 1, 2, 3)", function()
      local rng = rng_of(3)
      local total = 0
      for i = 1, 300 do
        local cfg = random_config(rng, 3 + rng(5), rng(4) - 1)
        local d = i % 3 + 1
        local a, b = c_moves(cfg, d), float_moves(cfg:points(), d)
        assert.same(b, a)
        total = total + #a
      end
      assert.is_true(total > 3000)
    end)

    it("restricted to the square or triangular lattice, is that lattice's rule", function()
      local rng = rng_of(4)
      for _ = 1, 200 do
        local cfg, lattice, cells = random_config(rng, 3 + rng(6), 0)
        local grid = penny.config(lattice, cells)
        local embed = lattice == "square" and combined.square or combined.triangular
        local want = {}
        for m in grid:moves(2) do
          want[#want + 1] = fkey(xy(embed(m.from[1], m.from[2]))) .. "->"
            .. fkey(xy(embed(m.to[1], m.to[2])))
        end
        local got = {}
        for _, m in ipairs(cfg:moves(2)) do
          local on = lattice == "square" and m.to[2] == 0 and m.to[3] == 0
            or lattice == "triangular" and m.to[2] == 0 and m.to[4] == 0
          if on then got[#got + 1] = fkey(xy(m.from)) .. "->" .. fkey(xy(m.to)) end
        end
        table.sort(want); table.sort(got)
        assert.same(want, got)
      end
    end)

    it("explains illegal moves", function()
      local cfg = combined.config("ooo\no.o\nooo")
      local ok, i, why, msg = cfg:check({ { from = { 1, 0, 0, 0 }, to = { 5, 0, 0, 0 } } })
      assert.is_false(ok); assert.equal(1, i); assert.equal("few", why)
      assert.matches("touches 0 other", msg)
      ok, i, why = cfg:check({ { from = { 1, 0, 0, 0 }, to = { 1, 0, 1, -1 } } })
      assert.is_false(ok); assert.equal("overlap", why)
      ok, i, why = cfg:check({ { from = { 7, 0, 0, 0 }, to = { 1, 1, 0, 0 } } })
      assert.equal("nocoin", why)
      assert.has_error(function() cfg:apply({ from = { 1, 0, 0, 0 }, to = { 5, 0, 0, 0 } }) end)
    end)
  end)

  describe("search", function()
    local function bfs_length(start, goal, limit)
      local function key(cfg)
        local pts = cfg:points()
        table.sort(pts, function(p, q)
          for i = 1, 4 do if p[i] ~= q[i] then return p[i] < q[i] end end
          return false
        end)
        local o, parts = pts[1], {}
        for i, p in ipairs(pts) do
          parts[i] = (p[1] - o[1]) .. "," .. (p[2] - o[2]) .. "," .. (p[3] - o[3])
            .. "," .. (p[4] - o[4])
        end
        return table.concat(parts, ";")
      end
      local target = key(goal)
      local layer, seen = { start }, { [key(start)] = true }
      for depth = 0, limit do
        for _, c in ipairs(layer) do
          if key(c) == target then return depth end
        end
        local nextl = {}
        for _, c in ipairs(layer) do
          for _, m in ipairs(c:moves()) do
            local n = c:apply(m)
            local k = key(n)
            if not seen[k] then seen[k] = true; nextl[#nextl + 1] = n end
          end
        end
        layer = nextl
      end
      return nil
    end

    it("finds the same optimal lengths as breadth-first search (40 random puzzles)", function()
      local rng = rng_of(5)
      for _ = 1, 40 do
        local start = random_config(rng, 3 + rng(2), rng(2) - 1)
        local goal = start
        for _ = 1, rng(3) do
          local ms = goal:moves()
          goal = goal:apply(ms[rng(#ms)])
        end
        local want = bfs_length(start, goal, 3)
        local sol = penny.puzzle{ board = "combined", start = start:points(),
          goal = goal:points() }:solve()
        assert.equal("solved", sol.verdict)
        assert.equal(want, #sol)
      end
    end)

    it("returns the O to the H in six moves, and no fewer (DDV Figure 4)", function()
      local p = penny.puzzle{ board = "combined", start = "ooo\no.o\nooo",
        goal = "o..o\noooo\no..o", up_to = "translation" }
      local sol = p:solve()
      assert.equal("solved", sol.verdict)
      assert.equal(6, #sol)
      assert.is_true(sol.optimal and sol.replayed)
      -- replayed again by plane geometry, independently of the C rule
      local pts = p.start:points()
      for _, m in ipairs(sol.moves) do
        local legal = {}
        for _, k in ipairs(float_moves(pts, 2)) do legal[k] = true end
        assert.is_true(legal[fkey(xy(m.from)) .. "->" .. fkey(xy(m.to))])
        for i, q in ipairs(pts) do
          if fkey(xy(q)) == fkey(xy(m.from)) then pts[i] = m.to end
        end
      end
      assert.is_true(combined.config(pts):matches(p.goal, "translation"))
      -- the proof: every bound below six is exhausted
      local five = p:solve{ max_depth = 5 }
      assert.equal("unknown", five.verdict)
      assert.equal(6, five.lower_bound)
      -- some moves leave the square grid
      local off = 0
      for _, m in ipairs(sol.moves) do
        if m.to[2] ~= 0 or m.to[3] ~= 0 then off = off + 1 end
      end
      assert.is_true(off > 0)
      -- and the square grid alone cannot (span)
      local _, _, verdict = penny.puzzle{ board = "square", start = "ooo\no.o\nooo",
        goal = "o..o\noooo\no..o", up_to = "translation" }:explain()
      assert.equal("unsolvable", verdict)
    end)

    it("keeps the H to the O at four moves", function()
      local sol = penny.puzzle{ board = "combined", start = "o..o\noooo\no..o",
        goal = "ooo\no.o\nooo" }:solve()
      assert.equal(4, #sol)
      local sq = penny.puzzle{ board = "square", start = "o..o\noooo\no..o",
        goal = "ooo\no.o\nooo", up_to = "translation" }:solve()
      assert.equal(4, #sq)
    end)

    it("answers up to symmetry and fixed goals", function()
      -- the O turned by 30 degrees: four moves up to symmetry
      local O = combined.config("ooo\no.o\nooo")
      local turned = {}
      for i, q in ipairs(O:points()) do turned[i] = core.z12_transform(q, 1) end
      local p = penny.puzzle{ board = "combined", start = "o..o\noooo\no..o",
        goal = turned, up_to = "symmetry" }
      assert.equal(4, #p:solve())
      assert.is_false(combined.config(turned):matches(O, "translation"))
      assert.is_true(combined.config(turned):matches(O, "symmetry"))
      local f = penny.puzzle{ board = "combined", start = "oo\no.",
        goal = { { 0, 0, 0, 0 }, { 1, 0, 0, 0 }, { 0, 0, 0, 1 } }, up_to = "fixed" }
      assert.equal(0, #f:solve())
    end)

    it("knows three coins in a triangle stay a triangle", function()
      -- a coin touching two coins that touch each other closes an
      -- equilateral triangle: the right angle is never reached
      local tri = combined.config(penny.config("triangular", "o o\n o"))
      local s = penny.puzzle{ board = "combined", start = tri:points(),
        goal = "oo\no.", up_to = "symmetry" }:solve()
      assert.equal("unsolvable", s.verdict)
    end)

    it("says unsolvable after exploring a finite reachable set", function()
      -- two coins can never move (a move needs two others)
      local s = penny.puzzle{ board = "combined", start = "oo",
        goal = "o.o" }:solve()
      assert.equal("unsolvable", s.verdict)
      assert.matches("complete search", s.reason)
    end)

    it("honours limits with a lower bound", function()
      local p = penny.puzzle{ board = "combined", start = "ooo\no.o\nooo",
        goal = "o..o\noooo\no..o" }
      local s = p:solve{ time_limit = 1e-9 }
      assert.equal("unknown", s.verdict)
      assert.is_true(s.lower_bound >= 4 and s.lower_bound <= 6)
      local m = p:solve{ max_memory = 4096 }
      assert.equal("unknown", m.verdict)
      assert.matches("memory budget", m.reason)
    end)
  end)

  describe("bad input", function()
    it("gives clear errors", function()
      assert.has_error(function() combined.config{ { 0, 0, 0, 0 }, { 0, 0, 0, 0 } } end,
        "two coins on the point (0, 0)")
      assert.has_error(function() combined.config{ { 0, 0, 0, 0 }, { -1, 1, 0, 0 } } end)
      assert.has_error(function() combined.config{ { 0, 0.5, 0, 0 } } end)
      assert.has_error(function() combined.config{ { 0, 0, 0, 1e9 // 1 } } end)
      assert.has_error(function() penny.puzzle{ board = "combined", start = "ooo", goal = "oo" } end,
        "the start has 3 coins, the goal 2")
      assert.has_error(function() penny.puzzle{ board = "combined", start = "ooo", goal = "ooo",
        up_to = "sideways" } end)
      assert.has_error(function() penny.puzzle{ board = "combined", start = "ooo", goal = "ooo" }
        :solve{ max_depth = 1000 } end)
      assert.has_error(function() penny.puzzle{ board = "combined", start = "ooo", goal = "ooo" }
        :solve{ method = "engine" } end)
      assert.has_error(function() combined.config(penny.config("hexagonal", "o o")) end)
      assert.has_error(function()
        penny.puzzle{ board = "combined", start = { { 0, 0, 0, 0 }, { 1, 0, 0, 0 }, { 0, 0, 0, 1 },
          { 40000, 0, 0, 0 } }, goal = { { 0, 0, 0, 0 }, { 1, 0, 0, 0 }, { 1, 0, 0, 1 },
          { 40000, 0, 0, 0 } } }:solve()
      end)
      local many = {}
      for i = 1, 30 do many[i] = { 2 * i, 0, 0, 0 } end
      assert.has_error(function() penny.puzzle{ board = "combined", start = many, goal = many }:solve() end)
    end)

    it("draws configurations as SVG", function()
      local cfg = combined.config(penny.config("triangular", "o o\n o"))
      local svg = cfg:svg{ mark = { { 0, 0, 0, 0 } } }
      local n = 0
      for _ in svg:gmatch("<circle") do n = n + 1 end
      assert.equal(3, n)
      assert.matches("#e0a030", svg)
    end)

    it("shows combined puzzles and solutions in the REPL", function()
      local S = require "support"
      local out = S.run("printf 'show(penny.puzzle{board=\"combined\", start=\"ooo\\\\no.o\\\\nooo\", "
        .. "goal=\"o..o\\\\noooo\\\\no..o\"}:solve())\\n' | " .. S.PENNY .. " -i")
      assert.matches("solved in 6 moves", out)
      assert.matches("after %(1, 0%)%->%(1/2, %(4%+√3%)/2%)", out)
    end)

    it("reads combined puzzles from .pz files", function()
      local ps = require("penny.pzfile").read("board: combined\nup_to: translation\npuzzle: O to H\n"
        .. "optimum: 6\nstart:\nooo\no.o\nooo\ngoal:\no..o\noooo\no..o\n", "t.pz")
      assert.equal(1, #ps)
      assert.equal(6, #ps[1]:solve())
      assert.has_error(function() require("penny.pzfile").read("board: combined 5x5\nstart: o\ngoal: o\n", "t.pz") end)
    end)
  end)
end)
