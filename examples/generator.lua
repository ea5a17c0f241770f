--[[
examples/generator.lua -- puzzle generators, reproducible from a seed:
random configurations with constraints, puzzles of a given optimal length,
and the hardest pair in a family (as with the letters of a font).

  penny examples/generator.lua [seed]
]]
local penny = require "penny"
local G = penny.generate

local seed = math.tointeger(tonumber(arg and arg[1] or "") or 7) or 7
local box = penny.board{ width = 5, height = 5 }

print("a connected configuration of 8 coins:")
print(G.config{ board = box, n = 8, seed = seed, connected = true })
print("\na 2-connected one on the triangular grid:")
print(G.config{ board = "triangular", box = { 5, 5 }, n = 7, seed = seed,
                two_connected = true })

print("\npuzzles whose optimal solution has exactly 1..5 moves:")
for length = 1, 5 do
  local _, s = G.puzzle{ board = box, n = 6, length = length, seed = seed,
                         connected = true }
  print(("  length %d: %s"):format(length, s.reason))
end

print("\nthe hardest pair among six random 6-coin shapes:")
local family = {}
for i = 1, 6 do
  family[i] = G.config{ board = box, n = 6, seed = seed * 100 + i, connected = true }
end
local h = G.hardest(family)
print(("shape %d -> shape %d: %d moves"):format(h.start, h.goal, h.distance))
print(family[h.start], "\n\n" .. tostring(family[h.goal]))
