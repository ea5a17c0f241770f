local penny = require "penny"
local S = require "support"

local SQ, TRI = penny.board("square"), penny.board("triangular")
local SLIDE = { d = 2, slide = true }

-- plane coordinates of a lattice point
local function plane(board, p)
  if board:kind() == "triangular" then return p[1] + p[2] / 2, p[2] * math.sqrt(3) / 2 end
  return p[1], p[2]
end

--[[
A numerical sweep of the free space of the moving coin's centre (distance
>= 1 from every other centre), on a grid of step h, 8-connected:
  loose: grid points at distance >= 1 - h; every true path rounds to a
         loose grid path, so "loose: disconnected" proves "blocked";
  strict: grid points at distance >= 1 + h (segments between neighbours
         stay free), seeded from the grid points near p (q) that a straight
         free segment reaches: "strict: connected" proves "free".
Otherwise the sweep is inconclusive (tangencies: the lattice is full of
them).  Returns "free", "blocked" or nil.
]]
local function sweep(board, cfg, m, h)
  local obs = {}
  for _, c in ipairs(cfg:positions()) do
    if not (c[1] == m.from[1] and c[2] == m.from[2]) then
      local x, y = plane(board, c)
      obs[#obs + 1] = { x, y }
    end
  end
  local px, py = plane(board, m.from)
  local qx, qy = plane(board, m.to)
  local minx, miny, maxx, maxy = math.min(px, qx), math.min(py, qy), math.max(px, qx), math.max(py, qy)
  for _, o in ipairs(obs) do
    minx, miny = math.min(minx, o[1]), math.min(miny, o[2])
    maxx, maxy = math.max(maxx, o[1]), math.max(maxy, o[2])
  end
  minx, miny, maxx, maxy = minx - 2, miny - 2, maxx + 2, maxy + 2
  local nx, ny = math.floor((maxx - minx) / h) + 1, math.floor((maxy - miny) / h) + 1
  local function clearance(x, y)
    local best = math.huge
    for _, o in ipairs(obs) do
      local d = (x - o[1]) ^ 2 + (y - o[2]) ^ 2
      if d < best then best = d end
    end
    return math.sqrt(best)
  end
  local clear = {}
  for j = 0, ny - 1 do
    for i = 0, nx - 1 do clear[j * nx + i] = clearance(minx + i * h, miny + j * h) end
  end
  local function flood(threshold, seeds)
    local seen, stack = {}, {}
    for _, s in ipairs(seeds) do
      if clear[s] and clear[s] >= threshold and not seen[s] then seen[s] = true; stack[#stack + 1] = s end
    end
    while #stack > 0 do
      local s = table.remove(stack)
      local i, j = s % nx, s // nx
      for dj = -1, 1 do
        for di = -1, 1 do
          local a, b = i + di, j + dj
          if a >= 0 and a < nx and b >= 0 and b < ny then
            local t = b * nx + a
            if not seen[t] and clear[t] >= threshold then seen[t] = true; stack[#stack + 1] = t end
          end
        end
      end
    end
    return seen
  end
  local function nearest(x, y)
    return math.floor((y - miny) / h + 0.5) * nx + math.floor((x - minx) / h + 0.5)
  end
  -- loose
  local reach = flood(1 - h, { nearest(px, py) })
  if not reach[nearest(qx, qy)] then return "blocked" end
  -- strict, seeded through free straight segments
  local function seg_free(x1, y1, x2, y2)
    for _, o in ipairs(obs) do
      local dx, dy = x2 - x1, y2 - y1
      local t = ((o[1] - x1) * dx + (o[2] - y1) * dy) / (dx * dx + dy * dy)
      t = math.max(0, math.min(1, t))
      local cx, cy = x1 + t * dx, y1 + t * dy
      if (cx - o[1]) ^ 2 + (cy - o[2]) ^ 2 < 1 - 1e-9 then return false end
    end
    return true
  end
  local function seeds(x, y)
    local out = {}
    local ci, cj = math.floor((x - minx) / h + 0.5), math.floor((y - miny) / h + 0.5)
    for dj = -8, 8 do
      for di = -8, 8 do
        local i, j = ci + di, cj + dj
        local gx, gy = minx + i * h, miny + j * h
        if i >= 0 and i < nx and j >= 0 and j < ny and clear[j * nx + i] >= 1 + h
            and seg_free(x, y, gx, gy) then
          out[#out + 1] = j * nx + i
        end
      end
    end
    return out
  end
  local from = flood(1 + h, seeds(px, py))
  for _, s in ipairs(seeds(qx, qy)) do
    if from[s] then return "free" end
  end
  return nil
end

describe("slides (DDV open problem (ii))", function()
  it("the 6-coin rhombus into the ring: 3 slides where 2 moves suffice", function()
    local spec = { board = "triangular", up_to = "translation", start = [[
  o o o
 o o o]], goal = [[
  o o
 o   o
  o o]] }
    local moves = penny.puzzle(spec):solve()
    spec.rule = SLIDE
    local slides = penny.puzzle(spec):solve()
    assert.equal(2, #moves.moves)
    assert.equal("solved", slides.verdict)
    assert.is_true(slides.optimal)
    assert.equal(3, #slides.moves)
    assert.is_true(slides.replayed)
  end)

  it("the 4-coin star: nothing slides into the middle of the other three", function()
    -- Galliot's Figure 7: the outer coins of the star pairwise at distance
    -- sqrt 3 < 2 enclose the centre
    local outer = { { 1, 0 }, { -1, 1 }, { 0, -1 } }
    local rand = S.rng(7)
    local tried = 0
    for _ = 1, 200 do
      local coins = { outer[1], outer[2], outer[3] }
      local used = { ["1,0"] = true, ["-1,1"] = true, ["0,-1"] = true, ["0,0"] = true }
      for _ = 1, 1 + rand(3) do
        local c = { rand(9) - 5, rand(9) - 5 }
        if not used[c[1] .. "," .. c[2]] then used[c[1] .. "," .. c[2]] = true; coins[#coins + 1] = c end
      end
      local cfg = penny.config(TRI, coins)
      for _, c in ipairs(cfg:positions()) do
        local m = penny.move(c, { 0, 0 })
        -- an outer coin leaves the star when it moves: skip those
        local is_outer = (c[1] == 1 and c[2] == 0) or (c[1] == -1 and c[2] == 1)
          or (c[1] == 0 and c[2] == -1)
        if not is_outer and cfg:legal(m, 2) then
          tried = tried + 1
          local ok, why = cfg:legal(m, SLIDE)
          assert.is_false(ok)
          assert.equal("blocked", why)
        end
      end
    end
    assert.is_true(tried > 50)
    -- the puzzle of Figure 7 (right): solvable with moves (Thm 2.4 (iii)),
    -- and the slide search never forms the star
    local p = penny.puzzle{ board = "triangular", start = "(0,0) (1,0) (2,0) (3,0) (5,0) (6,0)",
                            goal = "(1,0) (0,1) (1,-1) (1,1) (5,0) (6,0)" }
    assert.equal("solved", p:solve().verdict)
  end)

  it("walls coins in on hand-made cases, and lets them through exact gaps", function()
    -- a ring of 8 on the square grid: the centre is walled in
    local ring = penny.config(SQ, "(0,0) (1,0) (2,0) (0,1) (2,1) (0,2) (1,2) (2,2) (4,1)")
    assert.is_false((ring:legal(penny.move({ 4, 1 }, { 1, 1 }), SLIDE)))
    -- remove (1,0): (0,0) and (2,0) are 2 apart, a gap exactly one coin wide
    local open = penny.config(SQ, "(0,0) (2,0) (0,1) (2,1) (0,2) (1,2) (2,2) (1,-1)")
    assert.is_true((open:legal(penny.move({ 1, -1 }, { 1, 1 }), SLIDE)))
    -- a diagonal pair closes the gap: (0,0) and (1,-1) are sqrt 2 apart
    local closed = penny.config(SQ, "(0,0) (2,0) (0,1) (2,1) (0,2) (1,2) (2,2) (1,-1) (3,-1)")
    assert.is_true((closed:legal(penny.move({ 1, -1 }, { 1, 1 }), SLIDE)))
    -- the triangular ring of 6 around the origin, one coin missing: the
    -- gap between (1,-1) and (0,1) is sqrt 3 < 2, still closed
    local tri = penny.config(TRI, "(0,1) (-1,1) (-1,0) (0,-1) (1,-1) (3,-3) (4,-3)")
    assert.is_true((tri:legal(penny.move({ 4, -3 }, { 0, 0 }), 2)))
    assert.is_false((tri:legal(penny.move({ 4, -3 }, { 0, 0 }), SLIDE)))
    local t2 = penny.config(TRI, "(0,1) (-1,1) (-1,0) (0,-1) (1,-1) (1,0) (4,-3)")
    assert.is_false((t2:legal(penny.move({ 4, -3 }, { 0, 0 }), SLIDE)))
    -- moves lists and checks agree
    for _, m in ipairs(ring:movelist(SLIDE)) do assert.is_true((ring:legal(m, SLIDE))) end
    assert.is_true(#ring:movelist(SLIDE) < #ring:movelist(2))
    assert.has_error(function()
      penny.puzzle{ board = { lattice = "cubic", dim = 3 }, rule = SLIDE,
                    start = "(0,0,0) (1,0,0)", goal = "(0,0,0) (1,0,0)" }
    end)
    assert.has_error(function()
      penny.puzzle{ board = "square", rule = SLIDE, start = "oo", goal = "oo" }:solve{ method = "bidir" }
    end)
  end)

  it("agrees with a fine numerical sweep on random small configurations", function()
    local rand = S.rng(2024)
    local agree, inconclusive = 0, 0
    for _, board in ipairs{ SQ, TRI } do
      local box = penny.board{ lattice = board:kind(), width = 4, height = 4 }
      for _ = 1, 16 do
        local cfg = penny.config(board, S.random_config(box, 5 + rand(3), rand):coins())
        for _, m in ipairs(cfg:movelist(2)) do
          local exact = cfg:legal(m, SLIDE) and "free" or "blocked"
          local num = sweep(board, cfg, m, 0.06)
          if num == nil then inconclusive = inconclusive + 1
          else
            assert.equal(num, exact, tostring(cfg) .. "\n" .. tostring(m))
            agree = agree + 1
          end
        end
      end
    end
    print(("slides vs sweep: %d agree, %d inconclusive at tangency"):format(agree, inconclusive))
    assert.is_true(agree > 200)
  end)
end)
