--[[
penny.square.pushing -- one extra coin on the square grid: minimum+1
configurations and the pushing game (thesis Sec. 3.3.3, Props 3.29 and
3.32; update paper Sec. 5, Def 5.3 and Props 5.5-5.7).

  local pushing = require "penny.square.pushing"
  pushing.plus_one(cfg) -> true, { coins } | false, why
      Prop 3.29: is cfg minimum+1 (one coin more than the fewest with its
      span, and a coin whose removal keeps the span)?  The coins listed
      are every possible "+1" coin: those whose removal keeps the span.
  pushing.pushes(cfg) -> list of { from =, to = }
      the pushing game: a coin slides to a free neighbour that has another
      coin beside it
  pushing.solve(a, b [, opts]) -> result
      minimum+1 puzzles with one span, all coins alike: { solvable = true,
      moves = { ... } (optimal), pushes = k, states = n } or { solvable =
      false, states = n } (the whole pushing game searched), or nil and
      why it does not apply or what stopped it (opts.max_states, default
      10^6; opts.time_limit)
  pushing.applies(puzzle) -> true | false, why
  pushing.solve_puzzle(puzzle [, opts]) -> Solution | nil, why
      the same for a puzzle (penny.solve: methods auto and square)
  pushing.explain(puzzle, facts)
      the fact "Prop 3.32 (minimum+1, the pushing game)" for puzzle:explain

Why it is exact (Prop 3.32, re-derived here with the degenerate cases).  A
sequence of moves never needs to move one coin twice in a row (two such
moves are one move).  Let A be minimum+1 and B have the same span; the
span never grows, so every move keeps it.  Then every coin moved after the
first is a neighbour of the cell the last move filled (Lemma 5.2), so the
moves c_t -> p_t give the pushes c_{t+1} -> p_t from A \ {c_1} to
B \ {p_T}: T moves make T - 1 pushes, c_1 is an extra coin of A and p_T
has two neighbours in B \ {p_T}.  Conversely, pushes x_i -> y_i
(i = 1..k) from A \ {a} to B \ {b} give the moves a -> y_1, x_1 -> y_2,
..., x_k -> b, each legal because a push's target has two coins beside it
(the pushed one and another), and no span condition is needed for this
direction.  So A reaches B if and only if a breadth-first search of the
pushing game from every A \ {a} (a extra) meets some B \ {b} (b with two
neighbours), and the least number of moves is one more than the least
number of pushes.  The search only visits configurations whose span is
span(A) (those that the moves of a solution pass through), and a push
never adds to the span (its target is already in it), so it checks the
span by closure inside the cells of span(A).  Labels do not survive the
reduction: only puzzles whose coins are all alike are taken.
]]

local error, ipairs, pairs, format, require, type, table_insert =
  error, ipairs, pairs, string.format, require, type, table.insert

local _ENV = nil

local M = {}

local Config = require "penny.config"
local core = require "penny.core"
local errors = require "penny.errors"
local Solution = require("penny.solution").Solution
local expect = require("penny.puzzle").expect
local sq = require "penny.square"
local game = require "penny.game.pushing"
local solvers = require "penny.solvers"
local strategies = require "penny.strategies"
local chains = require "penny.square.chains"
local span = require "penny.square.span"

local MAX_CELLS = 62        -- cells of a span the search indexes in a word

local function check(cfg, name)
  if not Config.is_config(cfg) or cfg:board():kind() ~= "square" then
    error(format("penny.square.pushing.%s: a Config on a square board "
      .. "expected", name), 3)
  end
end

-- span(cfg) as rectangles, on the unbounded grid (penny.square.span:
-- its cost grows with the coins, not with the area)
local function rects_of(cfg) return span.rectangles(cfg:positions()) end

