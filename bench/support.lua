--[[
bench/support.lua -- what the parts of `make bench` share: the options,
the tables a part says and the row it ends with, the helpers, and
--record (the results written into BENCHMARKS.md).
]]
local penny = require "penny"
local cs = require "penny.coinsliding"
local core = require "penny.core"

local opts = { parts = "A,B,C,D,E,V,F,G,H,W,Q,K,S,L,R", count = 100000, seed = 1,
               letters = nil, keys = nil, sample = 12,
               limit = 600, memory = 16, threads = 0, encoding = nil,
               method = "auto", goal = nil, by = "start", moves = "6,7",
               record = nil }
-- the arguments as given, for the command recorded with the results
local given = {}
do
  local i = 1
  while i <= #arg do
    local k, v = arg[i], arg[i + 1]
    if k == "--parts" then opts.parts = v
    elseif k == "--letters" then opts.letters = v
    elseif k == "--keys" then opts.keys = v
    elseif k == "--sample" then opts.sample = tonumber(v)
    elseif k == "--limit" then opts.limit = tonumber(v)
    elseif k == "--memory" then opts.memory = tonumber(v)
    elseif k == "--threads" then opts.threads = tonumber(v)
    elseif k == "--counts" then opts.counts = v
    elseif k == "--encoding" then opts.encoding = v
    elseif k == "--method" then opts.method = v
    elseif k == "--moves" then opts.moves = v
    elseif k == "--goal" then opts.goal = v
    elseif k == "--pdb" then opts.pdb = math.tointeger(tonumber(v))
    elseif k == "--direction" then opts.direction = v
    elseif k == "--count" then opts.count = math.tointeger(tonumber(v))
    elseif k == "--seed" then opts.seed = math.tointeger(tonumber(v))
    elseif k == "--record" then opts.record = v
    elseif k == "--table9" then opts.table9 = v
    elseif k == "--by" then
      assert(v == "start" or v == "goal", "--by takes start or goal")
      opts.by = v
    else error("unknown option " .. tostring(k)) end
    if k ~= "--record" then given[#given + 1] = k .. " " .. v end
    i = i + 2
  end
end
local function want(part) return opts.parts:find(part, 1, true) ~= nil end
local BUDGET = math.floor(opts.memory * 1e9)

local corpus = cs.load()
local out = io.stdout

--[[
Results.  Each part says its tables (say), and ends with result(X, row):
row = { workload, figure, target, anchor }.  With --record FILE, what the
part said becomes its section of FILE and the row its line of the table
of current results, with the command, the date and the machine.
]]
local said, results = nil, {}
local function say(fmt, ...)
  local line = string.format(fmt, ...)
  out:write(line, "\n")
  out:flush()
  if said then said[#said + 1] = line end
end
local function begin() said = {} end
local function result(part, row)
  row.part, row.text = part, table.concat(said or {}, "\n")
  results[#results + 1] = row
  said = nil
end

-- peak resident memory of this process, and resetting it (Linux)
local function peak_rss()
  local f = io.open("/proc/self/status")
  if not f then return 0 end
  local s = f:read("a")
  f:close()
  return (tonumber(s:match("VmHWM:%s*(%d+)")) or 0) * 1024
end
local function reset_peak()
  local f = io.open("/proc/self/clear_refs", "w")
  if f then f:write("5"); f:close() end
end

local function median(t)
  local c = {}
  for i, v in ipairs(t) do c[i] = v end
  table.sort(c)
  if #c == 0 then return 0 end
  if #c % 2 == 1 then return c[(#c + 1) // 2] end
  return (c[#c // 2] + c[#c // 2 + 1]) / 2
end

-- the engine's monotonic clock: a clock read through a child process
-- (date) adds the fork's milliseconds to every interval, the size of a
-- fast method's whole run
local wall = core.clock

local function letters_of(font)
  local ls = {}
  for ch in pairs(corpus.fonts[font]) do ls[#ls + 1] = ch end
  table.sort(ls)
  return ls
end

-- a seeded random generator: rand(n) in 1..n
local function lcg(seed)
  local s = seed
  return function(n)
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n + 1
  end
end

-- --record FILE: the results written into BENCHMARKS.md

local function machine()
  local os_name = "Linux"
  local f = io.open("/etc/os-release")
  if f then
    os_name = f:read("a"):match('PRETTY_NAME="([^"]*)"') or os_name
    f:close()
  end
  local cpu, cores, mem = "", 0, 0
  f = io.open("/proc/cpuinfo")
  if f then
    local t = f:read("a")
    f:close()
    cpu = t:match("model name%s*:%s*([^\n]+)") or ""
    for _ in ("\n" .. t):gmatch("\nprocessor%s*:") do cores = cores + 1 end
  end
  f = io.open("/proc/meminfo")
  if f then
    mem = (tonumber(f:read("a"):match("MemTotal:%s*(%d+)")) or 0) * 1024
    f:close()
  end
  return string.format("%s, %s, %d cores, %.0f GB",
    (os_name:gsub(" GNU/Linux", "")), (cpu:gsub("%s+", " ")), cores, mem / 1e9)
end

local function record(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  local command = #given == 0 and "make bench"
    or "make bench BENCH_ARGS=\"" .. table.concat(given, " ") .. "\""
  local date, where = os.date("!%Y-%m-%d"), machine()
  -- the table's column: the processor, cores and memory
  local short = where:match("^[^,]*, (.*)$") or where
  for _, r in ipairs(results) do
    local row = string.format("| %s | %s | %s | %s | %s | `%s` | %s | %s |",
      r.part, r.workload, r.figure or "", r.target, r.anchor, command, date,
      short)
    -- the row in the table of current results (the sections' tables
    -- may have rows that start alike)
    local a, b = text:find("\n## Current results\n.-\n## ")
    local n = 0
    if a then
      local table_text = text:sub(a, b)
      table_text, n = table_text:gsub("\n| " .. r.part .. " |[^\n]*", function()
        return "\n" .. row
      end, 1)
      text = text:sub(1, a - 1) .. table_text .. text:sub(b + 1)
    end
    if n == 0 then error("no row for part " .. r.part .. " in " .. path) end
    local body = r.text:gsub("^\n*## [^\n]*\n", "")
    local section = string.format("<!-- part %s -->\nMeasured %s on %s with "
      .. "`%s`:\n%s\n<!-- end %s -->", r.part, date, where, command, body,
      r.part)
    text, n = text:gsub("<!%-%- part " .. r.part .. " %-%->.-<!%-%- end "
      .. r.part .. " %-%->", function() return section end, 1)
    if n == 0 then error("no section for part " .. r.part .. " in " .. path) end
  end
  f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  say("\n%d part(s) recorded in %s", #results, path)
end

return { penny = penny, cs = cs, opts = opts, want = want, BUDGET = BUDGET,
  corpus = corpus, say = say, begin = begin, result = result,
  peak_rss = peak_rss, reset_peak = reset_peak, median = median, wall = wall,
  letters_of = letters_of, lcg = lcg, record = record }
