--[[
bench/conjecture339.lua W H -- the pushing game's classes on one odd
rectangle, computed exactly, against what the theory predicts (thesis
Sec. 3.3.3).

  build/penny bench/conjecture339.lua 7 6

Every minimum configuration of the W x H box with a pair of adjacent
coins is listed (a search over the cells in order, pruned by Prop 3.22's
single pair and Prop 1.12's rows and columns, each kept one checked by
its span). Pushes between them (they keep the span exactly when the
result is in the list) join them into classes, the connected components
of the pushing game (pushes are reversible there). Then, over all pairs:
  Prop 3.35   same class => same fixed leaves F (a theorem: 0 expected)
  Thm 3.38    2-connected M, same F => same class (a theorem: 0 expected)
  Conj 3.39   same class <=> same F~, same R~ and the same coins outside
              the rectangles of R~ (chains.tilde)
A line per rectangle: configurations, classes, the counts that break
each statement (groups of one signature holding several classes break
"if"; classes holding several signatures break "only if"), and a witness
pair for the first that breaks.
]]
local chains = require "penny.square.chains"
local span = require "penny.square.span"
local sq = require "penny.square"

local W, H = tonumber(arg[1]) or 5, tonumber(arg[2]) or 4
assert((W + H) % 2 == 1, "an odd rectangle: W + H odd")
local K = sq.min_cardinality(W, H)
local clock = os.clock
local t0 = clock()

