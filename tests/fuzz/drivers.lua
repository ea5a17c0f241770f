--[[
tests/fuzz/drivers.lua -- what the libFuzzer harnesses run, one function a
harness, each given the input as a string.

A driver may raise a string for bad input (a named error is penny's
answer to it).  When penny breaks a promise (a verdict outside the
vocabulary, a solution that does not replay, an error that is not a
string, an error of its own that starts "penny bug") the driver raises a
table { finding = why }: host.c aborts on it, as the sanitizers do on any
memory or undefined-behaviour fault.
]]
local penny = require "penny"
local pzfile = require "penny.pzfile"

local M = {}

-- small limits: every input must be answered in well under a second
local LIMITS = { max_states = 2000, time_limit = 0.02, max_memory = 2 ^ 26,
                 threads = 1 }
local VERDICTS = { solved = true, unsolvable = true, unknown = true }

local function must(cond, what)
  if not cond then error({ finding = what }, 0) end
end

-- f(...) for a driver: an error penny raises as "penny bug" (after the
-- places its messages start with) is a finding; other strings are answers
local function run(f, ...)
  local ok, err = pcall(f, ...)
  if ok then return end
  if type(err) ~= "string" then
    if type(err) == "table" and err.finding then error(err, 0) end
    must(false, "an error that is not a string: " .. tostring(err))
  end
  local msg = err
  repeat
    local rest = msg:match("^[^\n:]*:%d+:%d+: (.*)$")
      or msg:match("^[^\n:]*:%d+: (.*)$")
    if rest then msg = rest end
  until not rest
  must(msg:sub(1, 9) ~= "penny bug", err)
  error(err, 0)
end

-- a verdict for p, or a named error; never anything else
local function answer(p)
  local ok, sol = pcall(p.solve, p, LIMITS)
  if not ok then
    must(type(sol) == "string", "solve raised a non-string")
    return
  end
  must(VERDICTS[sol.verdict], "verdict " .. tostring(sol.verdict))
  if sol.verdict == "solved" then must(p:check(sol.moves), "no replay") end
  local _, text = pcall(p.explain, p)
  must(type(text) == "string", "explain gave no text and no message")
end

-- one input in 64, by a hash of its bytes: a choice by length alone was
-- kept by most mutations, so the corpus drifted to answered inputs and
-- solving took nine tenths of the harness's time
local function chosen(text)
  local h = 0
  for i = 1, #text do h = (h * 31 + text:byte(i)) & 0xffffffff end
  return h % 64 == 0
end

-- a .pz file read (boards within a small memory budget) and printed;
-- one input in 64 has its first puzzle explained and solved under small
-- limits (tools/fuzz.lua, make fuzz, solves them all)
local function pz(text)
  local puzzles = pzfile.read(text, "fuzz.pz", { max_memory = 2 ^ 26 })
  for _, p in ipairs(puzzles) do must(type(tostring(p)) == "string", "tostring") end
  if #puzzles > 0 and chosen(text) then answer(puzzles[1]) end
end

-- art and coordinate lists on every lattice: the first byte chooses it
local BOARDS = {
  function() return penny.board("square") end,
  function() return penny.board("triangular") end,
  function() return penny.board("hexagonal") end,
  function() return penny.board("king") end,
  function() return penny.board{ lattice = "cubic", dim = 3 } end,
  function() return penny.board{ lattice = "cubic", dim = 1 } end,
  function() return penny.board{ width = 5, height = 4 } end,
  function() return penny.board{ lattice = "graph", vertices = 5,
                                 edges = { { 1, 2 }, { 2, 3 }, { 3, 4 } } } end,
}

local function art(data)
  if #data < 1 then return end
  local board = BOARDS[data:byte(1) % #BOARDS + 1]()
  local text = data:sub(2)
  local cfg = penny.config(board, text, "fuzz")
  must(penny.is_config(cfg), "config is not a Config")
  if #cfg > 0 and #cfg <= 8 then
    local ok = pcall(penny.puzzle, { board = board, start = cfg, goal = cfg })
    must(ok, "a puzzle from a config to itself refused")
  end
end

-- cfg:check and cfg:legal with move lists built from the bytes: numbers,
-- positions with too few or too many coordinates, a lying __len
local function check(data)
  if #data < 2 then return end
  local board = BOARDS[data:byte(1) % #BOARDS + 1]()
  local dim = board:dim()
  local cells = board:bounded() and board:cells() or nil
  local start = {}
  local n = data:byte(2) % 6
  for i = 1, n do
    local b = data:byte(2 + i) or 0
    if cells then start[#start + 1] = cells[b % #cells + 1]
    else
      local c = {}
      for k = 1, dim do c[k] = (b >> (2 * (k - 1))) % 4 end
      start[#start + 1] = c
    end
  end
  local ok, cfg = pcall(penny.config, board, start)
  if not ok then return end
  local moves, i = {}, 3 + n
  local function int()
    local b = data:byte(i) or 0
    i = i + 1
    if b == 255 then return math.mininteger end
    if b == 254 then return math.maxinteger end
    return b % 8 - 2
  end
  while i <= #data do
    local kind = data:byte(i) % 5
    i = i + 1
    local from, to = {}, {}
    local w = dim + (data:byte(i) or 0) % 3 - 1
    for k = 1, w do from[k] = int() end
    for k = 1, w do to[k] = int() end
    if kind == 0 then moves[#moves + 1] = { from = from, to = to }
    elseif kind == 1 then moves[#moves + 1] = { from, to }
    elseif kind == 2 then moves[#moves + 1] = int()
    elseif kind == 3 then
      moves[#moves + 1] = setmetatable({}, { __len = function() return int() end })
    else
      local flat = {}
      for k = 1, w do flat[k] = from[k]; flat[w + k] = to[k] end
      moves[#moves + 1] = flat
    end
  end
  -- called as methods, as a user would: pcall(cfg.check, ...) leaves the
  -- function unnamed, and Lua then looks for its name through every
  -- loaded module to write "bad argument" (most of the harness's time)
  pcall(function() return cfg:check(moves) end)
  for _, m in ipairs(moves) do pcall(function() return cfg:legal(m) end) end
  local liar = setmetatable(moves, { __len = function() return int() end })
  pcall(function() return cfg:check(liar) end)
end

-- line pushes: start and goal texts split at the first blank line, the
-- goal perhaps a box
local function linepush(text)
  local a, b = text:match("^(.-)\n\n(.*)$")
  if not a then return end
  local goal = b
  local w, h = b:match("^box (%d+)x(%d+)")
  if w then goal = { box = { tonumber(w), tonumber(h) } } end
  local ok, p = pcall(penny.puzzle, { game = "linepush", start = a,
                                      goal = goal })
  if not ok then
    must(type(p) == "string", "puzzle raised a non-string")
    return
  end
  answer(p)
end

M.pz = function(s) return run(pz, s) end
M.art = function(s) return run(art, s) end
M.check = function(s) return run(check, s) end
M.linepush = function(s) return run(linepush, s) end

return M
