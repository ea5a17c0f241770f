--[[
penny.square.window -- the one search of the take/drop game G' (thesis
Section 1.4) inside a window of the square grid.

The window's contents are a bit mask (cell i is bit i - 1, at most 62
cells); the coins around the window stay where they are and count as
neighbours.  The rule is the coin game's with d = 2: a coin is dropped on
a free cell with at least two occupied neighbours, and, in the reversible
game, taken only from a cell with two (so every action can be undone).

  window.search{
    cells = { {x, y}, ... },     the window
    outer = { n1, n2, ... },     occupied neighbours of each cell outside
                                 the window (default none)
    from = mask, to = mask,      the contents before and after
    goal = function(mask),       instead of to: any contents it accepts
    fixed = mask,                cells whose coin is never taken or moved
    hand = n,                    coins in hand at the start
    max_hand = n,                no take beyond n coins in hand (1 and
                                 not reversible: the coin game's moves)
    reversible = bool,           takes only from cells with two neighbours
    moves = bool,                also a take and a drop as one action
    limit = n,                   most states visited (default: no limit)
    tick = function() end,       called every 256 states expanded (limits)
  } -> the shortest list of actions { "take", i } | { "drop", i } |
       { "move", i, j } (i, j indices into cells), or nil and "limit"
       (stopped at limit) or "none" (every reachable contents tried)

Breadth-first, so the list is shortest in actions; states are tried in
the order of the cells, takes (and moves) before drops.
]]

local error, ipairs, math, require = error, ipairs, math, require

local _ENV = nil

local M = {}

local bfs = require "penny.bfs"

local SHIFT = 1 << 24

local function popcount(m)
  local k = 0
  while m ~= 0 do m = m & (m - 1); k = k + 1 end
  return k
end

-- the neighbours of each cell inside the window, as one mask per cell
local function inner_of(cells)
  local idx = {}
  for i, c in ipairs(cells) do idx[c[1] * SHIFT + c[2]] = i end
  local inner = {}
  for i, c in ipairs(cells) do
    local x, y, nb = c[1], c[2], 0
    for _, k in ipairs{ (x + 1) * SHIFT + y, (x - 1) * SHIFT + y,
                        x * SHIFT + y + 1, x * SHIFT + y - 1 } do
      if idx[k] then nb = nb | 1 << (idx[k] - 1) end
    end
    inner[i] = nb
  end
  return inner
end

-- an action packed in one integer (no table per state tried)
local TAKE, DROP, MOVE = 1, 2, 3
local NAMES = { "take", "drop", "move" }

function M.search(w)
  local cells, from, to, goal = w.cells, w.from, w.to, w.goal
  local fixed = w.fixed or 0
  if from == to or (goal and goal(from)) then return {} end
  local n = #cells
  if n > 62 then error("penny.square.window: a window of at most 62 cells", 2) end
  local outer = w.outer or {}
  local inner = inner_of(cells)
  local base = {}
  for i = 1, n do base[i] = outer[i] or 0 end
  local reversible, moves, limit, tick = w.reversible, w.moves, w.limit, w.tick
  local max_hand = w.max_hand or math.huge
  local total = popcount(from) + w.hand
  -- at least two occupied neighbours of cell i in the contents m
  local function two(m, i)
    local c, b = base[i], m & inner[i]
    while b ~= 0 and c < 2 do b = b & (b - 1); c = c + 1 end
    return c >= 2
  end
  local function expand(m, _, emit)
    local inhand = total - popcount(m)
    for i = 1, n do
      local bit = 1 << (i - 1)
      if m & bit ~= 0 then
        if fixed & bit == 0 and (not reversible or two(m, i))
            and inhand < max_hand then
          local m2 = m & ~bit
          if emit(m2, nil, TAKE | i << 2) then return end
          if moves then
            for j = 1, n do
              local b2 = 1 << (j - 1)
              if j ~= i and m2 & b2 == 0 and two(m2, j)
                  and emit(m2 | b2, nil, MOVE | i << 2 | j << 10) then
                return
              end
            end
          end
        end
      elseif inhand > 0 and two(m, i) then
        if emit(m | bit, nil, DROP | i << 2) then return end
      end
    end
  end
  -- polled by states expanded (each tries up to n^2 moves)
  local path, why = bfs.run{ start = from, to = to, goal = goal,
    expand = expand, limit = limit, tick = tick, poll = 256 }
  if not path then return nil, why end
  local acts = {}
  for k, a in ipairs(path) do
    local kind = a & 3
    acts[k] = kind == MOVE and { NAMES[kind], a >> 2 & 255, a >> 10 }
      or { NAMES[kind], a >> 2 }
  end
  return acts
end

return M
