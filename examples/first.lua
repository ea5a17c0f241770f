local penny = require "penny"

local p = penny.puzzle{
  board = "square",          -- the unbounded square grid
  up_to = "translation",     -- form the goal shape anywhere
  start = [[
o..o
oooo
o..o]],
  goal = [[
ooo
o.o
ooo]],
}
local sol = p:solve()
print(sol)
for i, cfg in ipairs(sol:replay()) do
  print(i == 1 and "start:" or "after " .. tostring(sol.moves[i - 1]) .. ":")
  print(cfg)
end
