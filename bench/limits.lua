--[[
bench/limits.lua -- how well every solver keeps its limits (make bench,
part L): each method on a large puzzle with time_limit = 1 and
max_memory = 256 MiB, in a process of its own, timed by the process
(the solve alone) and measured by /usr/bin/time (peak resident memory).

  penny bench/limits.lua [PENNY]

Prints a Markdown table: method, puzzle, verdict, solve seconds, the
overshoot of the time limit, the peak RSS, and the RSS of the same
process without the solve (the interpreter, the puzzle and its data).
]]

local penny_exe = arg and arg[1] or "build/penny"

local LIMIT, BUDGET = 1, 256 * 2 ^ 20

-- the Lua code that builds each puzzle (in the child) as `p`
local PUZZLES = {
  letter = [[
local cs = require "penny.coinsliding"
local p = cs.puzzle(cs.load(), "font5x9", "F-R")
]],
  tri = [[
local T = penny.board("triangular")
local seed = 5
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local dirs = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } }
local function blob(n, cx, cy)
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
local p = penny.puzzle{ board = T, start = blob(100000, 0, 0),
                        goal = blob(100000, 30000000, -15000000) }
]],
  square = [[
local sq = require "penny.square"
local SQ = penny.board("square")
local seed = 7
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local function config(n, w)
  local cells = {}
  for x = 0, w - 1 do for y = 0, w - 1 do cells[#cells + 1] = { x, y } end end
  for i = #cells, 2, -1 do
    local j = rand(i)
    cells[i], cells[j] = cells[j], cells[i]
  end
  local out = {}
  for i = 1, n do out[i] = cells[i] end
  return penny.config(SQ, out)
end
local a, b
repeat a, b = config(200, 40), config(200, 40) until sq.theorem38(a, b).holds
local p = penny.puzzle{ start = a, goal = b }
]],
  pushes = [[
local SQ = penny.board("square")
local rows, pts = { 2, 4, 6, 10, 10, 10, 10, 6, 4, 2 }, {}
for y, len in ipairs(rows) do
  local x0 = (10 - len) // 2
  for x = x0, x0 + len - 1 do pts[#pts + 1] = { x, y - 1, label = #pts + 1 } end
end
local seed = 3
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
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
for i, q in ipairs(pts) do g[i] = { q[1], q[2], label = perm[i] } end
local p = penny.puzzle{ game = "linepush", start = penny.config(SQ, pts),
                        goal = penny.config(SQ, g) }
]],
}

local CASES = {
  { "letter", "font5x9 F-R (42 moves)", { "auto", "bidir", "astar", "full",
                                          "bfs" } },
  { "tri", "triangular, 10^5 coins 3.4e7 cells apart", { "tri", "auto" } },
  { "square", "square, 200 coins in 40 x 40", { "square", "auto" } },
  { "pushes", "line pushes, 64 tokens, a random even permutation",
    { "auto", "search", "permutation" } },
}

-- run code in a child penny; its output and peak RSS (bytes)
local function child(code)
  local f = os.tmpname()
  local h = assert(io.open(f, "w"))
  h:write(code)
  h:close()
  local t = os.tmpname()
  local pipe = io.popen(string.format("/usr/bin/time -f '%%M' -o %s %s %s "
    .. "2>/dev/null", t, penny_exe, f))
  local out = pipe:read("a")
  pipe:close()
  local r = io.open(t)
  local kb = tonumber(r:read("a"):match("(%d+)%s*$") or "0")
  r:close()
  os.remove(f)
  os.remove(t)
  return out, kb * 1024
end

local function say(fmt, ...) io.write(string.format(fmt, ...), "\n"); io.flush() end

say("| puzzle | method | verdict | solve s | over the limit | peak RSS MiB | without the solve MiB |")
say("|---|---|---|---|---|---|---|")
local worst_time, worst_mem = 0, -math.huge
for _, case in ipairs(CASES) do
  local build = PUZZLES[case[1]]
  local _, base = child(build .. "\nprint('built')\n")
  for _, m in ipairs(case[3]) do
    local out, rss = child(build .. string.format([[
local t = penny.core.clock()
local ok, s = pcall(p.solve, p, { method = %q, time_limit = %g, max_memory = %d })
local dt = penny.core.clock() - t
print(ok and s.verdict or "error: " .. tostring(s), dt)
]], m, LIMIT, BUDGET))
    local verdict, dt = out:match("^(.-)\t([%d.e+-]+)%s*$")
    dt = tonumber(dt) or 0
    local over = dt - LIMIT
    if over > worst_time then worst_time = over end
    local extra = rss - base - BUDGET
    if extra > worst_mem then worst_mem = extra end
    say("| %s | %s | %s | %.2f | %s | %.0f | %.0f |", case[2], m,
      verdict or out:gsub("%s+$", ""), dt,
      over > 0 and string.format("%+.0f%%", 100 * over / LIMIT) or "within",
      rss / 2 ^ 20, base / 2 ^ 20)
  end
end
say("\ntime_limit = %g s, max_memory = %d MiB.  Worst overshoot of the time "
  .. "limit: %.0f%%; worst peak RSS beyond the budget plus the process "
  .. "without the solve: %.0f MiB.", LIMIT, BUDGET // 2 ^ 20,
  100 * math.max(worst_time, 0) / LIMIT, math.max(worst_mem, 0) / 2 ^ 20)