function M.plus_one(cfg)
  check(cfg, "plus_one")
  if #cfg == 0 then return false, "no coins" end
  local need = 1
  for _, r in ipairs(rects_of(cfg)) do
    need = need + sq.min_cardinality(r[3] - r[1] + 1, r[4] - r[2] + 1)
  end
  if #cfg ~= need then
    return false, format("%d coins, and a minimum+1 configuration with this "
      .. "span has %d", #cfg, need)
  end
  local extra = span.extras(cfg:positions())
  if #extra == 0 then
    return false, "every coin's removal shrinks the span (the configuration is minimal)"
  end
  return true, extra
end

-- the pushes of a configuration: a coin to a free neighbour with another
-- coin beside it
function M.pushes(cfg)
  check(cfg, "pushes")
  return game.moves({ board = cfg:board() }, cfg)
end

-- {================================================================
-- The search, on the cells of the span indexed 1..n (a configuration is
-- an integer mask)

local function popcount(m)
  local k = 0
  while m ~= 0 do m = m & (m - 1); k = k + 1 end
  return k
end

-- the cells of span(A), their index, and each cell's neighbours as a mask
local function index_span(cfg)
  local cells, idx = {}, {}
  for _, c in ipairs(cfg:positions()) do
    cells[#cells + 1] = c
    idx[c[1] .. "," .. c[2]] = #cells
  end
  local nb = {}
  for i, c in ipairs(cells) do
    local m = 0
    for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      local j = idx[(c[1] + d[1]) .. "," .. (c[2] + d[2])]
      if j then m = m | (1 << (j - 1)) end
    end
    nb[i] = m
  end
  return cells, idx, nb
end

local function mask_of(cfg, idx)
  local m = 0
  for _, c in ipairs(cfg:positions()) do
    local i = idx[c[1] .. "," .. c[2]]
    if not i then return nil end
    m = m | (1 << (i - 1))
  end
  return m
end

-- does the closure of m (adding cells with two coins beside them) fill
-- all n cells?
local function full_span(m, nb, n, all)
  local s, grown = m, true
  while grown do
    grown = false
    for i = 1, n do
      local bit = 1 << (i - 1)
      if s & bit == 0 and popcount(nb[i] & s) >= 2 then
        s = s | bit
        grown = true
      end
    end
  end
  return s == all
end

local function cell_of(cells, bit)
  local i = 1
  while bit > 1 do bit = bit >> 1; i = i + 1 end
  return cells[i]
end

-- what solve and theory both ask of a puzzle A -> B: coins alike, as many
-- in B, the same span; span(A)'s rectangles, or nil, why
local function same_span(a, b, name)
  check(a, name)
  check(b, name)
  if a:labelled() or b:labelled() then
    return nil, "labelled coins (the reduction to the pushing game forgets labels)"
  end
  if #a ~= #b then return nil, "A and B have different numbers of coins" end
  local rects = rects_of(a)
  if not span.same(rects, rects_of(b)) then return nil, "span(A) and span(B) differ" end
  return rects
end

--[[
solve(a, b, opts): see the header.  Returns the result table, or nil and
why (the puzzle is not of this kind, or a limit stopped the search; the
third value is then "limit").
]]
function M.solve(a, b, opts)
  local rects, why = same_span(a, b, "solve")
  if not rects then return nil, why end
  opts = opts or {}
  local area = 0
  for _, r in ipairs(rects) do area = area + (r[3] - r[1] + 1) * (r[4] - r[2] + 1) end
  if area > MAX_CELLS then
    return nil, format("span(A) has %d cells (the search takes at most %d)",
      area, MAX_CELLS)
  end
  local ok, extra = M.plus_one(a)
  if not ok then return nil, "A is not minimum+1: " .. extra end
  if a == b then return { solvable = true, moves = {}, pushes = 0, states = 0 } end
  local cells, idx, nb = index_span(a:span(2))
  local n = #cells
  local all = (n == 64) and -1 or ((1 << n) - 1)
  local am, bm = mask_of(a, idx), mask_of(b, idx)
  -- targets: B \ {b} for b with two coins beside it in B \ {b}
  local targets = {}
  for i = 1, n do
    local bit = 1 << (i - 1)
    if bm & bit ~= 0 and popcount(nb[i] & (bm & ~bit)) >= 2 then
      targets[bm & ~bit] = bit
    end
  end
  local limit = opts.max_states or 1000000
  local deadline = opts.time_limit and core.clock() + opts.time_limit
  -- multi-source BFS: parent[m] = the mask it came from, how[m] = the push
  -- (from bit, to bit); source[m] = the extra coin removed
  local parent, how, source = {}, {}, {}
  local queue, head = {}, 1
  for _, c in ipairs(extra) do
    local bit = 1 << (idx[c[1] .. "," .. c[2]] - 1)
    local m = am & ~bit
    if source[m] == nil then
      source[m] = bit
      parent[m] = false
      queue[#queue + 1] = m
    end
  end
  local states = #queue
  local found
  for _, m in ipairs(queue) do
    if targets[m] then found = m; break end
  end
  while not found and head <= #queue do
    local m = queue[head]
    head = head + 1
    if head % 4096 == 0 and deadline and core.clock() > deadline then
      return nil, format("time limit: %d configurations of the pushing game "
        .. "searched", states), "limit"
    end
    for i = 1, n do
      local from = 1 << (i - 1)
      if m & from ~= 0 then
        local rest = m & ~from
        local free = nb[i] & ~m
        while free ~= 0 do
          local to = free & -free
          free = free & (free - 1)
          local j = 1
          local t = to
          while t > 1 do t = t >> 1; j = j + 1 end
          -- the target has a coin beside it other than the pushed one
          if nb[j] & rest ~= 0 then
            local m2 = rest | to
            if parent[m2] == nil and full_span(m2, nb, n, all) then
              parent[m2], how[m2], source[m2] = m, { from, to }, source[m]
              states = states + 1
              if states > limit then
                return nil, format("more than %d configurations of the "
                  .. "pushing game", limit), "limit"
              end
              if targets[m2] then found = m2; break end
              queue[#queue + 1] = m2
            end
          end
        end
        if found then break end
      end
    end
  end
  if not found then return { solvable = false, states = states } end
  -- the pushes back to the source, then the moves a -> y_1, x_1 -> y_2,
  -- ..., x_k -> b (a move from a cell to itself left out)
  local pushes = {}
  local m = found
  while parent[m] do
    pushes[#pushes + 1] = how[m]
    m = parent[m]
  end
  local k = #pushes
  for i = 1, k // 2 do pushes[i], pushes[k + 1 - i] = pushes[k + 1 - i], pushes[i] end
  local moves = {}
  local function move(f, t)
    if f ~= t then
      moves[#moves + 1] = Config.move(cell_of(cells, f), cell_of(cells, t))
    end
  end
  local first, last = source[found], targets[found]
  if k == 0 then move(first, last)
  else
    move(first, pushes[1][2])
    for i = 1, k - 1 do move(pushes[i][1], pushes[i + 1][2]) end
    move(pushes[k][1], last)
  end
  return { solvable = true, moves = moves, pushes = k, states = states,
           a = cell_of(cells, first), b = cell_of(cells, last) }
end

-- }================================================================

-- {================================================================
-- The theorems instead of the search (any size): Prop 3.30 for an even
-- rectangle; fixed leaves and Thm 3.38 (penny.square.chains) for an odd one

local function has_pair(cfg)
  for _, c in ipairs(cfg:positions()) do
    if cfg:has{ c[1] + 1, c[2] } or cfg:has{ c[1], c[2] + 1 } then return true end
  end
  return false
end

-- where the pushes from a minimum configuration M start: M itself when it
-- has a pair of adjacent coins (its pushes are then reversible), else
-- each configuration one push away that keeps the span (a push makes a
-- pair, never undone: M is no push's result); as { cfg, push } pairs
local function starts(cfg, rects)
  if has_pair(cfg) then return { { cfg } } end
  local out = {}
  for _, m in ipairs(game.moves({ board = cfg:board() }, cfg)) do
    local n = cfg:without(m.from):with(m.to)
    if span.same(rects_of(n), rects) then out[#out + 1] = { n, m } end
  end
  return out
end

-- pushes (list of {from, to}) from A \ {a} to B \ {b} as coin moves
local function as_moves(first, pushes, last)
  local moves = {}
  local function move(f, t)
    if f[1] ~= t[1] or f[2] ~= t[2] then moves[#moves + 1] = Config.move(f, t) end
  end
  local k = #pushes
  if k == 0 then move(first, last)
  else
    move(first, pushes[1].to)
    for i = 1, k - 1 do move(pushes[i].from, pushes[i + 1].to) end
    move(pushes[k].from, last)
  end
  return moves
end

-- the coins b of B with two neighbours in B \ {b} whose removal keeps the
-- span (B \ {b} minimum)
local function twos(b, rects)
  local out = {}
  for _, c in ipairs(b:positions()) do
    local n = 0
    for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      if b:has{ c[1] + d[1], c[2] + d[2] } then n = n + 1 end
    end
    if n >= 2 and span.same(rects_of(b:without(c)), rects) then out[#out + 1] = c end
  end
  return out
end

--[[
theory(a, b) -> result | nil, why
  solve's answers by the theorems, on spans of any size: span(A) =
  span(B) one rectangle, A minimum+1, coins alike.  An even rectangle:
  Prop 3.30 (only the first coin moved ever moves: one move or none).  An
  odd one: for each extra coin a of A and each coin b with two neighbours
  in B, A \ {a} and B \ {b} are compared by their fixed leaves (Prop
  3.35: different leaves, no pushes) and, where one is 2-connected,
  joined by Thm 3.38's pushes.  The result: { solvable = true, moves,
  pushes, theorem, a, b } (not optimal) or { solvable = false, theorem,
  why }; nil, why where some pair is left undecided.
]]
function M.theory(a, b)
  local rects, why = same_span(a, b, "theory")
  if not rects then return nil, why end
  if #rects ~= 1 then return nil, "span(A) is not one rectangle" end
  local ok, extra = M.plus_one(a)
  if not ok then return nil, "A is not minimum+1: " .. extra end
  if a == b then
    return { solvable = true, moves = {}, pushes = 0, theorem = "the start is the goal" }
  end
  local w, h = rects[1][3] - rects[1][1] + 1, rects[1][4] - rects[1][2] + 1
  if (w + h) % 2 == 0 then
    -- Prop 3.30: A -> B iff one move does it
    for m in a:moves(2) do
      if a:apply(m, 2) == b then
        return { solvable = true, moves = { m }, pushes = 0, theorem = "Prop 3.30",
                 a = m.from, b = m.to }
      end
    end
    return { solvable = false, theorem = "Prop 3.30", why = format("span(A) "
      .. "is one %d x %d rectangle, even, so only the first coin moved ever "
      .. "moves (thesis Prop 3.30), and no single move of A gives B", w, h) }
  end
  local undecided, leaves_seen
  local goals = twos(b, rects)
  if #goals == 0 then
    return { solvable = false, theorem = "no last move", why = "A is "
      .. "minimum+1 with the span of B, so the last move of a solution "
      .. "fills a cell with two coins beside it and leaves the span to the "
      .. "others (thesis Prop 3.32); no coin of B is such a cell" }
  end
  for _, x in ipairs(extra) do
    local m = a:without(x)
    local from = starts(m, rects)
    if #from == 0 then
      leaves_seen = leaves_seen or "A less the coin has no push that keeps "
        .. "the span, so it reaches nothing else"
    end
    for _, y in ipairs(goals) do
      local m2 = b:without(y)
      local found
      if m2 == m then found = { pushes = {}, theorem = "Prop 3.32" }
      elseif not has_pair(m2) then
        leaves_seen = leaves_seen or "B less the coin has no adjacent pair, "
          .. "so no push leads to it"
      else
        for _, st in ipairs(from) do
          local r, rwhy = chains.solve(st[1]:positions(), m2:positions())
          if not r then undecided = rwhy
          elseif r.reachable then
            found = r
            if st[2] then table_insert(r.pushes, 1, st[2]) end
            break
          else leaves_seen = r.why end
        end
      end
      if found then
        return { solvable = true, pushes = #found.pushes, theorem = found.theorem,
                 moves = as_moves(x, found.pushes, y), a = x, b = y }
      end
    end
  end
  if undecided then return nil, undecided end
  return { solvable = false, theorem = "Prop 3.35", why = format("span(A) is "
    .. "one %d x %d rectangle, odd; every solution would be pushes from A "
    .. "less an extra coin to B less a coin with two neighbours (Prop 3.32), "
    .. "and for every such pair %s (thesis Prop 3.35)", w, h, leaves_seen) }
end

-- }================================================================

-- {================================================================
-- Puzzles

local function postext(c) return "(" .. c[1] .. "," .. c[2] .. ")" end

function M.applies(p)
  expect(p, "penny.square.pushing.applies")
  if p.game ~= "coins" or p.board:kind() ~= "square" then
    return false, "not the coin game on the square grid"
  end
  if p.rule.d ~= 2 or p.rule.slide then return false, "moves with d = 2 only" end
  if p.up_to ~= "fixed" then return false, "fixed goals only" end
  if #p.goal ~= #p.start then return false, "the goal has fewer coins" end
  if p.start:labelled() or p.goal:labelled() then
    return false, "labelled coins (the reduction forgets labels)"
  end
  if not sq.uncut(p) then return false, "the board cuts the span" end
  return true
end

local function unsolvable_text(r)
  return format("A is minimum+1 with the span of B; every solution would "
    .. "be a sequence of pushes from A less an extra coin to B less a coin "
    .. "with two neighbours (thesis Prop 3.32), and the pushing game from "
    .. "there reaches %d configurations, none of them such a B less a coin",
    r.states)
end

local FACT = {
  ["Prop 3.30"] = "Prop 3.30 (one extra coin, even span)",
  ["Prop 3.35"] = "Prop 3.35 (one extra coin, fixed leaves)",
  ["Thm 3.38"] = "Thm 3.38 (one extra coin, 2-connected)",
  ["Lemma 3.33"] = "Lemma 3.33 (one extra coin, 2-paths)",
  ["Thm 3.37"] = "Thm 3.37 (one extra coin, a central rectangle)",
  ["Prop 3.32"] = "Prop 3.32 (A less a is B less b)",
  ["no last move"] = "Prop 3.32 (no last move)",
}

local function theory_text(r)
  if not r.solvable then return r.why end
  if r.theorem == "Prop 3.30" then
    return "span(A) is one even rectangle and one move of A gives B (thesis Prop 3.30)"
  end
  return format("A is minimum+1 with the span of B, an odd rectangle; A "
    .. "less %s and B less %s have the same fixed leaves and %s, so %d "
    .. "pushes join them (thesis %s) and %d moves solve the puzzle "
    .. "(Prop 3.32)", postext(r.a), postext(r.b),
    r.theorem == "Lemma 3.33" and "are 2-paths" or r.theorem == "Thm 3.38"
    and "one is 2-connected" or "both can make one central rectangle active",
    r.pushes, r.theorem, #r.moves)
end

-- the theorems' answer as a Solution (not optimal), or nil, why
local function theory_solution(p)
  local r, why = M.theory(p.start, p.goal)
  if not r then return nil, why end
  if not r.solvable then
    return Solution.new(p, { verdict = "unsolvable", method = "pushing",
      reason = theory_text(r) })
  end
  return Solution.new(p, { verdict = "solved", method = "pushing",
    moves = r.moves, optimal = #r.moves == 0, reason = #r.moves == 0
    and "the start is the goal" or theory_text(r) })
end

function M.solve_puzzle(p, opts)
  local ok, why = M.applies(p)
  if not ok then return nil, why end
  local r, rwhy, stop = M.solve(p.start, p.goal, opts)
  if not r then
    -- the search does not reach (a span past 62 cells, or its limit): the
    -- theorems may
    local sol = theory_solution(p)
    if sol then return sol end
    return nil, rwhy, stop
  end
  if not r.solvable then
    return Solution.new(p, { verdict = "unsolvable", method = "pushing",
      reason = unsolvable_text(r), stats = { states = r.states } })
  end
  return Solution.new(p, { verdict = "solved", method = "pushing",
    moves = r.moves, optimal = true, stats = { states = r.states },
    reason = #r.moves == 0 and "the start is the goal" or format("optimal: "
      .. "A is minimum+1 with the span of B, so a solution of T moves is a "
      .. "sequence of T - 1 pushes (thesis Prop 3.32); a breadth-first "
      .. "search of the pushing game (%d configurations) found none shorter "
      .. "than %d pushes, from A less %s to B less %s", r.states, r.pushes,
      postext(r.a), postext(r.b)) })
end

function M.explain(p, facts)
  if type(facts) ~= "table" then
    error("penny.square.pushing.explain: a list of facts to add to expected", 2)
  end
  if not M.applies(p) or not span.same(rects_of(p.start), rects_of(p.goal)) then return end
  local plus = M.plus_one(p.start)
  if not plus then return end
  local t = M.theory(p.start, p.goal)
  if t and t.theorem ~= "the start is the goal" then
    facts[#facts + 1] = { name = FACT[t.theorem], holds = t.solvable,
      decisive = true, verdict = t.solvable and "solvable" or "unsolvable",
      text = theory_text(t) }
  end
  local r = M.solve(p.start, p.goal, { max_states = 200000 })
  if not r then return end
  facts[#facts + 1] = { name = "Prop 3.32 (minimum+1, the pushing game)",
    holds = r.solvable, decisive = true,
    verdict = r.solvable and "solvable" or "unsolvable",
    text = r.solvable and format("A is minimum+1 with the span of B; %d "
      .. "pushes from A less %s reach B less %s, so %d moves do (thesis "
      .. "Prop 3.32)", r.pushes, r.a and postext(r.a) or "-",
      r.b and postext(r.b) or "-", #r.moves) or unsolvable_text(r) }
end

-- }================================================================

-- {================================================================
-- The pushing game's own puzzles (penny.game.pushing): searched by A* with
-- the bound "goal cells uncovered" (a push covers at most one goal cell:
-- admissible and consistent), so the answers are optimal

local function search(p, opts)
  local o = {}
  for k, v in pairs(opts or {}) do o[k] = v end
  o.method, o.databases, o.progress = nil, nil, nil
  o.heuristic, o.admissible = strategies.uncovered(p), true
  local sol = strategies.bestfirst(p, o)
  sol.method = "search"
  if sol.verdict == "solved" and #sol.moves > 0 then
    sol.reason = format("optimal: A* over the pushing game's configurations "
      .. "with the bound \"goal cells uncovered\" (a push covers at most one "
      .. "goal cell) expanded every state of lower estimate (%d states)",
      sol.stats.states)
  end
  return sol
end

for _, name in ipairs{ "auto", "search" } do
  solvers.add(name, { name = name, kind = "solver", game = "pushing",
    about = "the pushing game: A* with the bound \"goal cells uncovered\", "
      .. "optimal", solve = search }, true)
end

-- the facts of a pushing-game puzzle (puzzle:explain)
function M.game_facts(p)
  expect(p, "penny.square.pushing.game_facts")
  return { { name = "the pushing game (update paper Def 5.3)", holds = true,
    text = "pushes keep the coins and, between minimum configurations with "
      .. "a pair of adjacent coins, the span (Prop 5.6); the theorems of "
      .. "the game (Lemma 3.33, Prop 3.35, Thm 3.38) speak of pushes that keep "
      .. "the span, which this game does not require, so search decides "
      .. "(minimum+1 coin puzzles get them: penny.square.pushing.theory)" } }
end

-- }================================================================

-- errors said at the caller's line, not inside penny
return errors.guard(M)
