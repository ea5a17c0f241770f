--[[
penny.page -- a puzzle as one self-contained HTML page to share: the
board as inline SVG, playable by clicking a coin and then a free cell (a
push by a button or an arrow key for line pushes), undo, restart, and
penny's solution step by step.  Nothing is loaded from the network.

  page.html(puzzle [, { solution = sol, title = "..." }]) -> text
  page.write(path, puzzle [, opts])
  page.gallery(dir [, { files = { "x.pz", ... }, letters = n,
               time_limit = s }]) -> the number of pages
      DIR/index.html: every puzzle of the files (default: the examples'
      .pz files) and n letter puzzles (default 6) spread over the font5x7
      corpus, each with its picture, optimum and a link to its page

The page checks the move rule itself, the core's rule on the page's cells:
a coin may move to a free cell with at least d coins beside it other than
itself (a push: every token that can moves one unit, the paper's gravity
form, as csrc/linepush/push.c).  The cells are those of a bounded board,
or on an unbounded lattice the window the exact search uses (span(start)
on the square grid, where it is exact; the bounding box of start and goal
widened by the margin elsewhere).  The goal test is penny's: the goal's
cells exactly, or its shape up to translation, rotation or symmetry (the
keys of every allowed image of the goal are computed here, in Lua).  With
the URL ending in #autoplay the page plays the solution by clicking its
own cells, which is how the specs test it in a browser.
]]

