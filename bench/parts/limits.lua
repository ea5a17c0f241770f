--[[
bench/parts/limits.lua -- parts L, R of `make bench` (bench/run.lua).
]]
local S = require "bench.support"
local penny, say, begin, result, wall =
  S.penny, S.say, S.begin, S.result, S.wall

local P = {}

-- L: limits kept (bench/limits.lua), R: reading large inputs
function P.L()
  begin()
  say("\n## L. limits: time_limit = 1 s and max_memory = 256 MiB, every solver\n")
  local f = io.popen("build/penny bench/limits.lua")
  local last = ""
  for line in f:lines() do say("%s", line); last = line ~= "" and line or last end
  f:close()
  result("L", { workload = "limits: every solver on a large puzzle, "
      .. "time_limit = 1 s, max_memory = 256 MiB",
    figure = last:match("Worst overshoot.-%%") or last,
    target = "a verdict within the limits",
    anchor = "the same process without the solve" })
end

function P.R()
  begin()
  say("\n## R. reading 10^6 coins\n")
  say("| input | coins | parse s | config s |")
  say("|---|---|---|---|")
  local SQ = penny.board("square")
  local n = 1000000
  local rows = {}
  for r = 1, 1000 do rows[r] = string.rep("o", 1000) end
  local art = table.concat(rows, "\n")
  local parts = {}
  for i = 1, n do parts[i] = string.format("(%d,%d)", i % 1000, i // 1000) end
  local list = table.concat(parts, " ")
  local figs = {}
  for _, case in ipairs{ { "art, 1000 rows of 1000", art, false },
                         { "coordinate list", list, true } } do
    local t0 = wall()
    if case[3] then penny.dsl.parse_coords(case[2], 2, "x")
    else penny.dsl.parse_art(case[2], "square", 2, "x") end
    local t1 = wall()
    local c = penny.config(SQ, case[2])
    local t2 = wall()
    say("| %s | %d | %.2f | %.2f |", case[1], #c, t1 - t0, t2 - t1)
    figs[#figs + 1] = string.format("%s **%.2f s**", case[3] and "a list"
      or "art", t2 - t1)
  end
  say("\nparse: penny.dsl alone; config: penny.config, parse included "
    .. "(every coin checked and located, duplicates found by one sort).")
  result("R", { workload = "reading 10^6 coins into a configuration",
    figure = table.concat(figs, ", "), target = "linear in the input",
    anchor = "penny.dsl's parse alone" })
end

return P
