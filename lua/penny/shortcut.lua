--[[
penny.shortcut -- shorter solutions by local search.

  local shortcut = require "penny.shortcut"
  local better = shortcut.improve(sol [, opts])
    -- sol: a solved Solution of the coin game; better: a Solution with
    -- at most as many moves (sol itself when nothing shorter was found)
  opts: time_limit (seconds, default 1), span (moves per segment, default
  8), max_states (per segment, default 20000)

A constructive solver's answer is long where it moves coins the long way
round.  Each segment of at most `span` consecutive moves takes the coins
it moves from their places before it to their places after it; a
breadth-first search looks for a shorter way that moves those coins only,
the others standing still (they still support), inside the segment's
bounding box widened by one cell; segments that move more than three
coins are left as they are.  What it finds replaces the segment, so
the answer stays a solution (Solution.new replays it), just shorter.
Nothing here proves optimality: the answer keeps its lower bound.
]]

local ipairs, pairs, type, error, format, concat, sort, getmetatable =
  ipairs, pairs, type, error, string.format, table.concat, table.sort,
  getmetatable

local core = require "penny.core"
local Solution = require("penny.solution").Solution
local errors = require "penny.errors"
local options = require "penny.options"
local bfs = require "penny.bfs"

local _ENV = nil

local M = {}

local MOVERS = 3          -- most coins a segment may move

local function key(pos) return concat(pos, ",") end

-- the coins the segment moves (their places before and after it, with
-- their labels) and the region its moves touch (lo, hi: a box)
local function segment(cfg, moves, i, j)
  local at, moved, start = {}, {}, {}
  for _, c in ipairs(cfg:coins()) do at[key(c)] = { pos = c, label = c.label or 0 } end
  local lo, hi = {}, {}
  local function touch(pos)
    for k, x in ipairs(pos) do
      if not lo[k] or x < lo[k] then lo[k] = x end
      if not hi[k] or x > hi[k] then hi[k] = x end
    end
  end
  for m = i + 1, j do
    local mv = moves[m]
    local coin = at[key(mv.from)]
    if not moved[coin] then
      moved[coin] = true
      start[#start + 1] = { pos = coin.pos, label = coin.label }
    end
    local now = { pos = mv.to, label = coin.label }
    at[key(mv.from)], at[key(mv.to)], moved[now] = nil, now, true
    touch(mv.from); touch(mv.to)
  end
  local goal, fixed = {}, {}
  for k, c in pairs(at) do
    if moved[c] then goal[#goal + 1] = { pos = c.pos, label = c.label }
    else fixed[k] = true end
  end
  return start, goal, fixed, lo, hi
end

local function state_key(coins)
  local t = {}
  for n, c in ipairs(coins) do t[n] = key(c.pos) .. "|" .. c.label end
  sort(t)
  return concat(t, " ")
end

-- a shortest way (at most depth moves, within max_states) from the
-- movers' start to their goal, or nil
local function search(board, d, fixed, start, goal, lo, hi, depth, max_states,
                      deadline)
  -- the region: the box widened by one, on the board, not fixed
  local cells, nb, fixedcnt = {}, {}, {}
  local function walk(k, pos)
    if k > #lo then
      local p = {}
      for n, x in ipairs(pos) do p[n] = x end
      if board:contains(p) and not fixed[key(p)] then cells[#cells + 1] = p end
      return
    end
    for x = lo[k] - 1, hi[k] + 1 do pos[k] = x; walk(k + 1, pos) end
  end
  walk(1, {})
  local ckey = {}
  for c, q in ipairs(cells) do
    local qk, n, set = key(q), 0, {}
    ckey[c] = qk
    for _, r in ipairs(board:neighbours(q)) do
      local rk = key(r)
      set[rk] = true
      if fixed[rk] then n = n + 1 end
    end
    nb[qk], fixedcnt[qk] = set, n
  end
  local want = state_key(goal)
  local first = state_key(start)
  if first == want then return {} end
  local function expand(_, coins, emit, known)
    local occ, ck = {}, {}
    for m, c in ipairs(coins) do ck[m] = key(c.pos); occ[ck[m]] = true end
    for i, c in ipairs(coins) do
      for cq, q in ipairs(cells) do
        local qk = ckey[cq]
        if not occ[qk] then
          local n = fixedcnt[qk]
          for m = 1, #coins do
            if m ~= i and nb[qk][ck[m]] then n = n + 1 end
          end
          if n >= d then
            local nc = {}
            for m, o in ipairs(coins) do nc[m] = o end
            nc[i] = { pos = q, label = c.label }
            local nk = state_key(nc)
            if not known(nk) and emit(nk, nc, { from = c.pos, to = q }) then return end
          end
        end
      end
    end
  end
  return (bfs.run{ start = first, data = start, to = want, expand = expand,
    depth = depth, limit = max_states,
    tick = function() return core.clock() > deadline end })
end

function M.improve(sol, opts)
  if type(sol) ~= "table" or getmetatable(sol) ~= Solution then
    error("shortcut.improve: a Solution expected", 2)
  end
  opts = opts or {}
  options.check(opts, "shortcut", 2)
  if sol.verdict ~= "solved" or sol.optimal or #sol.moves < 2 then return sol end
  local p = sol.puzzle
  if p.game ~= "coins" or p.rule.slide then return sol end
  local limit, span = opts.time_limit or 1, opts.span or 8
  local max_states = opts.max_states or 20000
  local t0 = core.clock()
  local moves = {}
  for n, m in ipairs(sol.moves) do moves[n] = { from = m.from, to = m.to } end
  local before, cur, i = #moves, p.start, 0
  local deadline = t0 + limit
  while i < #moves - 1 and core.clock() < deadline do
    -- the segments from move i + 1, shortest first, while they move at
    -- most MOVERS coins (more make the search too wide to pay)
    local path, j
    for L = 2, span do
      j = i + L
      if j > #moves then break end
      local start, goal, fixed, lo, hi = segment(cur, moves, i, j)
      if #start > MOVERS then break end
      path = search(p.board, p.rule.d, fixed, start, goal, lo, hi, L - 1,
                    max_states, deadline)
      if path then break end
    end
    if path then
      local out = {}
      for n = 1, i do out[#out + 1] = moves[n] end
      for _, m in ipairs(path) do out[#out + 1] = m end
      for n = j + 1, #moves do out[#out + 1] = moves[n] end
      moves = out
    else
      cur = cur:apply(moves[i + 1], p.rule)
      i = i + 1
    end
  end
  if #moves == before then return sol end
  local stats = {}
  for k, v in pairs(sol.stats or {}) do stats[k] = v end
  stats.shortcut = { before = before, after = #moves, seconds = core.clock() - t0 }
  return Solution.new(p, { verdict = "solved", moves = moves, method = sol.method,
    optimal = false, lower_bound = sol.lower_bound, stats = stats,
    reason = format("%s; shortened from %d to %d moves by local search",
      sol.reason, before, #moves) })
end

return errors.guard(M)
