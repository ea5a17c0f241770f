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
]]

local huge = math.huge

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

return M
