--[[
bench/square_labelled.lua [SEED COUNT W H MAXN] -- the square grid's
labelled solver (thesis Thm 3.16) on COUNT random puzzles of one span
meeting its hypotheses: a labelled start of 5 to MAXN coins in a W x H
box, a goal reached by a random walk that keeps the span, its labels
shuffled and the pinned cells put back (defaults 1 100 5 5 10).  Prints
how many were solved and replayed, and the first misses.
]]
local penny = require "penny"
local sq = require "penny.square"
local ss = require "penny.square_solver"
local B = penny.board("square")
local seed = tonumber(arg[1] or 1)
local N = tonumber(arg[2] or 100)
local W, H = tonumber(arg[3] or 5), tonumber(arg[4] or 5)
local maxn = tonumber(arg[5] or 10)
math.randomseed(seed)
local stats = { tried = 0, applies = 0, solved = 0, failed = 0, badreplay = 0 }
local fails = {}
local t0 = os.clock()
while stats.applies < N do
  stats.tried = stats.tried + 1
  local n = math.random(5, maxn)
  local cells = {}
  for x = 0, W - 1 do for y = 0, H - 1 do cells[#cells + 1] = { x, y } end end
  for i = #cells, 2, -1 do local j = math.random(i); cells[i], cells[j] = cells[j], cells[i] end
  local pts = {}
  for i = 1, n do pts[i] = string.format("%d:(%d,%d)", i, cells[i][1], cells[i][2]) end
  local a = penny.config(B, table.concat(pts, " "))
  -- B: a random walk keeping the span, then labels shuffled off the pins
  local b = a
  local span = a:span(2)
  for _ = 1, 30 do
    local ms = b:movelist()
    if #ms == 0 then break end
    local m = ms[math.random(#ms)]
    local nb = b:apply(m)
    if nb:span(2) == span then b = nb end
  end
  -- shuffle labels among coins, then restore pins by theorem316's answer
  local coins = b:coins()
  local labels = {}
  for i, c in ipairs(coins) do labels[i] = c.label end
  for i = #labels, 2, -1 do local j = math.random(i); labels[i], labels[j] = labels[j], labels[i] end
  local function build()
    local q = {}
    for i, c in ipairs(coins) do q[i] = string.format("%d:(%d,%d)", labels[i], c[1], c[2]) end
    return penny.config(B, table.concat(q, " "))
  end
  local bb = build()
  for _ = 1, 10 do
    local ok, _, pin = sq.theorem316(a, bb)
    if ok ~= false or not pin then break end
    -- put A's coin back on the pin
    local want = a:label(pin)
    local i, j
    for k, c in ipairs(coins) do
      if c[1] == pin[1] and c[2] == pin[2] then i = k end
      if labels[k] == want then j = k end
    end
    labels[i], labels[j] = labels[j], labels[i]
    bb = build()
  end
  if sq.theorem316(a, bb) then
    stats.applies = stats.applies + 1
    local p = penny.puzzle{ board = B, start = a, goal = bb }
    local ok, s = pcall(ss.solve_puzzle, p)
    if ok and s.verdict == "solved" then
      if p:check(s.moves) then stats.solved = stats.solved + 1 else stats.badreplay = stats.badreplay + 1 end
    else
      stats.failed = stats.failed + 1
      local rs = {}
      for _, r in ipairs(sq.rectangles(a)) do rs[#rs + 1] = table.concat(r, ",") end
      fails[#fails + 1] = "=== n=" .. #a .. " rects " .. table.concat(rs, " ") .. "\n"
        .. tostring(a) .. "\n->\n" .. tostring(bb) .. "\n" .. (ok and s.reason or tostring(s))
    end
  end
end
print(string.format("tried %d, applies %d, solved %d, failed %d, bad replay %d, %.1f s",
  stats.tried, stats.applies, stats.solved, stats.failed, stats.badreplay, os.clock() - t0))
for i = 1, math.min(3, #fails) do print(fails[i]) end
