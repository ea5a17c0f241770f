--[[
penny.dsl -- puzzle text: ASCII art and coordinate lists, read with LPeg,
and the ASCII renderer.

ASCII art is drawn the way coins lie on the table:

  'o'            a coin
  '.' or '-'     an empty cell of the board ('-' as in Demaine's fonts)
  1-9 a-z A-Z    a labelled coin ('o' excepted); see LABELS below
  ' '            no cell (a hole of a bounded board), or the gap between
                 cells of a triangular/hexagonal row

Line r of the text (0-based) is row y = r; the column c (0-based) gives x:
  square, king, cubic 1-D/2-D:  x = c
  triangular, hexagonal:        x = floor((c - r) / 2); cells of a row sit
                                two columns apart and each row is shifted by
                                half a cell (one column), so every cell of
                                one drawing has the same parity of c - r.
  cubic 3-D:                    layers z = 0, 1, ... separated by a line of
                                '=' characters.
On the hexagonal (honeycomb) board the hexagon centres, the axial points
with (x - y) mod 3 = 2, are not cells: a coin drawn there is an error, a
'.' there is ignored.

Coordinate lists: "(0,0) (1,0) a:(2,3) 12:(4,4)", a label (a character or
a number) and ':' before a position.

Errors read "name:line:col: what was expected".  Where a name is asked
for, {name, line0, col0} says the text starts at line line0 + 1 (and its
first line at column col0 + 1) of a file.
]]

local lpeg = require "lpeg"

local P, S, R, C, Cp, Ct = lpeg.P, lpeg.S, lpeg.R, lpeg.C, lpeg.Cp, lpeg.Ct
local floor, concat, tonumber, error, type = math.floor, table.concat,
  tonumber, error, type
local pairs, ipairs, tostring, format, getmetatable = pairs, ipairs,
  tostring, string.format, getmetatable
local math = math

local _ENV = nil

local M = {}

--{===================================================================
-- Labels

M.LABELS = "123456789abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

local label_of, char_of = {}, {}
for i = 1, #M.LABELS do
  local ch = M.LABELS:sub(i, i)
  label_of[ch] = i
  char_of[i] = ch
end

-- the label of an art character (0 for 'o'), or nil
function M.label_of(ch)
  if ch == "o" then return 0 end
  return label_of[ch]
end

-- the character drawing a coin of this label ('*' beyond the alphabet)
function M.char_of(label)
  if label == 0 or label == nil then return "o" end
  return char_of[label] or "*"
end

--}===================================================================


--{===================================================================
-- Locations and errors

local function linecol(text, pos)
  local line, start = 1, 1
  for i in text:sub(1, pos - 1):gmatch("()\n") do
    line = line + 1
    start = i + 1
  end
  return line, pos - start + 1
end

-- where: name, or {name, line0, col0 [, cut]}: the text starts at line
-- line0 + 1 of a file, its first line at column col0 + 1, and every line
-- had cut columns of indentation taken away
local function place(where, text, pos)
  local line, col = linecol(text, pos)
  if type(where) == "table" then
    if line == 1 then col = col + (where[3] or 0) end
    return where[1], line + (where[2] or 0), col + (where[4] or 0)
  end
  return where, line, col
end

-- place() for positions in increasing order, in one pass over the text
-- (a fresh search from the start for each would be quadratic)
local function placer(where, text)
  local line, start = 1, 1
  local nextnl = text:find("\n", 1, true) or math.huge
  return function(pos)
    while pos > nextnl do
      line, start = line + 1, nextnl + 1
      nextnl = text:find("\n", start, true) or math.huge
    end
    local col = pos - start + 1
    if type(where) == "table" then
      if line == 1 then col = col + (where[3] or 0) end
      return where[1], line + (where[2] or 0), col + (where[4] or 0)
    end
    return where, line, col
  end
end

local function fail(where, text, pos, msg)
  local name, line, col = place(where, text, pos)
  error(format("%s:%d:%d: %s", name, line, col, msg), 0)
end

local function label(where)
  return type(where) == "table" and where[1] or where
end

-- the exported forms check their arguments (the parsers' own calls are
-- always right)
local function text_arg(text, fname)
  if type(text) ~= "string" then
    error(format("penny.dsl.%s: a string expected, got %s", fname,
      type(text)), 3)
  end
end

-- where a text comes from: a name, or {name, line0, col0}
local function where_arg(where, fname)
  if where == nil or type(where) == "string" then return end
  if type(where) ~= "table" or type(where[1]) ~= "string"
      or where[2] ~= nil and math.type(where[2]) ~= "integer"
      or where[3] ~= nil and math.type(where[3]) ~= "integer"
      or where[4] ~= nil and math.type(where[4]) ~= "integer" then
    error(format("penny.dsl.%s: the name must be a string or {name, line, "
      .. "col}", fname), 3)
  end
end

function M.linecol(text, pos)
  text_arg(text, "linecol")
  if math.type(pos) ~= "integer" or pos < 1 then
    error("penny.dsl.linecol: a position (an integer >= 1) expected", 2)
  end
  return linecol(text, pos)
end

function M.place(where, text, pos)
  text_arg(text, "place")
  where_arg(where, "place")
  if math.type(pos) ~= "integer" or pos < 1 then
    error("penny.dsl.place: a position (an integer >= 1) expected", 2)
  end
  return place(where, text, pos)
end

--}===================================================================


--{===================================================================
-- ASCII art

local coinch = P"o" + S"123456789" + R("az", "AZ") - P"o"
local emptych = S".-"
local cellch = P"o" + (coinch - P"o") + emptych
local nl = P"\r"^-1 * P"\n"
-- a row: spaces and cells (each cell captured as {pos, char})
local row = (P" " + Ct(Cp() * C(cellch)))^0
local sepline = P"="^1 * P" "^0 * #(nl + -P(1))
local artline = Ct(Cp() * (sepline * lpeg.Cc(true) + row))
local art = Ct(artline * (nl * artline)^0) * Cp()

local function expected(ch)
  if ch == "\t" then
    return "a tab is ambiguous in ASCII art; use spaces"
  end
  local shown = ch:match("^[%g]$") and ("'" .. ch .. "'")
    or format("\\%d", ch:byte())
  return format("unexpected character %s: expected a coin 'o', an empty "
    .. "cell '.' or '-', a label (1-9, a-z, A-Z) or a space", shown)
end

local SKEW = { triangular = true, hexagonal = true }

--[[
Parse ASCII art for a lattice ('square', 'triangular', 'hexagonal', 'king',
'cubic' with dim 1..3).  Returns a list of cells {x, y[, z], ch = char,
label = n or nil (empty), line = l, col = c}.
]]
function M.parse_art(text, lattice, dim, name)
  text_arg(text, "parse_art")
  where_arg(name, "parse_art")
  name = name or "art"
  if lattice == "graph" then
    error(label(name) .. ": a custom graph takes a list of vertices, not "
      .. "ASCII art", 0)
  end
  if lattice == "cubic" and dim > 3 then
    error(format("%s: a %d-dimensional board takes a coordinate list, not "
      .. "ASCII art", label(name), dim), 0)
  end
  local lines, stop = art:match(text)
  if stop <= #text then fail(name, text, stop, expected(text:sub(stop, stop))) end
  local cells, z, y, parity, first = {}, 0, 0, nil, nil
  local layered = lattice == "cubic" and dim == 3
  local at = placer(name, text)
  for _, l in ipairs(lines) do
    local linestart = l[1]
    if l[2] == true then
      if not layered then
        fail(name, text, linestart, "a line of '=' separates the layers of "
          .. "a 3-D board only")
      end
      z, y = z + 1, 0
    else
      for k = 2, #l do
        local pos, ch = l[k][1], l[k][2]
        local c = pos - linestart             -- 0-based column
        local x
        if SKEW[lattice] then
          local p = (c - y) % 2
          if parity == nil then parity, first = p, pos
          elseif p ~= parity then
            local _, fl, fc = place(name, text, first)
            fail(name, text, pos, format("cell out of the triangular pattern "
              .. "(the cell at %d:%d fixes the pattern): cells of a row are "
              .. "two columns apart and rows are shifted by one column",
              fl, fc))
          end
          x = floor((c - y) / 2)
        else
          x = c
        end
        if lattice == "cubic" and dim == 1 and y > 0 then
          fail(name, text, pos, "a 1-D board is drawn on one line")
        end
        local centre = lattice == "hexagonal" and (x - y) % 3 == 2
        if centre and ch ~= "." and ch ~= "-" then
          fail(name, text, pos, format("(%d,%d) is the centre of a hexagon, "
            .. "not a vertex of the honeycomb", x, y))
        end
        if not centre then
          local _, line, col = at(pos)
          local cell = { x, ch = ch, line = line, col = col,
                         label = M.label_of(ch) }
          if not (lattice == "cubic" and dim == 1) then cell[2] = y end
          if layered then cell[3] = z end
          cells[#cells + 1] = cell
        end
      end
      y = y + 1
    end
  end
  return cells
end

--}===================================================================


--{===================================================================
-- Coordinate lists

local ws = (S" \t\r\n,;" + P"--" * (1 - P"\n")^0)^0
local int = C(S"+-"^-1 * R"09"^1) / tonumber
local sp = S" \t"^0
local tuple = P"(" * sp * Ct(int * (sp * P"," * sp * int)^0) * sp * P")"
local labelspec = (C(R"09"^1) / tonumber + C(R("az", "AZ", "19"))) * sp * P":"
local entry = Ct(Cp() * (labelspec * sp)^-1 * tuple)
local coordlist = ws * Ct((entry * ws)^0) * Cp()

--[[
Parse "(x,y) a:(x,y) ..." into a list of {x, y, ..., label = n}.
dim, when given, is the number of coordinates each position must have.
]]
function M.parse_coords(text, dim, name)
  text_arg(text, "parse_coords")
  where_arg(name, "parse_coords")
  name = name or "coordinates"
  local list, stop = coordlist:match(text)
  if stop <= #text then
    fail(name, text, stop, "expected a position such as (1,2), optionally "
      .. "after a label and ':' as in a:(1,2)")
  end
  local out = {}
  local at = placer(name, text)
  for i, e in ipairs(list) do
    local pos, lab, coords = e[1], nil, e[#e]
    if #e == 3 then
      lab = e[2]
      if type(lab) == "string" then
        lab = M.label_of(lab)
        if not lab then fail(name, text, pos, "'o' is a plain coin, not a label") end
      end
    end
    if dim and #coords ~= dim then
      fail(name, text, pos, format("expected %d coordinates, got %d", dim,
        #coords))
    end
    local coin = {}
    for k, v in ipairs(coords) do coin[k] = v end
    if lab and lab ~= 0 then coin.label = lab end
    local _, line, col = at(pos)
    coin.line, coin.col = line, col
    out[i] = coin
  end
  return out
end

-- is this text a coordinate list (rather than ASCII art)?
function M.is_coords(text)
  text_arg(text, "is_coords")
  return text:find("%(") ~= nil
end

--}===================================================================


--{===================================================================
-- Rendering

local MAX_BOARD_DRAW = 20000    -- draw whole bounded boards up to this size

-- list of cells to draw and a lookup of coins by key
local function key(...) return concat({...}, ",") end

local function region(board, coins)
  local cells = {}
  if board:bounded() and #board <= MAX_BOARD_DRAW then
    for _, c in ipairs(board:cells()) do cells[#cells + 1] = c end
    return cells, true
  end
  -- the coins' bounding box (on a big board: its cells inside the box)
  local lo, hi = {}, {}
  for _, c in ipairs(coins) do
    for i = 1, #c do
      lo[i] = math.min(lo[i] or c[i], c[i])
      hi[i] = math.max(hi[i] or c[i], c[i])
    end
  end
  if #coins == 0 then return cells, false end
  local dim = #lo
  local function rec(i, acc)
    if i > dim then
      local p = {}
      for k = 1, dim do p[k] = acc[k] end
      if board:contains(p) then cells[#cells + 1] = p end
      return
    end
    for v = lo[i], hi[i] do
      acc[i] = v
      rec(i + 1, acc)
    end
  end
  local size = 1
  for i = 1, dim do size = size * (hi[i] - lo[i] + 1) end
  if size > 4 * MAX_BOARD_DRAW then
    return nil                  -- too spread out to draw
  end
  rec(1, {})
  return cells, false
end

local function coordtext(coins)
  local parts = {}
  for _, c in ipairs(coins) do
    local s = "(" .. concat(c, ",") .. ")"
    if c.label then s = (char_of[c.label] or tostring(c.label)) .. ":" .. s end
    parts[#parts + 1] = s
  end
  return concat(parts, " ")
end

--[[
ASCII art of a configuration (or of an empty board when cfg is a Board).
Coins far apart (a bounding box of more than 80,000 cells) and boards of
more than 3 dimensions are written as coordinate lists.
]]
function M.render(cfg, board)
  local coins = {}
  local mt = getmetatable(board == nil and cfg or board)
  local cls = type(mt) == "table" and mt.__name
  if board == nil and cls ~= "penny.Config" or board ~= nil and cls ~= "penny.Board" then
    error("penny.dsl.render: a Config (or nil and a Board) expected", 2)
  end
  if board == nil then
    board = cfg:board()
    coins = cfg:coins()
  end
  local kind, dim = board:kind(), board:dim()
  if kind == "graph" or (kind == "cubic" and dim > 3) then
    return coordtext(coins)
  end
  local cells = region(board, coins)
  if cells == nil then return coordtext(coins) end
  local at = {}
  for _, c in ipairs(coins) do at[key(c[1], c[2] or 0, c[3] or 0)] = c end
  -- rows: y (and z) -> list of {col, char}
  local rows, minx, miny, maxy, minz, maxz = {}, math.huge, math.huge,
    -math.huge, math.huge, -math.huge
  for _, c in ipairs(cells) do
    local y, z = c[2] or 0, c[3] or 0
    local col = SKEW[kind] and (2 * c[1] + y) or c[1]
    minx = math.min(minx, col)
    miny, maxy = math.min(miny, y), math.max(maxy, y)
    minz, maxz = math.min(minz, z), math.max(maxz, z)
    local coin = at[key(c[1], y, z)]
    local ch = coin and M.char_of(coin.label) or "."
    local r = key(z, y)
    rows[r] = rows[r] or {}
    rows[r][#rows[r] + 1] = { col, ch }
  end
  if minx == math.huge then return "" end
  if kind == "hexagonal" then
    -- read back, the drawing is the original moved by (t, -miny) with
    -- t = floor((miny - minx) / 2); on the honeycomb that must be a
    -- translation with t + miny = 0 mod 3: widen the margin until it is
    while (((miny - minx) // 2) + miny) % 3 ~= 0 do minx = minx - 2 end
  end
  local out = {}
  for z = minz, maxz do
    if z > minz then out[#out + 1] = "===" end
    for y = miny, maxy do
      local line = {}
      for _, e in ipairs(rows[key(z, y)] or {}) do
        line[e[1] - minx + 1] = e[2]
      end
      local n = 0
      for k in pairs(line) do if k > n then n = k end end
      for k = 1, n do line[k] = line[k] or " " end
      out[#out + 1] = concat(line)
    end
  end
  return concat(out, "\n")
end

--}===================================================================

return M
