--[[
penny.soundness -- puzzle:explain() held against exhaustive search.

  local S = require "penny.soundness"
  local r = S.run{ count = 5000, seed = 1 }
  print(S.report(r))
  assert(#r.contradictions == 0)

run(opts) draws random small puzzles, count of them (default 1000), from
seed (default 1), in turn from each family (opts.families, default every
name of S.FAMILIES): the square, king, hexagonal, cubic and triangular
lattices, bounded boxes (some with holes) and custom graphs; unlabelled,
labelled (distinct labels), coloured (equal labels) and partly labelled
coins; fixed goals and goals up to translation, rotation or symmetry;
goals as many coins as the start or fewer.  Some families are built so
that the lattice's theory has something to say (square-grid spans of
chosen rectangles at minimum, minimum + 1, + 2 and + 3 coins; minimum+1
puzzles of one rectangle).

For each puzzle it asks explain() for its facts and the plain breadth-
first search (method "bfs", at most opts.max_states states, default
200000) for the truth, and checks every decisive fact against it:

  truth "solvable"     a solution was found (and replayed by Solution);
  truth "unsolvable"   the search covered every configuration reachable
                       in an exact window (a bounded board, or the finite
                       span of the start);
  truth "window"       on a lattice whose span is infinite (triangular,
                       king with d = 2) the search covered a window (the
                       region widened by two cells) and found nothing:
                       this agrees with "unsolvable" and refutes nothing;
                       a "solvable" fact is then confirmed only by a
                       replayed construction (the triangular solver);
  truth "unknown"      the search hit max_states: the puzzle is skipped.

A contradiction is a decisive fact whose verdict differs from a proven
truth.  The result:

  { instances = n, checked = n, skipped = n, unconfirmed = n,
    truth = { solvable = n, unsolvable = n, window = n, unknown = n },
    fired = { [fact name] = { solvable = n, unsolvable = n } },
    families = { [family] = n },
    contradictions = { { family =, puzzle =, fact =, verdict =, truth =,
                         text = } ... } }

The same seed gives the same puzzles on every machine (penny.strategies'
xorshift generator).  A theory added to penny.explain.theories is checked
by the same call.
]]

local Board = require "penny.board"
local Config = require "penny.config"
local Puzzle = require "penny.puzzle"
local Generate = require "penny.generate"
local sq = require "penny.square"
local tri = require "penny.tri"
local rng = require("penny.strategies").rng
local errors = require "penny.errors"

local ipairs, pairs, format, tostring, type, error, math, pcall =
  ipairs, pairs, string.format, tostring, type, error, math, pcall
local concat, sort = table.concat, table.sort

local _ENV = nil

local M = {}


