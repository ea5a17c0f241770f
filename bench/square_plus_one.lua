--[[
bench/square_plus_one.lua W H COUNT [SEED] -- minimum+1 puzzles of one
span (thesis Sec. 3.3.3): explain's verdict by the pushing game (Prop
3.32) against the plain breadth-first search, and the solution's length
against the optimum.

  build/penny bench/square_plus_one.lua 6 6 200 1

Each puzzle: a random minimal configuration of the W x H box with one coin
more (minimum+1 when the box is its span), and a goal of the same kind, or
the start after a few moves that keep the span (half of them, so that
solvable puzzles come up).  Coins all alike, fixed goals.
]]
local penny = require "penny"
local pushing = require "penny.square.pushing"

local W, H = tonumber(arg[1]) or 6, tonumber(arg[2]) or 6
local COUNT, SEED = tonumber(arg[3]) or 100, tonumber(arg[4]) or 1
local rand = penny.strategies.rng(SEED)
local SQ = penny.board("square")

local function one()
  while true do
    local m = penny.generate.config{ span = { W, H }, seed = rand(1000000),
                                     minimal = rand(2) == 1 or nil }
    local free = {}
    for y = 0, H - 1 do
      for x = 0, W - 1 do
        if not m:has{ x, y } then free[#free + 1] = { x, y } end
      end
    end
    local c = penny.config(SQ, m:with(free[rand(#free)]):positions())
    if pushing.plus_one(c) then return c end
  end
end

local counts = { solvable = 0, unsolvable = 0, undecided = 0, agree = 0,
                 optimal = 0 }
local t0 = os.clock()
for i = 1, COUNT do
  local a = one()
  local b
  if i % 2 == 0 then
    b = one()
  else
    local span = a:span(2)
    b = a
    for _ = 1, 1 + rand(10) do
      local keep = {}
      for m in b:moves(2) do
        if b:apply(m, 2):span(2) == span then keep[#keep + 1] = m end
      end
      if #keep == 0 then break end
      b = b:apply(keep[rand(#keep)], 2)
    end
  end
  local p = penny.puzzle{ board = SQ, start = a, goal = b }
  local _, facts, verdict = p:explain()
  local decided = false
  for _, f in ipairs(facts) do
    if f.name:find("Prop 3.32", 1, true) then decided = true end
  end
  local truth = p:solve{ method = "bfs", progress = false }
  if not decided or verdict == nil then
    counts.undecided = counts.undecided + 1
  else
    counts[verdict] = counts[verdict] + 1
    local expect = truth.verdict == "solved" and "solvable" or truth.verdict
    if expect == verdict then counts.agree = counts.agree + 1
    else print("DISAGREE", tostring(a), "->", tostring(b), verdict, truth.verdict) end
    if truth.verdict == "solved" then
      local s = p:solve()
      if s.method == "pushing" and #s == #truth and s.optimal then
        counts.optimal = counts.optimal + 1
      end
    end
  end
end
print(string.format("%d x %d, %d puzzles: decided by Prop 3.32 %d (solvable %d, "
  .. "unsolvable %d), undecided %d; agree with the BFS %d; solved optimally "
  .. "by the pushing game %d of %d; %.0f s", W, H, COUNT,
  counts.solvable + counts.unsolvable, counts.solvable, counts.unsolvable,
  counts.undecided, counts.agree, counts.optimal, counts.solvable,
  os.clock() - t0))
