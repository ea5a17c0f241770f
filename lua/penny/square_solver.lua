--[[
penny.square_solver -- the constructive two-extra-coin solver for the
square grid (update paper Thm 3.3 = thesis Thm 3.8), in the take/drop game
G' (thesis Section 1.4), turned into moves by CLEAN (Prop 1.13).

  local ss = require "penny.square_solver"
  local moves, info = ss.solve(a, b)   -- Moves, or nil and a reason
  local acts, k = ss.canonicalize(cfg) -- G' actions cfg+2 -> K, and K

The route (thesis Thm 3.8):  A -> A0 + 2 in hand (take the extra coins
a1, a2) -> K(span A0) -> shrink each 'L' to its component of span(B) ->
K(span B) -> B0 + 2 (the reverse of B0's canonicalization) -> B (drop b2,
then b1).

Decisions (the papers' figures are lost; this is a re-derivation):
  * An 'L' is kept as a north-east chain: coins from the bottom-left corner
    of its hull to the top-right one, consecutive steps among U1 U2 R1 R2 X
    (X = one up and one right).  A chain spans its hull (Prop 2.3).  Two
    orientations are used: TL (up steps first: the chain hugs the left and
    top sides, the canonical 'L' of Def 2.5 up to where the odd step sits)
    and BR (right steps first: bottom and right sides).  Flips are sorts of
    the steps; no rotation is needed, because an NE chain always holds the
    bottom-left and top-right corners and TL / BR hug the other sides.
  * Every local change (swap two steps, drag a coin along a side of an
    'L', absorb a coin) is a waypoint: the target contents of a small
    window.  A breadth-first search of the reversible game (drop on a cell
    with two neighbours, take a coin with two neighbours, at most the
    coins in hand) inside the window, with the coins outside as fixed
    neighbours, finds the actions; results are cached by the window's
    contents.  Every action is reversible, so the canonicalization of B0
    is simply played backwards.
  * Shrinking uses free takes (forward direction only), as the thesis
    does.
  * A coin at the top-left or bottom-right diagonal of an 'L' (the wrong
    diagonal for a north-east chain; the thesis rotates the 'L' there) is
    turned into two side coins by three reversible actions: drop next to
    the elbow twice and take the diagonal coin, or, when the elbow is cut
    (both sides even), fill the elbow, drop below it and take the elbow
    back.  The two side increments that follow come first, before any
    other coin (one coin is then on the board for the other).
  * Every merge of two 'L's is a transaction: when a waypoint has no
    realization, the state is rolled back and the next pair of 'L's is
    tried; after the increments, two small 'L's (joint hull grown by one
    cell at most 40 cells) may be merged by one window search straight to
    the canonical 'L' of their hull.  The canonicalization is retried
    over orders of the first 'L's; if all fail, the solver answers nil
    with the last reason instead of guessing (not seen on the test
    corpus: every configuration of the 3x3, 4x3 and 4x4 boxes with a
    full span, and thousands of random instances).  The whole output is
    replayed by the caller's move checker.
]]

local error, ipairs, pairs, format, math, require, table_sort, table_concat,
  table_remove, table_insert, pcall, setmetatable, getmetatable, type =
  error, ipairs, pairs, string.format, math, require, table.sort,
  table.concat, table.remove, table.insert, pcall, setmetatable, getmetatable,
  type

local _ENV = nil

-- p itself, or the error "where: a Puzzle expected, got ..." at the caller
local expect = require("penny.puzzle").expect

local Config = require "penny.config"
local core = require "penny.core"
local sq = require "penny.square"
local window = require "penny.square.window"
local labelled = require "penny.square.labelled"
local sweep = require "penny.square.sweep"
local errors = require "penny.errors"
local Solution = require("penny.solution").Solution

local M = {}

local SHIFT = 1 << 24
local function key(x, y) return x * SHIFT + y end

local Fail = {}                  -- a failure we report (not a bug)
local function fail(msg) error(setmetatable({ msg = msg }, Fail), 0) end

-- a limit reached: the whole solve stops (no retry), with verdict unknown
local Stop = {}

-- call fn: true and its result, or false and the message of a Fail
-- (any other error, a Stop included, goes on)
local function try(fn)
  local ok, res = pcall(fn)
  if ok then return true, res end
  if getmetatable(res) == Fail then return false, res.msg end
  error(res, 0)
end

--[[
The limits of one solve (time_limit, max_memory), polled as the solver
acts: every 1024 take/drop actions and every 4096 states of a window
search.  An action list is counted at 128 bytes an action (its Lua table
and the move CLEAN makes of it).
]]
local meter                         -- of the solve in progress, or nil
local ACT_BYTES = 128

local function check_meter()
  local m = meter
  if not m then return end
  if m.deadline and core.clock() > m.deadline then
    error(setmetatable({ msg = format("time limit of %g s reached",
      m.time_limit) }, Stop), 0)
  end
  if m.max_acts and m.acts > m.max_acts then
    error(setmetatable({ msg = format("memory budget of %.4g MiB reached",
      m.max_memory / 2^20) }, Stop), 0)
  end
end

local function count_act()
  local m = meter
  if m then
    m.acts = m.acts + 1
    if m.acts & 1023 == 0 then check_meter() end
  end
end

-- {==================================================================
-- The board state of G' and the window search
-- ==================================================================

local State = {}
State.__index = State

local function new_state(coins, hand)
  local s = setmetatable({ occ = {}, hand = hand, acts = {}, cache = {},
                           searches = 0 }, State)
  for _, c in ipairs(coins) do s.occ[key(c[1], c[2])] = true end
  return s
end

function State:has(x, y) return self.occ[key(x, y)] == true end

function State:nb(x, y)
  local occ, n = self.occ, 0
  if occ[key(x + 1, y)] then n = n + 1 end
  if occ[key(x - 1, y)] then n = n + 1 end
  if occ[key(x, y + 1)] then n = n + 1 end
  if occ[key(x, y - 1)] then n = n + 1 end
  return n
end

function State:take(x, y, free)
  if not self.occ[key(x, y)] then error("internal: take from an empty cell") end
  if not free and self:nb(x, y) < 2 then error("internal: unsafe take") end
  self.occ[key(x, y)] = nil
  self.hand = self.hand + 1
  self.acts[#self.acts + 1] = { "take", x, y }
  count_act()
end

function State:drop(x, y)
  if self.occ[key(x, y)] or self.hand < 1 or self:nb(x, y) < 2 then
    error("internal: illegal drop")
  end
  self.occ[key(x, y)] = true
  self.hand = self.hand - 1
  self.acts[#self.acts + 1] = { "drop", x, y }
  count_act()
end

local ATTEMPTS = 12            -- orders of the first 'L's tried
local BACKTRACKS = 200         -- rollbacks of merges per attempt
local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local LIMIT = 60000              -- states per window search
local DIRECT_LIMIT = 1000000     -- states for a direct merge (a last resort)

-- realize: change the window cells' contents to `want` (a set of indexes
-- into cells) by reversible actions inside the window, visiting at most
-- limit states (default LIMIT); true or false
function State:realize(cells, want, limit)
  local idx = {}
  for i, c in ipairs(cells) do idx[key(c[1], c[2])] = i end
  local outer, sig = {}, {}
  local start, target = 0, 0
  for i, c in ipairs(cells) do
    local x, y = c[1], c[2]
    local out = 0
    for _, d in ipairs(DIRS) do
      local k = key(x + d[1], y + d[2])
      if not idx[k] and self.occ[k] then out = out + 1 end
    end
    outer[i] = out
    sig[i] = format("%d,%d,%d", x - cells[1][1], y - cells[1][2], out)
    if self.occ[key(x, y)] then start = start | (1 << (i - 1)) end
    if want[i] then target = target | (1 << (i - 1)) end
  end
  if start == target then return true end
  local hand = math.min(self.hand, 3)
  local ck = table_concat(sig, ";") .. "|" .. start .. "|" .. target .. "|" .. hand
    .. "|" .. (limit or LIMIT)
  local path = self.cache[ck]
  if path == nil then
    self.searches = self.searches + 1
    path = window.search{ cells = cells, outer = outer, from = start,
      to = target, hand = hand, reversible = true, limit = limit or LIMIT,
      tick = check_meter } or false
    self.cache[ck] = path
  end
  if not path then return false end
  for _, a in ipairs(path) do
    local c = cells[a[2]]
    if a[1] == "drop" then self:drop(c[1], c[2]) else self:take(c[1], c[2]) end
  end
  return true
end

-- the window [x0,x1] x [y0,y1]; want = the current contents with the
-- changes applied: remove/add lists of {x, y}; limit as in realize
function State:change(x0, y0, x1, y1, remove, add, limit)
  local cells, want = {}, {}
  local rm, ad = {}, {}
  for _, c in ipairs(remove) do rm[key(c[1], c[2])] = true end
  for _, c in ipairs(add) do ad[key(c[1], c[2])] = true end
  for x = x0, x1 do
    for y = y0, y1 do
      cells[#cells + 1] = { x, y }
      local k = key(x, y)
      want[#cells] = (self.occ[k] and not rm[k]) or ad[k] or false
    end
  end
  return self:realize(cells, want, limit)
end

-- try the change in the bounding box of the touched cells, grown by 0,
-- 1 and 2 cells (at most `grow` cells)
function State:local_change(pts, remove, add, grow)
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  for _, c in ipairs(pts) do
    x0, x1 = math.min(x0, c[1]), math.max(x1, c[1])
    y0, y1 = math.min(y0, c[2]), math.max(y1, c[2])
  end
  for g = 0, grow or 2 do
    if (x1 - x0 + 1 + 2 * g) * (y1 - y0 + 1 + 2 * g) <= 40 and
       self:change(x0 - g, y0 - g, x1 + g, y1 + g, remove, add) then
      return true
    end
  end
  return false
end

-- }==================================================================

-- {==================================================================
-- Views: the four symmetries that keep north-east chains north-east
-- (identity, transpose, half turn, half turn after transpose).  Code for
-- one side works for the others through a view.
-- ==================================================================

local VIEWS = {
  id = { f = function(x, y) return x, y end, g = function(x, y) return x, y end, rev = false },
  tr = { f = function(x, y) return y, x end, g = function(x, y) return y, x end, rev = false },
  rot = { f = function(x, y) return -x, -y end, g = function(x, y) return -x, -y end, rev = true },
  rottr = { f = function(x, y) return -y, -x end, g = function(x, y) return -y, -x end, rev = true },
}

-- a view of the state: the same methods, coordinates mapped
local function view_of(s, v)
  local V = {}
  function V.has(x, y) return s:has(v.g(x, y)) end
  function V.local_change(pts, remove, add, grow)
    local function map(list)
      local out = {}
      for i, c in ipairs(list) do local x, y = v.g(c[1], c[2]); out[i] = { x, y } end
      return out
    end
    return s:local_change(map(pts), map(remove), map(add), grow)
  end
  function V.take(x, y, free) local gx, gy = v.g(x, y); s:take(gx, gy, free) end
  function V.drop(x, y) local gx, gy = v.g(x, y); s:drop(gx, gy) end
  function V.chain_in(ch)          -- global chain -> view chain (NE)
    local out = {}
    for i, c in ipairs(ch) do local x, y = v.f(c[1], c[2]); out[i] = { x, y } end
    if v.rev then
      local r = {}
      for i = #out, 1, -1 do r[#r + 1] = out[i] end
      out = r
    end
    return out
  end
  V.chain_out = V.chain_in          -- every view is its own inverse
  return V
end

-- }==================================================================

-- {==================================================================
-- Chains
-- ==================================================================

local function step_name(dx, dy)
  if dx == 0 and dy == 1 then return "U1" elseif dx == 0 and dy == 2 then return "U2"
  elseif dx == 1 and dy == 0 then return "R1" elseif dx == 2 and dy == 0 then return "R2"
  elseif dx == 1 and dy == 1 then return "X" end
  error(format("internal: not a north-east chain step (%d, %d)", dx, dy))
end

local RANK = {
  TL = { U2 = 1, U1 = 2, X = 3, R1 = 4, R2 = 5 },
  BR = { R2 = 1, R1 = 2, X = 3, U1 = 4, U2 = 5 },
}

local STEP = { U1 = { 0, 1 }, U2 = { 0, 2 }, R1 = { 1, 0 }, R2 = { 2, 0 }, X = { 1, 1 } }

-- replace the middle coin of chain[i-1], chain[i], chain[i+1] by q
local function move_middle(V, ch, i, q)
  local p, c, r = ch[i - 1], ch[i], ch[i + 1]
  if not V.local_change({ p, r, c, q }, { c }, { q }) then
    fail(format("no local realization found for a chain rewrite at (%d,%d)", c[1], c[2]))
  end
  ch[i] = { q[1], q[2] }
end

-- sort a chain (in view coordinates) into the order of form, merging the
-- steps that can merge; coins set free go to the hand
local function normalize(V, ch, form)
  local rank = RANK[form]
  local changed = true
  while changed do
    changed = false
    -- bubble sort of the steps
    local sorted = false
    while not sorted do
      sorted = true
      for i = 2, #ch - 1 do
        local s = step_name(ch[i][1] - ch[i - 1][1], ch[i][2] - ch[i - 1][2])
        local t = step_name(ch[i + 1][1] - ch[i][1], ch[i + 1][2] - ch[i][2])
        if rank[s] > rank[t] then
          local d = STEP[t]
          move_middle(V, ch, i, { ch[i - 1][1] + d[1], ch[i - 1][2] + d[2] })
          sorted = false
        end
      end
    end
    -- merges and conversions
    for i = 2, #ch - 1 do
      local p, c, r = ch[i - 1], ch[i], ch[i + 1]
      local s = step_name(c[1] - p[1], c[2] - p[2])
      local t = step_name(r[1] - c[1], r[2] - c[2])
      local len1 = { U1 = true, R1 = true }
      if len1[s] and len1[t] then
        V.take(c[1], c[2])              -- two neighbours: p and r
        table_remove(ch, i)
        changed = true
        break
      elseif s == "X" and t == "X" then
        move_middle(V, ch, i, { p[1], p[2] + 2 })      -- U2 R2
        changed = true
        break
      elseif (s == "X" and t == "U1") or (s == "U1" and t == "X") then
        move_middle(V, ch, i, { p[1], p[2] + 2 })      -- U2 R1
        changed = true
        break
      elseif (s == "X" and t == "R1") or (s == "R1" and t == "X") then
        move_middle(V, ch, i, { p[1] + 2, p[2] })      -- R2 U1
        changed = true
        break
      end
    end
  end
end

-- }==================================================================

-- {==================================================================
-- Increments (in the view where the coin is to the right of the hull)
-- ==================================================================

local function hull(ch) return ch[1][1], ch[1][2], ch[#ch][1], ch[#ch][2] end

-- the coins of the strip x = X, y0 <= y <= y1, sorted by y
local function strip_coins(V, X, y0, y1)
  local out = {}
  for y = y0, y1 do if V.has(X, y) then out[#out + 1] = { X, y } end end
  return out
end

--[[
drag c up to (c[1], t) in a taller window: the side's column x1 - 1 .. c[1]
over rows reaching down towards y0.  With one coin in hand, a coin
beside a gap of the side (a U2 step) can only move after the side's
coins below it are shifted by a row and back (seen on 6 x 7 spans near
the minimum plus two); the small window of the drag cannot hold that.
]]
local function drag_along(V, c, x1, y0, t)
  local w = c[1] - x1 + 2
  for d = 2, 40 // w do
    local lo = c[2] - d
    if lo < y0 or (t - lo + 1) * w > 40 then break end
    if V.local_change({ { x1 - 1, lo }, { c[1], t } }, { c }, { { c[1], t } }, 0) then
      return true
    end
  end
  return false
end

-- increment to the right by the coins at column x1 + k (view coordinates;
-- ch is the view chain, already in BR form); returns the new view chain
local function increment_right(V, ch, k)
  local _, y0, x1, y1 = hull(ch)
  local X = x1 + k
  local coins = strip_coins(V, X, y0, y1)
  local c = table_remove(coins, 1)
  while true do
    if c[2] == y1 then break end
    local d = coins[1]
    local t = math.min(c[2] + 2, y1)
    if d and d[2] <= t then
      -- absorb: c goes to the hand (or d does)
      if V.local_change({ c, d, { x1 - 1, c[2] } }, { c }, {}) then
        c = table_remove(coins, 1)
      elseif V.local_change({ c, d, { x1 - 1, c[2] } }, { d }, {}) then
        table_remove(coins, 1)
      else
        fail(format("could not absorb the coin at (%d,%d)", c[1], c[2]))
      end
    else
      local moved = false
      for tt = t, c[2] + 1, -1 do
        if V.local_change({ c, { X, tt }, { x1 - 1, c[2] - 1 } }, { c }, { { X, tt } }) then
          c = { X, tt }
          moved = true
          break
        end
      end
      if not moved and drag_along(V, c, x1, y0, t) then
        c = { X, t }
        moved = true
      end
      if not moved then fail(format("could not drag the coin at (%d,%d)", c[1], c[2])) end
    end
  end
  ch[#ch + 1] = c
  return ch
end

-- }==================================================================


-- {==================================================================
-- Augmenting an 'L' and the canonicalization (thesis Thm 3.7)
-- ==================================================================

local function pdist(x, y, x0, y0, x1, y1)
  local dx = x < x0 and x0 - x or (x > x1 and x - x1 or 0)
  local dy = y < y0 and y0 - y or (y > y1 and y - y1 or 0)
  return dx + dy
end

local function rdist(a, b)
  local dx = math.max(0, b[1] - a[3], a[1] - b[3])
  local dy = math.max(0, b[2] - a[4], a[2] - b[4])
  return dx + dy
end

local function rect_of(ch) return { ch[1][1], ch[1][2], ch[#ch][1], ch[#ch][2] } end

local function keyset(ch)
  local t = {}
  for _, c in ipairs(ch) do t[key(c[1], c[2])] = true end
  return t
end

-- normalize a global chain through a view
local function normalize_in(s, ch, view, form)
  local V = view_of(s, VIEWS[view])
  local vc = V.chain_in(ch)
  normalize(V, vc, form)
  return V.chain_out(vc)
end

local SIDES = {   -- side -> view in which it is the right side
  right = "id", left = "rot", up = "tr", down = "rottr",
}

-- grow the chain while a loose coin lies within distance 2 of its hull
local function augment(s, ch)
  local last
  local pending = {}     -- sides to finish a diagonal increment, in order
  while true do
    local mine = keyset(ch)
    local x0, y0, x1, y1 = hull(ch)
    local function loose(x, y) local k = key(x, y); return s.occ[k] and not mine[k] end
    local best = {}
    for k = 1, 2 do
      for y = y0, y1 do
        if not best.right and loose(x1 + k, y) then best.right = k end
        if not best.left and loose(x0 - k, y) then best.left = k end
      end
      for x = x0, x1 do
        if not best.up and loose(x, y1 + k) then best.up = k end
        if not best.down and loose(x, y0 - k) then best.down = k end
      end
    end
    while pending[1] and not best[pending[1]] do table_remove(pending, 1) end
    local side = table_remove(pending, 1) or (last and best[last]) and last or
      (best.right and "right") or (best.up and "up") or (best.left and "left") or
      (best.down and "down")
    if side then
      local V = view_of(s, VIEWS[SIDES[side]])
      local vc = V.chain_in(ch)
      normalize(V, vc, "BR")
      local vx1 = vc[#vc][1]
      local k = 1
      local vy0, vy1 = vc[1][2], vc[#vc][2]
      local found = false
      for y = vy0, vy1 do if V.has(vx1 + 1, y) then found = true end end
      if not found then k = 2 end
      increment_right(V, vc, k)
      normalize(V, vc, "BR")
      ch = V.chain_out(vc)
      last = side
    elseif loose(x1 + 1, y1 + 1) then
      ch[#ch + 1] = { x1 + 1, y1 + 1 }
      last = nil
    elseif loose(x0 - 1, y0 - 1) then
      table_insert(ch, 1, { x0 - 1, y0 - 1 })
      last = nil
    elseif loose(x1 + 1, y0 - 1) or loose(x0 - 1, y1 + 1) then
      local view = loose(x1 + 1, y0 - 1) and "id" or "rot"
      local V = view_of(s, VIEWS[view])
      local vc = V.chain_in(ch)
      normalize(V, vc, "BR")
      local _, vy0, vx1 = hull(vc)
      local corner = false
      for _, c in ipairs(vc) do if c[1] == vx1 and c[2] == vy0 then corner = true end end
      if s.hand < 2 then fail("fewer than two coins in hand for a diagonal increment") end
      if not corner and s.hand < 3 then
        -- two even sides: the elbow (x1, y0) is cut and only two coins
        -- are in hand.  Fill the elbow, drop below it (next to the loose
        -- coin c), take the elbow back: the coin below is then a side coin
        -- of the bottom, and c becomes a side coin of the right once the
        -- bottom has grown.  Three reversible actions, hand unchanged.
        V.drop(vx1, vy0)
        V.drop(vx1, vy0 - 1)
        V.take(vx1, vy0)
        pending = view == "id" and { "down", "right" } or { "up", "left" }
      else
        if not corner then
          -- two even sides and a third coin: fill the elbow for good
          for i = 2, #vc do
            if vc[i][1] == vx1 and vc[i][2] == vy0 + 1 then
              V.drop(vx1, vy0)
              table_insert(vc, i, { vx1, vy0 })
              break
            end
          end
        end
        V.drop(vx1 + 1, vy0)
        V.drop(vx1, vy0 - 1)
        V.take(vx1 + 1, vy0 - 1)
        pending = view == "id" and { "right", "down" } or { "left", "up" }
      end
      ch = V.chain_out(vc)
      last = nil
    else
      return ch
    end
  end
end

-- the form an 'L' at r3 should take so that an 'L' growing at r1 meets
-- its coins first (thesis Thm 3.7, step 2.ii)
local function facing(r1, r3)
  local left, right = r1[3] < r3[1], r1[1] > r3[3]
  local below, above = r1[4] < r3[2], r1[2] > r3[4]
  if (left and not below) or (above and not right) then return "TL" end
  if (right and not above) or (below and not left) then return "BR" end
  return nil
end

local function near_coin(ch, r)
  for _, c in ipairs(ch) do
    if pdist(c[1], c[2], r[1], r[2], r[3], r[4]) <= 2 then return true end
  end
  return false
end

-- put a coin on the top-left corner of the hull of ch (TL form), using
-- a coin from the hand if the 'L' has two even sides
local function corner_in(s, ch, view)
  local V = view_of(s, VIEWS[view])
  local vc = V.chain_in(ch)
  normalize(V, vc, "TL")
  local x0, _, _, y1 = hull(vc)
  for i, c in ipairs(vc) do
    if c[1] == x0 + 1 and c[2] == y1 and i > 1 and vc[i - 1][2] == y1 - 1 then
      if s.hand < 1 then fail("no coin in hand to complete a corner") end
      V.drop(x0, y1)
      table_insert(vc, i, { x0, y1 })
      break
    end
  end
  return V.chain_out(vc)
end
local function corner_TL(s, ch) return corner_in(s, ch, "id") end

-- the bottom-right corner is the top-left one of the half turn
local function corner_BR(s, ch) return corner_in(s, ch, "rot") end

-- the TL chain of the rectangle {x0, y0, x1, y1}: the canonical 'L' (the
-- unique minimal north-east chain with its steps in TL order)
local function tl_chain(r)
  local w, h = r[3] - r[1], r[4] - r[2]
  local steps = {}
  local function add(name, n) for _ = 1, n do steps[#steps + 1] = STEP[name] end end
  if (w + h) % 2 == 0 then
    local c = w % 2
    add("U2", (h - c) // 2); add("X", c); add("R2", (w - c) // 2)
  elseif h % 2 == 1 then
    add("U2", (h - 1) // 2); add("U1", 1); add("R2", w // 2)
  else
    add("U2", h // 2); add("R1", 1); add("R2", (w - 1) // 2)
  end
  local ch = { { r[1], r[2] } }
  for _, d in ipairs(steps) do
    local p = ch[#ch]
    ch[#ch + 1] = { p[1] + d[1], p[2] + d[2] }
  end
  return ch
end

-- merge two small 'L's at once, with any 'L' inside their joint hull: a
-- window search from their coins to the canonical 'L' of that hull (the
-- fallback when the increments' waypoints fail, e.g. when a rotation
-- would be needed).  The window is
-- the hull, then the hull grown by one cell (at most 40 cells); coins of
-- other 'L's in the ring stay put.  Returns the new list of groups, the
-- merged 'L' first
local function merge_by_search(s, groups, bi, bj)
  local a, b = rect_of(groups[bi]), rect_of(groups[bj])
  local r = { math.min(a[1], b[1]), math.min(a[2], b[2]),
              math.max(a[3], b[3]), math.max(a[4], b[4]) }
  if (r[3] - r[1] + 1) * (r[4] - r[2] + 1) > 40 then
    fail("two 'L's too large for a direct merge, and no increment worked")
  end
  -- the 'L's inside the joint hull are merged too (one partly inside:
  -- no direct merge)
  local merged, rest = {}, {}
  for i, g in ipairs(groups) do
    local inside = 0
    for _, c in ipairs(g) do
      if c[1] >= r[1] and c[1] <= r[3] and c[2] >= r[2] and c[2] <= r[4] then
        inside = inside + 1
      end
    end
    if i == bi or i == bj or inside == #g then
      for _, c in ipairs(g) do merged[#merged + 1] = c end
    elseif inside > 0 then
      fail("an 'L' partly inside the hull of two merging 'L's")
    else
      rest[#rest + 1] = g
    end
  end
  local ch = tl_chain(r)
  -- the hull alone first (a small search), then the hull and its ring;
  -- coins of other 'L's in the ring stay
  for g = 0, 1 do
    if (r[3] - r[1] + 1 + 2 * g) * (r[4] - r[2] + 1 + 2 * g) <= 40 and
       s:change(r[1] - g, r[2] - g, r[3] + g, r[4] + g, merged, ch, DIRECT_LIMIT) then
      table_insert(rest, 1, ch)
      return rest
    end
  end
  fail("no window search merges two small 'L's")
end

-- merge the 'L's groups[bi] and groups[bj] (rectangles within distance
-- 2): step 2 of thesis Thm 3.7, by increments, or by one window search
-- when direct is set.  Returns the new list of groups
local function merge_pair(s, groups, bi, bj, direct)
  if direct then
    groups = merge_by_search(s, groups, bi, bj)
    bi = 1
  end
  local r1 = rect_of(groups[bi])
  for i, g in ipairs(groups) do
    if i ~= bi and #g > 2 then
      local f = facing(r1, rect_of(g))
      if f then groups[i] = normalize_in(s, g, "id", f) end
    end
  end
  local g2 = groups[bj]
  if not direct and not near_coin(g2, r1) then
    local r2 = rect_of(g2)
    local tl = pdist(r2[1], r2[4], r1[1], r1[2], r1[3], r1[4]) <= 2
    local br = pdist(r2[3], r2[2], r1[1], r1[2], r1[3], r1[4]) <= 2
    if tl then g2 = corner_TL(s, g2) elseif br then g2 = corner_BR(s, g2) end
    groups[bj] = g2
    if not near_coin(g2, r1) then
      -- the other way round: grow the second 'L'
      local r2b = rect_of(g2)
      local g1 = groups[bi]
      local tl1 = pdist(r1[1], r1[4], r2b[1], r2b[2], r2b[3], r2b[4]) <= 2
      local br1 = pdist(r1[3], r1[2], r2b[1], r2b[2], r2b[3], r2b[4]) <= 2
      if tl1 then g1 = corner_TL(s, g1) elseif br1 then g1 = corner_BR(s, g1) end
      groups[bi] = g1
      if not near_coin(g1, r2b) then fail("two 'L's within distance 2 that do not meet") end
      bi = bj
    end
  end
  local grown = augment(s, groups[bi])
  local mine = keyset(grown)
  local keep = { grown }
  for i, g in ipairs(groups) do
    if i ~= bi then
      local alive = 0
      for _, c in ipairs(g) do
        local k = key(c[1], c[2])
        if s.occ[k] and not mine[k] then alive = alive + 1 end
      end
      if alive == #g then keep[#keep + 1] = g
      elseif alive ~= 0 then fail("internal: an 'L' was partly swallowed") end
    end
  end
  return keep
end

-- canonicalize the coins of s (hand >= 2): returns the chains, one per
-- component of the span, in TL form
function M._canonicalize_state(s, attempt)
  attempt = attempt or 1
  local groups = {}
  local coins = {}
  for k in pairs(s.occ) do coins[#coins + 1] = k end
  table_sort(coins)
  if attempt > 1 then         -- another order of the first 'L's: a retry
    local r = attempt * 7919
    for i = #coins, 2, -1 do
      r = (r * 1103515245 + 12345) % 2147483648
      local j = r % i + 1
      coins[i], coins[j] = coins[j], coins[i]
    end
  end
  for _, k in ipairs(coins) do
    local x = (k + SHIFT // 2) // SHIFT
    local y = k - x * SHIFT
    groups[#groups + 1] = { { x, y } }
  end
  -- the pairs of 'L's within distance 2, in the order of preference: the
  -- larger first 'L' on odd attempts, the smaller on even ones; then the
  -- same pairs merged by one window search
  local function candidates(gs)
    local cands = {}
    for i = 1, #gs do
      local ri = rect_of(gs[i])
      for j = 1, #gs do
        if i ~= j and rdist(ri, rect_of(gs[j])) <= 2 then cands[#cands + 1] = { i, j } end
      end
    end
    table_sort(cands, function(p, q)
      local np, nq = #gs[p[1]], #gs[q[1]]
      if np ~= nq then
        if attempt % 2 == 1 then return np > nq else return np < nq end
      end
      if p[1] ~= q[1] then return p[1] < q[1] end
      return p[2] < q[2]
    end)
    local n = #cands
    for t = 1, n do cands[n + t] = { cands[t][1], cands[t][2], true } end
    return cands
  end
  -- a depth-first search over the merges, without recursion (a frame per
  -- merge done): a merge that fails (a local change with no realization)
  -- is rolled back and the next pair tried; a frame whose pairs all fail
  -- rolls back the merge that led to it.  At most BACKTRACKS rollbacks
  local stack = { { groups = groups, cands = candidates(groups), next = 1 } }
  local rollbacks, why = 0, nil
  local function restore(snap)
    s.occ, s.hand = snap.occ, snap.hand
    for t = #s.acts, snap.nacts + 1, -1 do s.acts[t] = nil end
    rollbacks = rollbacks + 1
    if rollbacks > BACKTRACKS then fail(why) end
  end
  while true do
    local f = stack[#stack]
    if #f.cands == 0 then groups = f.groups; break end
    if f.next > #f.cands then
      stack[#stack] = nil
      if #stack == 0 then fail(why) end
      restore(stack[#stack].snap)
    else
      local pq = f.cands[f.next]
      f.next = f.next + 1
      local occ = {}
      for k in pairs(s.occ) do occ[k] = true end
      f.snap = { occ = occ, hand = s.hand, nacts = #s.acts }
      local copy = {}
      for i, g in ipairs(f.groups) do
        local cg = {}
        for t, c in ipairs(g) do cg[t] = { c[1], c[2] } end
        copy[i] = cg
      end
      local ok, res = try(function() return merge_pair(s, copy, pq[1], pq[2], pq[3]) end)
      if ok then
        stack[#stack + 1] = { groups = res, cands = candidates(res), next = 1 }
      else
        why = res
        restore(f.snap)
      end
    end
  end
  for i, g in ipairs(groups) do groups[i] = normalize_in(s, g, "id", "TL") end
  local total = 0
  for _, g in ipairs(groups) do total = total + #g end
  local onboard = 0
  for _ in pairs(s.occ) do onboard = onboard + 1 end
  if total ~= onboard then fail("internal: coins outside the canonical 'L's") end
  return groups
end

-- }==================================================================

-- {==================================================================
-- Shrinking (forward only: free takes) and the solver
-- ==================================================================

-- trim the right side of a view chain (TL form) to column nx1
local function trim_right(V, vc, nx1)
  normalize(V, vc, "TL")
  local _, _, x1, y1 = hull(vc)
  if nx1 >= x1 then return vc end
  if not V.has(nx1, y1) then
    if not V.local_change({ { nx1 - 1, y1 - 1 }, { nx1 + 1, y1 } }, {}, { { nx1, y1 } }) then
      fail("could not place the new corner of a trimmed 'L'")
    end
  end
  local out = {}
  for _, c in ipairs(vc) do
    if c[1] <= nx1 and not (c[1] == nx1 and c[2] == y1) then out[#out + 1] = c end
  end
  out[#out + 1] = { nx1, y1 }
  for _, c in ipairs(vc) do
    if c[1] > nx1 then V.take(c[1], c[2], true) end
  end
  normalize(V, out, "TL")
  return out
end

-- shrink chain ch to the rectangle t = {x0, y0, x1, y1}
local function shrink(s, ch, t)
  local plan = {
    { "id", function() return t[3] end },
    { "rot", function() return -t[1] end },
    { "tr", function() return t[4] end },
    { "rottr", function() return -t[2] end },
  }
  for _, p in ipairs(plan) do
    local V = view_of(s, VIEWS[p[1]])
    local vc = V.chain_in(ch)
    vc = trim_right(V, vc, p[2]())
    ch = V.chain_out(vc)
  end
  return normalize_in(s, ch, "id", "TL")
end

local function coords(cfg)
  local out = {}
  for i, p in ipairs(cfg:positions()) do out[i] = { p[1], p[2] } end
  return out
end

local function run(fn)
  local ok, res = try(fn)
  if ok then return true end
  return false, res
end

-- the canonicalization of coins with hand coins in hand, after the takes
-- in `first` (free); retried over ATTEMPTS orders of the first 'L's.
-- Returns the state and the chains, or nil and the last reason
local function canonical_state(coins, hand, first)
  local why
  for attempt = 1, ATTEMPTS do
    local s, chains = new_state(coins, hand), nil
    local ok
    ok, why = run(function()
      for _, c in ipairs(first or {}) do s:take(c[1], c[2], true) end
      chains = M._canonicalize_state(s, attempt)
    end)
    if ok then return s, chains end
  end
  return nil, why
end

--[[
canonicalize(cfg) -> actions, chains: the G' actions from (cfg, 2) to the
canonical configuration (one TL chain per span component), or nil and
the reason.  Every action is reversible.
]]
function M.canonicalize(cfg)
  if not Config.is_config(cfg) or cfg:board():kind() ~= "square" then
    error("penny.square_solver.canonicalize: a Config on the square grid expected", 2)
  end
  local s, chains = canonical_state(coords(cfg), 2)
  if not s then return nil, chains end
  local acts = {}
  for i, a in ipairs(s.acts) do acts[i] = { a[1], a[2], a[3] } end
  return acts, chains
end

--[[
solve(a, b [, opts]) -> moves, info | nil, reason [, "limit"].  a and b
are Configs on the square grid with as many coins; the hypotheses of Thm
3.3 are checked first (penny.square.theorem38).  info = { actions =
number of G' actions, searches = window searches run, a = {a1, a2}, b =
{b1, b2} }.  opts.time_limit (seconds) and opts.max_memory (bytes) bound
the construction: when one stops it, the third result is "limit".
]]
-- the route in G': the actions from (A, 0) to the canonical configuration
-- K with coins in hand, and those from there to (B, 0)
-- the route's two halves: A's actions to the canonical configuration,
-- and B's backwards from it, ending with the drops of b2 and b1
local function halves(sa, sb, th, theorem)
  local b1, b2 = th.b[1], th.b[2]
  local first, second = {}, {}
  for _, x in ipairs(sa.acts) do first[#first + 1] = { x[1], { x[2], x[3] } } end
  for i = #sb.acts, 1, -1 do
    local x = sb.acts[i]
    second[#second + 1] = { x[1] == "take" and "drop" or "take", { x[2], x[3] } }
  end
  second[#second + 1] = { "drop", { b2[1], b2[2] } }
  second[#second + 1] = { "drop", { b1[1], b1[2] } }
  return first, second, { searches = sa.searches + sb.searches, a = th.a,
                          b = th.b, hand = sa.hand, theorem = theorem }
end

-- (update paper Thm 4.5, span(B) fractioned inside one rectangle: the
-- canonical 'L' of span(A) swept into span(B)'s, penny.square.sweep)
local function route45(a, b, th)
  local sa, why = canonical_state(coords(a), 0, th.a)
  if not sa then return nil, why end
  local b1, b2 = th.b[1], th.b[2]
  local sb, bwhy = canonical_state(coords(b:without(b1):without(b2)), 2)
  if not sb then return nil, bwhy end
  local target = {}
  for _, c in ipairs(b:span(2):positions()) do
    if sb:has(c[1], c[2]) then target[#target + 1] = { c[1], c[2] } end
  end
  local rect = sq.rectangles(a)[1]
  local ok, res = try(function()
    return { sweep.run(sa, rect, target, function(cells, hand)
      return canonical_state(cells, hand)
    end) }
  end)
  if not ok then return nil, res end
  if not res[1] then return nil, "the sweep (Lemma 4.6): " .. res[2] end
  return halves(sa, sb, th, "4.5")
end

local function route(a, b)
  -- span(B) fractioned inside the one rectangle span(A): Thm 4.5 first
  -- (Thm 3.8 would need two coins of A that split it, and proving that
  -- none do costs O(N^2) spans)
  local t45
  if #sq.rectangles(a) == 1 and #sq.rectangles(b) > 1 then
    t45 = sq.theorem45(a, b, check_meter)
    if t45.holds then return route45(a, b, t45) end
  end
  local th = sq.theorem38(a, b, check_meter)
  if not th.holds then
    t45 = t45 or sq.theorem45(a, b, check_meter)
    if t45.holds then return route45(a, b, t45) end
    return nil, th.a_why or th.b_why
  end
  local a1, a2 = th.a[1], th.a[2]
  local b1, b2 = th.b[1], th.b[2]
  -- A side
  local sa, chains = canonical_state(coords(a), 0, { a1, a2 })
  if not sa then return nil, chains end
  local ok, why = run(function()
    local targets = sq.rectangles(b)
    for _, ch in ipairs(chains) do
      local r = rect_of(ch)
      local t
      for _, q in ipairs(targets) do
        local tr = { q[1], q[2], q[1] + q[3] - 1, q[2] + q[4] - 1 }
        if tr[1] >= r[1] and tr[3] <= r[3] and tr[2] >= r[2] and tr[4] <= r[4] then t = tr end
      end
      if t then
        shrink(sa, ch, t)
      else
        for _, c in ipairs(ch) do sa:take(c[1], c[2], true) end
      end
    end
  end)
  if not ok then return nil, why end
  -- B side
  local sb, bwhy = canonical_state(coords(b:without(b1):without(b2)), 2)
  if not sb then return nil, bwhy end
  for k in pairs(sa.occ) do
    if not sb.occ[k] then return nil, "internal: the canonical configurations differ" end
  end
  for k in pairs(sb.occ) do
    if not sa.occ[k] then return nil, "internal: the canonical configurations differ" end
  end
  return halves(sa, sb, th)
end

local function concat(x, y)
  local out = {}
  for _, v in ipairs(x) do out[#out + 1] = v end
  for _, v in ipairs(y) do out[#out + 1] = v end
  return out
end

-- the configuration mirrored in the line x = 0, labels kept
local function mirror(cfg)
  local pts = cfg:coins()
  for _, c in ipairs(pts) do c[1] = -c[1] end
  return Config.new(cfg:board(), pts)
end

local function solve(a, b)
  local first, second, info = route(a, b)
  if not first then return nil, second end
  if Config.distinguishable(a) or Config.distinguishable(b) then
    --[[
    The route's 'L's are north-east chains, whose ends (the bottom-left
    and top-right corners of each rectangle) take a new coin only while
    both their neighbours hold coins, which two coins in hand cannot
    arrange in a sparse span.  Mirrored, the same corners are inner
    cells of the 'L's.  So the labels are put right as far as they go
    (A -> C: B's cells, a few labels wrong), and what is left, from C to
    B, by the whole labelled solution on the mirror image (or the other
    way round).
    ]]
    local function mirrored(x, y, partial)
      local mx, my = mirror(x), mirror(y)
      local f2, s2, info2 = route(mx, my)
      if not f2 then return nil, s2 end
      local mm, res = labelled.solve(mx, my, f2, s2, info2, check_meter, partial)
      if not mm then return nil, res end
      for _, mv in ipairs(mm) do
        mv.from[1], mv.to[1] = -mv.from[1], -mv.to[1]
      end
      return mm, res
    end
    local function direct(x, y, partial)
      if x == a and y == b then
        return labelled.solve(a, b, first, second, info, check_meter, partial)
      end
      local f3, s3, info3 = route(x, y)
      if not f3 then return nil, s3 end
      return labelled.solve(x, y, f3, s3, info3, check_meter, partial)
    end
    -- the reasons given are in the puzzle's own coordinates: those of
    -- the direct way only; the answer's info is the route's from A to B
    local why
    local function total(i1, i2)
      local actions = i1.actions + (i2 and i2.actions or 0)
      local sw = i1.swaps + (i2 and i2.swaps or 0)
      local sm = i1.swap_moves + (i2 and i2.swap_moves or 0)
      info.actions, info.swaps, info.swap_moves = actions, sw, sm
      info.stages = i2 and 2 or 1
      return info
    end
    for _, ways in ipairs{ { direct, mirrored }, { mirrored, direct } } do
      local m1, i1 = ways[1](a, b, true)
      if m1 and i1.missed == 0 then return m1, total(i1) end
      local ok, c = false, nil
      if m1 then
        ok, c = a:check(m1)
      elseif ways[1] == direct then
        why = why or i1
      end
      if ok then
        local m2, i2 = ways[2](c, b)
        if m2 then
          for k, mv in ipairs(m2) do m1[#m1 + 1] = mv; m2[k] = nil end
          return m1, total(i1, i2)
        end
        if ways[2] == direct then why = why or i2 end
      end
    end
    return nil, why or "labelled coins: the labels could not all be put right"
  end
  local acts = concat(first, second)
  local moves = core.clean(a, acts)
  info.actions = #acts
  return moves, info
end

function M.solve(a, b, opts)
  opts = opts or {}
  if type(opts) ~= "table" then
    error("penny.square_solver.solve: options must be a table", 2)
  end
  local m = { acts = 0, time_limit = opts.time_limit,
              max_memory = opts.max_memory }
  if opts.time_limit and opts.time_limit > 0 then
    m.deadline = core.clock() + opts.time_limit
  end
  if opts.max_memory and opts.max_memory > 0 then
    m.max_acts = opts.max_memory // ACT_BYTES
  end
  local outer = meter
  meter = m
  local ok, moves, info = pcall(solve, a, b)
  meter = outer
  if ok then return moves, info end
  if getmetatable(moves) == Stop then return nil, moves.msg, "limit" end
  error(moves, 0)
end

-- }==================================================================

-- {==================================================================
-- The small subroutines of the thesis's figures (lost in transcription),
-- re-derived by breadth-first search of G' in their box: move (a coin to
-- a free cell with two neighbours besides itself), take, drop (on a cell
-- with two neighbours).  Each counts as one action, as in the thesis
-- Section 1.4.  With reversible = true every take and every move leaves
-- from a cell with two neighbours (the reverse is then legal too)
-- ==================================================================

-- the shortest action list from `from` to `to` in the w x h box with hand
-- coins in hand, or nil
function M.box_search(w, h, from, to, hand, reversible)
  if w * h > 30 then error("penny.square_solver: box_search is for boxes of at most 30 cells", 2) end
  local cells, idx = {}, {}
  for y = 0, h - 1 do
    for x = 0, w - 1 do
      cells[#cells + 1] = { x, y }
      idx[key(x, y)] = #cells
    end
  end
  local function mask(list)
    local m = 0
    for _, c in ipairs(list) do m = m | 1 << (idx[key(c[1], c[2])] - 1) end
    return m
  end
  local acts = window.search{ cells = cells, from = mask(from), to = mask(to),
    hand = hand, reversible = reversible, moves = true }
  if not acts then return nil end
  for k, a in ipairs(acts) do
    local c, d = cells[a[2]], cells[a[3]]
    acts[k] = d and { a[1], c[1], c[2], d[1], d[2] } or { a[1], c[1], c[2] }
  end
  return acts
end

-- the subroutines, as tables: the box, the two 'L's, the coins in hand
-- and the action list found by M.box_search (shortest; the spec checks
-- each by replay and by searching again)
M.SUBROUTINES = {
  -- a 3 x 3 'L' from the left and top sides to the bottom and right sides (8 actions)
  flip_3x3 = { box = { 3, 3 }, hand = 2, reversible = true,
    from = { { 0, 0 }, { 0, 2 }, { 2, 2 } }, to = { { 0, 0 }, { 2, 0 }, { 2, 2 } },
    actions = {
      { "drop", 0, 1 }, { "drop", 1, 2 }, { "move", 0, 2, 1, 1 }, { "move", 0, 1, 1, 0 },
      { "move", 1, 2, 2, 1 }, { "move", 1, 1, 2, 0 }, { "take", 1, 0 }, { "take", 2, 1 } } },
  -- a 3 x 2 'L' the same way (4 actions)
  flip_3x2 = { box = { 3, 2 }, hand = 2, reversible = true,
    from = { { 0, 0 }, { 0, 1 }, { 2, 1 } }, to = { { 0, 0 }, { 2, 0 }, { 2, 1 } },
    actions = {
      { "drop", 1, 1 }, { "move", 0, 1, 1, 0 }, { "move", 1, 1, 2, 0 }, { "take", 1, 0 } } },
  -- a 3 x 3 'L' a quarter turn clockwise (corner top-left to top-right) (11 actions)
  rotate_3x3 = { box = { 3, 3 }, hand = 2, reversible = false,
    from = { { 0, 0 }, { 0, 2 }, { 2, 2 } }, to = { { 0, 2 }, { 2, 2 }, { 2, 0 } },
    actions = {
      { "drop", 0, 1 }, { "drop", 1, 2 }, { "move", 0, 2, 1, 1 }, { "move", 1, 2, 1, 0 },
      { "move", 0, 0, 2, 1 }, { "move", 1, 1, 2, 0 }, { "move", 1, 0, 1, 1 }, { "move", 2, 1, 1, 2 },
      { "move", 1, 1, 0, 2 }, { "take", 0, 1 }, { "take", 1, 2 } } },
  -- the same by reversible actions only (15 actions)
  rotate_3x3_reversible = { box = { 3, 3 }, hand = 2, reversible = true,
    from = { { 0, 0 }, { 0, 2 }, { 2, 2 } }, to = { { 0, 2 }, { 2, 2 }, { 2, 0 } },
    actions = {
      { "drop", 0, 1 }, { "drop", 1, 2 }, { "move", 0, 2, 1, 1 }, { "move", 0, 1, 2, 1 },
      { "move", 2, 2, 1, 0 }, { "move", 1, 1, 2, 0 }, { "move", 1, 0, 1, 1 }, { "move", 2, 1, 0, 1 },
      { "move", 1, 1, 1, 0 }, { "move", 0, 0, 1, 1 }, { "move", 1, 0, 0, 2 }, { "move", 0, 1, 2, 1 },
      { "move", 1, 1, 2, 2 }, { "take", 2, 1 }, { "take", 1, 2 } } },
  -- the diagonal of a 2 x 2 'L' to the other diagonal (4 actions)
  rotate_2x2 = { box = { 2, 2 }, hand = 2, reversible = true,
    from = { { 0, 0 }, { 1, 1 } }, to = { { 0, 1 }, { 1, 0 } },
    actions = {
      { "drop", 1, 0 }, { "drop", 0, 1 }, { "take", 0, 0 }, { "take", 1, 1 } } },
  -- the adjacent pair of an even branch from one end to the other (2 actions)
  leapfrog_1x4 = { box = { 1, 4 }, hand = 2, reversible = true,
    from = { { 0, 0 }, { 0, 1 }, { 0, 3 } }, to = { { 0, 0 }, { 0, 2 }, { 0, 3 } },
    actions = {
      { "drop", 0, 2 }, { "take", 0, 1 } } },
}

-- }==================================================================

-- {==================================================================
-- Puzzles
-- ==================================================================

-- does the solver apply to this puzzle?  (else a reason)
function M.applies(p)
  expect(p, "penny.square_solver.applies")
  local b = p.board
  if b:kind() ~= "square" then return false, "not the square grid" end
  if b:bounded() then return false, "the board is bounded" end
  if p.rule.d ~= 2 or p.rule.slide then return false, "the solver is for moves with d = 2" end
  if p.up_to ~= "fixed" then return false, "the solver is for fixed goals" end
  return true
end

-- the constructive solution as a Solution (penny.solution replays it)
function M.solve_puzzle(p, opts)
  expect(p, "penny.square_solver.solve_puzzle")
  if opts ~= nil and type(opts) ~= "table" then
    error("penny.square_solver.solve_puzzle: options must be a table", 2)
  end
  local ok, why = M.applies(p)
  if not ok then error("penny.square_solver: " .. why, 2) end
  local moves, info, stop = M.solve(p.start, p.goal, opts)
  if not moves then
    return Solution.new(p, { verdict = "unknown", method = "square",
      lower_bound = stop and 1 or nil,
      reason = "the two-extra-coin solver (update paper Thms 3.3 and 4.5) "
        .. "does not apply or did not finish: " .. info })
  end
  return Solution.new(p, { verdict = "solved", method = "square", moves = moves,
    optimal = #moves == 0,
    reason = format("constructive (%s), "
      .. "not optimal: extra coins (%d,%d) (%d,%d), redundant coins (%d,%d) "
      .. "(%d,%d); %d take/drop actions", info.theorem == "4.5"
        and "update paper Thm 4.5, the sweeping 'L' of Lemma 4.6"
        or "update paper Thm 3.3 = thesis Thm 3.8", info.a[1][1], info.a[1][2],
      info.a[2][1], info.a[2][2], info.b[1][1], info.b[1][2], info.b[2][1],
      info.b[2][2], info.actions) .. (info.swaps and format("; the labels "
      .. "put right at the canonical configuration (thesis Thm 3.16) by %d "
      .. "swaps, %d moves", info.swaps, info.swap_moves) or "") })
end

-- }==================================================================

-- errors said at the caller's line, not inside penny
return errors.guard(M)
