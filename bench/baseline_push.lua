--[[
bench/baseline_push.lua -- the line push written the obvious way, in plain
Lua, as the baseline for part G of bench/run.lua: tokens in a set keyed by
"x,y"; a push moves, in order from the barrier, every token whose cell
toward the barrier is free or holds a token that has just moved.  No
translation is needed: configurations are compared up to translation.
]]
local M = {}

local DIR = { right = { -1, 0 }, left = { 1, 0 }, up = { 0, 1 }, down = { 0, -1 } }

-- tokens: array of {x, y}; returns a new array
function M.push(tokens, d)
  local dx, dy = DIR[d][1], DIR[d][2]
  local minx, maxx, miny, maxy = math.huge, -math.huge, math.huge, -math.huge
  for _, t in ipairs(tokens) do
    if t[1] < minx then minx = t[1] end
    if t[1] > maxx then maxx = t[1] end
    if t[2] < miny then miny = t[2] end
    if t[2] > maxy then maxy = t[2] end
  end
  -- sort from the barrier outward
  local order = {}
  for i, t in ipairs(tokens) do order[i] = t end
  table.sort(order, function(a, b)
    return a[1] * -dx + a[2] * -dy < b[1] * -dx + b[2] * -dy
  end)
  local occ, out = {}, {}
  for _, t in ipairs(order) do
    local nx, ny = t[1] + dx, t[2] + dy
    local inside = nx >= minx and nx <= maxx and ny >= miny and ny <= maxy
    if inside and not occ[nx .. "," .. ny] then
      t = { nx, ny }
    end
    occ[t[1] .. "," .. t[2]] = true
    out[#out + 1] = t
  end
  return out
end

return M
