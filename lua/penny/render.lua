--[[
penny.render -- terminal and SVG pictures of boards, configurations and
solutions.

  render.terminal(x [, { color = bool }])  -- Unicode: ● coins, · cells;
      labelled coins in colour when stdout is a terminal and NO_COLOR is
      unset (or when color = true)
  render.svg(cfg [, opts])                 -- an SVG document (a string)
  render.solution_svg(sol [, opts])        -- a strip of steps, each move an
                                           -- arrow (a push: a bar and an
                                           -- arrow on its side)
  render.animated_svg(sol [, opts])        -- the same steps as an animation
  render.write(path, svg)
  render.png(path, svg)                    -- the SVG as a PNG (rsvg-convert)
  render.point(board, pos) -> x, y         -- the plane point of a position
  opts: scale (pixels per unit, default 40), columns (strip, default 6),
        seconds (per step of the animation, default 0.8), title

Geometry: square, king and cubic (2-D) points are (x, y) with y downward;
triangular and hexagonal points lie at (x + y/2, y·√3/2); custom graphs are
drawn on a circle, their edges as lines; cubic 3-D is drawn in an oblique
projection.  Coins are disks of diameter 1 (they touch on the triangular
grid, as real coins).
]]

local error, format, ipairs, math, tostring, type, require, io, os =
  error, string.format, ipairs, math, tostring, type, require, io, os
local concat = table.concat

local _ENV = nil

local M = {}

local PALETTE = { "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd",
                  "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f" }
local ANSI = { 31, 34, 32, 33, 35, 36, 91, 94, 92, 93 }

local Config = require "penny.config"
local Board = require "penny.board"
local games = require "penny.game"
local dsl = require "penny.dsl"
local errors = require "penny.errors"
local Puzzle = require "penny.puzzle"

