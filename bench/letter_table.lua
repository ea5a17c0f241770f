--[==[
bench/letter_table.lua LETTER [THREADS [FONT [MAX_MEMORY [LIFTED]]]] -- the
complete distance table of one start letter (font5x7 by default;
penny.distances: every layer, two bits a state, the distances to the
other letters, no paths), for part M of bench/run.lua, which runs it
under build/penny (threads) and under mpirun build/penny-mpi (processes),
and for the font5x9 table in BENCHMARKS.md.  Prints one line:
  seconds reached maxdepth bytes-sent peak-bytes layers distances
    windows memory chaffin cpu-seconds
where windows is the number of windows of the bitmap of lifted sets (0:
whole), memory the search's own figure of its bytes, and chaffin the
number of distances equal to Chaffin's optimal lengths out of those
compared, and cpu-seconds the process's CPU time (all its threads); then
the hardest configuration found.
]==]
local cs = require "penny.coinsliding"

local corpus = cs.load()
local s = arg[1] or "A"
local threads = tonumber(arg[2]) or 1
local font = arg[3] or "font5x7"
local max_memory = tonumber(arg[4])
local lifted = tonumber(arg[5])
local p0 = cs.puzzle(corpus, font, s .. "-" .. (s == "A" and "B" or "A"))
local targets, keys = {}, {}
for key in cs.keys(corpus, font) do
  local a, g = key:match("^(.)%-(.)$")
  if a == s then
    targets[#targets + 1] = penny.config(p0.board, cs.art(corpus, font, g))
    keys[#keys + 1] = key
  end
end
local t = penny.distances(p0.start, { targets = targets, complete = true,
  threads = threads, encoding = "two", paths = false,
  max_memory = max_memory, lifted = lifted,
  progress = os.getenv("PENNY_PROGRESS") == "1" })
local f = io.open("/proc/self/status")
local peak = f and (tonumber(f:read("a"):match("VmHWM:%s*(%d+)")) or 0) * 1024 or 0
if f then f:close() end
local equal = 0
for i, key in ipairs(keys) do
  local sol = corpus.solutions[font][key]
  if sol and #sol == t.dist[i] then equal = equal + 1 end
end
print(string.format("%.3f %d %d %d %d %s %s %d %d %d/%d %.1f", t.seconds,
  t.reached, t.maxdepth, t.sent, peak, table.concat(t.layers, ","),
  table.concat(t.dist, ","), t.windows, t.memory, equal, #keys, os.clock()))
if t.hardest then print(t.hardest) end
