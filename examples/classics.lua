--[[
examples/classics.lua -- the classic coin-moving puzzles (DDV Figure 1,
thesis Figure 1), solved optimally and replayed.

  penny examples/classics.lua
]]
local penny = require "penny"

local function show(title, p)
  local sol = p:solve()
  print(("== %s"):format(title))
  print(p.start)
  print("  ->")
  print(p.goal)
  print(sol)
  print()
  return sol
end

show("6-coin rhombus into a ring, anywhere (triangular grid)",
  penny.puzzle{ board = "triangular", up_to = "translation", start = [[
  o o o
 o o o]], goal = [[
  o o
 o   o
  o o]] })

show("10-coin triangle upside down (triangular grid)",
  penny.puzzle{ board = "triangular", start = [[
   o
  o o
 o o o
o o o o]], goal = [[

o o o o
 o o o
  o o
   o]] })

show("6-coin triangle into a line, anywhere, any direction (triangular grid)",
  penny.puzzle{ board = "triangular", up_to = "rotation", start = [[
  o
 o o
o o o]], goal = "o o o o o o" })

local sol = show("8-coin H into the 8-coin O, anywhere (square grid)",
  penny.puzzle{ board = "square", up_to = "translation", start = [[
o..o
oooo
o..o]], goal = [[
ooo
o.o
ooo]] })

print("the H to O step by step:")
for i, cfg in ipairs(sol:replay()) do
  print(("-- after %d move%s"):format(i - 1, i == 2 and "" or "s"))
  print(cfg)
end
