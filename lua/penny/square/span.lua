--[[
penny.square.span -- spans on the unbounded square grid (d = 2) as
rectangles, computed from the coins alone, at a cost that grows with the
coins and not with the area (penny.Config's span fills every cell).

  span.rectangles(cells) -> list of { x0, y0, x1, y1 } (corners), sorted
  span.same(r, q) -> do two such lists name the same rectangles?
  span.extras(cells) -> the cells whose removal keeps the span (thesis
      Prop 3.29's "+1" candidates), in the order of cells

Why it is right: two coins at distance 1 or 2 span their bounding box,
so, adding the coins of a 2-neighbour component one at a time along a
spanning tree, each new coin lies within distance 2 of the full box so
far, and the component spans its bounding box.  Two full rectangles at
L1 distance at most 2 fill their bounding box (a cell beside both starts
it, and the rest follows row by row), and at distance 3 or more no cell
has a filled neighbour on each side.  So the span is the components'
boxes merged while two lie within distance 2 (thesis Prop 3.21, Lemma 4
of the update paper).  A spec holds it to Config:span on random sets.
]]

local ipairs, pairs, table_sort, require = ipairs, pairs, table.sort, require

local _ENV = nil

local M = {}

local errors = require "penny.errors"

local grid = require "penny.square.cells"
local key, NEAR, set_of = grid.key, grid.NEAR, grid.set_of

local function cells_of(x, fname)
  return grid.check(x, "penny.square.span." .. fname, "the cells")
end

local function dist(r, q)
  local dx = q[1] > r[3] and q[1] - r[3] or (r[1] > q[3] and r[1] - q[3] or 0)
  local dy = q[2] > r[4] and q[2] - r[4] or (r[2] > q[4] and r[2] - q[4] or 0)
  return dx + dy
end

-- merge boxes (in place) while two lie within distance 2; sorted result
local function merge(boxes)
  local merged = true
  while merged do
    merged = false
    local i = 1
    while i <= #boxes do
      local r = boxes[i]
      local j = i + 1
      while j <= #boxes do
        local q = boxes[j]
        if dist(r, q) <= 2 then
          if q[1] < r[1] then r[1] = q[1] end
          if q[2] < r[2] then r[2] = q[2] end
          if q[3] > r[3] then r[3] = q[3] end
          if q[4] > r[4] then r[4] = q[4] end
          boxes[j] = boxes[#boxes]
          boxes[#boxes] = nil
          merged = true
        else
          j = j + 1
        end
      end
      i = i + 1
    end
  end
  table_sort(boxes, function(a, b)
    return a[2] < b[2] or (a[2] == b[2] and a[1] < b[1])
  end)
  return boxes
end

-- the bounding box of the 2-neighbour component of start, not through
-- skip, marking its cells in seen
local function component_box(set, start, seen, skip)
  local b = { start[1], start[2], start[1], start[2] }
  local stack = { start }
  seen[start] = true
  while #stack > 0 do
    local c = stack[#stack]
    stack[#stack] = nil
    if c[1] < b[1] then b[1] = c[1] end
    if c[1] > b[3] then b[3] = c[1] end
    if c[2] < b[2] then b[2] = c[2] end
    if c[2] > b[4] then b[4] = c[2] end
    for _, d in ipairs(NEAR) do
      local o = set[key(c[1] + d[1], c[2] + d[2])]
      if o and o ~= skip and not seen[o] then
        seen[o] = true
        stack[#stack + 1] = o
      end
    end
  end
  return b
end

function M.rectangles(cells)
  cells = cells_of(cells, "rectangles")
  local set, seen, boxes = set_of(cells), {}, {}
  for _, c in ipairs(cells) do
    local o = set[key(c[1], c[2])]
    if not seen[o] then boxes[#boxes + 1] = component_box(set, o, seen) end
  end
  return merge(boxes)
end

function M.same(r, q)
  if #r ~= #q then return false end
  for i = 1, #r do
    local a, b = r[i], q[i]
    if a[1] ~= b[1] or a[2] ~= b[2] or a[3] ~= b[3] or a[4] ~= b[4] then
      return false
    end
  end
  return true
end

function M.extras(cells)
  cells = cells_of(cells, "extras")
  local set = set_of(cells)
  -- the components once: each cell's component and the components' boxes
  local comp, boxes = {}, {}
  for _, c in ipairs(cells) do
    local o = set[key(c[1], c[2])]
    if not comp[o] then
      local mark = {}
      boxes[#boxes + 1] = component_box(set, o, mark)
      for m in pairs(mark) do comp[m] = #boxes end
    end
  end
  local function copy(except)
    local list = {}
    for i, b in ipairs(boxes) do
      if i ~= except then list[#list + 1] = { b[1], b[2], b[3], b[4] } end
    end
    return list
  end
  local base = merge(copy())
  local out = {}
  for _, c in ipairs(cells) do
    local x = set[key(c[1], c[2])]
    local list = copy(comp[x])
    -- the parts x's component falls into without x
    local mark = {}
    for _, d in ipairs(NEAR) do
      local o = set[key(x[1] + d[1], x[2] + d[2])]
      if o and not mark[o] then list[#list + 1] = component_box(set, o, mark, x) end
    end
    if M.same(merge(list), base) then out[#out + 1] = c end
  end
  return out
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
