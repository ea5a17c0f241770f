--[[
penny.square.labelled -- step [3] of the thesis's Theorem 3.16 on the
square grid: at a configuration M (the canonical 'L's and the extra coins
dropped beside them) put the coin with the right label on every cell.

  labelled.permute{
    cells = { {x, y}, ... },    the span's cells; M's coins are among them
    coin = { [i] = id },        the coin on cell i (ids are any values)
    label = { [id] = label },   each coin's label (equal labels: a colour)
    want = { [i] = label },     the label each occupied cell must end with
    blue = { [i] = true },      the cells of the 'L's (the others are red)
    ends = { [i] = true },      their ends (each 'L' has two, at opposite
                                corners of its rectangle)
    pinned = { [i] = true },    cells whose coin never changes
    ends_first = bool,          the ends of the 'L's before the others
    limit = n, tick = f,        states per window search; called every
                                64 states expanded (the solver's limits)
    partial = bool,             a cell no swap reaches keeps its coin
  } -> moves { { from = {x, y}, to = {x, y} }, ... }, swaps, missed (the
       cells left with a coin of another label) or nil, reason

  labelled.solve(a, b, first, second, info, tick [, partial]) -> moves,
    info | nil, reason: the whole labelled solution around the unlabelled
    route of penny.square_solver (its G' actions to the canonical
    configuration and on), below; partial: moves to B's cells with as
    few labels wrong as it found (info.missed of them)

The figures of Props 3.12-3.15 (the swaps) are lost.  Each swap is found
instead by a search of the labelled coin game in a small
window: the cells around the target cell q, around the cell of the coin d
that must come to q, the cells of the two nearest coins still to be
placed (helpers) and two free cells with two neighbours (parking); coins
outside the window stay where they are and count as neighbours.  Moves
are the coin game's (a coin to a free cell of the window with two
neighbours besides itself), so distant cells of the window are one jump
apart.  The goal: d on q, every coin already placed back on its cell,
the window's cells occupied as before; the coins not yet placed may end
on any of the other occupied cells.  They are not told apart in a state,
so the goal is one state, and the search runs from both ends
(penny.bfs.bidir): a swap of 11 moves that stored 300,000 states one way
stores a few thousand.  The
cells are placed in order, the 'L's first; the window grows (radius 1,
then 2, first with the placed coins held still, then free to move and
come back) when the smaller one has no answer.  Placed cells never move
for good, so the permutation is done in at most one swap per cell.  The
caller replays the whole solution.
]]

local error, ipairs, pairs, require, tostring, format, string_char, string_pack,
  table_sort, table_unpack, math, math_abs, math_max =
  error, ipairs, pairs, require, tostring, string.format, string.char, string.pack,
  table.sort, table.unpack, math, math.abs, math.max

local _ENV = nil

local M = {}

local Board = require "penny.board"
local Config = require "penny.config"
local core = require "penny.core"
local takedrop = require "penny.square.window"
local bfs = require "penny.bfs"
local sq = require "penny.square"

local SHIFT = 1 << 24
local function key(x, y) return x * SHIFT + y end

local LIMIT = 60000          -- states per window search
-- the windows tried in turn: radius, placed coins frozen (outside it)
local TRIES = { { 1, true }, { 2, true }, { 1, false }, { 2, false },
                { 3, true } }
local HELPERS, PARKING = 2, 2
local RELAY = 3                -- farthest hop of a relay (king steps)
local SCAFFOLD_LIMIT = 100000  -- states of the scaffold's search

local function dist(a, b)
  return math_max(math_abs(a[1] - b[1]), math_abs(a[2] - b[2]))
end

