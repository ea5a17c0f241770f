--[[
penny.strategies -- custom strategies in Lua, and one registry for them and
the built-in solvers.

Policies.  A policy picks the next move:

  function(state, moves, ctx) return move end     -- or nil to give up

state is the current Config, moves the legal moves (Move objects for coins,
direction strings for line pushes), ctx a table: ctx.puzzle, ctx.step (1,
2, ...), ctx.goal, ctx.random(n) (reproducible from opts.seed),
ctx.seen(cfg) (visited before in this game?), ctx.data (the policy's own
scratch table).  penny.play(puzzle, policy, opts) runs it:

  local r = penny.play(p, policy, { max_steps = 1000, seed = 1,
                                    cycles = "stop" | "allow" })
  r.outcome   "solved" | "stuck" (no legal move) | "gave_up" (nil)
              | "cycle" (a state repeated) | "limit" (max_steps)
  r.moves, r.trace (the configurations, start first), r.final, r.steps
  r.solution  a Solution when solved (replayed by the move checker)

Every move the policy returns is checked by the core before it is applied;
an illegal one is the policy's bug and raises an error naming the step.
Errors in the policy surface as Lua errors with its traceback; Ctrl-C
stops it like any Lua code.

Searches with a heuristic.  puzzle:solve{ heuristic = h } runs best-first
search (A*: f = depth + h(cfg)) over the core's moves; with admissible =
true (h never overestimates, your claim) the result is reported optimal.
method = "beam" keeps the best opts.beam_width states per depth.

The registry lists built-in solvers and Lua strategies the same way:

  penny.strategies.list()           -- { {name=, kind=, about=}, ... }
  penny.strategies.register(name, { policy = fn, about = "..." })
  penny.strategies.register(name, { solve = fn(puzzle, opts), about = "..." })
  penny.strategies.run(name, puzzle, opts)   -- a Solution, for every kind
  puzzle:solve{ method = name }              -- the same
]]

local games = require "penny.game"

local error, format, type, ipairs, pairs, tostring, require, setmetatable,
  math, table_sort =
  error, string.format, type, ipairs, pairs, tostring, require, setmetatable,
  math, table.sort

local _ENV = nil

local M = {}

local Solution = require("penny.solution").Solution
local clock = require("penny.core").clock

-- p itself, or the error "where: a Puzzle expected, got ..." at the caller
local expect = require("penny.puzzle").expect

-- opts or {}, or the error "where: options must be a table" at the caller
local function options(opts, where)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(where .. ": options must be a table", 3) end
  return opts
end

-- {===================================================================
-- The game's moves (penny.game)

local function legal_moves(p, cfg) return games.of(p).moves(p, cfg) end

local function apply(p, cfg, m, step)
  local c, why = games.of(p).apply(p, cfg, m)
  if not c then error(format("the strategy's move %d is %s", step, why), 0) end
  return c
end

local function key(p, cfg) return games.of(p).key(p, cfg) end

-- xorshift32: the same numbers on every platform for a given seed
function M.rng(seed)
  if math.type(seed) ~= "integer" then error("the seed must be an integer", 2) end
  local s = seed & 0xffffffff
  if s == 0 then s = 0x9e3779b9 end
  return function(n)
    s = s ~ ((s << 13) & 0xffffffff)
    s = s ~ (s >> 17)
    s = s ~ ((s << 5) & 0xffffffff)
    if n == nil then return s / 4294967296.0 end
    if math.type(n) ~= "integer" or n < 1 then
      error("random(n) needs an integer n >= 1", 2)
    end
    return s % n + 1
  end
end

-- }===================================================================


