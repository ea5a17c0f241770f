--[[
examples/pushes.lua -- line pushes (Akitaya, Löffler, Viglietta): the
structure of a compact configuration, a permutation puzzle solved by
Theorem 20's 3-cycles, and the shortest push sequence by exact search.

  penny examples/pushes.lua
]]
local penny = require "penny"
local lp = require "penny.linepush"

local start = penny.config(penny.board("square"), [[
abc.
defg
hi..]])
local info = lp.info(start)
print(start)
print(("compact: %s, core: %s, G_C: %s of order %d on %d tokens"):format(
  tostring(info.compact), info.core and "non-empty" or "empty", info.group,
  info.order, info.moving))

-- rotate a, b, c: an even permutation, so Theorem 20 says it is reachable
local goal = penny.config(penny.board("square"), [[
bca.
defg
hi..]])
local p = penny.puzzle{ game = "linepush", start = start, goal = goal }
local built = p:solve{ method = "permutation" }
local best = p:solve{ method = "search" }
print(("3-cycle: %d pushes by construction, %d by exact search (optimal)"):format(
  #built, #best))
print(table.concat(best.moves, " "))

-- a transposition with distinct labels is odd: impossible, with the reason
local swap = penny.puzzle{ game = "linepush", start = start, goal = penny.config(
  penny.board("square"), "bac.\ndefg\nhi..") }
print(swap:solve().reason)

-- Theorem 8: scattered tokens into a 3 x 3 box
local scattered = penny.config(penny.board("square"),
  "(0,0) (6,1) (3,2) (8,3) (1,4) (5,5) (2,6) (9,7) (4,8)")
local s = penny.puzzle{ game = "linepush", start = scattered,
                        goal = { box = { 3, 3 } } }:solve{ method = "compaction" }
print(("3 x 3 box: %d pushes (%s)"):format(#s, s.reason))
