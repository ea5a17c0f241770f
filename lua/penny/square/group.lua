--[[
penny.square.group -- the group of label permutations that the coin game
reaches on the square grid when a configuration's shape returns to itself
(thesis Section 3.2.3 asks which; Theorem 3.16 answers for most).

  local group = require "penny.square.group"
  local g, info = group.of(cfg [, opts])
    -- g: a penny.perm group on the coins 1..N of cfg, in the order of
    --    cfg:positions(): p is in g when the coins can be moved so that
    --    coin i stands where coin p[i] stood
    -- info = { states = configurations reached from cfg, cycle = those
    --    of them that reach cfg again, complete = true when both
    --    searches ended (or the group met opts.most) }
  opts: max_states (default 10^6), most (stop when the order reaches it)
  group.predicted(cfg) -> { fixed = { coin indices }, why = { text } }
    -- the coins that Prop 3.11 (ends of line components) and Prop 3.31
    -- (centres of 1 x 5 components, minimum + 2 and all even) pin

Why the search is exact: a move puts a coin on a cell with two
neighbours, so the span never grows; a walk back to cfg therefore never
leaves span(cfg) and never makes it smaller.  A move need not be
reversible, so two breadth-first searches run over the configurations of
span(cfg): forward from cfg (a tree of paths cfg -> m, with the labelling
each carries) and backward (paths m -> cfg).  The configurations in both
are those on closed walks at cfg.  Each of their moves m -> m2 closes a
walk cfg -> m -> m2 -> cfg, and each m the walk cfg -> m -> cfg; every
closed walk is a product of these and of inverses of the second kind
(Schreier's argument, with a path and its way back in place of a tree
path and its reverse), and in a finite group the closed walks'
permutations form a group, so these generate it.
]]

local error, ipairs, pairs, require = error, ipairs, pairs, require

local _ENV = nil

local M = {}

local Config = require "penny.config"
local errors = require "penny.errors"
local perm = require "penny.perm"
local sq = require "penny.square"

local SHIFT = 1 << 24
local function key(x, y) return x * SHIFT + y end

local function check(cfg, level)
  if not Config.is_config(cfg) or cfg:board():kind() ~= "square" then
    error("penny.square.group: a Config on a square board", level + 1)
  end
end

