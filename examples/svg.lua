-- examples/svg.lua -- define a puzzle, solve it, write the solution as SVG.
--   penny examples/svg.lua [out.svg]
local penny = require "penny"
local p = penny.puzzle{ board = "triangular", up_to = "translation",
  start = "  o o o\n o o o", goal = "  o o\n o   o\n  o o" }
local sol = p:solve()
print(sol)
local out = arg and arg[1] or "rhombus.svg"
penny.render.write(out, penny.render.solution_svg(sol, { title = "rhombus to ring" }))
print("written to " .. out)
