--[[
bench/parts/linepush.lua -- parts G of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, say, begin, result, median, wall, lcg =
  S.penny, S.say, S.begin, S.result, S.median, S.wall, S.lcg

local P = {}

-- G: line pushes
function P.G()
  begin()
  say("\n## G. line pushes: permutation puzzles\n")
  local lp = require "penny.linepush"
  local SQ = penny.board("square")
  local base = dofile("bench/baseline_push.lua")
  -- the 10 x 10 box with 64 tokens: rows of 2, 4, 6, 10, 10, 10, 10, 6, 4, 2
  -- centred (compact, empty core)
  local function shape(rows, w)
    local pts = {}
    for y, len in ipairs(rows) do
      local x0 = (w - len) // 2
      for x = x0, x0 + len - 1 do pts[#pts + 1] = { x, y - 1, label = #pts + 1 } end
    end
    return pts
  end
  local function even_goal(rand, pts)
    local perm = {}
    for i = 1, #pts do perm[i] = i end
    for i = #pts, 2, -1 do local j = rand(i); perm[i], perm[j] = perm[j], perm[i] end
    local seen, par = {}, 0
    for i = 1, #pts do
      local j, l = i, 0
      while not seen[j] do seen[j] = true; j = perm[j]; l = l + 1 end
      if l > 0 then par = par + l - 1 end
    end
    if par % 2 == 1 then perm[1], perm[2] = perm[2], perm[1] end
    local g = {}
    for i, p in ipairs(pts) do g[i] = { p[1], p[2], label = perm[i] } end
    return penny.config(SQ, g)
  end
  local cases = {
    { "10 x 10, 64 tokens", { 2, 4, 6, 10, 10, 10, 10, 6, 4, 2 }, 10 },
    { "6 x 6, 24 tokens", { 2, 4, 6, 6, 4, 2 }, 6 },
    { "8 x 8, 40 tokens", { 2, 4, 6, 8, 8, 6, 4, 2 }, 8 },
    { "12 x 12, 96 tokens", { 2, 6, 8, 10, 12, 12, 12, 10, 8, 6, 2, 0 }, 12 },
  }
  say("| shape | core | trials | median s | max s | median pushes | pushes / n^4 | C replay s | Lua replay s | ratio |")
  say("|---|---|---|---|---|---|---|---|---|---|")
  local first
  for _, case in ipairs(cases) do
    local rows = {}
    for _, r in ipairs(case[2]) do if r > 0 then rows[#rows + 1] = r end end
    local pts = shape(rows, case[3])
    local start = penny.config(SQ, pts)
    local info = lp.info(start)
    local rand = lcg(#pts)
    local times, pushes, creplay, lreplay = {}, {}, {}, {}
    for _ = 1, 5 do
      local p = penny.puzzle{ game = "linepush", start = start,
                              goal = even_goal(rand, pts) }
      local t0 = wall()
      local s = p:solve()
      times[#times + 1] = wall() - t0
      assert(s.verdict == "solved" and s.replayed)
      pushes[#pushes + 1] = #s.moves
      t0 = wall()
      lp.push(start, s.moves)
      creplay[#creplay + 1] = wall() - t0
      -- the plain Lua push on a prefix (it is slow), scaled
      local plain, k = {}, math.min(#s.moves, 20000)
      for i, q in ipairs(pts) do plain[i] = { q[1], q[2] } end
      t0 = wall()
      for i = 1, k do plain = base.push(plain, s.moves[i]) end
      lreplay[#lreplay + 1] = (wall() - t0) * #s.moves / k
    end
    local n = #pts
    local cr, lr = median(creplay), median(lreplay)
    say("| %s | %s | %d | %.3f | %.3f | %d | %.4f | %.4f | %.2f | %.0fx |", case[1],
      info.core and "non-empty" or "empty", #times, median(times),
      math.max(table.unpack(times)), median(pushes), median(pushes) / n ^ 4,
      cr, lr, lr / cr)
    first = first or string.format("%s: median **%.2f s** (max %.2f), "
      .. "%.4f n^4 pushes; the C push %.0fx the Lua one", case[1],
      median(times), math.max(table.unpack(times)), median(pushes) / n ^ 4,
      lr / cr)
  end
  say("\npushes / n^4: the paper's bound is O(n^4); the constant here is the")
  say("measured pushes divided by n^4.  The Lua replay column times the plain")
  say("push of bench/baseline_push.lua on (a prefix of) the same sequence.")
  result("G", { workload = "line pushes: a random even permutation of 64 "
      .. "tokens in a 10 x 10 box", figure = first, target = "≤ 1 s",
    anchor = "bench/baseline_push.lua, a plain Lua push, same run" })
end

return P