-- {===================================================================
-- Terminal

local function want_color(opts)
  if opts and opts.color ~= nil then return opts.color end
  if os.getenv("NO_COLOR") ~= nil then return false end
  return os.execute("[ -t 1 ]") == true
end

function M.terminal(x, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("render options must be a table", 2)
  end
  local art = tostring(x)
  -- an unbounded board has no picture: its description is printed as is
  if Board.is_board(x) and not x:bounded() then return art end
  local color = want_color(opts)
  local labelled = Config.is_config(x) and x:labelled()
  return (art:gsub("[^\n ]", function(ch)
    if ch == "o" then return "●" end
    if ch == "." or ch == "-" then return "·" end
    if labelled and color then
      local l = dsl.label_of(ch)
      if l then
        return format("\27[1;%dm%s\27[0m", ANSI[(l - 1) % #ANSI + 1], ch)
      end
    end
    return ch
  end))
end

-- }===================================================================


-- {===================================================================
-- Geometry

local SQRT3_2 = math.sqrt(3) / 2

-- the plane point of a position
local function point(board, pos, n_graph)
  local kind = board:kind()
  if kind == "triangular" or kind == "hexagonal" then
    return pos[1] + pos[2] / 2, pos[2] * SQRT3_2
  elseif kind == "graph" then
    local v = type(pos) == "table" and pos[1] or pos
    local a = 2 * math.pi * (v - 1) / n_graph - math.pi / 2
    local r = math.max(1.5, n_graph / (2 * math.pi) * 1.6)
    return r * math.cos(a), r * math.sin(a)
  elseif kind == "cubic" and board:dim() >= 3 then
    return pos[1] + 0.45 * pos[3], pos[2] - 0.35 * pos[3]
  end
  return pos[1], pos[2] or 0
end

-- the plane point of a position, for other drawings (penny.page)
function M.point(board, pos)
  if not Board.is_board(board) then
    error("render.point(board, pos): a Board expected, got " .. type(board), 2)
  end
  if type(pos) ~= "table" and not (board:kind() == "graph" and math.type(pos) == "integer") then
    error("render.point(board, pos): a position (a table of coordinates) expected", 2)
  end
  if type(pos) == "table" then
    for i = 1, board:dim() do
      if math.type(pos[i]) ~= "integer" then
        error(format("render.point: coordinate %d of the position must be an integer", i), 2)
      end
    end
  end
  return point(board, pos, board:kind() == "graph" and #board or 0)
end

local function esc(s)
  return (tostring(s):gsub("[<>&\"]", { ["<"] = "&lt;", [">"] = "&gt;",
    ["&"] = "&amp;", ['"'] = "&quot;" }))
end

-- the cells to draw under a configuration: a bounded board's cells, else
-- the bounding box of the given configurations widened by 1
local function backdrop(board, cfgs)
  if board:kind() == "graph" or board:bounded() and #board <= 20000 then
    return board:cells()
  end
  if board:dim() ~= 2 then return {} end
  local lo, hi
  for _, c in ipairs(cfgs) do
    local a, b = c:bbox()
    if a then
      if not lo then lo, hi = { a[1], a[2] }, { b[1], b[2] }
      else
        lo[1], lo[2] = math.min(lo[1], a[1]), math.min(lo[2], a[2])
        hi[1], hi[2] = math.max(hi[1], b[1]), math.max(hi[2], b[2])
      end
    end
  end
  if not lo or (hi[1] - lo[1] + 3) * (hi[2] - lo[2] + 3) > 20000 then return {} end
  local out = {}
  for y = lo[2] - 1, hi[2] + 1 do
    for x = lo[1] - 1, hi[1] + 1 do
      if board:contains({ x, y }) then out[#out + 1] = { x, y } end
    end
  end
  return out
end

-- a panel: board cells, coins, optional arrow; returns svg parts and its
-- bounds in plane units
local function panel(board, cfg, cells, arrow, ngraph)
  local parts = {}
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  local function grow(x, y)
    if x - 0.6 < minx then minx = x - 0.6 end
    if y - 0.6 < miny then miny = y - 0.6 end
    if x + 0.6 > maxx then maxx = x + 0.6 end
    if y + 0.6 > maxy then maxy = y + 0.6 end
  end
  if board:kind() == "graph" then
    for _, c in ipairs(board:cells()) do
      for _, nb in ipairs(board:neighbours(c)) do
        local v = type(nb) == "table" and nb[1] or nb
        if v > (type(c) == "table" and c[1] or c) then
          local x1, y1 = point(board, c, ngraph)
          local x2, y2 = point(board, nb, ngraph)
          parts[#parts + 1] = format('<line x1="%.3f" y1="%.3f" x2="%.3f" '
            .. 'y2="%.3f" stroke="#bbb" stroke-width="0.05"/>', x1, y1, x2, y2)
        end
      end
    end
  end
  for _, c in ipairs(cells) do
    local x, y = point(board, c, ngraph)
    grow(x, y)
    parts[#parts + 1] = format('<circle cx="%.3f" cy="%.3f" r="0.08" fill="#bbb"/>', x, y)
  end
  for _, c in ipairs(cfg:coins()) do
    local x, y = point(board, c, ngraph)
    grow(x, y)
    local l = c.label or 0
    local fill = l == 0 and "#c9a227" or PALETTE[(l - 1) % #PALETTE + 1]
    parts[#parts + 1] = format('<circle cx="%.3f" cy="%.3f" r="0.46" fill="%s" '
      .. 'stroke="#333" stroke-width="0.04"/>', x, y, fill)
    if l ~= 0 then
      parts[#parts + 1] = format('<text x="%.3f" y="%.3f" font-size="0.5" '
        .. 'text-anchor="middle" font-family="sans-serif" fill="#fff">%s</text>',
        x, y + 0.17, esc(dsl.char_of(l)))
    end
  end
  if arrow and arrow.from then
    local x1, y1 = point(board, arrow.from, ngraph)
    local x2, y2 = point(board, arrow.to, ngraph)
    grow(x2, y2)
    local dx, dy = x2 - x1, y2 - y1
    local len = math.sqrt(dx * dx + dy * dy)
    if len > 0 then
      local ux, uy = dx / len, dy / len
      parts[#parts + 1] = format('<circle cx="%.3f" cy="%.3f" r="0.46" fill="none" '
        .. 'stroke="#d00" stroke-width="0.06" stroke-dasharray="0.12 0.08"/>', x2, y2)
      parts[#parts + 1] = format('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" '
        .. 'stroke="#d00" stroke-width="0.08" marker-end="url(#head)"/>',
        x1 + 0.3 * ux, y1 + 0.3 * uy, x2 - 0.5 * ux, y2 - 0.5 * uy)
    end
  elseif arrow and arrow.push then
    -- a push: the line comes from the side opposite to its direction
    local d = ({ right = { 1, 0 }, left = { -1, 0 }, up = { 0, -1 },
                 down = { 0, 1 } })[arrow.push]
    local cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    local hx, hy = (maxx - minx) / 2 + 0.3, (maxy - miny) / 2 + 0.3
    local bx, by = cx - d[1] * hx, cy - d[2] * hy
    local px, py = d[2] * hx, d[1] * hy
    parts[#parts + 1] = format('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" '
      .. 'stroke="#d00" stroke-width="0.1"/>', bx - px, by - py, bx + px, by + py)
    parts[#parts + 1] = format('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" '
      .. 'stroke="#d00" stroke-width="0.08" marker-end="url(#head)"/>',
      bx - d[1] * 0.5, by - d[2] * 0.5, bx + d[1] * 0.3, by + d[2] * 0.3)
    grow(bx - d[1] * 0.6, by - d[2] * 0.6)
  end
  return parts, minx, miny, maxx, maxy
end

local DEFS = '<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" '
  .. 'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
  .. '<path d="M0,0 L10,5 L0,10 z" fill="#d00"/></marker></defs>'

local function document(w, h, scale, body, title)
  return concat{
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
      .. 'viewBox="0 0 %.3f %.3f">\n', math.ceil(w * scale), math.ceil(h * scale), w, h),
    title and format('<title>%s</title>\n', esc(title)) or "",
    DEFS, '\n<rect width="100%" height="100%" fill="#fff"/>\n',
    body, '\n</svg>\n' }
end

local function check_opts(opts)
  opts = opts or {}
  if type(opts) ~= "table" then error("render options must be a table", 3) end
  errors.fields(opts, "scale, title, columns, seconds, "
    .. "color", "render", 2)
  local scale = opts.scale or 40
  if type(scale) ~= "number" or scale <= 0 or scale > 1000 then
    error("scale must be a number in (0, 1000]", 3)
  end
  return opts, scale
end

-- }===================================================================


-- {===================================================================
-- SVG documents

function M.svg(cfg, opts)
  local scale
  opts, scale = check_opts(opts)
  if not Config.is_config(cfg) then error("render.svg expects a Config", 2) end
  local board = cfg:board()
  local ngraph = board:kind() == "graph" and #board or 0
  local parts, minx, miny, maxx, maxy = panel(board, cfg, backdrop(board, { cfg }),
    nil, ngraph)
  if minx == math.huge then minx, miny, maxx, maxy = 0, 0, 1, 1 end
  local body = format('<g transform="translate(%.3f %.3f)">%s</g>', -minx, -miny,
    concat(parts, "\n"))
  return document(maxx - minx, maxy - miny, scale, body, opts.title)
end

-- the steps of a solution: { {cfg, arrow}, ... } (the last has no arrow)
local function steps(sol)
  local p = sol.puzzle
  local cfgs = sol:replay()
  local out = {}
  for i, c in ipairs(cfgs) do
    local m = sol.moves[i]
    local arrow
    if m ~= nil then
      arrow = games.of(p).arrow(m)
    end
    out[i] = { cfg = c, arrow = arrow }
  end
  return out, cfgs
end

local function layout(sol)
  local st, cfgs = steps(sol)
  local board = sol.puzzle.start:board()
  local ngraph = board:kind() == "graph" and #board or 0
  local cells = games.of(sol.puzzle).cellwise and backdrop(board, cfgs) or {}
  local panels, w, h = {}, 0, 0
  for i, s in ipairs(st) do
    local parts, minx, miny, maxx, maxy = panel(board, s.cfg, cells, s.arrow, ngraph)
    if minx == math.huge then minx, miny, maxx, maxy = 0, 0, 1, 1 end
    panels[i] = { parts = parts, minx = minx, miny = miny }
    w = math.max(w, maxx - minx)
    h = math.max(h, maxy - miny)
  end
  return panels, w, h
end

local function check_solution(sol)
  if type(sol) ~= "table" or sol.puzzle == nil or sol.moves == nil then
    error("expected a Solution (from puzzle:solve())", 3)
  end
  if sol.verdict ~= "solved" then
    error("only a solved Solution has steps to draw (verdict " .. sol.verdict .. ")", 3)
  end
  if not Puzzle.is_puzzle(sol.puzzle) then
    error("penny.render draws solutions of penny.puzzle's puzzles (a combined-"
      .. "grid configuration draws itself: cfg:svg())", 3)
  end
end

function M.solution_svg(sol, opts)
  local scale
  opts, scale = check_opts(opts)
  check_solution(sol)
  local panels, w, h = layout(sol)
  local cols = opts.columns or 6
  if #panels > 400 then
    error(format("a strip of %d steps is too long to draw; use animated_svg",
      #panels), 2)
  end
  local gap, label = 0.6, 0.8
  local body = {}
  for i, pn in ipairs(panels) do
    local col, row = (i - 1) % cols, (i - 1) // cols
    local ox, oy = col * (w + gap), row * (h + gap + label) + label
    body[#body + 1] = format('<text x="%.3f" y="%.3f" font-size="0.45" '
      .. 'font-family="sans-serif" fill="#333">%s</text>', ox, oy - 0.25,
      i == 1 and "start" or format("after move %d", i - 1))
    body[#body + 1] = format('<g transform="translate(%.3f %.3f)">%s</g>',
      ox - pn.minx, oy - pn.miny, concat(pn.parts, "\n"))
  end
  local ncols = math.min(cols, #panels)
  local nrows = (#panels + cols - 1) // cols
  return document(ncols * (w + gap) - gap, nrows * (h + gap + label), scale,
    concat(body, "\n"), opts.title)
end

function M.animated_svg(sol, opts)
  local scale
  opts, scale = check_opts(opts)
  check_solution(sol)
  local panels, w, h = layout(sol)
  if #panels > 5000 then
    error(format("%d steps are too many to animate", #panels), 2)
  end
  local dt = opts.seconds or 0.8
  local total = dt * #panels
  local body = {}
  for i, pn in ipairs(panels) do
    -- frame i is visible during [(i-1) dt, i dt) of every cycle
    local a, b = (i - 1) / #panels, i / #panels
    local keyTimes, values
    if i == 1 then
      keyTimes, values = format("0;%.6f;1", b), "visible;hidden;hidden"
    elseif i == #panels then
      keyTimes, values = format("0;%.6f;1", a), "hidden;visible;visible"
    else
      keyTimes, values = format("0;%.6f;%.6f;1", a, b), "hidden;visible;hidden;hidden"
    end
    body[#body + 1] = format('<g visibility="%s" transform="translate(%.3f %.3f)">'
      .. '<animate attributeName="visibility" dur="%.3fs" repeatCount="indefinite" '
      .. 'calcMode="discrete" keyTimes="%s" values="%s"/>%s</g>',
      i == 1 and "visible" or "hidden", -pn.minx, -pn.miny + 0.8, total, keyTimes,
      values, concat(pn.parts, "\n"))
  end
  return document(w, h + 0.8, scale, concat(body, "\n"), opts.title)
end

function M.write(path, svg)
  local f, err = io.open(path, "wb")
  if not f then error("cannot write " .. err, 2) end
  f:write(svg)
  f:close()
end

-- the SVG as a PNG, through rsvg-convert (Debian librsvg2-bin)
function M.png(path, svg)
  if type(path) ~= "string" or type(svg) ~= "string" then
    error("render.png(path, svg): a path and an SVG document expected", 2)
  end
  local tmp = os.tmpname()
  local f = io.open(tmp, "wb")
  f:write(svg)
  f:close()
  local ok = os.execute(format("rsvg-convert -f png -o '%s' '%s' 2>/dev/null",
    path:gsub("'", "'\\''"), tmp))
  os.remove(tmp)
  if not ok then error("cannot write " .. path .. " (rsvg-convert failed)", 2) end
end

-- }===================================================================

return M
