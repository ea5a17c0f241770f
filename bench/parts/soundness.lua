--[[
bench/parts/soundness.lua -- parts S of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local opts, say, begin, result, wall =
  S.opts, S.say, S.begin, S.result, S.wall

local P = {}

--{===================================================================
-- S: explain() against exhaustive search (penny.soundness), long run
function P.S()
  begin()
  say("\n## S. soundness: every decisive fact of explain() against search\n")
  local soundness = require "penny.soundness"
  local t0 = wall()
  local r = soundness.run{ count = opts.count, seed = opts.seed,
                           max_states = 50000 }
  say("```\n%s\n```", soundness.report(r))
  say("\n%d puzzles from seed %d in %.0f s; the truth by the plain BFS (at most",
    r.instances, opts.seed, wall() - t0)
  say("50,000 states a puzzle; the skipped ones hit that limit).")
  result("S", { workload = "soundness: explain()'s decisive facts on random "
      .. "small puzzles", figure = string.format("%d puzzles: **%d "
      .. "contradictions**", r.instances, #r.contradictions),
    target = "0 contradictions",
    anchor = "the plain BFS (at most 50,000 states a puzzle)" })
  if #r.contradictions > 0 then error("explain() contradicts the search") end
end

return P
