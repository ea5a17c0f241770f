--[[
penny.generate -- puzzle generators, reproducible from a seed.

  local G = penny.generate
  G.config{ board = b, n = 8, seed = 1,
            connected = true | two_connected = true, labels = k }
      -- n random coins on the cells of a bounded board b (or, on an
      -- unbounded lattice, inside box = {w, h} from the origin);
      -- labels = k gives each coin a random label 1..k
  G.config{ span = {w, h}, minimal = true | extra = k, seed = 1 }
      -- square grid: a random minimal configuration with that span, or a
      -- minimum configuration plus k coins (minimum + k)
  G.puzzle{ board = b, n = 8, length = 6, seed = 1, up_to =, rule =,
            connected =, tries = 200 }
      -- a random solvable puzzle whose optimal solution has exactly
      -- `length` moves, proven by the exact engine
  G.puzzle{ ..., unique_first = true }
      -- and exactly one first move starts an optimal solution (every
      -- move's distance proven by puzzle:hints)
  G.deep{ board = b, n = 6, min_length = 10, seed = 1 }
      -- a puzzle on a bounded board whose optimum is at least min_length:
      -- a start and a configuration farthest from it (a complete
      -- distance table)
  G.fractioned(n)
      -- update paper Cor 4.2: A_n -> B_n on the square grid (n >= 9), an
      -- n x n 'L' with coins added to its bottom row, and two lines along
      -- the top and bottom rows: unsolvable (Prop 4.1) though A has
      -- floor((n - 2) / 2) extra coins and B floor((n - 5) / 2) redundant
      -- ones (so, n growing, Cor 4.3: no number of them suffices)
  G.hardest(configs, { rule =, up_to =, threads = })
      -- among a family of configurations (the letters of a font, say),
      -- the pair farthest apart: { start = i, goal = j, distance = d,
      -- distances = { [i] = { [j] = d } } }, one distance table per start

The same seed gives the same configurations and puzzles on every run and
every machine (xorshift32, penny.strategies.rng).
]]

local error, format, type, ipairs, pairs, math, require, tostring, pcall =
  error, string.format, type, ipairs, pairs, math, require, tostring, pcall

local _ENV = nil

local M = {}

local errors = require "penny.errors"

local Board = require "penny.board"
local Config = require "penny.config"
local Distances = require "penny.distances"
local Puzzle = require "penny.puzzle"
local sq = require "penny.square"
local rng = require("penny.strategies").rng
require "penny.hints"          -- puzzle:hints, for unique_first

local function check_count(n, cells)
  if math.type(n) ~= "integer" or n < 1 then
    error("n must be a positive integer", 3)
  end
  if n > cells then
    error(format("%d coins do not fit on %d cells", n, cells), 3)
  end
end

-- the cells a generator draws from
local function cells_of(spec)
  local b = spec.board or "square"
  if type(b) == "string" or not Board.is_board(b) then b = Board.new(b) end
  if b:bounded() then return b, b:cells() end
  local box = spec.box
  if type(box) ~= "table" or math.type(box[1]) ~= "integer"
      or math.type(box[2]) ~= "integer" or box[1] < 1 or box[2] < 1
      or box[1] * box[2] > 1000000 then
    error("an unbounded board needs box = {w, h} (at most 10^6 cells)", 3)
  end
  local cells = {}
  for y = 0, box[2] - 1 do
    for x = 0, box[1] - 1 do cells[#cells + 1] = { x, y } end
  end
  return b, cells
end

local function key(c) return c[1] .. "," .. c[2] .. "," .. (c[3] or "") end

local function two_connected(cfg)
  if #cfg:components() ~= 1 then return false end
  if #cfg <= 2 then return true end
  for _, c in ipairs(cfg:positions()) do
    if #cfg:without(c):components() ~= 1 then return false end
  end
  return true
end

--[[
Square grid, a given span: span = {w, h} (a rectangle from the origin) and
  minimal = true   a random minimal configuration with that span: the
                   full rectangle, coins removed in random order while the
                   span stays (n is not used)
  extra = k        a minimum configuration (ceil((w+h)/2) coins, thesis
                   Prop 3.20) in a random orientation, plus k coins on
                   random cells of the rectangle: minimum + k
]]
local function with_span(spec)
  local w, h = spec.span[1], spec.span[2]
  if math.type(w) ~= "integer" or math.type(h) ~= "integer" or w < 1 or h < 1
      or w * h > 10000 then
    error("span must be {w, h} with 1 <= w*h <= 10000", 3)
  end
  local rand = rng(spec.seed or 1)
  local board = Board.new("square")
  local cells = {}
  for y = 0, h - 1 do for x = 0, w - 1 do cells[#cells + 1] = { x, y } end end
  if spec.minimal then
    local cfg = Config.new(board, cells)
    local span = cfg:span()
    for i = #cells, 2, -1 do
      local j = rand(i)
      cells[i], cells[j] = cells[j], cells[i]
    end
    for _, c in ipairs(cells) do
      local without = cfg:without(c)
      if #without > 0 and without:span() == span then cfg = without end
    end
    return cfg
  end
  local k = spec.extra or 0
  if math.type(k) ~= "integer" or k < 0 then error("extra must be an integer >= 0", 3) end
  local base = sq.minimum_config(w, h)
  -- a random orientation that keeps the rectangle: mirror x and/or y
  local mx, my = rand(2) == 1, rand(2) == 1
  local set, pts = {}, {}
  for _, c in ipairs(base:positions()) do
    local x, y = mx and w - 1 - c[1] or c[1], my and h - 1 - c[2] or c[2]
    set[x .. "," .. y] = true
    pts[#pts + 1] = { x, y }
  end
  local free = {}
  for _, c in ipairs(cells) do
    if not set[c[1] .. "," .. c[2]] then free[#free + 1] = c end
  end
  if k > #free then
    error(format("a %d x %d rectangle holds only %d extra coins", w, h, #free), 3)
  end
  for i = 1, k do
    local j = i - 1 + rand(#free - i + 1)
    free[i], free[j] = free[j], free[i]
    pts[#pts + 1] = free[i]
  end
  return Config.new(board, pts)
end

function M.config(spec)
  if type(spec) ~= "table" then error("generate.config{ board =, n =, seed = }", 2) end
  errors.fields(spec, "board, box, n, seed, labels, connected, two_connected, "
    .. "span, minimal, extra", "generate.config")
  if spec.span then return with_span(spec) end
  local board, cells = cells_of(spec)
  check_count(spec.n, #cells)
  local rand = rng(spec.seed or 1)
  local labels = spec.labels
  if labels ~= nil and (math.type(labels) ~= "integer" or labels < 1 or labels > 60) then
    error("labels must be an integer 1..60", 2)
  end
  local tries = spec.tries or 1000
  for _ = 1, tries do
    local chosen
    if spec.connected or spec.two_connected then
      -- grow a blob: a random cell, then random neighbours of the blob
      local inside = {}
      for _, c in ipairs(cells) do inside[key(c)] = true end
      local first = cells[rand(#cells)]
      chosen = { first }
      local taken = { [key(first)] = true }
      local frontier, fset = {}, {}
      local function grow(c)
        for _, nb in ipairs(board:neighbours(c)) do
          local k = key(nb)
          if inside[k] and not taken[k] and not fset[k] then
            frontier[#frontier + 1] = nb; fset[k] = true
          end
        end
      end
      grow(first)
      while #chosen < spec.n and #frontier > 0 do
        local i = rand(#frontier)
        local c = frontier[i]
        frontier[i] = frontier[#frontier]; frontier[#frontier] = nil
        fset[key(c)] = nil
        taken[key(c)] = true
        chosen[#chosen + 1] = c
        grow(c)
      end
      if #chosen < spec.n then chosen = nil end
    else
      local pool = {}
      for i, c in ipairs(cells) do pool[i] = c end
      chosen = {}
      for i = 1, spec.n do
        local j = i - 1 + rand(#pool - i + 1)
        pool[i], pool[j] = pool[j], pool[i]
        chosen[i] = pool[i]
      end
    end
    if chosen then
      local coins = {}
      for i, c in ipairs(chosen) do
        local t = {}
        for d = 1, #c do t[d] = c[d] end
        if labels then t.label = rand(labels) end
        coins[i] = t
      end
      local cfg = Config.new(board, coins)
      if not spec.two_connected or two_connected(cfg) then return cfg end
    end
  end
  error(format("no configuration with these constraints after %d tries", tries), 2)
end

-- exactly one first move starts an optimal solution: every move's
-- distance proven (puzzle:hints), one of them L - 1
local function unique_first(p, L, spec)
  local best = 0
  for _, h in ipairs(p:hints(nil, { time_limit = spec.time_limit or 30 })) do
    if h.verdict == "unknown" or (h.verdict == "solved" and not h.optimal) then
      return false           -- not proven either way: not taken
    end
    if h.distance == L - 1 then best = best + 1 end
  end
  return best == 1
end

function M.puzzle(spec)
  if type(spec) ~= "table" then error("generate.puzzle{ board =, n =, length =, seed = }", 2) end
  errors.fields(spec, "board, box, n, length, seed, up_to, rule, connected, "
    .. "two_connected, labels, tries, time_limit, unique_first",
    "generate.puzzle")
  local L = spec.length
  if math.type(L) ~= "integer" or L < 1 or L > 60 then
    error("length must be an integer 1..60", 2)
  end
  local rand = rng(spec.seed or 1)
  local tries = spec.tries or 200
  local rule = spec.rule or 2
  for t = 1, tries do
    local cspec = {}
    for k, v in pairs(spec) do cspec[k] = v end
    cspec.seed = rand(2147483647)
    cspec.length, cspec.tries, cspec.up_to, cspec.rule = nil, nil, nil, nil
    cspec.unique_first = nil
    local start = M.config(cspec)
    -- random walks away from the start give candidate goals; one search
    -- (penny.distances) measures the optimal distance to all of them, and
    -- a candidate at distance exactly L is confirmed by the engine
    local cands, seen = {}, { [start:key()] = true }
    for _ = 1, 8 do
      local cur = start
      for _ = 1, 3 * L do
        local moves = cur:movelist(rule)
        if #moves == 0 then break end
        cur = cur:apply(moves[rand(#moves)], rule)
        if not seen[cur:key()] then
          seen[cur:key()] = true
          cands[#cands + 1] = cur
        end
      end
    end
    local pick
    if #cands > 0 and spec.up_to == nil then
      local ok, r = pcall(Distances.new, start, { targets = cands, rule = rule,
        time_limit = spec.time_limit or 30, paths = false })
      if ok then
        local at = {}
        for i, d in ipairs(r.dist) do if d == L then at[#at + 1] = cands[i] end end
        if #at > 0 then pick = at[rand(#at)] end
      end
    elseif #cands > 0 then
      pick = cands[rand(#cands)]
    end
    if pick then
      local p = Puzzle.new{ board = start:board(), rule = rule, start = start,
                          goal = pick, up_to = spec.up_to,
                          name = format("generated #%d (seed %s)", t, tostring(spec.seed or 1)) }
      local s = p:solve{ time_limit = spec.time_limit or 30 }
      if s.verdict == "solved" and s.optimal and #s.moves == L
          and (not spec.unique_first or unique_first(p, L, spec)) then
        p.optimum = L
        return p, s
      end
    end
  end
  error(format("no puzzle of optimal length %d found in %d tries", L, tries), 2)
end

--[[
deep{ board =, n =, min_length =, seed =, tries =, rule =, time_limit = }
  a puzzle on a bounded board whose optimum is at least min_length: from
  random starts of n coins, the whole space reachable from each is
  searched (penny.distances, complete) and a configuration at the
  greatest distance is the goal; the optimum is that distance, and a
  solve confirms it.  Returns the puzzle (with .optimum) and its solution.
]]
function M.deep(spec)
  if type(spec) ~= "table" then
    error("generate.deep{ board =, n =, min_length =, seed = }", 2)
  end
  errors.fields(spec, "board, n, min_length, seed, tries, rule, time_limit",
    "generate.deep")
  local board = Board.new(spec.board)
  if not board:bounded() then
    error("generate.deep: a bounded board (its whole space is searched)", 2)
  end
  local L = spec.min_length
  if math.type(L) ~= "integer" or L < 1 then
    error("generate.deep: min_length must be an integer >= 1", 2)
  end
  local rand = rng(spec.seed or 1)
  local rule = spec.rule or 2
  local tries = spec.tries or 20
  for t = 1, tries do
    local start = M.config{ board = board, n = spec.n, seed = rand(2147483647) }
    local ok, r = pcall(Distances.new, start, { complete = true, rule = rule,
      paths = false, time_limit = spec.time_limit or 30 })
    if ok and r.maxdepth >= L and r.hardest then
      local p = Puzzle.new{ board = board, rule = rule, start = start,
        goal = r.hardest, name = format("deep #%d (seed %s)", t,
          tostring(spec.seed or 1)) }
      local s = p:solve{ time_limit = spec.time_limit or 30 }
      if s.verdict == "solved" and s.optimal and #s == r.maxdepth then
        p.optimum = #s
        return p, s
      end
    end
  end
  error(format("generate.deep: no puzzle of optimum %d or more in %d tries",
    L, tries), 2)
end

-- the cells of a row, every other one from x = 0 (the minimum chain of
-- an n x 1 line: both ends), with `more` of the gaps between filled
local function row(n, y, more)
  local out = {}
  for x = 0, n - 1, 2 do out[#out + 1] = { x, y } end
  if (n - 1) % 2 == 1 then out[#out + 1] = { n - 1, y } end
  local x = 1
  while more > 0 and x < n - 1 do
    out[#out + 1] = { x, y }
    more, x = more - 1, x + 2
  end
  return out
end

function M.fractioned(n)
  if math.type(n) ~= "integer" or n < 9 then
    error("generate.fractioned: n must be an integer >= 9 (update paper Cor 4.2)", 2)
  end
  if n > 2000 then error("generate.fractioned: n at most 2000", 2) end
  local board = Board.new("square")
  -- A_n: the 'L' down the left column and along the bottom row, coins
  -- every other cell from the top (sq.canonical_L turned upside down),
  -- and floor((n - 2) / 2) of the bottom row's gaps filled
  local a, have = {}, {}
  for _, c in ipairs(sq.canonical_L(n, n):positions()) do
    local p = { c[1], n - 1 - c[2] }
    a[#a + 1] = p
    have[p[1] .. "," .. p[2]] = true
  end
  local more = (n - 2) // 2
  for x = 0, n - 1 do
    if more > 0 and not have[x .. ",0"] then
      a[#a + 1] = { x, 0 }
      more = more - 1
    end
  end
  local b = row(n, n - 1, 0)
  for _, c in ipairs(row(n, 0, (n - 5) // 2)) do b[#b + 1] = c end
  return Puzzle.new{ board = board, start = Config.new(board, a),
    goal = Config.new(board, b), name = format("A_%d -> B_%d (update paper "
      .. "Cor 4.2)", n, n) }
end

function M.hardest(configs, opts)
  opts = opts or {}
  if type(opts) ~= "table" then error("generate.hardest: options must be a table", 2) end
  errors.fields(opts, "rule, up_to, threads, max_memory, time_limit",
    "generate.hardest")
  if type(configs) ~= "table" or #configs < 2 then
    error("generate.hardest needs a list of at least two configurations", 2)
  end
  local best = { distance = -1, distances = {} }
  for i, a in ipairs(configs) do
    local targets = {}
    for j, b in ipairs(configs) do if j ~= i then targets[#targets + 1] = b end end
    local r = Distances.new(a, { targets = targets, rule = opts.rule,
      threads = opts.threads, max_memory = opts.max_memory,
      time_limit = opts.time_limit })
    best.distances[i] = {}
    local k = 0
    for j in ipairs(configs) do
      if j ~= i then
        k = k + 1
        local d = r.dist[k]
        best.distances[i][j] = d
        if d > best.distance then
          best.distance, best.start, best.goal, best.path = d, i, j, r.paths[k]
        end
      end
    end
  end
  return best
end

return M
