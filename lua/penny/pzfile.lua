--[[
penny.pzfile -- puzzle files (.pz): one or several puzzles as text.

  # a comment
  board: triangular            # default for the puzzles that follow
  puzzle: rhombus to ring      # a new puzzle (the name is optional)
  up_to: translation
  optimum: 2                   # the known optimum: `penny solve` checks it
  start:
    o o o
   o o o
  goal:
    o o
   o   o
    o o

Directives are "keyword: value" lines; "start:", "goal:" and "cells:" take
their text on the same line or on the lines that follow, up to the next
directive.  Art lines never contain ':', so a block cannot be mistaken
for a directive (a coordinate list "a:(1,2)" starts with a label, not a
keyword).  Directives before the first "puzzle:" are defaults for every
puzzle of the file.

  puzzle:  NAME               starts a puzzle
  board:   LATTICE [SIZE]      square | triangular | hexagonal | king |
                               cubic [DIM] | graph N | combined; SIZE is
                               WxH[xD], a box from the origin; without SIZE
                               the lattice is unbounded unless "cells:"
                               follows.  combined: the square and
                               triangular grids together (penny.combined),
                               art read on the square grid
  cells:   ART or LIST         the cells of a bounded board (holes allowed)
  edges:   (u,v) (u,v) ...     the edges of a graph board (1-based)
  rule:    D  or  d=D [slide]  the adjacency threshold (default 2); "slide":
                               the coin must also slide there (rule.slide)
  game:    coins | linepush | pushing   the game (default coins); line pushes are
                               played on the unbounded square board, and
                               their goal may be "box WxH"
  up_to:   fixed | translation | rotation | symmetry
  margin:  M                   search window margin (triangular, king)
  optimum: N                   the known optimal number of moves
  partial: yes | no            the goal may have fewer coins than the
                               start, the others ending anywhere (no)
  start:   ART or LIST
  goal:    ART or LIST

The indentation of a block is not part of its drawing: the least
indentation among a puzzle's "cells:", "start:" and "goal:" blocks is
taken away from all of them, on every board (so they keep their places
relative to each other).

Errors read "file:line:col: what was expected".
]]

local lpeg = require "lpeg"
local Board = require "penny.board"
local Config = require "penny.config"
local games = require "penny.game"
local core = require "penny.core"
local dsl = require "penny.dsl"
local errors = require "penny.errors"
local Puzzle = require "penny.puzzle"
-- registers the class of board = "combined", so that a file can name it
-- without the caller having required penny first
require "penny.combined"

local P, S, R, C, Cp = lpeg.P, lpeg.S, lpeg.R, lpeg.C, lpeg.Cp
local error, format, ipairs, pairs, tonumber, tostring, setmetatable, pcall,
  type = error, string.format, ipairs, pairs, tonumber, tostring, setmetatable,
  pcall, type
local concat = table.concat
local io = io
local math = math

local _ENV = nil

local M = {}

local KEYWORDS = {
  puzzle = true, board = true, cells = true, edges = true, rule = true,
  game = true, up_to = true, margin = true, optimum = true, start = true,
  goal = true, partial = true,
}
local BLOCKS = { start = true, goal = true, cells = true, edges = true }
local DEFAULTS = { board = true, cells = true, edges = true, rule = true,
                   game = true, up_to = true, margin = true, partial = true }