function M.permute(t)
  local cells, label, want = t.cells, t.label, t.want
  local blue, pinned, ends = t.blue or {}, t.pinned or {}, t.ends or {}
  local limit, tick = t.limit or LIMIT, t.tick
  local n = #cells
  local idx = {}
  for i, c in ipairs(cells) do idx[key(c[1], c[2])] = i end
  local nbr = {}
  for i, c in ipairs(cells) do
    local l = {}
    for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      local j = idx[key(c[1] + d[1], c[2] + d[2])]
      if j then l[#l + 1] = j end
    end
    nbr[i] = l
  end
  local occ, pos = {}, {}
  for i, id in pairs(t.coin) do occ[i] = id; pos[id] = i end
  local moves = {}
  local function count(k, except)
    local c = 0
    for _, j in ipairs(nbr[k]) do if occ[j] ~= nil and j ~= except then c = c + 1 end end
    return c
  end
  local function apply(i, k)
    if occ[i] == nil or occ[k] ~= nil or count(k, i) < 2 then
      error("penny bug: an illegal move in a labelled swap")
    end
    local id = occ[i]
    occ[k], occ[i], pos[id] = id, nil, k
    moves[#moves + 1] = { from = { cells[i][1], cells[i][2] },
                          to = { cells[k][1], cells[k][2] } }
  end

  local done = {}
  for i in pairs(pinned) do
    if occ[i] == nil or label[occ[i]] ~= want[i] then
      return nil, format("the pinned cell (%d,%d) would need another coin",
        cells[i][1], cells[i][2])
    end
    done[i] = true
  end

  -- the window search: cells W (indices into cells), d to end on q;
  -- returns the moves (pairs of cell indices) or nil
  local function search(W, q, d)
    local w = #W
    local at = {}
    for j, i in ipairs(W) do at[i] = j end
    local wn, outer = {}, {}
    for j, i in ipairs(W) do
      local l, o = {}, 0
      for _, k in ipairs(nbr[i]) do
        if at[k] then l[#l + 1] = at[k] elseif occ[k] ~= nil then o = o + 1 end
      end
      wn[j], outer[j] = l, o
    end
    -- tracked coins: d first, then the placed coins of the window
    local track, home = { d }, { at[q] }
    local start_pos, any, full = { at[pos[d]] }, 0, 0
    for j, i in ipairs(W) do
      if occ[i] ~= nil then
        full = full | 1 << (j - 1)
        if done[i] then
          track[#track + 1] = occ[i]; home[#home + 1] = j
          start_pos[#start_pos + 1] = j
        elseif occ[i] ~= d then
          any = any | 1 << (j - 1)
        end
      end
    end
    local s = #track
    local function enc(p, m) return string_char(table_unpack(p, 1, s)) .. string_pack("j", m) end
    -- the one goal: the tracked coins home, the others on the rest of the
    -- cells that held coins
    local goal_m = full
    for k = 1, s do goal_m = goal_m & ~(1 << (home[k] - 1)) end
    local function occupied(p, m)
      local o, who = m, {}
      for k = 1, s do o = o | 1 << (p[k] - 1); who[p[k]] = k end
      return o, who
    end
    -- the coin on j moved to x (or back: on x moved to j), as a state
    local function moved(p, m, who, j, x)
      local k = who[j]
      if not k then return p, (m & ~(1 << (j - 1))) | 1 << (x - 1) end
      local p2 = {}
      for z = 1, s do p2[z] = p[z] end
      p2[k] = x
      return p2, m
    end
    local function neighbours(o, x, except)
      local c = outer[x]
      for _, y in ipairs(wn[x]) do
        if y ~= except and o >> (y - 1) & 1 == 1 then c = c + 1 end
      end
      return c
    end
    -- forward: a coin on j to a free x with two neighbours besides j
    local function expand(_, st, emit, known)
      local p, m = st[1], st[2]
      local o, who = occupied(p, m)
      for x = 1, w do
        if o >> (x - 1) & 1 == 0 then
          for j = 1, w do
            if o >> (j - 1) & 1 == 1 and neighbours(o, x, j) >= 2 then
              local p2, m2 = moved(p, m, who, j, x)
              local k2 = enc(p2, m2)
              if not known(k2) and emit(k2, { p2, m2 }, { W[j], W[x] }) then
                return
              end
            end
          end
        end
      end
    end
    -- backward: the coin on x, which has two neighbours, came from a
    -- free j
    local function back(_, st, emit, known)
      local p, m = st[1], st[2]
      local o, who = occupied(p, m)
      for x = 1, w do
        if o >> (x - 1) & 1 == 1 and neighbours(o, x) >= 2 then
          for j = 1, w do
            if o >> (j - 1) & 1 == 0 then
              local p2, m2 = moved(p, m, who, x, j)
              local k2 = enc(p2, m2)
              if not known(k2) and emit(k2, { p2, m2 }, { W[j], W[x] }) then
                return
              end
            end
          end
        end
      end
    end
    -- limits polled by states expanded: each tries every move of the
    -- window, many times the cost of a state stored
    return (bfs.bidir{ start = enc(start_pos, any), data = { start_pos, any },
      to = enc(home, goal_m), to_data = { home, goal_m },
      expand = expand, back = back, limit = limit, tick = tick, poll = 64 })
  end

  -- the window around q for the coin d
  local function window(q, d, r, frozen)
    local W, inw = {}, {}
    local function add(i)
      if i and not inw[i] and not (frozen and done[i]) then inw[i] = true; W[#W + 1] = i end
    end
    local cq, cd = cells[q], cells[pos[d]]
    for _, c in ipairs{ cq, cd } do
      for dx = -r, r do
        for dy = -r, r do add(idx[key(c[1] + dx, c[2] + dy)]) end
      end
    end
    -- helpers (coins not yet placed, those on red cells first) and
    -- parking, nearest to q first
    local helpers, parking = {}, {}
    for i = 1, n do
      if not inw[i] then
        if occ[i] ~= nil and not done[i] then helpers[#helpers + 1] = i
        elseif occ[i] == nil and count(i) >= 2 then parking[#parking + 1] = i end
      end
    end
    local function near(a, b)
      local da, db = dist(cells[a], cq), dist(cells[b], cq)
      if da ~= db then return da < db end
      return a < b
    end
    -- the extra coins (on red cells) first: they can leave their cells
    table_sort(helpers, function(a, b)
      local ra, rb = blue[a] and 1 or 0, blue[b] and 1 or 0
      if ra ~= rb then return ra < rb end
      return near(a, b)
    end)
    table_sort(parking, near)
    for k = 1, HELPERS do add(helpers[k]) end
    for k = 1, PARKING do add(parking[k]) end
    return W
  end

  --[[
  A scaffold (the thesis's, for the ends of the 'L's): a search of the
  reversible take/drop game on the whole span (penny.square.window) for
  contents in which every neighbour of q holds a coin, the coins on
  placed cells and on q never taken, nothing left in hand; played as
  moves (CLEAN), then the swap in the small window, then the scaffold
  backwards.  The coins it moves are not placed yet, so any may end
  anywhere among the cells it used.
  ]]
  local board = Board.new("square")
  local function play(acts)
    local list, pts = {}, {}
    for _, a in ipairs(acts) do list[#list + 1] = { a[1], { cells[a[2]][1], cells[a[2]][2] } } end
    for i in pairs(occ) do pts[#pts + 1] = cells[i] end
    local mv = core.clean(Config.new(board, pts), list):totable()
    -- checked on a copy first: a fault is a failure, not a broken state
    local copy = {}
    for i, id in pairs(occ) do copy[i] = id end
    for _, m in ipairs(mv) do
      local i, k = idx[key(m.from[1], m.from[2])], idx[key(m.to[1], m.to[2])]
      if not i or not k or copy[i] == nil or copy[k] ~= nil then return false end
      local c = 0
      for _, j in ipairs(nbr[k]) do if copy[j] ~= nil and j ~= i then c = c + 1 end end
      if c < 2 then return false end
      copy[k], copy[i] = copy[i], nil
    end
    for _, m in ipairs(mv) do
      apply(idx[key(m.from[1], m.from[2])], idx[key(m.to[1], m.to[2])])
    end
    return true
  end
  -- the span's cells nearest q (a square around it) up to the take/drop
  -- search's 62 cells: the whole span when it is that small
  local function around(q)
    local W
    for r = 1, n do
      local V = {}
      for i = 1, n do if dist(cells[i], cells[q]) <= r then V[#V + 1] = i end end
      if #V > 62 then break end
      W = V
      if #V == n then break end
    end
    return W
  end
  local function scaffolded(q, d, probe)
    local W = around(q)
    local at = {}
    for j, i in ipairs(W) do at[i] = j end
    local sub, outer = {}, {}
    local from, fixed, need, total = 0, 0, 0, 0
    for j, i in ipairs(W) do
      local bit = 1 << (j - 1)
      sub[j] = cells[i]
      if occ[i] ~= nil then from = from | bit; total = total + 1 end
      if (done[i] and not probe) or i == q then fixed = fixed | bit end
      local o = 0
      for _, k in ipairs(nbr[i]) do if not at[k] and occ[k] ~= nil then o = o + 1 end end
      outer[j] = o
    end
    for _, k in ipairs(nbr[q]) do need = need | 1 << (at[k] - 1) end
    local function full(m)
      local k = 0
      while m ~= 0 do m = m & (m - 1); k = k + 1 end
      return k == total
    end
    -- the probe plays the coin game itself (a take, then a drop), so
    -- "none" means no sequence of moves fills both neighbours
    local acts, why = takedrop.search{ cells = sub, outer = outer, from = from,
      hand = 0, reversible = not probe, max_hand = probe and 1 or nil,
      fixed = fixed, limit = SCAFFOLD_LIMIT, tick = tick,
      goal = function(m) return m & need == need and full(m) end }
    if probe then return why ~= "none" end
    if not acts or #acts == 0 then return nil end
    for _, a in ipairs(acts) do a[2] = W[a[2]] end
    if not play(acts) then return nil end
    -- the same actions backwards: the scaffold taken down
    local back = {}
    for k = #acts, 1, -1 do
      back[#back + 1] = { acts[k][1] == "take" and "drop" or "take", acts[k][2] }
    end
    local path = search(window(q, d, 1, true), q, d)
      or search(window(q, d, 2, true), q, d)
    if not path then
      if not play(back) then error("penny bug: a scaffold could not be taken down") end
      return nil
    end
    for _, mv in ipairs(path) do apply(mv[1], mv[2]) end
    if not play(back) then error("penny bug: a scaffold could not be taken down") end
    return {}
  end

  -- the cells in order: the 'L's, then the others; each gets its coin
  local order = {}
  for i = 1, n do if occ[i] ~= nil and not done[i] then order[#order + 1] = i end end
  -- the ends of the 'L's come after the other blue cells: when their
  -- turn comes most coins are placed and held still, so a window large
  -- enough for a scaffold stays small in states (or first: then the
  -- scaffold is free to use every coin)
  local function rank(i)
    if not blue[i] then return 2 end
    if not ends[i] then return 0 end
    return t.ends_first and -1 or 1
  end
  table_sort(order, function(a, b)
    local ra, rb = rank(a), rank(b)
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  local swaps, retried = 0, {}
  --[[
  A corner end of an 'L' takes a new coin only while both its neighbours
  in the span hold coins (a coin moving in from one of them leaves it
  empty).  When no sequence of coin moves in the window around q, every
  coin but q's free to move, fills both (the search tried every
  contents), no swap onto q is tried at all: in a sparse span that
  spares a long series of window searches that cannot succeed.
  ]]
  local hopeless = {}
  local function scaffoldable(q)
    if hopeless[q] == nil then hopeless[q] = not scaffolded(q, nil, true) end
    return not hopeless[q]
  end
  -- d onto q by the smallest window that works, else by a scaffold;
  -- true when done (the moves applied)
  local function swap(q, d)
    -- an end of an 'L' is refilled only beside a scaffold: after the
    -- smallest window, build one before the larger windows (cheaper)
    local scaffold_first = ends[q]
    for k, try in ipairs(TRIES) do
      if k == 2 and scaffold_first and scaffolded(q, d) then return true end
      local path = search(window(q, d, try[1], try[2]), q, d)
      if path then
        for _, mv in ipairs(path) do apply(mv[1], mv[2]) end
        return true
      end
    end
    return not scaffold_first and scaffolded(q, d) ~= nil
  end
  -- the coins not yet placed that could stand in for d on its cell:
  -- those on red cells, nearest to d first
  local function movers(d)
    local list = {}
    for id, i in pairs(pos) do
      if id ~= d and not done[i] and not blue[i] then list[#list + 1] = id end
    end
    local at = cells[pos[d]]
    table_sort(list, function(x, y)
      local dx, dy = dist(cells[pos[x]], at), dist(cells[pos[y]], at)
      if dx ~= dy then return dx < dy end
      return pos[x] < pos[y]
    end)
    return list
  end
  --[[
  A relay, for d far from q in a sparse span (the windows around q and d
  then share no support): d is swapped onto a cell not yet placed that
  is nearer to q (its coin may end anywhere, like every coin not
  placed), the nearest such cell to d first, until the swap onto q
  succeeds or no cell brings d nearer.
  ]]
  local function relay(q, d)
    while true do
      local here = pos[d]
      local dq = dist(cells[here], cells[q])
      local hops = {}
      for i = 1, n do
        if occ[i] ~= nil and not done[i] and i ~= q and i ~= here and not ends[i]
           and dist(cells[i], cells[q]) < dq and dist(cells[i], cells[here]) <= RELAY then
          hops[#hops + 1] = i
        end
      end
      table_sort(hops, function(a, b)
        local da, db = dist(cells[a], cells[here]), dist(cells[b], cells[here])
        if da ~= db then return da < db end
        da, db = dist(cells[a], cells[q]), dist(cells[b], cells[q])
        if da ~= db then return da < db end
        return a < b
      end)
      local hopped = false
      for _, i in ipairs(hops) do
        for _, try in ipairs(TRIES) do
          local path = search(window(i, d, try[1], try[2]), i, d)
          if path then
            for _, mv in ipairs(path) do apply(mv[1], mv[2]) end
            hopped = true
            break
          end
        end
        if hopped then break end
      end
      if not hopped then return false end
      swaps = swaps + 1
      if swap(q, d) then return true end
    end
  end

  local k, missed = 1, 0
  while order[k] do
    local q = order[k]
    if label[occ[q]] ~= want[q] then
      -- the nearest coin of the wanted label not yet placed
      local d, best
      for id, i in pairs(pos) do
        if not done[i] and i ~= q and label[id] == want[q] then
          local dd = dist(cells[i], cells[q])
          if not best or dd < best or (dd == best and i < pos[d]) then d, best = id, dd end
        end
      end
      if not d then
        return nil, format("no coin labelled %s is left for (%d,%d)",
          tostring(want[q]), cells[q][1], cells[q][2])
      end
      -- both ends of 'L's: the thesis's Case II swaps an end only with a
      -- coin that is not one, and a window rarely holds two scaffolds
      local both_ends = ends[q] and ends[pos[d]]
      local can = not ends[q] or #nbr[q] > 2 or scaffoldable(q)
      -- partial: only the windows and the scaffold (what is missed is
      -- left to the other way, which has the relays)
      local deep = can and not t.partial
      local ok = can and not both_ends and swap(q, d)
      if not ok and deep and blue[pos[d]] then
        -- d on a blue cell: first a coin not yet placed takes d's cell,
        -- then d comes on from where it went
        for _, h in ipairs(movers(d)) do
          if swap(pos[d], h) then
            swaps = swaps + 1
            ok = swap(q, d)
            break
          end
        end
      end
      if not ok and deep then ok = relay(q, d) end
      if not ok and deep and not retried[q] then
        -- the placed cells around q free again (not the pins), q swapped
        -- with them movable, and they placed again after it
        retried[q] = true
        local freed = {}
        for i in pairs(done) do
          if not pinned[i] and dist(cells[i], cells[q]) <= 2 then freed[#freed + 1] = i end
        end
        table_sort(freed)
        for _, i in ipairs(freed) do done[i] = nil end
        ok = swap(q, d)
        for _, i in ipairs(freed) do order[#order + 1] = i end
      end
      if ok then
        swaps = swaps + 1
      elseif t.partial then
        missed = missed + 1          -- q keeps a coin of another label
      else
        return nil, format("no swap found to bring a coin labelled %s to "
          .. "(%d,%d)", tostring(want[q]), cells[q][1], cells[q][2])
      end
      done[q] = ok or nil
    else
      done[q] = true
    end
    k = k + 1
  end
  return moves, swaps, missed
end

local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }

local function concat(x, y)
  local out = {}
  for _, v in ipairs(x) do out[#out + 1] = v end
  for _, v in ipairs(y) do out[#out + 1] = v end
  return out
end

--[[
solve(a, b, first, second, info, tick): labelled coins (thesis Thm 3.16,
steps [2] to [4]), for penny.square_solver.  first and second are its
route's G' actions, (A, 0) -> (K, info.hand) and on to (B, 0).  At K, the coins in
hand are dropped on free cells of the span with two neighbours (the
first in the order of y, then x, or the reverse: M), the labels are put
right there (penny.square.labelled), and the drops are taken back in
reverse order.
Each half, (A, 0) -> (M, 0) and (M, 0) -> (B, 0), is turned into moves
by CLEAN on its own; which coin must stand where in M is read off the
second half's moves backwards from B.
]]
-- the cells whose coin never changes (those theorem316 names), by index
local function pins(a, span, has)
  local rects = sq.rectangles(a)
  local need, even = 0, true
  for _, r in ipairs(rects) do
    need = need + sq.min_cardinality(r[3], r[4])
    if (r[3] + r[4]) % 2 ~= 0 then even = false end
  end
  local at, pinned = {}, {}
  for i, c in ipairs(span) do at[key(c[1], c[2])] = i end
  for _, r in ipairs(rects) do
    if r[3] == 1 or r[4] == 1 then
      pinned[at[key(r[1], r[2])]] = true
      pinned[at[key(r[1] + r[3] - 1, r[2] + r[4] - 1)]] = true
    end
    if #a == need + 2 and even and r[3] * r[4] == 5 and (r[3] == 1 or r[4] == 1) then
      local i = at[key(r[1] + r[3] // 2, r[2] + r[4] // 2)]
      if has[i] then pinned[i] = true end
    end
  end
  return pinned
end

-- the ways tried in turn: the order of the cells for the drops (that
-- of y then x, or its reverse) and whether the ends of the 'L's get
-- their coins last or first
local LABEL_TRIES = { { 1, false }, { -1, false }, { 1, true }, { -1, true } }

-- the ends of the canonical 'L's of a's span, by index into span: the
-- bottom left and top right corners of each rectangle (sq.canonical_L's
-- path runs from one to the other, and both carry a coin)
local function ends_of(a, span)
  local at, ends = {}, {}
  for i, c in ipairs(span) do at[key(c[1], c[2])] = i end
  for _, r in ipairs(sq.rectangles(a)) do
    ends[at[key(r[1], r[2])]] = true
    ends[at[key(r[1] + r[3] - 1, r[2] + r[4] - 1)]] = true
  end
  return ends
end

-- drops (at most hand) on the span's free cells, each on a cell with two
-- occupied neighbours, after which every neighbour of e in the span is
-- occupied: greedily the legal cell nearest to e (a scaffold grows from
-- the rest of the 'L' along its side, as the thesis's does); nil when the
-- hand does not last
local function scaffold(e, span, set, hand)
  local function nbs(c)
    local k = 0
    for _, d in ipairs(DIRS) do if set[key(c[1] + d[1], c[2] + d[2])] then k = k + 1 end end
    return k
  end
  local inspan = {}
  for _, c in ipairs(span) do inspan[key(c[1], c[2])] = true end
  local function done()
    for _, d in ipairs(DIRS) do
      local k = key(e[1] + d[1], e[2] + d[2])
      if inspan[k] and not set[k] then return false end
    end
    return true
  end
  local plan, added = {}, {}
  while not done() do
    if #plan >= hand then
      for _, c in ipairs(added) do set[key(c[1], c[2])] = nil end
      return nil
    end
    local best, bd
    for _, c in ipairs(span) do
      if not set[key(c[1], c[2])] and nbs(c) >= 2 then
        local dd = math.abs(c[1] - e[1]) + math.abs(c[2] - e[2])
        if not bd or dd < bd then best, bd = c, dd end
      end
    end
    if not best then
      for _, c in ipairs(added) do set[key(c[1], c[2])] = nil end
      return nil
    end
    set[key(best[1], best[2])] = true
    added[#added + 1] = best
    plan[#plan + 1] = best
  end
  for _, c in ipairs(added) do set[key(c[1], c[2])] = nil end
  return plan
end

-- one try: the moves, or nil and why
local function labelled_try(a, b, first, second, info, span, set0, way, tick, partial)
  local ends = ends_of(b, span)
  local set = {}
  for k, v in pairs(set0) do set[k] = v end
  local blue = {}
  for i, c in ipairs(span) do if set[key(c[1], c[2])] then blue[i] = true end end
  local function nbs(c)
    local k = 0
    for _, d in ipairs(DIRS) do if set[key(c[1] + d[1], c[2] + d[2])] then k = k + 1 end end
    return k
  end
  local drops = {}
  -- first a scaffold at each end of an 'L', while the hand lasts: the
  -- fewest drops that occupy every neighbour of the end in the span, so
  -- that its coin can later be replaced by a single move
  for i, c in ipairs(span) do
    if ends[i] and info.hand - #drops >= 2 then
      local plan = scaffold(c, span, set, info.hand - #drops)
      for _, d in ipairs(plan or {}) do
        set[key(d[1], d[2])] = true
        drops[#drops + 1] = { "drop", { d[1], d[2] } }
      end
    end
  end
  while #drops < info.hand do
    local found
    local lo, hi = 1, #span
    if way[1] < 0 then lo, hi = hi, lo end
    for i = lo, hi, way[1] do
      local c = span[i]
      if not set[key(c[1], c[2])] and nbs(c) >= 2 then found = c; break end
    end
    if not found then return nil, "internal: no cell to drop a coin on" end
    set[key(found[1], found[2])] = true
    drops[#drops + 1] = { "drop", { found[1], found[2] } }
  end
  local takes = {}
  for i = #drops, 1, -1 do takes[#takes + 1] = { "take", drops[i][2] } end
  local moves1 = core.clean(a, concat(first, drops))
  local ok1, m = a:check(moves1)
  if not ok1 then return nil, "internal: the first half does not replay" end
  local moves2 = core.clean(m, concat(takes, second))
  -- the cell of M each coin of B comes from, by the second half's moves
  local tok = {}
  for i, c in ipairs(span) do if m:has(c) then tok[key(c[1], c[2])] = i end end
  for _, mv in ipairs(moves2:totable()) do
    local f, t = key(mv.from[1], mv.from[2]), key(mv.to[1], mv.to[2])
    tok[t], tok[f] = tok[f], nil
  end
  local want = {}
  for _, c in ipairs(b:coins()) do
    local i = tok[key(c[1], c[2])]
    if not i then return nil, "internal: the second half does not reach B" end
    want[i] = c.label or 0
  end
  local coin, label = {}, {}
  for i, c in ipairs(span) do
    if m:has(c) then coin[i] = i; label[i] = m:label(c) or 0 end
  end
  local perm, swaps, missed = M.permute{ cells = span, coin = coin, label = label,
    want = want, blue = blue, ends = ends, pinned = pins(b, span, coin), tick = tick,
    ends_first = way[2], partial = partial }
  if not perm then return nil, swaps end
  local moves = concat(moves1:totable(), perm)
  moves = concat(moves, moves2:totable())
  info.actions = #first + #second + 2 * #drops
  info.swaps, info.swap_moves, info.missed = swaps, #perm, missed
  return moves, info
end

-- the same labels, as many times each
local function same_labels(a, b)
  local count = {}
  for _, c in ipairs(a:coins()) do count[c.label or 0] = (count[c.label or 0] or 0) + 1 end
  for _, c in ipairs(b:coins()) do count[c.label or 0] = (count[c.label or 0] or 0) - 1 end
  for _, k in pairs(count) do if k ~= 0 then return false end end
  return true
end

function M.solve(a, b, first, second, info, tick, partial)
  local ok, why = sq.theorem316(a, b)
  if ok == nil and a:span(2) ~= b:span(2) then
    -- two spans: the route shrinks A's 'L's into B's rectangles, so the
    -- 'L's at step [3] are span(B)'s and Thm 3.16's exceptions are read
    -- there (theorem316(B, B)); whether the permutation wanted at M
    -- leaves the pins alone is known only then (the thesis states the
    -- theorem along the route), and a pin to change is a miss, not a
    -- proof: another route may put the right coin there
    ok, why = sq.theorem316(b, b)
    if ok and not same_labels(a, b) then
      ok, why = false, "A and B do not carry the same labels"
    end
  end
  if not ok then
    return nil, "labelled coins: " .. (why or "Thm 3.16 does not apply")
  end
  -- the cells of the 'L's at M and of the drops beside them
  local span = b:span(2):positions()
  table_sort(span, function(p, q)
    if p[2] ~= q[2] then return p[2] < q[2] end
    return p[1] < q[1]
  end)
  -- K: the board after the first half
  local set = {}
  for _, c in ipairs(a:positions()) do set[key(c[1], c[2])] = true end
  for _, x in ipairs(first) do
    set[key(x[2][1], x[2][2])] = x[1] == "drop" or nil
  end
  local last, best, fewest
  for _, way in ipairs(LABEL_TRIES) do
    local moves, res = labelled_try(a, b, first, second, info, span, set, way,
      tick, partial)
    if moves and res.missed == 0 then return moves, res end
    if moves and (not fewest or res.missed < fewest) then
      best, fewest = moves, res.missed
    end
    -- partial: the first way that goes through (the other ways keep the
    -- same ends, and what is missed is left to the mirror image)
    if moves then break end
    last = res
  end
  if best then
    info.missed = fewest
    return best, info
  end
  return nil, "labelled coins: " .. last
end


return M
