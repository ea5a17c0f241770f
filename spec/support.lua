--[[
spec/support.lua -- helpers for the specs, and reference implementations
that are independent of the C rules module: a move generator written from
the rule's definition, and a breadth-first search built on it.
]]
local penny = require "penny"

local M = {}

M.PENNY = os.getenv("PENNY") or "build/penny"

local function key(p) return table.concat(p, ",") end
M.key = key

-- moves of cfg by the definition: a coin goes to a free cell of the board
-- with at least d occupied neighbours other than itself
function M.ref_moves(cfg, d)
  local board = cfg:board()
  local coins = cfg:coins()
  local occ = {}
  for _, c in ipairs(coins) do occ[key(c)] = true end
  local cand, order = {}, {}
  for _, c in ipairs(coins) do
    for _, t in ipairs(board:neighbours(c)) do
      local k = key(t)
      if not occ[k] and not cand[k] then
        cand[k] = t
        order[#order + 1] = t
      end
    end
  end
  local out = {}
  for _, c in ipairs(coins) do
    for _, t in ipairs(order) do
      local n = 0
      for _, q in ipairs(board:neighbours(t)) do
        local kq = key(q)
        if occ[kq] and kq ~= key(c) then n = n + 1 end
      end
      if n >= d then out[#out + 1] = key(c) .. "->" .. key(t) end
    end
  end
  table.sort(out)
  return out
end

function M.move_strings(cfg, d)
  local out = {}
  for m in cfg:moves(d) do
    out[#out + 1] = key(m.from) .. "->" .. key(m.to)
  end
  table.sort(out)
  return out
end

-- apply "a->b" to a Lua set of keys (labels ignored)
local function apply_ref(cfg, mv)
  local f, t = mv:match("^(.-)%->(.*)$")
  local coins = {}
  for _, c in ipairs(cfg:coins()) do
    if key(c) == f then
      local nc = {}
      for x in t:gmatch("-?%d+") do nc[#nc + 1] = tonumber(x) end
      nc.label = c.label
      coins[#coins + 1] = nc
    else
      coins[#coins + 1] = c
    end
  end
  return penny.config(cfg:board(), coins)
end

--[[
Reference BFS: the least number of moves from start to a configuration
satisfying is_goal, using ref_moves only; nil when none within max_depth
or the state cap.  Returns dist, states, complete (true when the whole
reachable set was explored).
]]
function M.ref_distance(start, d, is_goal, max_depth, cap)
  max_depth, cap = max_depth or math.huge, cap or 200000
  local seen = { [start:key()] = true }
  local layer, depth, states = { start }, 0, 1
  while #layer > 0 do
    for _, c in ipairs(layer) do
      if is_goal(c) then return depth, states, false end
    end
    if depth >= max_depth then return nil, states, false end
    local next = {}
    for _, c in ipairs(layer) do
      for _, mv in ipairs(M.ref_moves(c, d)) do
        local n = apply_ref(c, mv)
        local k = n:key()
        if not seen[k] then
          seen[k] = true
          states = states + 1
          if states > cap then return nil, states, false end
          next[#next + 1] = n
        end
      end
    end
    layer, depth = next, depth + 1
  end
  return nil, states, true
end

-- a deterministic generator (xorshift) so specs do not depend on
-- math.random's algorithm
function M.rng(seed)
  local s = seed & 0xffffffff
  if s == 0 then s = 0x9e3779b9 end
  return function(n)
    s = s ~ ((s << 13) & 0xffffffff)
    s = s ~ (s >> 17)
    s = s ~ ((s << 5) & 0xffffffff)
    return (s % n) + 1
  end
end

-- n distinct random cells of a bounded board
-- c after up to steps random legal moves (fewer when none is left)
function M.random_walk(c, rand, steps)
  for _ = 1, steps do
    local ms = c:movelist()
    if #ms == 0 then break end
    c = c:apply(ms[rand(#ms)])
  end
  return c
end

function M.random_config(board, n, rand, labels)
  local cells = board:cells()
  for i = #cells, 2, -1 do
    local j = rand(i)
    cells[i], cells[j] = cells[j], cells[i]
  end
  local coins = {}
  for i = 1, n do
    coins[i] = cells[i]
    if labels then coins[i].label = rand(labels) end
  end
  return penny.config(board, coins)
end

-- run a shell command, return its combined output and exit status
function M.run(cmd)
  local f = io.popen(cmd .. " 2>&1; echo \"__status=$?\"")
  local out = f:read("a")
  f:close()
  local status = tonumber(out:match("__status=(%d+)%s*$"))
  return out:gsub("__status=%d+%s*$", ""), status
end

-- {=== the engine's specs (engine, distances, astar): shared helpers

-- random puzzle on a board: start, and a goal that is either a random
-- walk from the start (solvable) or a random configuration (often not)
function M.random_puzzle(board, rand, n, labels, walk)
  local a = M.random_config(board, n, rand, labels)
  local g
  if walk then
    g = M.random_walk(a, rand, rand(5))
  else
    local coins = M.random_config(board, n, rand):coins()
    for i, c in ipairs(a:coins()) do coins[i].label = c.label end
    g = penny.config(board, coins)
  end
  return a, g
end

-- two solutions with the same moves, in the same order
function M.assert_same_moves(ref, s, what)
  local assert = require "luassert"
  assert.equal(#ref, #s, what)
  for k = 1, #ref do
    assert.same(ref.moves[k].from, s.moves[k].from, what)
    assert.same(ref.moves[k].to, s.moves[k].to, what)
  end
end

-- cfg after up to steps random moves (rand(#moves) each) that keep its
-- span: a goal the start may reach (the walk stops where no move keeps it)
function M.span_walk(cfg, rand, steps)
  local sp = cfg:span(2)
  for _ = 1, steps do
    local keep = {}
    for m in cfg:moves(2) do
      if cfg:apply(m, 2):span(2) == sp then keep[#keep + 1] = m end
    end
    if #keep == 0 then break end
    cfg = cfg:apply(keep[rand(#keep)], 2)
  end
  return cfg
end

-- one small board of each lattice
M.ENGINE_BOARDS = {
  { lattice = "square", width = 4, height = 4 },
  { lattice = "triangular", width = 4, height = 3 },
  { lattice = "hexagonal", width = 5, height = 5 },
  { lattice = "king", width = 3, height = 4 },
  { lattice = "cubic", dim = 3, size = { 2, 3, 3 } },
  { lattice = "graph", vertices = 8, edges = { { 1, 2 }, { 2, 3 }, { 3, 4 },
      { 4, 1 }, { 1, 3 }, { 5, 6 }, { 6, 7 }, { 7, 8 }, { 8, 5 }, { 4, 5 },
      { 2, 6 }, { 3, 7 } } },
}
-- }===

return M