--{===================================================================
-- Drawing

-- a shuffled copy of list t
local function shuffled(rand, t)
  local out = {}
  for i, v in ipairs(t) do out[i] = v end
  for i = #out, 2, -1 do
    local j = rand(i)
    out[i], out[j] = out[j], out[i]
  end
  return out
end

local function copy(c)
  local out = {}
  for i, v in ipairs(c) do out[i] = v end
  return out
end

-- the cells of a box of the given size from the origin, on lattice lat
-- (holes: that many cells left out, never all of them)
local function box_cells(lat, size, rand, holes)
  local b = Board.new{ lattice = lat, size = size }
  local cells = shuffled(rand, b:cells())
  for _ = 1, math.min(holes or 0, #cells - 1) do cells[#cells] = nil end
  return cells
end

-- label lists for n coins, by mode: nil (plain), distinct 1..n, colours
-- 1..2 or 1..3, or two distinct labels among plain coins
local LABEL_MODES = { "plain", "labelled", "coloured", "two" }

local function labels_for(mode, n, rand)
  local out = {}
  for i = 1, n do
    if mode == "labelled" then out[i] = i
    elseif mode == "coloured" then out[i] = rand(n >= 6 and 3 or 2)
    elseif mode == "two" then out[i] = i <= 2 and i or 0
    else out[i] = 0 end
  end
  return shuffled(rand, out)
end

-- positions with labels (0 = plain) as coins for penny.config
local function coins_of(positions, labels)
  local out = {}
  for i, c in ipairs(positions) do
    local coin = copy(c)
    local l = labels and labels[i] or 0
    if l ~= 0 then coin.label = l end
    out[i] = coin
  end
  return out
end

-- k random legal moves from cfg (fewer when it gets stuck)
local function walk(cfg, rule, k, rand)
  for _ = 1, k do
    local ms = cfg:movelist(rule)
    if #ms == 0 then break end
    cfg = cfg:apply(ms[rand(#ms)], rule)
  end
  return cfg
end

--[[
A goal for start a on board: a random walk from a (often solvable), or
the labels of a permuted on a's cells (labelled puzzles), or coins drawn
afresh from cells; then perhaps moved by a symmetry (up_to), perhaps with
fewer coins.
]]
local function goal_for(board, a, rule, cells, rand, up_to)
  local pick = rand(6)
  local g
  if pick <= 3 then
    g = walk(a, rule, rand(6), rand)
  elseif pick == 4 and a:labelled() then
    local coins = a:coins()
    local labels = {}
    for i, c in ipairs(coins) do labels[i] = c.label or 0 end
    labels = shuffled(rand, labels)
    g = Config.new(board, coins_of(a:positions(), labels))
  else
    local pos = shuffled(rand, cells)
    local labels = {}
    for i, c in ipairs(a:coins()) do labels[i] = c.label or 0 end
    local chosen = {}
    for i = 1, #a do chosen[i] = pos[i] end
    g = Config.new(board, coins_of(chosen, shuffled(rand, labels)))
  end
  if up_to ~= "fixed" and board:kind() ~= "graph" and not board:bounded() then
    local s = board:symmetries()
    if up_to ~= "translation" and s > 1 then g = g:transform(rand(s)) end
    local t = {}
    for i = 1, board:dim() do t[i] = rand(5) - 3 end
    g = g:translate(t)
  end
  if rand(5) == 1 and #g > 2 then
    -- a goal with fewer coins: the extra coins may end anywhere
    local coins = shuffled(rand, g:coins())
    for _ = 1, math.min(rand(2), #coins - 1) do coins[#coins] = nil end
    g = Config.new(board, coins)
  end
  return g
end

local function up_to_for(board, rand)
  if board:kind() == "graph" or board:bounded() then return "fixed" end
  local r = rand(10)
  if r <= 7 then return "fixed" end
  return ({ "translation", "rotation", "symmetry" })[r - 7]
end

-- a start of n coins drawn from cells, labelled by mode
local function start_from(board, cells, n, mode, rand)
  local pos = shuffled(rand, cells)
  local chosen = {}
  for i = 1, n do chosen[i] = pos[i] end
  return Config.new(board, coins_of(chosen, labels_for(mode, n, rand)))
end

-- an instance on board with coins drawn from cells
local function drawn(board, cells, rule, nmin, nmax, rand, window)
  local n = math.min(nmin + rand(nmax - nmin + 1) - 1, #cells - 1)
  local mode = LABEL_MODES[rand(#LABEL_MODES)]
  local a = start_from(board, cells, math.max(n, 1), mode, rand)
  local up_to = up_to_for(board, rand)
  local b = goal_for(board, a, rule, cells, rand, up_to)
  return { board = board, rule = rule, start = a, goal = b, up_to = up_to,
           window = window }
end

--[[
Square-grid spans built from rectangles (at distance 3 from each other,
side by side): a random minimal configuration of each, then 0 to 3 coins
more on free cells of the span.  The rectangles are those the theory
names: 1 x 5 and 5 x 1 (Prop 3.31), 2 x 2, line rectangles (Prop 3.11),
odd and even ones.
]]
local RECTS = { {1, 5}, {5, 1}, {1, 5}, {3, 3}, {2, 2}, {1, 3}, {3, 1},
                {1, 4}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {1, 2}, {3, 4},
                {1, 6}, {2, 5} }

-- even rectangles (m + n even) for Prop 3.31's hypothesis
local EVEN_RECTS = { {3, 3}, {2, 2}, {1, 3}, {3, 1}, {2, 4}, {4, 2},
                     {1, 1}, {3, 5} }

local function square_spans(rand, even)
  local G = Generate
  local board = Board.new("square")
  local nrect = even and 2 or rand(3) == 1 and 1 or 2
  local pos, cells, x = {}, {}, 0
  local total = 0
  for i = 1, nrect do
    local r = RECTS[rand(#RECTS)]
    if even then
      r = i == 1 and (rand(2) == 1 and { 1, 5 } or { 5, 1 })
        or EVEN_RECTS[rand(#EVEN_RECTS)]
    end
    if total + r[1] * r[2] > 18 then r = { 1, 3 } end
    total = total + r[1] * r[2]
    -- a minimum configuration (mirrored at random) or a random minimal one
    local m = G.config{ span = r, seed = rand(1000000),
                        minimal = rand(2) == 1 or nil }
    for _, c in ipairs(m:positions()) do pos[#pos + 1] = { c[1] + x, c[2] } end
    for dy = 0, r[2] - 1 do
      for dx = 0, r[1] - 1 do cells[#cells + 1] = { x + dx, dy } end
    end
    x = x + r[1] + 3
  end
  local taken = {}
  for _, c in ipairs(pos) do taken[c[1] .. "," .. c[2]] = true end
  local free = {}
  for _, c in ipairs(cells) do
    if not taken[c[1] .. "," .. c[2]] then free[#free + 1] = c end
  end
  free = shuffled(rand, free)
  local extra = even and 2 or ({ 0, 1, 2, 2, 2, 3 })[rand(6)]
  for i = 1, math.min(extra, #free - 1) do pos[#pos + 1] = free[i] end
  local mode = even and LABEL_MODES[1 + rand(3)]
    or LABEL_MODES[rand(#LABEL_MODES)]
  local a = Config.new(board, coins_of(pos, labels_for(mode, #pos, rand)))
  local rule = { d = 2 }
  local up_to = rand(6) == 1 and up_to_for(board, rand) or "fixed"
  local b
  if rand(3) == 1 then
    -- other coins on the same cells: perhaps the same span
    local cs = shuffled(rand, cells)
    local labels = {}
    for i, c in ipairs(a:coins()) do labels[i] = c.label or 0 end
    local chosen = {}
    for i = 1, #a do chosen[i] = cs[i] end
    b = Config.new(board, coins_of(chosen, shuffled(rand, labels)))
  else
    b = goal_for(board, a, rule, cells, rand, up_to)
  end
  return { board = board, rule = rule, start = a, goal = b, up_to = up_to }
end

--[[
Fractioned goals (update paper Prop 4.1): span(A) one m x n rectangle,
B a minimum line along its top row and one along its bottom row (their
spans two proper parts of the rectangle), sometimes with a coin more;
A as many coins with span the rectangle.  Turned a quarter at random.
]]
local function square_fractioned(rand)
  local board = Board.new("square")
  local m, n = 2 + rand(2), 3 + rand(2)
  local bpos = {}
  for _, y in ipairs{ 0, n - 1 } do
    for _, c in ipairs(sq.minimum_config(m, 1, 0, y):positions()) do
      bpos[#bpos + 1] = c
    end
  end
  if rand(3) == 1 then bpos[#bpos + 1] = { rand(m) - 1, 1 + rand(n - 2) } end
  local k = #bpos - sq.min_cardinality(m, n)
  if k < 0 then return nil end
  local a = Generate.config{ span = { m, n }, extra = k,
                               seed = rand(1000000) }
  local apos = a:positions()
  if rand(2) == 1 then
    for _, c in ipairs(apos) do c[1], c[2] = c[2], c[1] end
    for _, c in ipairs(bpos) do c[1], c[2] = c[2], c[1] end
  end
  local la = labels_for(rand(3) == 1 and "two" or "plain", #apos, rand)
  local lb = shuffled(rand, la)
  return { board = board, rule = { d = 2 }, up_to = "fixed",
           start = Config.new(board, coins_of(apos, la)),
           goal = Config.new(board, coins_of(bpos, lb)) }
end

--[[
Fractioned goals with coins to spare (update paper Thm 4.5): span(A) one
small rectangle, B the cells of a band along its bottom and one along
its top (at least two rows apart), a few left out; A as many coins with
span the rectangle.  Drawn until the theorem's hypotheses hold (its
count condition is the binding one).  Turned a quarter at random.
]]
local function square_sweep(rand)
  local board = Board.new("square")
  local m, n = 1 + rand(2), 4 + rand(2)
  local h1, h2 = rand(2), rand(2)
  if n - h1 - h2 < 2 then return nil end
  local bpos = {}
  for x = 0, m - 1 do
    for y = 0, n - 1 do
      if y < h1 or y >= n - h2 then bpos[#bpos + 1] = { x, y } end
    end
  end
  bpos = shuffled(rand, bpos)
  for _ = 1, rand(3) - 1 do bpos[#bpos] = nil end
  local k = #bpos - sq.min_cardinality(m, n)
  if k < 2 then return nil end
  local apos = Generate.config{ span = { m, n }, extra = k,
                                seed = rand(1000000) }:positions()
  if rand(2) == 1 then
    for _, c in ipairs(apos) do c[1], c[2] = c[2], c[1] end
    for _, c in ipairs(bpos) do c[1], c[2] = c[2], c[1] end
  end
  local a, b = Config.new(board, apos), Config.new(board, bpos)
  if #sq.rectangles(b) < 2 or not sq.theorem45(a, b).holds then return nil end
  return { board = board, rule = { d = 2 }, up_to = "fixed", start = a, goal = b }
end

-- a random connected graph on n vertices (a random tree plus edges)
local function random_graph(rand)
  local n = 4 + rand(5)
  local edges, seen = {}, {}
  local function add(u, v)
    if u == v then return end
    local k = math.min(u, v) .. "-" .. math.max(u, v)
    if not seen[k] then seen[k] = true; edges[#edges + 1] = { u, v } end
  end
  for v = 2, n do add(v, rand(v - 1)) end
  for _ = 1, rand(2 * n) do add(rand(n), rand(n)) end
  return Board.new{ lattice = "graph", vertices = n, edges = edges }, n
end

-- the honeycomb's vertices in a w x h region from the origin
local function hex_cells(w, h)
  local out = {}
  for y = 0, h - 1 do
    for x = 0, w - 1 do
      if (x - y) % 3 ~= 2 then out[#out + 1] = { x, y } end
    end
  end
  return out
end

--[[
Minimum+1 puzzles (thesis Sec. 3.3.3): one rectangle, odd or even, a
random minimal configuration of it with one coin more on a free cell, and
a goal of the same kind and span (or the start after a few random moves,
so that solvable ones come up); all coins alike, a fixed goal.
]]
local PLUS_ONE_RECTS = { {3, 4}, {4, 3}, {2, 3}, {3, 2}, {1, 4}, {4, 1},
                         {2, 5}, {5, 2}, {3, 3}, {2, 4}, {4, 5}, {1, 6} }

local function square_plus_one(rand)
  local G = Generate
  local board = Board.new("square")
  local r = PLUS_ONE_RECTS[rand(#PLUS_ONE_RECTS)]
  local function one()
    local m = G.config{ span = r, seed = rand(1000000), minimal = true }
    local free = {}
    for y = 0, r[2] - 1 do
      for x = 0, r[1] - 1 do
        if not m:has{ x, y } then free[#free + 1] = { x, y } end
      end
    end
    return Config.new(board, m:with(free[rand(#free)]):positions())
  end
  local a = one()
  local b
  if rand(2) == 1 then
    b = one()
  else
    b = a
    for _ = 1, rand(6) do
      local moves = b:movelist(2)
      if #moves == 0 then break end
      b = b:apply(moves[rand(#moves)], 2)
    end
  end
  return { board = board, rule = { d = 2 }, start = a, goal = b, up_to = "fixed" }
end

M.FAMILIES = {
  ["square"] = function(rand)
    local w, h = 2 + rand(3), 2 + rand(2)
    local cells = box_cells("square", { w, h }, rand, 0)
    return drawn(Board.new("square"), cells, { d = 2 }, 3, 7, rand)
  end,
  ["square spans"] = square_spans,
  ["square even spans"] = function(rand) return square_spans(rand, true) end,
  ["square fractioned"] = square_fractioned,
  ["square sweep"] = square_sweep,
  ["square minimum+1"] = square_plus_one,
  ["square box"] = function(rand)
    local w, h = 2 + rand(3), 2 + rand(2)
    local cells = box_cells("square", { w, h }, rand, rand(3) - 1)
    local board = Board.new{ lattice = "square", cells = cells }
    return drawn(board, cells, { d = rand(3) == 1 and 1 or 2 }, 3, 7, rand)
  end,
  ["king"] = function(rand)
    -- d = 3: the span is finite or infinite; d = 2: infinite once a move
    -- exists (then the window is the region widened by two cells)
    local w, h = 2 + rand(2), 2 + rand(2)
    local cells = box_cells("king", { w, h }, rand, 0)
    local window = Board.new{ lattice = "king", size = { w + 4, h + 4 },
      origin = { -2, -2 } }
    return drawn(Board.new("king"), cells, { d = 1 + rand(2) }, 3, 6,
      rand, window)
  end,
  ["king box"] = function(rand)
    local cells = box_cells("king", { 2 + rand(2), 2 + rand(2) }, rand,
      rand(2) - 1)
    local board = Board.new{ lattice = "king", cells = cells }
    return drawn(board, cells, { d = 2 + rand(2) - 1 }, 3, 6, rand)
  end,
  ["hexagonal"] = function(rand)
    local cells = hex_cells(3 + rand(2), 3 + rand(2))
    return drawn(Board.new("hexagonal"), cells, { d = 2 }, 3, 6, rand)
  end,
  ["cubic"] = function(rand)
    local size = { 2, 2, 1 + rand(2) }
    local cells = box_cells("cubic", size, rand, 0)
    return drawn(Board.new("cubic"), cells, { d = 2 }, 3, 6, rand)
  end,
  ["graph"] = function(rand)
    local board = random_graph(rand)
    return drawn(board, board:cells(), { d = rand(2) }, 2, 6, rand)
  end,
  ["triangular"] = function(rand)
    -- drawn in a 3 x 3 or 4 x 4 region; the window is the region widened
    -- by two cells (infinite span: the window refutes nothing)
    local r = 2 + rand(2)
    local cells = box_cells("triangular", { r, r }, rand, 0)
    local window = Board.new{ lattice = "triangular",
      size = { r + 4, r + 4 }, origin = { -2, -2 } }
    return drawn(Board.new("triangular"), cells, { d = 2 }, 3, 6, rand,
      window)
  end,
  ["triangular box"] = function(rand)
    local cells = box_cells("triangular", { 2 + rand(2), 2 + rand(2) }, rand,
      rand(2) - 1)
    local board = Board.new{ lattice = "triangular", cells = cells }
    return drawn(board, cells, { d = 2 }, 3, 6, rand)
  end,
}

local FAMILY_NAMES = {}
for k in pairs(M.FAMILIES) do FAMILY_NAMES[#FAMILY_NAMES + 1] = k end
sort(FAMILY_NAMES)
M.FAMILY_NAMES = FAMILY_NAMES

--}===================================================================


--{===================================================================
-- Judging

local function puzzle_of(inst, board)
  local goal = inst.goal
  if board and inst.up_to ~= "fixed" then
    -- a shape: placed at the window's region (its origin) to fit it
    local lo = goal:bbox()
    for i = 1, #lo do lo[i] = -lo[i] end
    goal = goal:translate(lo)
  end
  return Puzzle.new{ board = board or inst.board, rule = inst.rule,
    start = inst.start:coins(), goal = goal:coins(), up_to = inst.up_to,
    partial = #goal < #inst.start }
end

-- the truth about p: "solvable", "unsolvable", "window" or "unknown"
local function truth_of(inst, p, max_states)
  local q = p
  if inst.window and not p.start:span(p.rule) then
    -- every coin of the start and goal lies in the window: drawn there
    local ok, wp = pcall(puzzle_of, inst, inst.window)
    if not ok then return "unknown" end
    q = wp
  end
  local sol = q:solve{ method = "bfs", max_states = max_states,
                       progress = false }
  if sol.verdict == "solved" then return "solvable", sol end
  if sol.verdict == "unsolvable" then
    return inst.window and "window" or "unsolvable", sol
  end
  return "unknown", sol
end

-- a "solvable" fact on a lattice whose window refutes nothing: confirmed
-- by the lattice's construction, replayed
local function constructed(p)
  if p.board:kind() ~= "triangular" then return false end
  if not tri.applies(p) then return false end
  local ok, sol = pcall(tri.solve, p)
  return ok and sol.verdict == "solved" and sol.replayed == true
end

-- "(x,y) 2:(x,y) ...": a configuration in the coordinate-list syntax
local function coords(cfg)
  local out = {}
  for i, c in ipairs(cfg:coins()) do
    out[i] = (c.label and c.label .. ":" or "") .. "(" .. concat(c, ",") .. ")"
  end
  return concat(out, " ")
end

local function describe(inst)
  local b = inst.board
  local where = b:kind()
  if b:kind() == "graph" then
    local edges = {}
    for _, c in ipairs(b:cells()) do
      for _, q in ipairs(b:neighbours(c)) do
        if c[1] < q[1] then edges[#edges + 1] = format("{%d,%d}", c[1], q[1]) end
      end
    end
    where = format("graph of %d vertices, edges {%s}", #b, concat(edges, ","))
  elseif b:bounded() then
    where = where .. " board with cells " .. coords(Config.new(b, b:cells()))
  end
  return format("%s, d = %d, up_to = %s\nstart: %s\ngoal:  %s", where,
    inst.rule.d, inst.up_to, coords(inst.start), coords(inst.goal))
end

function M.run(opts)
  opts = opts or {}
  if type(opts) ~= "table" then
    error("penny.soundness.run: options must be a table", 2)
  end
  local count = opts.count or 1000
  local seed = opts.seed or 1
  local max_states = opts.max_states or 200000
  local names = opts.families or FAMILY_NAMES
  for _, f in ipairs(names) do
    if not M.FAMILIES[f] then
      error(format("penny.soundness.run: unknown family '%s' (%s)",
        tostring(f), concat(FAMILY_NAMES, ", ")), 2)
    end
  end
  local rand = rng(seed)
  local r = { instances = 0, checked = 0, skipped = 0, unconfirmed = 0,
              truth = { solvable = 0, unsolvable = 0, window = 0,
                        unknown = 0 },
              fired = {}, families = {}, contradictions = {} }
  for i = 1, count do
    local family = names[(i - 1) % #names + 1]
    local ok, inst = pcall(M.FAMILIES[family], rand)
    -- a draw the board refuses (a translated goal off a box) is redrawn
    while not ok or not inst do ok, inst = pcall(M.FAMILIES[family], rand) end
    local pok, p = pcall(puzzle_of, inst)
    if pok then
      r.instances = r.instances + 1
      r.families[family] = (r.families[family] or 0) + 1
      local _, facts = p:explain()
      local truth = truth_of(inst, p, max_states)
      r.truth[truth] = r.truth[truth] + 1
      if truth == "unknown" then
        r.skipped = r.skipped + 1
      else
        r.checked = r.checked + 1
        for _, f in ipairs(facts) do
          if f.decisive then
            local fired = r.fired[f.name] or { solvable = 0, unsolvable = 0 }
            r.fired[f.name] = fired
            fired[f.verdict] = fired[f.verdict] + 1
            local wrong
            if f.verdict == "solvable" then
              if truth == "unsolvable" then wrong = true
              elseif truth == "window" and not constructed(p) then
                r.unconfirmed = r.unconfirmed + 1
              end
            elseif truth == "solvable" then
              wrong = true
            end
            if wrong then
              r.contradictions[#r.contradictions + 1] = { family = family,
                puzzle = describe(inst), fact = f.name, verdict = f.verdict,
                truth = truth, text = f.text }
            end
          end
        end
      end
      if opts.each then opts.each(inst, facts, truth) end
    end
  end
  return r
end

-- a text table of a run's counts
function M.report(r)
  local lines = { format("%d puzzles, %d checked, %d skipped (search limit), "
    .. "%d contradictions", r.instances, r.checked, r.skipped,
    #r.contradictions) }
  lines[#lines + 1] = format("truth: %d solvable, %d unsolvable, %d "
    .. "unsolvable in a window (infinite span), %d unknown", r.truth.solvable,
    r.truth.unsolvable, r.truth.window, r.truth.unknown)
  if r.unconfirmed > 0 then
    lines[#lines + 1] = format("%d 'solvable' facts on windows without a "
      .. "construction to confirm them", r.unconfirmed)
  end
  local names = {}
  for k in pairs(r.fired) do names[#names + 1] = k end
  sort(names)
  lines[#lines + 1] = "decisive facts fired (solvable / unsolvable):"
  for _, k in ipairs(names) do
    lines[#lines + 1] = format("  %-44s %6d %6d", k, r.fired[k].solvable,
      r.fired[k].unsolvable)
  end
  local fams = {}
  for k, n in pairs(r.families) do fams[#fams + 1] = k .. " " .. n end
  sort(fams)
  lines[#lines + 1] = "families: " .. concat(fams, ", ")
  for _, c in ipairs(r.contradictions) do
    lines[#lines + 1] = format("CONTRADICTION: %s says %s, the truth is %s "
      .. "(%s)\n%s\n%s", c.fact, c.verdict, c.truth, c.family, c.text,
      c.puzzle)
  end
  return concat(lines, "\n")
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