function M.of(cfg, opts)
  check(cfg, 2)
  opts = opts or {}
  local max_states = opts.max_states or 1000000
  local most = opts.most
  local coins = cfg:positions()
  local n = #coins
  local g = perm.group(n)
  if n == 0 then return g, { states = 1, complete = true } end
  local cells = cfg:span(2):positions()
  local nc = #cells
  if nc > 62 then
    error("penny.square.group: span(cfg) has " .. nc .. " cells; at most 62", 2)
  end
  local idx = {}
  for i, c in ipairs(cells) do idx[key(c[1], c[2])] = i - 1 end
  local nb = {}
  for i, c in ipairs(cells) do
    local m = 0
    for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      local j = idx[key(c[1] + d[1], c[2] + d[2])]
      if j then m = m | 1 << j end
    end
    nb[i - 1] = m
  end
  local full = nc == 64 and -1 or (1 << nc) - 1
  local function whole_span(m)
    local s = m
    repeat
      local grew = false
      for i = 0, nc - 1 do
        local b = 1 << i
        if s & b == 0 then
          local t = s & nb[i]
          if t ~= 0 and t & (t - 1) ~= 0 then s = s | b; grew = true end
        end
      end
    until not grew
    return s == full
  end
  local start, f0 = 0, {}
  for k, c in ipairs(coins) do
    local i = idx[key(c[1], c[2])]
    start = start | 1 << i
    f0[k] = i
  end
  local lost = {}
  local function keeps(m)
    if lost[m] then return false end
    if whole_span(m) then return true end
    lost[m] = true
    return false
  end
  -- the moves out of m (forward) or into m (backward), as (coin's cell
  -- i, its other cell j, the other configuration); a move i -> j is legal
  -- when j has two neighbours besides the mover, so the move j -> i into
  -- m is when i has two in m without j
  local function each(m, backward, fn)
    for i = 0, nc - 1 do
      if m >> i & 1 == 1 then
        local rest = m & ~(1 << i)
        for j = 0, nc - 1 do
          if rest >> j & 1 == 0 and j ~= i then
            local t = rest & nb[backward and i or j]
            if t & (t - 1) ~= 0 then fn(i, j, rest | 1 << j) end
          end
        end
      end
    end
  end
  -- out[m][label]: the cell of each coin after the forward tree's path
  -- from cfg to m; back[m][label]: the labelling of m that the backward
  -- tree's path from m to cfg carries to cfg's own
  local function bfs(backward)
    local tree = { [start] = f0 }
    local queue, head, count = { start }, 1, 1
    local cut = false
    while queue[head] do
      if count >= max_states then cut = true; break end
      local m = queue[head]; head = head + 1
      local f = tree[m]
      local at = {}
      for k = 1, n do at[f[k]] = k end
      each(m, backward, function(i, j, m2)
        if tree[m2] == nil and keeps(m2) then
          local f2 = {}
          for k = 1, n do f2[k] = f[k] end
          f2[at[i]] = j
          tree[m2] = f2
          queue[#queue + 1] = m2
          count = count + 1
        end
      end)
    end
    return tree, count, cut
  end
  local out, nout, cut1 = bfs(false)
  local back, _, cut2 = bfs(true)
  local complete = not (cut1 or cut2)
  -- the loops: cfg -> m (forward tree), one move m -> m2, m2 -> cfg
  -- (backward tree); and cfg -> m -> cfg.  In a finite group the closed
  -- walks' permutations form a group, and these generate it.  The group
  -- moves the coins its generators move (supp); once it is the whole
  -- symmetric group on them, a loop that moves no other coin is in it,
  -- which spares the sift of most loops
  local supp, nsupp, whole = {}, 0, false
  local inv = {}                  -- back[m2] inverted, made once
  local function loop(f, m2)
    local at = inv[m2]
    if not at then
      at = {}
      for k, cell in ipairs(back[m2]) do at[cell] = k end
      inv[m2] = at
    end
    local p, moved, outside = {}, false, false
    for k = 1, n do
      p[k] = at[f[k]]
      if p[k] ~= k then
        moved = true
        if not supp[k] then outside = true end
      end
    end
    if not moved or (whole and not outside) or g:contains(p) then return end
    g:add(p)
    for k = 1, n do
      if p[k] ~= k and not supp[k] then supp[k] = true; nsupp = nsupp + 1 end
    end
    whole = g:order() == perm.symmetric_order(nsupp)
  end
  local scc = 0
  for m in pairs(out) do if back[m] then scc = scc + 1 end end
  for m, f in pairs(out) do
    if back[m] then
      -- the whole symmetric group on all n coins cannot grow
      if (most and g:order() >= most) or (whole and nsupp == n) then break end
      loop(f, m)
      local at = {}
      for k = 1, n do at[f[k]] = k end
      each(m, false, function(i, j, m2)
        if back[m2] and out[m2] then
          local f2 = {}
          for k = 1, n do f2[k] = f[k] end
          f2[at[i]] = j
          loop(f2, m2)
        end
      end)
    end
  end
  if most and g:order() >= most then complete = true end
  return g, { states = nout, cycle = scc, complete = complete }
end

-- the coins whose place the theory pins (the upper bound it proves)
function M.predicted(cfg)
  check(cfg, 2)
  local coins = cfg:positions()
  local at = {}
  for k, c in ipairs(coins) do at[key(c[1], c[2])] = k end
  local rects = sq.rectangles(cfg)
  local fixed, why = {}, {}
  local need, even = 0, true
  for _, r in ipairs(rects) do
    need = need + sq.min_cardinality(r[3], r[4])
    if (r[3] + r[4]) % 2 ~= 0 then even = false end
  end
  local function pin(x, y, text)
    local k = at[key(x, y)]
    if k and not fixed[k] then fixed[k] = true; why[#why + 1] = text end
  end
  for _, r in ipairs(rects) do
    local x, y, w, h = r[1], r[2], r[3], r[4]
    if w == 1 or h == 1 then
      pin(x, y, "an end of a line component (Prop 3.11)")
      pin(x + w - 1, y + h - 1, "an end of a line component (Prop 3.11)")
    end
  end
  if #coins == need + 2 and even then
    for _, r in ipairs(rects) do
      if r[3] * r[4] == 5 and (r[3] == 1 or r[4] == 1) then
        pin(r[1] + r[3] // 2, r[2] + r[4] // 2,
          "the centre of a 1 x 5 component, minimum + 2, all even (Prop 3.31)")
      end
    end
  end
  local list = {}
  for k = 1, #coins do if fixed[k] then list[#list + 1] = k end end
  return { fixed = list, why = why, extra = #coins - need, even = even }
end

return errors.guard(M)