-- (the page's script is JavaScript in a long string: its lines are long)
-- luacheck: no max line length

local Puzzle = require "penny.puzzle"
local errors = require "penny.errors"
local files = require "penny.files"
local json = require "penny.json"
local render = require "penny.render"
local dsl = require "penny.dsl"

local error, ipairs, format, concat, sort, math, io, os, tostring, pcall,
  require, type = error, ipairs, string.format, table.concat, table.sort,
  math, io, os, tostring, pcall, require, type

local _ENV = nil

local M = {}

local DIM2 = { square = true, triangular = true, king = true, hexagonal = true }

-- the cells the page plays on (and every cell the solution passes
-- through, where a construction goes beyond the window)
local function cells_of(p, sol)
  local board = p.board
  if board:bounded() then return board:cells() end
  if board:kind() == "square" then
    local span = p.start:span(p.rule)
    if span then return span:positions() end
  end
  local m = p.margin or 2
  local lo, hi = p.start:bbox()
  lo, hi = { lo[1], lo[2] }, { hi[1], hi[2] }
  local function widen(cfg)
    local clo, chi = cfg:bbox()
    if not clo then return end
    for i = 1, 2 do
      lo[i], hi[i] = math.min(lo[i], clo[i]), math.max(hi[i], chi[i])
    end
  end
  if p.up_to == "fixed" then widen(p.goal) end
  if sol and type(sol.replay) == "function" then
    for _, c in ipairs(sol:replay()) do widen(c) end
  end
  local out = {}
  for y = lo[2] - m, hi[2] + m do
    for x = lo[1] - m, hi[1] + m do
      if board:contains{ x, y } then out[#out + 1] = { x, y } end
    end
  end
  return out
end

-- a shape's key, translated so that its least coordinates are 0 (on the
-- hexagonal lattice with the translation's class, so that only lattice
-- translations match)
local function shape_key(coins, hex)
  local mx, my = math.huge, math.huge
  for _, c in ipairs(coins) do
    mx, my = math.min(mx, c[1]), math.min(my, c[2])
  end
  local parts = {}
  for _, c in ipairs(coins) do
    parts[#parts + 1] = format("%d,%d:%d", c[1] - mx, c[2] - my, c.label or 0)
  end
  sort(parts)
  return concat(parts, ";") .. (hex and format("/%d", (mx - my) % 3) or "")
end

local function goal_keys(p)
  local hex = p.board:kind() == "hexagonal"
  if p.up_to == "translation" then return { shape_key(p.goal:coins(), hex) } end
  local n, proper = p.board:symmetries()
  local keys, seen = {}, {}
  for s = 1, n do
    if p.up_to == "symmetry" or proper[s] then
      local k = shape_key(p.goal:transform(s):coins(), hex)
      if not seen[k] then seen[k] = true; keys[#keys + 1] = k end
    end
  end
  return keys
end

local function coin_data(p, sol)
  local cells = cells_of(p, sol)
  local index = {}
  for i, c in ipairs(cells) do index[c[1] .. "," .. c[2]] = i end
  local board = p.board
  local data = { game = "coins", d = p.rule.d, hex = board:kind() == "hexagonal",
                 cells = {}, nb = {}, start = {}, goal = {} }
  for i, c in ipairs(cells) do
    local x, y = render.point(board, c)
    data.cells[i] = { x, y, c[1], c[2] }
    local nb = {}
    for _, q in ipairs(board:neighbours(c)) do
      local j = index[q[1] .. "," .. q[2]]
      if j then nb[#nb + 1] = j - 1 end
    end
    data.nb[i] = nb
  end
  local function place(cfg, name)
    local out = {}
    for _, c in ipairs(cfg:coins()) do
      local i = index[c[1] .. "," .. c[2]]
      if not i then
        error(format("penny.page: the %s's coin at (%d,%d) is outside the "
          .. "page's cells", name, c[1], c[2]), 0)
      end
      out[#out + 1] = { i - 1, c.label or 0, c.label and c.label ~= 0
        and dsl.char_of(c.label) or "" }
    end
    return out
  end
  data.start = place(p.start, "start")
  if p.up_to == "fixed" then
    data.goal = { fixed = place(p.goal, "goal"), partial = p.partial or false }
  else
    data.goal = { keys = goal_keys(p) }
  end
  if sol then
    data.solution = {}
    for k, m in ipairs(sol.moves) do
      local f, t = index[m.from[1] .. "," .. m.from[2]], index[m.to[1] .. "," .. m.to[2]]
      if not f or not t then
        error(format("penny.page: move %d of the solution leaves the page's cells", k), 0)
      end
      data.solution[k] = { f - 1, t - 1 }
    end
  end
  return data
end

local function push_data(p, sol)
  local data = { game = "linepush", start = {}, goal = {} }
  for _, c in ipairs(p.start:coins()) do
    data.start[#data.start + 1] = { c[1], c[2], c.label or 0,
      c.label and c.label ~= 0 and dsl.char_of(c.label) or "" }
  end
  if p.box then data.goal = { box = p.box }
  else data.goal = { keys = { shape_key(p.goal:coins(), false) } } end
  if sol then
    data.solution = {}
    for k, m in ipairs(sol.moves) do data.solution[k] = m end
  end
  return data
end

local function esc(s)
  return (tostring(s):gsub("[<>&\"]", { ["<"] = "&lt;", [">"] = "&gt;",
    ["&"] = "&amp;", ['"'] = "&quot;" }))
end

local SCRIPT = [==[
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const svg = document.getElementById("board");
const status = document.getElementById("status");
const NS = "http://www.w3.org/2000/svg";
const S = 40;
let state, history, selected = -1, step = 0;

function key(coins) {
  if (D.game === "linepush") return pushKey(coins);
  let mx = Infinity, my = Infinity;
  for (const c of coins) { const p = D.cells[c[0]]; mx = Math.min(mx, p[2]); my = Math.min(my, p[3]); }
  const parts = coins.map(c => (D.cells[c[0]][2] - mx) + "," + (D.cells[c[0]][3] - my) + ":" + c[1]);
  parts.sort();
  return parts.join(";") + (D.hex ? "/" + ((((mx - my) % 3) + 3) % 3) : "");
}
function pushKey(tokens) {
  let mx = Infinity, my = Infinity;
  for (const t of tokens) { mx = Math.min(mx, t[0]); my = Math.min(my, t[1]); }
  const parts = tokens.map(t => (t[0] - mx) + "," + (t[1] - my) + ":" + t[2]);
  parts.sort();
  return parts.join(";");
}
function isGoal() {
  if (D.game === "linepush") {
    if (D.goal.box) {
      const [w, h] = D.goal.box;
      if (state.length !== w * h) return false;
      const xs = state.map(t => t[0]), ys = state.map(t => t[1]);
      return Math.max(...xs) - Math.min(...xs) + 1 === w && Math.max(...ys) - Math.min(...ys) + 1 === h;
    }
    return D.goal.keys.includes(pushKey(state));
  }
  if (D.goal.fixed) {
    const at = new Map(state.map(c => [c[0], c[1]]));
    if (!D.goal.partial && D.goal.fixed.length !== state.length) return false;
    return D.goal.fixed.every(g => at.has(g[0]) && at.get(g[0]) === g[1]);
  }
  return D.goal.keys.includes(key(state));
}
function occupied() { return new Map(state.map(c => [c[0], c])); }
function legal(from, to) {
  const occ = occupied();
  if (!occ.has(from)) return "no coin there";
  if (occ.has(to)) return "the cell is taken";
  let n = 0;
  for (const j of D.nb[to]) if (j !== from && occ.has(j)) n++;
  return n >= D.d ? "" : "the cell has " + n + " coin" + (n === 1 ? "" : "s") + " beside it besides the moved one, " + D.d + " needed";
}
function fall(line, dir, lo, hi, coord) {
  line.sort((a, b) => a[coord] - b[coord]);
  let gap = false;
  if (dir < 0) { let expect = lo; for (const t of line) { if (!gap && t[coord] !== expect) gap = true; if (gap) t[coord]--; else expect++; } }
  else { let expect = hi; for (let k = line.length - 1; k >= 0; k--) { const t = line[k]; if (!gap && t[coord] !== expect) gap = true; if (gap) t[coord]++; else expect--; } }
}
function push(dir) {
  const xs = state.map(t => t[0]), ys = state.map(t => t[1]);
  const lx = Math.min(...xs), hx = Math.max(...xs), ly = Math.min(...ys), hy = Math.max(...ys);
  const horizontal = dir === "right" || dir === "left";
  const groups = new Map();
  for (const t of state) { const k = horizontal ? t[1] : t[0]; if (!groups.has(k)) groups.set(k, []); groups.get(k).push(t); }
  for (const line of groups.values()) {
    if (horizontal) fall(line, dir === "right" ? -1 : 1, lx, hx, 0);
    else fall(line, dir === "up" ? 1 : -1, ly, hy, 1);
  }
  const nx = Math.min(...state.map(t => t[0])), ny = Math.min(...state.map(t => t[1]));
  for (const t of state) { t[0] -= nx; t[1] -= ny; }
}
function copy(s) { return s.map(c => c.slice()); }
function say(text) { status.textContent = text; }
function done() {
  if (isGoal()) {
    say("solved in " + history.length + " move" + (history.length === 1 ? "" : "s") + (D.optimum !== undefined ? " (optimum " + D.optimum + ")" : ""));
    document.title = "solved";
    return true;
  }
  say("moves: " + history.length);
  return false;
}
function moveCoin(from, to) {
  const why = legal(from, to);
  if (why) { say("illegal: " + why); return false; }
  history.push(copy(state));
  for (const c of state) if (c[0] === from) c[0] = to;
  selected = -1; draw(); done(); return true;
}
function doPush(dir) { history.push(copy(state)); push(dir); draw(); done(); }
function click(i) {
  const occ = occupied();
  if (occ.has(i)) { selected = i; draw(); say("coin selected: click a free cell"); }
  else if (selected >= 0) moveCoin(selected, i);
}
function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e); return e;
}
function draw() {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (D.game === "linepush") {
    const w = Math.max(...state.map(t => t[0])) + 1, h = Math.max(...state.map(t => t[1])) + 1;
    svg.setAttribute("viewBox", "-1 -1 " + (w + 1) + " " + (h + 1));
    svg.setAttribute("width", (w + 1) * S); svg.setAttribute("height", (h + 1) * S);
    for (const t of state) {
      el("rect", { x: t[0] - 0.45, y: t[1] - 0.45, width: 0.9, height: 0.9, rx: 0.1, fill: "#c8a04a", stroke: "#6b5417", "stroke-width": 0.04 }, svg);
      if (t[3]) { const tx = el("text", { x: t[0], y: t[1] + 0.15, "font-size": 0.45, "text-anchor": "middle" }, svg); tx.textContent = t[3]; }
    }
    return;
  }
  const xs = D.cells.map(c => c[0]), ys = D.cells.map(c => c[1]);
  const minx = Math.min(...xs) - 1, miny = Math.min(...ys) - 1;
  const w = Math.max(...xs) - minx + 1, h = Math.max(...ys) - miny + 1;
  svg.setAttribute("viewBox", minx + " " + miny + " " + w + " " + h);
  svg.setAttribute("width", w * S); svg.setAttribute("height", h * S);
  const occ = occupied();
  const goal = D.goal.fixed ? new Set(D.goal.fixed.map(g => g[0])) : new Set();
  D.cells.forEach((c, i) => {
    const coin = occ.get(i);
    const g = el("g", { id: "cell" + i, class: coin ? "coin" : "cell" }, svg);
    el("circle", { cx: c[0], cy: c[1], r: 0.48, fill: "transparent" }, g);
    if (coin) {
      el("circle", { cx: c[0], cy: c[1], r: 0.46, fill: i === selected ? "#e8c35a" : "#c8a04a", stroke: "#6b5417", "stroke-width": 0.05 }, g);
      if (coin[2]) { const tx = el("text", { x: c[0], y: c[1] + 0.15, "font-size": 0.45, "text-anchor": "middle" }, g); tx.textContent = coin[2]; }
    } else {
      el("circle", { cx: c[0], cy: c[1], r: goal.has(i) ? 0.2 : 0.07, fill: goal.has(i) ? "none" : "#999", stroke: goal.has(i) ? "#6b5417" : "none", "stroke-width": 0.04 }, g);
    }
    g.addEventListener("click", () => click(i));
  });
}
function restart() { state = copy(D.start); history = []; selected = -1; step = 0; draw(); done(); }
function undo() { if (history.length) { state = history.pop(); selected = -1; draw(); done(); } }
function solutionStep() {
  if (!D.solution) { say("no solution in this page"); return; }
  if (step === 0) restart();
  if (step >= D.solution.length) { say("the solution is done: " + D.solution.length + " moves"); return; }
  const m = D.solution[step++];
  if (D.game === "linepush") doPush(m);
  else {
    document.getElementById("cell" + m[0]).dispatchEvent(new MouseEvent("click"));
    document.getElementById("cell" + m[1]).dispatchEvent(new MouseEvent("click"));
  }
}
document.getElementById("undo").onclick = undo;
document.getElementById("restart").onclick = restart;
document.getElementById("step").onclick = solutionStep;
for (const dir of ["left", "right", "up", "down"]) {
  const b = document.getElementById(dir);
  if (b) b.onclick = () => doPush(dir);
}
document.addEventListener("keydown", e => {
  const dirs = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
  if (D.game === "linepush" && dirs[e.key]) doPush(dirs[e.key]);
  if (e.key === "u") undo();
});
restart();
if (location.hash === "#autoplay" && D.solution) {
  for (let k = 0; k < D.solution.length; k++) solutionStep();
}
]==]

function M.html(p, opts)
  if not Puzzle.is_puzzle(p) then
    error("penny.page.html: a puzzle (penny.puzzle) expected", 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("penny.page.html: options must be a table", 2)
  end
  opts = opts or {}
  errors.fields(opts, "solution, title", "penny.page.html", 2)
  if opts.solution ~= nil and (type(opts.solution) ~= "table"
      or (type(opts.solution.moves) ~= "table"
          and type(opts.solution.moves) ~= "userdata")) then
    error("penny.page.html: solution must be a Solution (from puzzle:solve)", 2)
  end
  local game = p.game or "coins"
  if game ~= "coins" and game ~= "linepush" then
    error("penny.page: pages are made for coin moves and line pushes (not "
      .. "the " .. game .. " game)", 2)
  end
  local sol = opts.solution
  if sol ~= nil and sol.verdict ~= "solved" then sol = nil end
  local data
  if game == "linepush" then data = push_data(p, sol)
  else
    if not DIM2[p.board:kind()] or p.board:dim() ~= 2 then
      error("penny.page: pages are made for the square, triangular, king and "
        .. "hexagonal lattices and for line pushes (not " .. p.board:kind()
        .. ")", 2)
    end
    data = coin_data(p, sol)
  end
  data.optimum = sol and sol.optimal and #sol or p.optimum
  local title = opts.title or p.name or "a penny puzzle"
  local buttons = game == "linepush" and
    '<button id="left">&#8592;</button><button id="up">&#8593;</button>'
    .. '<button id="down">&#8595;</button><button id="right">&#8594;</button>'
    or ""
  local aim = game == "linepush" and (p.box and format("push the tokens into a %d x %d box", p.box[1], p.box[2]) or "push the tokens into the goal's shape")
    or p.up_to == "fixed" and "move the coins onto the rings"
    or "form the goal's shape anywhere"
  local goal_pic = ""
  if p.up_to ~= "fixed" and not p.box then
    goal_pic = "<p>goal:</p>" .. render.svg(p.goal, { scale = 24 }):gsub("^<%?xml[^>]*>%s*", "")
  end
  return concat{
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
    "<title>", esc(title), "</title>\n",
    "<style>body{font-family:sans-serif;margin:1.5em}svg#board{display:block;",
    "margin:1em 0;cursor:pointer}button{margin-right:.4em}#status{font-weight:bold}</style>\n",
    "</head>\n<body>\n<h1>", esc(title), "</h1>\n<p>", esc(aim),
    game == "coins" and format(" (a coin moves to a free cell with at least %d coins beside it)", p.rule.d) or "",
    ".</p>\n", goal_pic, "\n<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\"></svg>\n",
    "<p>", buttons, "<button id=\"undo\">undo</button><button id=\"restart\">restart</button>",
    "<button id=\"step\">solution: next move</button></p>\n",
    "<p id=\"status\"></p>\n",
    "<script type=\"application/json\" id=\"data\">", json.encode(data):gsub("</", "<\\/"), "</script>\n",
    "<script>\n", SCRIPT, "</script>\n<p><small>made by penny</small></p>\n</body>\n</html>\n" }
end

local function write_file(path, text, level)
  local f, err = io.open(path, "wb")
  if not f then error("cannot write " .. tostring(err), level + 1) end
  f:write(text)
  f:close()
end

function M.write(path, p, opts)
  write_file(path, M.html(p, opts), 2)
end

local EXAMPLES = { "examples/classics.pz", "examples/thesis.pz",
                   "examples/pushes.pz", "examples/first.pz" }

function M.gallery(dir, opts)
  if type(dir) ~= "string" then error("penny.page.gallery: a directory expected", 2) end
  if opts ~= nil and type(opts) ~= "table" then
    error("penny.page.gallery: options must be a table", 2)
  end
  opts = opts or {}
  errors.fields(opts, "files, letters, time_limit", "penny.page.gallery", 2)
  local pzfile = require "penny.pzfile"
  local cs = require "penny.coinsliding"
  if not os.execute("mkdir -p '" .. dir:gsub("'", "") .. "'") then
    error("cannot make the directory " .. dir, 2)
  end
  local entries = {}
  local list = opts.files
  if not list then
    list = {}
    for _, f in ipairs(EXAMPLES) do list[#list + 1] = files.find(f) end
  end
  for _, f in ipairs(list) do
    for i, p in ipairs(pzfile.load(f)) do
      entries[#entries + 1] = { p = p, from = format("%s, puzzle %d",
        f:match("[^/]+$"), i) }
    end
  end
  local corpus = cs.load()
  local keys = {}
  for k in cs.keys(corpus, "font5x7") do keys[#keys + 1] = k end
  local n = opts.letters or 6
  for i = 1, n do
    local k = keys[math.floor((i - 0.5) / n * #keys) + 1]
    local p = cs.puzzle(corpus, "font5x7", k)
    p.name = "font5x7 " .. k
    entries[#entries + 1] = { p = p, from = "Demaine's letters, Chaffin's optimum" }
  end
  local rows = {}
  for i, e in ipairs(entries) do
    local p = e.p
    local sol = p:solve{ time_limit = opts.time_limit or 10, progress = false }
    local href = format("p%02d.html", i)
    local ok = pcall(M.write, dir .. "/" .. href, p, { solution = sol })
    local verdict = sol.verdict == "solved" and format("%d moves%s", #sol,
      sol.optimal and " (optimal)" or "") or sol.verdict
    local pic = render.svg(p.start, { scale = 14 }):gsub("^<%?xml[^>]*>%s*", "")
    rows[#rows + 1] = format("<tr><td>%s</td><td>%s<br><small>%s</small></td>"
      .. "<td>%s</td><td>%s</td></tr>", pic, esc(p.name or "puzzle"),
      esc(e.from), esc(verdict), ok and format('<a href="%s">play</a>', href)
      or "(no page for this board)")
  end
  write_file(dir .. "/index.html", concat{ "<!DOCTYPE html>\n<html lang=\"en\">",
    "<head><meta charset=\"utf-8\"><title>penny gallery</title><style>",
    "body{font-family:sans-serif;margin:1.5em}td{padding:.4em 1em;",
    "vertical-align:middle;border-bottom:1px solid #ddd}</style></head><body>",
    "<h1>penny gallery</h1><table>\n", concat(rows, "\n"),
    "\n</table></body></html>\n" }, 2)
  return #entries
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
