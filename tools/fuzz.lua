-- tools/fuzz.lua -- mutation fuzzing of puzzle files.
--
--   penny tools/fuzz.lua [COUNT [SEED]]
--
-- Mutants of the example puzzle files (and of a few small ones below) are
-- read by penny.pzfile.read.  A read must either succeed or raise a string
-- that starts "fuzz.pz:LINE:COL: ".  Every puzzle read is then explained
-- and solved under small limits, and must return a verdict ("solved",
-- "unsolvable" or "unknown") without raising.  Anything else is printed
-- with the mutant, and the exit status is 1.  A crash ends the process:
-- run it under the sanitizer build (make fuzz) to have it explained.

local pzfile = require "penny.pzfile"

local count = tonumber(arg and arg[1]) or 500
local seed = tonumber(arg and arg[2]) or 1

-- {===================================================================
-- Seeds and tokens

local seeds = {}

local function add_file(path)
  local f = io.open(path, "rb")
  if f then
    seeds[#seeds + 1] = f:read("a")
    f:close()
  end
end

local here = (arg and arg[0] or ""):match("^(.*)/tools/fuzz%.lua$") or "."
for _, name in ipairs { "classics", "combined", "pushes", "thesis" } do
  add_file(here .. "/examples/" .. name .. ".pz")
end

seeds[#seeds + 1] = [[
rule: 2
board: square 4x3
puzzle: a P turned in a small box
optimum: 2
start: (0,0) (1,0) (0,1) (1,1) (2,1)
goal: (0,0) (2,0) (0,1) (1,1) (2,1)
puzzle: a wheel
board: graph 5
edges: (1,2) (1,3) (1,4) (1,5) (2,3) (3,4) (4,5) (5,2)
rule: d=1
start: (2) (3)
goal: (4) (5)
puzzle: a ring with a hole
board: square
cells:
....
.  .
....
start:
ooo.
.  .
....
goal:
..oo
.  o
....
]]
seeds[#seeds + 1] = [[
board: hexagonal
up_to: translation
margin: 1
puzzle: labels
start: 1:(0,0) 2:(1,0) a:(0,1)
goal: 1:(1,1) 2:(1,0) a:(0,1)
puzzle: cubic layers
board: cubic
start:
oo
o.
=
..
..
goal:
o.
oo
=
..
..
puzzle: king
board: king
rule: d=3 slide
start:
oo
o.
goal:
.o
oo
]]

-- what an author might type, right or wrong
local tokens = {
  "o", ".", "-", " ", "\n", "\n", ":", "(", ")", ",", "x", "=", "\t", "\r",
  "0", "1", "9", "-1", "99999999999999999999", "1e400", "nan", "0x10",
  "4294967296", "2147483648", "-0",
  "board: ", "square", "triangular", "hexagonal", "king", "cubic",
  "combined", "graph 3", "graph 0", "graph 99999999", "square 5x7",
  "square 0x0", "square 100000x100000", "square 64x1", "square 9x9",
  "puzzle: p", "start:", "goal:", "rule: ", "d=0", "d=7", "d=99", "slide",
  "up_to: ", "translation", "rotation", "margin: ", "optimum: ",
  "game: linepush", "game: coins", "box 3x3", "box 0x0", "box 99999x99999",
  "cells:", "edges: ", "(1,1)", "(0,0,0)", "(1,2,3,4)", "a:", "Z:", "7:",
  "--", "#", "[[", "]]", "\0", "\xff", "\xc3\xa9", "ooooooooooooooooooooo",
  string.rep("o", 70), string.rep("o.", 40),
}

-- }===================================================================

-- {===================================================================
-- Mutations

local function pick(t) return t[math.random(#t)] end

local function mutate(s)
  local n = #s
  local r = math.random(7)
  if n == 0 then return pick(tokens) end
  local i = math.random(n)
  if r == 1 then                                     -- delete a span
    return s:sub(1, i - 1) .. s:sub(i + math.random(8))
  elseif r == 2 or r == 3 then                       -- insert a token
    return s:sub(1, i - 1) .. pick(tokens) .. s:sub(i)
  elseif r == 4 then                                 -- replace a byte
    return s:sub(1, i - 1) .. string.char(math.random(0, 255)) .. s:sub(i + 1)
  elseif r == 5 then                                 -- change a number
    local a, b = s:find("%d+", i)
    if not a then return s .. pick(tokens) end
    return s:sub(1, a - 1) .. pick { "0", "1", "-1", "3", "64", "65",
      "255", "256", "99999999999999999999", "1000000" } .. s:sub(b + 1)
  else                                               -- move or copy lines
    local lines = {}
    for l in (s .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
    local a, b = math.random(#lines), math.random(#lines)
    if r == 6 then
      lines[a], lines[b] = lines[b], lines[a]
    else
      table.insert(lines, a, lines[b])
    end
    return table.concat(lines, "\n")
  end
end

-- }===================================================================

local verdicts = { solved = true, unsolvable = true, unknown = true }
local failures = 0

local function report(what, text, err)
  failures = failures + 1
  io.stderr:write(("---- %s: %s\n%s\n"):format(what, tostring(err), text))
end

local function try(text)
  local ok, ps = pcall(pzfile.read, text, "fuzz.pz")
  if not ok then
    if type(ps) ~= "string" or not ps:match("^fuzz%.pz:%d+:%d+: .") then
      report("read raised a bad error", text, ps)
    end
    return
  end
  for _, p in ipairs(ps) do
    local okx, ex = pcall(p.explain, p)
    if not okx then report("explain raised", text, ex) end
    local oks, s = pcall(p.solve, p, { time_limit = 0.2, max_memory = 256e6,
                                       progress = false })
    if not oks then
      report("solve raised", text, s)
    elseif not verdicts[s.verdict] then
      report("solve returned no verdict", text, s.verdict)
    elseif s.verdict == "solved" and not s.replayed then
      report("a solution failed its replay", text, s.reason)
    end
  end
end

math.randomseed(seed)
local read = 0
for k = 1, count do
  local text = pick(seeds)
  for _ = 1, math.random(4) do text = mutate(text) end
  try(text)
  read = read + 1
  if k % 100 == 0 and io.stderr then io.stderr:write(".") end
end
print(("fuzz: %d mutants (seed %d), %d failures"):format(read, seed, failures))
os.exit(failures == 0 and 0 or 1)