local sp = S" \t"^0
local word = R("az", "AZ", "__") * R("az", "AZ", "09", "__")^0
-- a directive line: keyword ':' rest (captures: keyword, rest, rest's column)
local directive = sp * C(word) * sp * P":" * sp * Cp() * C(P(1)^0)
local comment = sp * (P"#" + P"--") + sp * -P(1)

local function fail(file, line, col, msg)
  error(format("%s:%d:%d: %s", file, line, col, msg), 0)
end

local reason = errors.message

-- f(...), with an error it raises reported at file:line:col, or where its
-- message says when it names a place in this file
local function located(file, line, col, f, ...)
  local ok, r = pcall(f, ...)
  if ok then return r end
  local msg = tostring(r)
  local a = msg:find(file .. ":", 1, true)
  if a and msg:find("^%d+:%d+: ", a + #file + 1) then
    error(msg:sub(a), 0)
  end
  fail(file, line, col, reason(msg))
end

-- split into lines, keeping their numbers
local function lines_of(text)
  local out, n = {}, 0
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    n = n + 1
    out[n] = line
  end
  return out
end

--[[
parse(text, file) -> list of puzzle records:
  { name, line, fields = { key = { text, line0, col0, line } } }
where a field's text starts at line line0 + 1, its first line at column
col0 + 1 (ready for penny.config's {name, line0, col0}).
]]
function M.parse(text, file)
  if type(text) ~= "string" then
    error(format("penny.pzfile.parse: the text of a puzzle file expected, "
      .. "got %s", errors.typename(text)), 2)
  end
  if file ~= nil and type(file) ~= "string" then
    error("penny.pzfile.parse: the file name must be a string", 2)
  end
  file = file or "puzzle"
  local defaults, puzzles, cur = {}, {}, nil
  local block = nil           -- field receiving following lines
  for n, line in ipairs(lines_of(text)) do
    local key, col, rest = directive:match(line)
    if key and KEYWORDS[key] then
      block = nil
      local target
      if key == "puzzle" then
        cur = { name = rest:match("^(.-)%s*$"), line = n, fields = {} }
        if cur.name == "" then cur.name = nil end
        puzzles[#puzzles + 1] = cur
      else
        target = cur and cur.fields or defaults
        if not cur and not DEFAULTS[key] then
          fail(file, n, 1, format("'%s:' belongs to a puzzle: put 'puzzle:' "
            .. "before it", key))
        end
        if target[key] then
          fail(file, n, 1, format("'%s:' given twice", key))
        end
        local f = { rest, n - 1, col - 1, n }
        target[key] = f
        if BLOCKS[key] and rest:match("^%s*$") then
          f[1], f[2], f[3] = "", n, 0      -- the block starts on the next line
          f.lines = {}
          block = f
        end
      end
    elseif key and not block then
      fail(file, n, 1, format("unknown directive '%s:' (puzzle, board, cells, "
        .. "edges, rule, game, up_to, margin, optimum, partial, start, goal)",
        key))
    elseif block then
      block.lines[#block.lines + 1] = line
    elseif not comment:match(line) then
      fail(file, n, 1, "expected a directive such as 'start:' or 'puzzle:'")
    end
  end
  local function close(fields)
    for _, f in pairs(fields) do
      if f.lines then
        -- trailing blank lines of a block are not rows
        local last = #f.lines
        while last > 0 and f.lines[last]:match("^%s*$") do last = last - 1 end
        f[1] = concat(f.lines, "\n", 1, last)
        -- the spaces every line of the block starts with (read() strips
        -- the least of a puzzle's blocks)
        local indent
        for i = 1, last do
          local line = f.lines[i]
          if not line:match("^%s*$") then
            local k = #line:match("^ *")
            if not indent or k < indent then indent = k end
          end
        end
        f.indent = indent or 0
        f.lines = nil
      end
    end
  end
  close(defaults)
  for _, p in ipairs(puzzles) do close(p.fields) end
  if #puzzles == 0 and (defaults.start or defaults.goal) then
    fail(file, 1, 1, "no 'puzzle:' line")
  end
  return puzzles, defaults
end

local LATTICE = { square = true, triangular = true, tri = true,
                  hexagonal = true, hex = true, honeycomb = true, king = true,
                  cubic = true, graph = true, combined = true }

-- the board of a puzzle from its "board:", "cells:" and "edges:" fields
local function board_of(fields, file, max_memory)
  local f = fields.board
  local spec = { lattice = "square", max_memory = max_memory }
  if f then
    local text, line, col = f[1], f[4], f[3] + 1
    local words = {}
    for w in text:gmatch("%S+") do words[#words + 1] = w end
    local lat = words[1]
    if not lat or not LATTICE[lat] then
      fail(file, line, col, "expected a lattice: square, triangular, "
        .. "hexagonal, king, cubic [DIM] or graph N")
    end
    if lat == "combined" then
      -- the combined square/triangular grid: art is read on the square
      -- grid and embedded (penny.combined)
      if words[2] then
        fail(file, line, col, "the combined grid is unbounded: no size")
      end
      return "combined"
    end
    spec.lattice = lat
    local k = 2
    if lat == "cubic" then
      spec.dim = tonumber(words[2]) or 3
      if tonumber(words[2]) then k = 3 end
    elseif lat == "graph" then
      spec.vertices = tonumber(words[2])
      if not spec.vertices then
        fail(file, line, col, "a graph board needs its number of vertices: "
          .. "'board: graph N'")
      end
      k = 3
    end
    if words[k] then
      local size = {}
      for v in words[k]:gmatch("[^x]+") do size[#size + 1] = tonumber(v) end
      if #size == 0 or words[k]:find("[^%dx]") then
        fail(file, line, col, format("expected a size such as 5x7, got '%s'",
          words[k]))
      end
      spec.size = size
    end
  end
  if fields.cells then
    local c = fields.cells
    spec.cells = c.art or c[1]
    spec.name = { file, c[2], c[3], c.cut }
  end
  if fields.edges then
    local e = fields.edges
    local list = dsl.parse_coords(e[1], 2, { file, e[2], e[3] })
    spec.edges = {}
    for i, p in ipairs(list) do spec.edges[i] = { p[1], p[2] } end
  end
  if f then return located(file, f[4], f[3] + 1, Board.new, spec) end
  if fields.cells then
    return located(file, fields.cells[4], 1, Board.new, spec)
  end
  if fields.edges then
    return located(file, fields.edges[4], 1, Board.new, spec)
  end
  return Board.new(spec)
end

local function number(f, file, what, min, max)
  local text = f[1]:match("^%s*(.-)%s*$")
  local v = text:match("^%d+$") and math.tointeger(tonumber(text))
  if not v or v < min or v > max then
    fail(file, f[4], f[3] + 1, format("%s must be an integer >= %d (at most "
      .. "%d)", what, min, max))
  end
  return v
end

--[[
The indentation of art blocks.  A drawing on the lines after "start:",
"goal:" or "cells:" may be indented; the least indentation of the
puzzle's blocks is not part of the drawings (so every block moves by the
same amount and the drawings keep their places relative to each other),
on every board: the leftmost cell drawn in any block is column 0.  Each
block field gets .art (its text without it) and .cut (how many columns
were cut, for the columns of error messages).
]]
local function strip(text, k)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    out[#out + 1] = line:sub(1, k):match("^ *$") and line:sub(k + 1)
      or line:gsub("^ +", "")
  end
  return concat(out, "\n")
end

local function dedent(fields)
  local k
  for _, key in ipairs{ "cells", "start", "goal" } do
    local f = fields[key]
    if f and f.indent and (not k or f.indent < k) then k = f.indent end
  end
  if not k or k == 0 then return end
  for _, key in ipairs{ "cells", "start", "goal" } do
    local f = fields[key]
    if f and f.indent then f.art, f.cut = strip(f[1], k), k end
  end
end

--[[
read(text, file, opts) -> list of puzzles (penny.puzzle values, each with
.name, .optimum and .line, where the puzzle starts in the file); file
(default "puzzle") names the text in errors, opts (optional) .max_memory
bounds the boards the file asks for (penny.board)
]]
function M.read(text, file, opts)
  file = file or "puzzle"
  local records, defaults = M.parse(text, file)
  local out = {}
  for i, rec in ipairs(records) do
    local fields = setmetatable({}, { __index = defaults })
    for k, v in pairs(rec.fields) do fields[k] = v end
    local where = format("%s:%d:1: ", file, rec.line)
    if not fields.start then error(where .. "the puzzle has no 'start:'", 0) end
    if not fields.goal then error(where .. "the puzzle has no 'goal:'", 0) end
    dedent(fields)
    local game = "coins"
    if fields.game then
      game = fields.game[1]:match("^%s*(.-)%s*$")
      if not games.get(game) then
        fail(file, fields.game[4], fields.game[3] + 1, format("unknown game "
          .. "'%s' (%s)", game, games.names()))
      end
    end
    local board = board_of(fields, file, opts and opts.max_memory)
    local spec = { board = board }
    if board == "combined" then board = Board.new("square") end
    spec = {
      board = spec.board, game = game,
      name = rec.name or format("%s #%d", file, i),
      start = located(file, fields.start[4], 1, Config.new, board,
        fields.start.art or fields.start[1],
        { file, fields.start[2], fields.start[3], fields.start.cut }),
    }
    local bw, bh = fields.goal[1]:match("^%s*box%s+(%d+)%s*x%s*(%d+)%s*$")
    if bw and games.get(game).box_goal then
      spec.goal = { box = { tonumber(bw), tonumber(bh) } }
    else
      spec.goal = located(file, fields.goal[4], 1, Config.new, board,
        fields.goal.art or fields.goal[1],
        { file, fields.goal[2], fields.goal[3], fields.goal.cut })
    end
    if fields.rule then
      local r = fields.rule
      local rtext, slide = r[1], false
      local before = rtext:match("^(.-)%s+slide%s*$")
      if before then rtext, slide = before, true end
      local d = rtext:match("^%s*d%s*=%s*(%d+)%s*$") or rtext:match("^%s*(%d+)%s*$")
      if not d then fail(file, r[4], r[3] + 1, "expected 'd=N' or N, optionally followed by 'slide'") end
      local maxd = core.MAXDEG
      d = tonumber(d)
      if d < 1 or d > maxd then
        fail(file, r[4], r[3] + 1, format("the adjacency threshold d must "
          .. "be 1..%d", maxd))
      end
      spec.rule = slide and { d = d, slide = true } or d
    end
    if fields.up_to then spec.up_to = fields.up_to[1]:match("^%s*(.-)%s*$") end
    if fields.partial then
      local f = fields.partial
      local v = f[1]:match("^%s*(.-)%s*$")
      if v ~= "yes" and v ~= "no" then
        fail(file, f[4], f[3] + 1, "expected 'yes' or 'no'")
      end
      spec.partial = v == "yes"
    end
    if fields.margin then
      spec.margin = number(fields.margin, file, "margin", 0, 1000)
    end
    local ok, p = pcall(Puzzle.new, spec)
    if not ok then error(where .. reason(p), 0) end
    if fields.optimum then
      p.optimum = number(fields.optimum, file, "optimum", 0, 1 << 40)
    end
    p.line = rec.line
    out[#out + 1] = p
  end
  return out
end

-- what the subcommands say of a file without any puzzle
function M.no_puzzle(file)
  return format("%s: no puzzle in the file (a puzzle starts with a line "
    .. "'puzzle: NAME')", file)
end

function M.load(path, opts)
  local f, err = io.open(path, "rb")
  if not f then error("cannot open " .. err, 2) end
  local text = f:read("a")
  f:close()
  return M.read(text, path, opts)
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
