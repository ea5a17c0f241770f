--[[
bench/letter_table.lua LETTER [THREADS] -- the complete distance table of
one font5x7 start letter (penny.distances: every layer, two bits a state,
the distances to the other 35 letters, no paths), for part M of
bench/run.lua, which runs it under build/penny (threads) and under
mpirun build/penny-mpi (processes).  Prints one line:
  seconds reached maxdepth bytes-sent peak-bytes layers distances
]]
local cs = require "penny.coinsliding"

local corpus = cs.load()
local s = arg[1] or "A"
local threads = tonumber(arg[2]) or 1
local p0 = cs.puzzle(corpus, "font5x7", s .. "-" .. (s == "A" and "B" or "A"))
local targets = {}
for key in cs.keys(corpus, "font5x7") do
  local a, g = key:match("^(.)%-(.)$")
  if a == s then targets[#targets + 1] = penny.config(p0.board, cs.art(corpus, "font5x7", g)) end
end
local t = penny.distances(p0.start, { targets = targets, complete = true,
  threads = threads, encoding = "two", paths = false })
local f = io.open("/proc/self/status")
local peak = f and (tonumber(f:read("a"):match("VmHWM:%s*(%d+)")) or 0) * 1024 or 0
if f then f:close() end
print(string.format("%.3f %d %d %d %d %s %s", t.seconds, t.reached, t.maxdepth,
  t.sent, peak, table.concat(t.layers, ","), table.concat(t.dist, ",")))
