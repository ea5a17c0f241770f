--[[
penny.bfs -- the breadth-first search behind penny's searches written in
Lua (a window of the take/drop game, the labelled solver's swaps, the
shortcut's segments): one queue, one table of states seen, one poll of
the limits, the path read back.  The engine's searches are in C
(csrc/search); these are small and local.

  bfs.run(s) -> actions | nil, why ("limit" or "none")
    s.start    the first state's key (a number or a string)
    s.data     its data (optional), handed to expand with the key
    s.expand   function(key, data, emit, known) calls emit(key2, data2,
               action) for each successor; emit returns true once a goal
               is stored, and expand should then return; known(key2) says
               whether a state is stored already (to skip making the data
               and action of one seen before)
    s.to       the goal's key, or s.goal: function(key, data) -> boolean
    s.limit    the most states stored (optional)
    s.depth    the most moves (optional)
    s.tick     function() called every s.poll (default 64) states expanded:
               it may raise (a budget's poll), or return true to stop
  The actions are those emitted along the path from the start to the
  goal ({} when the start is a goal); "none": every state was expanded,
  "limit": a limit stopped the search first.

  bfs.bidir(s) -> actions | nil, why
    the same search from both ends, for one goal state: s.to (its key,
    required), s.to_data (its data), and s.back, which emits each
    predecessor key2 of a state with the action that leads from key2 to
    it.  s.limit counts the states of both sides.  Whole layers are
    expanded, the side with the smaller frontier first, and the search
    stops at the first state both sides hold: by then every pair of
    states within the two sides' depths has been compared, so the path
    is a shortest one.  Where a search of depth D stores b^D states,
    this stores about twice b^(D/2).
]]

local huge, ipairs = math.huge, ipairs

local _ENV = nil

local M = {}

function M.run(s)
  local start, expand, goal, to = s.start, s.expand, s.goal, s.to
  if start == to or (goal and goal(start, s.data)) then return {} end
  local limit, depth, tick, poll = s.limit or huge, s.depth or huge, s.tick,
    s.poll or 64
  local parent, act = { [start] = false }, {}
  local keys, datas = { start }, { s.data }
  local n, found, cur = 1, nil, nil
  local function emit(k, d, a)
    if parent[k] ~= nil then return false end
    parent[k], act[k] = cur, a
    if k == to or (goal and goal(k, d)) then found = k; return true end
    n = n + 1
    keys[n], datas[n] = k, d
    return false
  end
  local function known(k) return parent[k] ~= nil end
  local head, level, last = 1, 0, 1
  while head <= n do
    if head > last then
      level, last = level + 1, n
      if level >= depth then return nil, "limit" end
    end
    cur = keys[head]
    local d = datas[head]
    head = head + 1
    if tick and head % poll == 0 and tick() then return nil, "limit" end
    expand(cur, d, emit, known)
    if found then break end
    if n > limit then return nil, head <= n and "limit" or "none" end
  end
  if not found then return nil, "none" end
  local path, k = {}, found
  while parent[k] do
    path[#path + 1] = act[k]
    k = parent[k]
  end
  for i = 1, #path // 2 do
    path[i], path[#path + 1 - i] = path[#path + 1 - i], path[i]
  end
  return path
end

-- the path from the start to k in one side's tables, in its own order
local function trace(parent, act, k)
  local path = {}
  while parent[k] do
    path[#path + 1] = act[k]
    k = parent[k]
  end
  return path
end

function M.bidir(s)
  local start, to = s.start, s.to
  if start == to then return {} end
  local limit, tick, poll = s.limit or huge, s.tick, s.poll or 64
  -- side 1 searches forward from the start, side 2 backward from the goal
  local parent = { { [start] = false }, { [to] = false } }
  local act = { {}, {} }
  local front = { { start }, { to } }
  local fdata = { { s.data }, { s.to_data } }
  local stored, meet, side, cur, next_keys, next_data = 2, nil, 1, nil, nil, nil
  local other
  local function emit(k, d, a)
    local p = parent[side]
    if p[k] ~= nil then return false end
    p[k], act[side][k] = cur, a
    if other[k] ~= nil then meet = k; return true end
    stored = stored + 1
    next_keys[#next_keys + 1], next_data[#next_data + 1] = k, d
    return false
  end
  local known = { function(k) return parent[1][k] ~= nil end,
                  function(k) return parent[2][k] ~= nil end }
  local step, expanded = { s.expand, s.back }, 0
  while true do
    side = #front[1] <= #front[2] and 1 or 2
    if #front[side] == 0 then return nil, "none" end
    other = parent[3 - side]
    local keys, datas = front[side], fdata[side]
    next_keys, next_data = {}, {}
    local expand, kn = step[side], known[side]
    for i = 1, #keys do
      cur = keys[i]
      expanded = expanded + 1
      if tick and expanded % poll == 0 and tick() then return nil, "limit" end
      expand(cur, datas[i], emit, kn)
      if meet then
        local path = trace(parent[1], act[1], meet)
        for j = 1, #path // 2 do
          path[j], path[#path + 1 - j] = path[#path + 1 - j], path[j]
        end
        for _, a in ipairs(trace(parent[2], act[2], meet)) do path[#path + 1] = a end
        return path
      end
      if stored > limit then return nil, "limit" end
    end
    front[side], fdata[side] = next_keys, next_data
  end
end

return M
