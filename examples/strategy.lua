--[[
examples/strategy.lua -- custom strategies in Lua: a policy of your own,
the registry, and a heuristic for the best-first search.

  penny examples/strategy.lua
]]
local penny = require "penny"

-- a puzzle from the generator: 7 coins on a 6 x 5 board, optimum 6 moves
local p = penny.generate.puzzle{ board = penny.board{ width = 6, height = 5 },
                                 n = 7, length = 6, seed = 2, connected = true }
print(p.start, "\n\n" .. tostring(p.goal), "\n")

-- a policy: take a coin off a non-goal cell to a free goal cell when one
-- can, else any move to a configuration not seen before
local function goal_cells_first(state, moves, ctx)
  local goal, fallback = ctx.puzzle.goal, nil
  for _, m in ipairs(moves) do
    if not ctx.seen(state:apply(m, ctx.puzzle.rule)) then
      if goal:has(m.to) and not goal:has(m.from) then return m end
      fallback = fallback or m
    end
  end
  return fallback
end

penny.strategies.register("goal-cells-first", { policy = goal_cells_first,
  about = "a coin off the goal moves onto a free goal cell when it can" })

for _, s in ipairs(penny.strategies.list()) do
  print(string.format("%-14s %-7s %s", s.name, s.kind, s.about))
end
print()

local r = penny.play(p, "goal-cells-first", { max_steps = 200 })
print(("goal-cells-first: %s after %d moves (%s)"):format(r.outcome, r.steps,
  r.reason or "goal reached"))

-- every strategy is called the same way
for _, name in ipairs{ "goal-cells-first", "greedy", "beam", "engine" } do
  local s = p:solve{ method = name }
  print(("%-17s %-8s %3d moves%s"):format(name, s.verdict, #s.moves,
    s.optimal and " (optimal)" or ""))
end

-- a heuristic of your own: goal cells not yet covered (admissible: one
-- move covers at most one goal cell)
local goal = p.goal
local s = p:solve{ admissible = true, heuristic = function(cfg)
  local n = 0
  for _, c in ipairs(goal:positions()) do if not cfg:has(c) then n = n + 1 end end
  return n
end }
print(("A* with a Lua heuristic: %d moves%s, %d states expanded"):format(#s.moves,
  s.optimal and " (optimal)" or "", s.stats.states))
