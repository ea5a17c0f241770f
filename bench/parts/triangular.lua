--[[
bench/parts/triangular.lua -- parts F of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, say, begin, result, peak_rss, reset_peak, wall, lcg =
  S.penny, S.say, S.begin, S.result, S.peak_rss, S.reset_peak, S.wall, S.lcg

local P = {}

-- F: the triangular grid's constructive solver on 100,000 coins
function P.F()
  begin()
  say("\n## F. triangular grid: 100,000 coins to a shape far away\n")
  local T = penny.board("triangular")
  local core = require "penny.core"
  local dirs = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } }
  -- a random connected blob of n coins grown from (cx, cy)
  local function blob(rand, n, cx, cy)
    local set, list = {}, {}
    local function add(x, y)
      local k = x * 4000003 + y
      if not set[k] then set[k] = true; list[#list + 1] = { x, y } end
    end
    add(cx, cy)
    while #list < n do
      local c = list[rand(#list)]
      local d = dirs[rand(6)]
      add(c[1] + d[1], c[2] + d[2])
    end
    return penny.config(T, list)
  end
  say("| n | distance | decide s | solve s | replay s | moves | moves / n | peak GB |")
  say("|---|---|---|---|---|---|---|---|")
  local last
  for _, n in ipairs{ 1000, 10000, 100000 } do
    local rand = lcg(n)
    local a, b = blob(rand, n, 0, 0), blob(rand, n, 1000000, -500000)
    local p = penny.puzzle{ board = T, start = a, goal = b }
    reset_peak()
    local t0 = wall()
    local d = core.tri_decide(p.start, p.goal, p.up_to)
    local t1 = wall()
    local moves = core.tri_solve(p.start, p.goal, p.up_to)
    local t2 = wall()
    local ok = p:check(moves)
    local t3 = wall()
    assert(d.solvable and ok, "the constructive solution does not replay")
    say("| %d | 1,000,000 | %.3f | %.3f | %.3f | %d | %.1f | %.2f |", n, t1 - t0,
      t2 - t1, t3 - t2, #moves, #moves / n, peak_rss() / 1e9)
    last = string.format("decide %.3f s + solve **%.2f s**, peak %.2f GB, "
      .. "%.1f moves per coin", t1 - t0, t2 - t1, peak_rss() / 1e9, #moves / n)
  end
  say("\nn = |A \\ B| (the blobs are far apart) is the trivial lower bound; the")
  say("moves are dominated by the distance d_AB of about 1.5 x 10^6 cells,")
  say("covered once by a rolling triangle that carries the coins (O(d_AB +")
  say("n d_B)); the time is replayed separately by the move checker.")
  result("F", { workload = "triangular grid, constructive: 100,000 coins to a "
      .. "shape 10^6 cells away", figure = last, target = "≤ 2 s, ≤ 1 GB",
    anchor = "exact search does not reach these sizes" })
end

return P