-- {=== the minimum configurations with one adjacent pair
local occ, pick, configs = {}, {}, {}
local rowcount = {}
for y = 0, H - 1 do rowcount[y] = 0 end
local function idx(x, y) return y * W + x end
local function rec(i, used, pairs)
  if used == K then
    if pairs ~= 1 then return end
    -- the rows left must be empty: the last row, two empty rows in a row
    local y = (i - 1) // W
    if y < H - 1 then return end
    if rowcount[H - 1] == 0 then return end
    local cols = {}
    for j = 1, K do cols[pick[j] % W] = true end
    if not cols[0] or not cols[W - 1] then return end
    for x = 0, W - 2 do if not cols[x] and not cols[x + 1] then return end end
    local cells = {}
    for j = 1, K do cells[j] = { pick[j] % W, pick[j] // W } end
    local r = span.rectangles(cells)
    if #r == 1 and r[1][1] == 0 and r[1][2] == 0 and r[1][3] == W - 1 and r[1][4] == H - 1 then
      -- kept as a string of cell indices (pick is in increasing order)
      local b = {}
      for j = 1, K do b[j] = string.char(pick[j] // 256, pick[j] % 256) end
      configs[#configs + 1] = table.concat(b)
    end
    return
  end
  if i >= W * H then return end
  local x, y = i % W, i // W
  if x == 0 and y > 0 then
    -- row y - 1 is done: the top row has a coin, no two empty rows meet
    if rowcount[y - 1] == 0 and (y - 1 == 0 or rowcount[y - 2] == 0) then return end
  end
  -- enough coins left for the rows below (one in every two)
  if K - used < (H - y) // 2 then return end
  -- a coin here
  local adj = 0
  if x > 0 and occ[idx(x - 1, y)] then adj = adj + 1 end
  if y > 0 and occ[idx(x, y - 1)] then adj = adj + 1 end
  if pairs + adj <= 1 then
    occ[i] = true
    pick[used + 1] = i
    rowcount[y] = rowcount[y] + 1
    rec(i + 1, used + 1, pairs + adj)
    rowcount[y] = rowcount[y] - 1
    occ[i] = nil
  end
  -- no coin here
  if W * H - i - 1 >= K - used then rec(i + 1, used, pairs) end
end
rec(0, 0, 0)
local listed = clock() - t0
-- }===

-- {=== classes: union-find over pushes
local function cells_of(key)
  local cells = {}
  for j = 1, #key, 2 do
    local hi, lo = key:byte(j, j + 1)
    local v = hi * 256 + lo
    cells[#cells + 1] = { v % W, v // W }
  end
  return cells
end
local function key_of(cells)
  local t = {}
  for j, c in ipairs(cells) do t[j] = idx(c[1], c[2]) end
  table.sort(t)
  local b = {}
  for j, v in ipairs(t) do b[j] = string.char(v // 256, v % 256) end
  return table.concat(b)
end
local id = {}
for n, key in ipairs(configs) do id[key] = n end
local parent = {}
for n = 1, #configs do parent[n] = n end
local function find(a)
  while parent[a] ~= a do parent[a] = parent[parent[a]]; a = parent[a] end
  return a
end
local D4 = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
for n, key in ipairs(configs) do
  local cells = cells_of(key)
  local set = {}
  for _, c in ipairs(cells) do set[idx(c[1], c[2])] = true end
  local function has(x, y) return x >= 0 and x < W and y >= 0 and y < H and set[idx(x, y)] end
  for j, c in ipairs(cells) do
    for _, d in ipairs(D4) do
      local px, py = c[1] + d[1], c[2] + d[2]
      if px >= 0 and px < W and py >= 0 and py < H and not has(px, py) then
        -- another coin beside the target
        local backed = false
        for _, e in ipairs(D4) do
          local qx, qy = px + e[1], py + e[2]
          if not (qx == c[1] and qy == c[2]) and has(qx, qy) then backed = true end
        end
        if backed then
          local moved = {}
          for k2, q in ipairs(cells) do moved[k2] = q end
          moved[j] = { px, py }
          local m = id[key_of(moved)]
          if m then parent[find(m)] = find(n) end
        end
      end
    end
  end
end
-- }===

-- {=== signatures and the statements
local function cells_key(list)
  local t = {}
  for j, c in ipairs(list) do t[j] = table.concat(c, ",") end
  table.sort(t)
  return table.concat(t, ";")
end
local function inside_any(rects, c)
  for _, r in ipairs(rects) do
    if c[1] >= r[1] and c[1] <= r[3] and c[2] >= r[2] and c[2] <= r[4] then return true end
  end
  return false
end
-- a signature's 64-bit FNV-1a hash as the key of the maps (a collision,
-- unlikely at these counts, could only hide a break, never invent one:
-- every break is printed with its witness)
local function hash(str)
  local h = -3750763034362895579
  for j = 1, #str do
    h = (h ~ str:byte(j)) * 1099511628211
  end
  return h
end
local nclasses, prop335, thm338 = 0, 0, 0
local class_f, class_t, f_class, t_class, conn_f = {}, {}, {}, {}, {}
local if_broken, onlyif_broken, witness = {}, {}, nil
for n, key in ipairs(configs) do
  local cells = cells_of(key)
  local c = find(n)
  local f = hash(cells_key(assert(chains.leaves(cells))))
  local ft, rt = chains.tilde(cells)
  local out = {}
  for _, q in ipairs(cells) do if not inside_any(rt, q) then out[#out + 1] = q end end
  local t = hash(cells_key(ft) .. "|" .. cells_key(rt) .. "|" .. cells_key(out))
  if class_f[c] == nil then
    nclasses = nclasses + 1
    class_f[c], class_t[c] = { f, n }, { t, n }
  else
    -- Prop 3.35: one class, two F
    if class_f[c][1] ~= f then prop335 = prop335 + 1 end
    if class_t[c][1] ~= t then
      onlyif_broken[c] = true
      witness = witness or { "only if", class_t[c][2], n }
    end
  end
  if t_class[t] == nil then t_class[t] = { c, n }
  elseif t_class[t][1] ~= c then
    if_broken[t] = true
    witness = witness or { "if", t_class[t][2], n }
  end
  -- Thm 3.38: the class of a 2-connected configuration holds its F
  if chains.connected(cells) and conn_f[f] == nil then conn_f[f] = c end
  if f_class[f] == nil then f_class[f] = {} end
  f_class[f][c] = true
end
-- every class with the F of a 2-connected configuration is that one's
-- (two 2-connected ones in two classes count here too)
for f, c in pairs(conn_f) do
  for other in pairs(f_class[f]) do if other ~= c then thm338 = thm338 + 1 end end
end
local function count(t) local k = 0 for _ in pairs(t) do k = k + 1 end return k end
local nsig = count(t_class)
-- }===

print(string.format("| %d x %d | %d | %d | %d | %d | %d | %d | %d | %.1f s (listing %.1f s) |",
  W, H, #configs, nclasses, nsig, prop335, thm338, count(if_broken),
  count(onlyif_broken), clock() - t0, listed))
if witness then
  local function art(cells)
    local rows = {}
    for y = 0, H - 1 do
      local r = {}
      for x = 0, W - 1 do r[x + 1] = "." end
      rows[y + 1] = r
    end
    for _, c in ipairs(cells) do rows[c[2] + 1][c[1] + 1] = "o" end
    local out = {}
    for y = 1, H do out[y] = table.concat(rows[y]) end
    return table.concat(out, "\n")
  end
  print(string.format("first break (%s): %s classes %d and %d", witness[1],
    witness[1] == "if" and "one signature," or "one class, two signatures;",
    find(witness[2]), find(witness[3])))
  print(art(cells_of(configs[witness[2]])))
  print("--")
  print(art(cells_of(configs[witness[3]])))
end