-- {===================================================================
-- penny.play

local PLAY_OPTS = { max_steps = "number", seed = "number", cycles = "string",
                    name = "string" }

function M.play(p, policy, opts)
  expect(p, "penny.play")
  opts = options(opts, "penny.play")
  if type(policy) == "string" then
    local s = M.get(policy)
    if not s or not s.policy then
      error(format("'%s' is not a registered policy", policy), 2)
    end
    opts.name = opts.name or policy
    policy = s.policy
  end
  if type(policy) ~= "function" then
    error("penny.play: the strategy must be a function(state, moves, ctx)", 2)
  end
  for k, v in pairs(opts) do
    if PLAY_OPTS[k] == nil then error(format("unknown play option '%s'", tostring(k)), 2) end
    if type(v) ~= PLAY_OPTS[k] then
      error(format("play option '%s' must be a %s", k, PLAY_OPTS[k]), 2)
    end
  end
  local max_steps = opts.max_steps or 1000
  if math.type(max_steps) ~= "integer" or max_steps < 0 or max_steps > 100000000 then
    error("max_steps must be an integer 0..10^8", 2)
  end
  local cycles = opts.cycles or "stop"
  if cycles ~= "stop" and cycles ~= "allow" then
    error("cycles must be 'stop' or 'allow'", 2)
  end
  local seen = {}
  local ctx = { puzzle = p, goal = p.goal, random = M.rng(opts.seed or 1), data = {},
                step = 0 }
  function ctx.seen(cfg) return seen[key(p, cfg)] ~= nil end
  local state, moves, trace = p.start, {}, { p.start }
  seen[key(p, state)] = 0
  local outcome, reason
  while true do
    if p:is_goal(state) then outcome = "solved"; break end
    if #moves >= max_steps then
      outcome, reason = "limit", format("no goal after %d moves", max_steps)
      break
    end
    local legal = legal_moves(p, state)
    if #legal == 0 then outcome, reason = "stuck", "no legal move"; break end
    ctx.step = #moves + 1
    local m = policy(state, legal, ctx)
    if m == nil then
      outcome, reason = "gave_up", format("the strategy gave up after %d moves", #moves)
      break
    end
    state = apply(p, state, m, ctx.step)
    moves[#moves + 1] = m
    trace[#trace + 1] = state
    local k = key(p, state)
    if seen[k] and cycles == "stop" then
      outcome, reason = "cycle", format("move %d returns to the configuration "
        .. "after move %d", #moves, seen[k])
      break
    end
    seen[k] = seen[k] or #moves
  end
  local r = { outcome = outcome, moves = moves, trace = trace, final = state,
              steps = #moves, reason = reason }
  if outcome == "solved" then
    r.solution = Solution.new(p, { verdict = "solved", moves = moves,
      method = "play:" .. (opts.name or "policy"), optimal = #moves == 0,
      reason = "found by a policy, not optimal in general" })
  end
  return r
end

-- }===================================================================


-- {===================================================================
-- Best-first search and beam search over the core's moves, in Lua

-- a binary heap of {f, tie, value}
local function heap_push(h, f, tie, v)
  local n = #h + 1
  h[n] = { f, tie, v }
  while n > 1 do
    local parent = n // 2
    local a, b = h[parent], h[n]
    if a[1] < b[1] or a[1] == b[1] and a[2] <= b[2] then break end
    h[parent], h[n] = b, a
    n = parent
  end
end

local function before(a, b) return a[1] < b[1] or a[1] == b[1] and a[2] < b[2] end

local function heap_pop(h)
  local top, n = h[1], #h
  h[1] = h[n]; h[n] = nil; n = n - 1
  local i = 1
  while true do
    local l, r, m = 2 * i, 2 * i + 1, i
    if l <= n and before(h[l], h[m]) then m = l end
    if r <= n and before(h[r], h[m]) then m = r end
    if m == i then break end
    h[i], h[m] = h[m], h[i]
    i = m
  end
  return top[3]
end

local function check_h(v, cfg)
  if type(v) ~= "number" or v ~= v or v < 0 then
    error(format("the heuristic must return a non-negative number (got %s "
      .. "for\n%s)", tostring(v), tostring(cfg)), 0)
  end
  return v
end

local function path_to(node)
  local out = {}
  while node.parent do
    out[#out + 1] = node.move
    node = node.parent
  end
  local n = #out
  for i = 1, n // 2 do out[i], out[n + 1 - i] = out[n + 1 - i], out[i] end
  return out
end

-- best-first search with f = g + h; h is the user's function
function M.bestfirst(p, opts)
  expect(p, "penny.strategies.bestfirst")
  opts = options(opts, "penny.strategies.bestfirst")
  local h = opts.heuristic
  if type(h) ~= "function" then
    error("penny.strategies.bestfirst: opts.heuristic must be a function(cfg)", 2)
  end
  local max_states = opts.max_states or 1000000
  local admissible = opts.admissible == true
  local deadline = opts.time_limit and clock() + opts.time_limit
  -- each state kept costs its configuration (about 24 bytes a coin) and
  -- the search's own tables: the budget bounds the states generated
  local per_state = 160 + 24 * #p.start
  local max_generated = opts.max_memory and opts.max_memory // per_state
  local generated = 0
  local start = { cfg = p.start, g = 0 }
  local best = { [key(p, p.start)] = 0 }
  local open, tie, expanded = {}, 0, 0
  heap_push(open, check_h(h(p.start), p.start), 0, start)
  while #open > 0 do
    local node = heap_pop(open)
    local k = key(p, node.cfg)
    if best[k] == node.g then
      if p:is_goal(node.cfg) then
        return Solution.new(p, { verdict = "solved", moves = path_to(node),
          method = "bestfirst", optimal = admissible,
          reason = admissible and "A* with a heuristic the caller declared "
            .. "admissible: optimal if that is true" or "best-first search "
            .. "with a heuristic not declared admissible: not proven optimal",
          stats = { states = expanded } })
      end
      best[k] = -1                    -- closed
      expanded = expanded + 1
      local late = deadline and clock() > deadline
      local full = max_generated and generated > max_generated
      if expanded > max_states or late or full then
        -- with an admissible h every path to the goal has a node in the
        -- open list whose f is at most its length: the least f is a bound
        local bound = admissible and #open > 0 and math.ceil(math.min(open[1][1],
          node.g + check_h(h(node.cfg), node.cfg))) or nil
        return Solution.new(p, { verdict = "unknown", method = "bestfirst",
          lower_bound = bound,
          reason = format("stopped after %d states (%s)%s", expanded,
            late and "time_limit" or full and "max_memory" or "max_states",
            bound and format(
            "; at least %d moves", bound) or ""),
          stats = { states = expanded } })
      end
      for _, m in ipairs(legal_moves(p, node.cfg)) do
        local c = apply(p, node.cfg, m, node.g + 1)
        local ck = key(p, c)
        local old = best[ck]
        if old == nil or old > node.g + 1 then
          best[ck] = node.g + 1
          tie = tie + 1
          generated = generated + 1
          heap_push(open, node.g + 1 + check_h(h(c), c), tie,
            { cfg = c, g = node.g + 1, parent = node, move = m })
        end
      end
    end
  end
  return Solution.new(p, { verdict = "unsolvable", method = "bestfirst",
    reason = format("complete search: all %d reachable configurations "
      .. "examined", expanded), stats = { states = expanded } })
end

-- cells of the goal not covered by cfg: a default heuristic (admissible for
-- coin moves: one move covers at most one goal cell)
function M.uncovered(p)
  expect(p, "penny.strategies.uncovered")
  local goal = p.goal
  if not games.of(p).cellwise or p.up_to ~= "fixed" then
    return function() return 0 end       -- no cell-wise target to cover
  end
  return function(cfg)
    local n = 0
    for _, c in ipairs(goal:coins()) do
      if cfg:label(c) ~= (c.label or 0) then n = n + 1 end
    end
    return n
  end
end

-- beam search: the best `width` states of each depth, by h
function M.beam(p, opts)
  expect(p, "penny.strategies.beam")
  opts = options(opts, "penny.strategies.beam")
  local h = opts.heuristic or M.uncovered(p)
  if type(h) ~= "function" then
    error("penny.strategies.beam: opts.heuristic must be a function(cfg)", 2)
  end
  local width = opts.beam_width or 64
  local max_depth = opts.max_depth or 200
  local layer, seen = { { cfg = p.start } }, { [key(p, p.start)] = true }
  for depth = 0, max_depth do
    for _, node in ipairs(layer) do
      if p:is_goal(node.cfg) then
        return Solution.new(p, { verdict = "solved", moves = path_to(node),
          method = "beam", reason = format("beam search (width %d), not "
            .. "optimal in general", width) })
      end
    end
    local nxt = {}
    for _, node in ipairs(layer) do
      for _, m in ipairs(legal_moves(p, node.cfg)) do
        local c = apply(p, node.cfg, m, depth + 1)
        local ck = key(p, c)
        if not seen[ck] then
          seen[ck] = true
          nxt[#nxt + 1] = { cfg = c, parent = node, move = m, h = check_h(h(c), c),
                            i = #nxt + 1 }
        end
      end
    end
    table_sort(nxt, function(a, b) return a.h < b.h or a.h == b.h and a.i < b.i end)
    for i = width + 1, #nxt do nxt[i] = nil end
    if #nxt == 0 then break end
    layer = nxt
  end
  return Solution.new(p, { verdict = "unknown", method = "beam",
    reason = format("beam search (width %d) found nothing within %d moves",
      width, max_depth) })
end

-- }===================================================================


-- {===================================================================
-- Built-in policies

-- greedy "fill the target": the move that leaves the fewest goal cells
-- uncovered, never back to a visited configuration; ties broken at random
local function greedy(state, moves, ctx)
  local h = ctx.data.h or M.uncovered(ctx.puzzle)
  ctx.data.h = h
  local best, bestv, ties = nil, math.huge, 0
  for _, m in ipairs(moves) do
    local c = games.of(ctx.puzzle).apply(ctx.puzzle, state, m)
    if not ctx.seen(c) then
      local v = h(c)
      if v < bestv then best, bestv, ties = m, v, 1
      elseif v == bestv then
        ties = ties + 1
        if ctx.random(ties) == 1 then best = m end
      end
    end
  end
  return best
end

local function random_walk(_, moves, ctx)
  return moves[ctx.random(#moves)]
end

-- }===================================================================


-- {===================================================================
-- The registry

local solvers = require "penny.solvers"

function M.register(name, s)
  if type(name) ~= "string" or not name:match("^[%w_%-]+$") then
    error("a strategy name is a word (letters, digits, _ and -)", 2)
  end
  if type(s) ~= "table" or (type(s.policy) ~= "function") == (type(s.solve) ~= "function") then
    error("register(name, { policy = fn } or { solve = fn }, about = ...)", 2)
  end
  if solvers.builtin(name) then
    error(format("'%s' is a built-in solver's name", name), 2)
  end
  local entry = { name = name, kind = s.policy and "policy" or "solver",
                  about = s.about or "", policy = s.policy, solve = s.solve,
                  opts = s.opts }
  solvers.add(name, entry)
  return entry
end

function M.unregister(name) solvers.remove(name) end

-- a strategy from the registry (not a built-in solver)?
function M.user(name)
  return not solvers.builtin(name) and solvers.get(name) or nil
end

M.get = solvers.get
M.list = solvers.list

-- run any strategy; a Solution for every kind (a policy that does not reach
-- the goal gives verdict "unknown" with the outcome as the reason)
function M.run(name, p, opts)
  expect(p, "penny.strategies.run")
  local s = solvers.get(name, p.game)
  if not s then error(format("no strategy named '%s'", tostring(name)), 2) end
  opts = options(opts, "penny.strategies.run")
  if s.kind == "policy" then
    local popts = { name = name, max_steps = opts.max_steps, seed = opts.seed }
    local r = M.play(p, s.policy, popts)
    if r.solution then return r.solution end
    return Solution.new(p, { verdict = "unknown", method = "play:" .. name,
      reason = format("the policy did not reach the goal: %s (%s)", r.outcome,
        r.reason) })
  end
  return s.solve(p, opts)
end

M.register("greedy", { policy = greedy, about = "fill the target: the move "
  .. "leaving the fewest goal cells uncovered, never revisiting (a policy)" })
M.register("random", { policy = random_walk, about = "a random walk, "
  .. "reproducible from opts.seed (a policy)" })
M.register("beam", { solve = M.beam, about = "beam search in Lua: the "
  .. "beam_width best states of each depth by the heuristic (default: "
  .. "uncovered goal cells)" })
M.register("bestfirst", { solve = function(p, opts)
    local o = setmetatable({ heuristic = opts.heuristic or M.uncovered(p),
      admissible = opts.heuristic == nil or opts.admissible }, { __index = opts })
    return M.bestfirst(p, o)
  end, about = "A* / best-first search in Lua with a heuristic (default: "
  .. "uncovered goal cells, admissible)" })

-- }===================================================================

return M
