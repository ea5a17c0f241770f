--[==[
penny.combined -- coins on the combined square and triangular grid (DDV
Section 6, open problem (iv); their Figure 4: "return to the H in six
moves using both the equilateral-triangle and square grids").

The model (the C side is csrc/combined/): coins are unit disks centred on
points of Z[zeta], zeta = e^{i pi/6}, written as lists {c0, c1, c2, c3} of
the coefficients on 1, zeta, zeta^2, zeta^3.  Two coins touch when their
centres are exactly 1 apart; no two coins are ever closer than 1.  A move
lifts a coin and puts it down touching at least d = 2 others: resting on
two coins in a square or a triangle arrangement, or on two coins whose
directions from it differ by another multiple of 30 degrees.  All
arithmetic is exact (integers on Q(sqrt3)).

Decision: positions stay in Z[zeta].  A coin resting on two coins whose
centres are not a sum of two twelfth roots of unity apart would sit off
this set; such places are not offered (they never arise from square and
triangular arrangements, which is what DDV's puzzle combines).

  local combined = require "penny.combined"      -- or penny.combined
  combined.square(x, y), combined.triangular(x, y) -> point
  combined.config(spec) -> Config
      spec: square-grid art ("o" = coin), a penny Config of the square or
      triangular grid (embedded), or a list of points
  cfg:points(), #cfg, cfg:moves([d]), cfg:apply(move [, rule]),
  cfg:check(moves [, rule]), cfg:matches(goal, up_to), tostring(cfg),
  cfg:svg([opts])
  combined.puzzle{ start =, goal =, up_to = "fixed" | "translation"
                   (default) | "symmetry", rule = d, name = }
      also penny.puzzle{ board = "combined", ... }
  puzzle:solve{ max_depth = 30, time_limit =, max_memory = } -> Solution
  puzzle:check(moves), puzzle:explain()

Solving is IDA* with the bound "coins not already in some placement of
the goal" (each move places one coin); each finished iteration proves
that no shorter solution exists.  "rotation" is read as "symmetry": the
twelve rotations by multiples of 30 degrees and their reflections.
]==]

local core = require "penny.core"
local errors = require "penny.errors"
local coin_config = require "penny.config"
local puzzle = require "penny.puzzle"
local Solution = require("penny.solution").Solution
require "penny.explain"          -- p:explain of the square-grid puzzles

local format, error, ipairs, type, tostring, setmetatable, getmetatable,
  math, pcall =
  string.format, error, ipairs, type, tostring, setmetatable, getmetatable,
  math, pcall
local concat, sort = table.concat, table.sort

local _ENV = nil

local M = {}

local Config = {}
Config.__index = Config
M.Config = Config

local Move = {}
Move.__index = Move

--{===================================================================
-- Points

local function point(a, b, c, d)
  return { a, b, c, d }
end

-- square (x, y) -> x + y zeta^3; triangular axial (x, y) -> x + y zeta^2
function M.square(x, y) return point(x, 0, 0, y) end
function M.triangular(x, y) return point(x, 0, y, 0) end

local function key(p)
  return format("%d,%d,%d,%d", p[1], p[2], p[3], p[4])
end

local function less(p, q)
  for i = 1, 4 do
    if p[i] ~= q[i] then return p[i] < q[i] end
  end
  return false
end

-- (A + B sqrt3) / 2 as text: "1", "-1/2", "√3/2", "2+√3", "(1-3√3)/2"
local function half_r3(a, b)
  local function times_r3(k)       -- k sqrt3, k ~= 0
    return (k == 1 and "" or k == -1 and "-" or tostring(k)) .. "√3"
  end
  local function signed(k)         -- k sqrt3 after a number
    return (k > 0 and "+" or "") .. times_r3(k)
  end
  if b == 0 then
    return a % 2 == 0 and tostring(a // 2) or format("%d/2", a)
  end
  if a % 2 == 0 and b % 2 == 0 then
    if a == 0 then return times_r3(b // 2) end
    return tostring(a // 2) .. signed(b // 2)
  end
  if a == 0 then return times_r3(b) .. "/2" end
  return format("(%d%s)/2", a, signed(b))
end

--[[
combined.coords(p) -> x, y as numbers (floating point, for drawing)
combined.format(p) -> "(x, y)" exactly, e.g. "(1/2, √3/2)"
]]
local R3 = math.sqrt(3)
function M.coords(p)
  local x0, x1, y0, y1 = core.z12_coords(p)
  return (x0 + x1 * R3) / 2, (y0 + y1 * R3) / 2
end

function M.format(p)
  local x0, x1, y0, y1 = core.z12_coords(p)
  return format("(%s, %s)", half_r3(x0, x1), half_r3(y0, y1))
end

function Move.__tostring(m)
  return M.format(m.from) .. "->" .. M.format(m.to)
end

local function move(m)
  return setmetatable({ from = m.from, to = m.to }, Move)
end

--}===================================================================

--{===================================================================
-- Configurations

local function new_config(pts)
  sort(pts, less)
  for i = 2, #pts do
    if not less(pts[i - 1], pts[i]) then
      error("two coins on the point " .. M.format(pts[i]), 3)
    end
  end
  -- two coins closer than 1 lie in the same or neighbouring unit cells of
  -- the plane: each coin is compared with those few (the floats only
  -- choose the cells; the test itself is exact)
  local cells = {}
  for i, p in ipairs(pts) do
    local x, y = M.coords(p)
    local cx, cy = math.floor(x), math.floor(y)
    for dx = -1, 1 do
      for dy = -1, 1 do
        for _, j in ipairs(cells[(cx + dx) .. "," .. (cy + dy)] or {}) do
          local q = pts[j]
          local d = { p[1] - q[1], p[2] - q[2], p[3] - q[3], p[4] - q[4] }
          if core.z12_norm_cmp1(d) < 0 then
            error(format("coins at %s and %s are closer than 1",
              M.format(q), M.format(p)), 3)
          end
        end
      end
    end
    local k = cx .. "," .. cy
    local list = cells[k] or {}
    list[#list + 1] = i
    cells[k] = list
  end
  return setmetatable({ pts = pts }, Config)
end

local function check_point(p, what)
  if type(p) ~= "table" then
    error(format("%s: a point {c0, c1, c2, c3} expected, got %s", what,
      type(p)), 4)
  end
  for i = 1, 4 do
    if math.type(p[i]) ~= "integer" then
      error(format("%s: coefficient %d must be an integer", what, i), 4)
    end
  end
  return point(p[1], p[2], p[3], p[4])
end

--[[
combined.config(spec) -> Config
  spec: square-grid art (rows downward, "o" or any label character is a
  coin, "." or " " empty), a penny Config of the unbounded square or
  triangular grid, or a list of points {c0, c1, c2, c3}.
]]
function M.config(spec)
  if getmetatable(spec) == Config then return spec end
  local pts = {}
  if type(spec) == "string" then
    spec = coin_config.new("square", spec)
  end
  if coin_config.is_config(spec) then
    local kind = spec:board():kind()
    local embed = kind == "square" and M.square
      or kind == "triangular" and M.triangular
    if not embed then
      error(format("the combined grid embeds square and triangular "
        .. "configurations, not %s ones", kind), 2)
    end
    for i, c in ipairs(spec:coins()) do
      if c.label then
        error("the combined grid takes unlabelled coins only", 2)
      end
      pts[i] = embed(c[1], c[2])
    end
  elseif type(spec) == "table" then
    for i, p in ipairs(spec) do pts[i] = check_point(p, "point " .. i) end
  else
    error("combined.config expects art, a Config or a list of points", 2)
  end
  if #pts == 0 then error("the configuration has no coins", 2) end
  return new_config(pts)
end

function M.is_config(x) return getmetatable(x) == Config end

-- a method called with a dot (cfg.moves()) gets no object as self
local function check_self(self, class, what, name)
  return errors.method_self(getmetatable(self) == class, self, what, name,
    "combined " .. what, "x")
end

function Config:points()
  check_self(self, Config, "cfg", "points")
  local out = {}
  for i, p in ipairs(self.pts) do out[i] = point(p[1], p[2], p[3], p[4]) end
  return out
end

function Config:__len() return #self.pts end

function Config:__eq(other)
  -- compared with any other table: unequal, never an error
  if getmetatable(self) ~= Config or getmetatable(other) ~= Config then
    return false
  end
  if #self.pts ~= #other.pts then return false end
  for i, p in ipairs(self.pts) do
    if key(p) ~= key(other.pts[i]) then return false end
  end
  return true
end

function Config:__tostring()
  local parts = {}
  for i, p in ipairs(self.pts) do parts[i] = M.format(p) end
  return format("combined configuration of %d coin%s: %s", #self.pts,
    #self.pts == 1 and "" or "s", concat(parts, " "))
end

local function rule_d(rule)
  if rule == nil then return 2 end
  if type(rule) == "table" then rule = rule.d or 2 end
  if math.type(rule) ~= "integer" or rule < 1 then
    error("rule must be an integer d >= 1 or {d = d}", 3)
  end
  return rule
end

-- the legal moves
function Config:moves(rule)
  check_self(self, Config, "cfg", "moves")
  local ms = core.z12_moves(self.pts, rule_d(rule))
  for i, m in ipairs(ms) do ms[i] = move(m) end
  return ms
end

local REASONS = {
  nocoin = "there is no coin at %s",
  same = "the coin is already at %s",
  overlap = "%s overlaps the coin at %s (closer than 1)",
  few = "%s touches %d other coin(s), fewer than %d",
}

-- nil when legal, else reason, message
local function illegal(cfg, m, d)
  if type(m) ~= "table" or type(m.from) ~= "table" or type(m.to) ~= "table"
  then
    return "move", "a move is {from = point, to = point}"
  end
  local r, w = core.z12_check(cfg.pts, m, d)
  if r == "legal" then return nil end
  local msg
  if r == "nocoin" then msg = format(REASONS.nocoin, M.format(m.from))
  elseif r == "same" then msg = format(REASONS.same, M.format(m.from))
  elseif r == "overlap" then
    msg = format(REASONS.overlap, M.format(m.to), M.format(cfg.pts[w]))
  else msg = format(REASONS.few, M.format(m.to), w, d) end
  return r, msg
end

--[[
cfg:legal(move [, rule]) -> true | false, reason, message
cfg:movelist([rule]) -> the legal moves (as cfg:moves: the coin game's
                        interface, penny.game.coins, asks for both)
]]
function Config:legal(m, rule)
  check_self(self, Config, "cfg", "legal")
  local r, msg = illegal(self, m, rule_d(rule))
  if r then return false, r, msg end
  return true
end

function Config:movelist(rule)
  check_self(self, Config, "cfg", "movelist")
  return self:moves(rule)
end

--[[
cfg:apply(move [, rule]) -> Config       raises on an illegal move
]]
function Config:apply(m, rule)
  check_self(self, Config, "cfg", "apply")
  local d = rule_d(rule)
  local r, msg = illegal(self, m, d)
  if r then error("illegal move: " .. msg, 2) end
  local pts = {}
  for i, p in ipairs(self.pts) do
    pts[i] = key(p) == key(m.from) and check_point(m.to, "move.to") or p
  end
  return new_config(pts)
end

--[[
cfg:check(moves [, rule]) -> true, final | false, index, reason, message
]]
function Config:check(moves, rule)
  check_self(self, Config, "cfg", "check")
  if type(moves) ~= "table" then
    error("cfg:check: a list of moves expected, got " .. type(moves), 2)
  end
  local d = rule_d(rule)
  local cfg = self
  for i, m in ipairs(moves) do
    local r, msg = illegal(cfg, m, d)
    if r then return false, i, r, msg end
    cfg = cfg:apply(m, d)
  end
  return true, cfg
end

local function transform(p, k, reflect)
  return core.z12_transform(p, k, reflect)
end

local function normalised(pts)
  sort(pts, less)
  local o, out = pts[1], {}
  for i, p in ipairs(pts) do
    out[i] = key{ p[1] - o[1], p[2] - o[2], p[3] - o[3], p[4] - o[4] }
  end
  return concat(out, ";")
end

--[[
cfg:matches(goal, up_to) -> boolean
  up_to: "fixed", "translation", "symmetry" (rotations by multiples of 30
  degrees and reflections, with translation)
]]
function Config:matches(goal, up_to)
  check_self(self, Config, "cfg", "matches")
  goal = M.config(goal)
  if #goal.pts ~= #self.pts then return false end
  if up_to == nil or up_to == "fixed" then return self == goal end
  local mine = normalised(self:points())
  local nvar = up_to == "translation" and 1 or 24
  for v = 0, nvar - 1 do
    local pts = {}
    for i, p in ipairs(goal.pts) do pts[i] = transform(p, v % 12, v >= 12) end
    if normalised(pts) == mine then return true end
  end
  return false
end

--[[
cfg:svg([opts]) -> SVG text: the coins as circles (opts.scale, pixels per
coin diameter, default 40; opts.mark = list of points drawn highlighted)
]]
function Config:svg(opts)
  check_self(self, Config, "cfg", "svg")
  opts = opts or {}
  if type(opts) ~= "table" then error("svg options must be a table", 2) end
  local s = opts.scale or 40
  local xs, ys = {}, {}
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  for i, p in ipairs(self.pts) do
    xs[i], ys[i] = M.coords(p)
    minx, maxx = math.min(minx, xs[i]), math.max(maxx, xs[i])
    miny, maxy = math.min(miny, ys[i]), math.max(maxy, ys[i])
  end
  local marked = {}
  for _, p in ipairs(opts.mark or {}) do marked[key(p)] = true end
  local w, h = (maxx - minx + 1.2) * s, (maxy - miny + 1.2) * s
  local out = { format('<svg xmlns="http://www.w3.org/2000/svg" '
    .. 'width="%.0f" height="%.0f" viewBox="0 0 %.1f %.1f">', w, h, w, h),
    format('<rect width="%.1f" height="%.1f" fill="white"/>', w, h) }
  for i, p in ipairs(self.pts) do
    out[#out + 1] = format('<circle cx="%.2f" cy="%.2f" r="%.2f" '
      .. 'fill="%s" stroke="black" stroke-width="1"/>',
      (xs[i] - minx + 0.6) * s, (ys[i] - miny + 0.6) * s, s / 2 - 0.5,
      marked[key(p)] and "#e0a030" or "#c8c8c8")
  end
  out[#out + 1] = "</svg>\n"
  return concat(out, "\n")
end

--}===================================================================

--{===================================================================
-- Puzzles

local Puzzle = {}
Puzzle.__index = Puzzle
M.Puzzle = Puzzle

local MODES = { fixed = "fixed", translation = "translation",
                symmetry = "symmetry", rotation = "symmetry" }

function M.puzzle(spec)
  if type(spec) ~= "table" then
    error("combined.puzzle expects a table {start=, goal=, ...}", 2)
  end
  errors.fields(spec, "board, start, goal, up_to, rule, name, game",
    "penny.puzzle (combined grid)")
  if spec.game ~= nil and spec.game ~= "coins" then
    error("the combined grid plays the coin game only", 2)
  end
  if type(spec.rule) == "table" and spec.rule.slide then
    error("slides are not defined on the combined grid", 2)
  end
  local ok, start = pcall(M.config, spec.start)
  if not ok then error("start: " .. tostring(start), 2) end
  local ok2, goal = pcall(M.config, spec.goal)
  if not ok2 then error("goal: " .. tostring(goal), 2) end
  if #start ~= #goal then
    error(format("the start has %d coins, the goal %d", #start, #goal), 2)
  end
  local up_to = MODES[spec.up_to or "translation"]
  if not up_to then
    error(format("up_to must be 'fixed', 'translation' or 'symmetry' "
      .. "(got %s)", tostring(spec.up_to)), 2)
  end
  local ok3, d = pcall(rule_d, spec.rule)
  if not ok3 then error(d, 2) end
  return setmetatable({ name = spec.name, game = "coins", board = "combined",
    start = start, goal = goal, up_to = up_to, rule = { d = d } }, Puzzle)
end

-- the goal test and the replay check are penny.puzzle's: they only ask
-- the configurations for matches() and check(); penny.puzzle builds the
-- combined grid's puzzles here (board = "combined")
Puzzle.is_goal = puzzle.Puzzle.is_goal
Puzzle.check = puzzle.Puzzle.check
puzzle.register_class("combined", { new = function(spec) return M.puzzle(spec) end,
  class = Puzzle, is_config = function(x) return M.is_config(x) end })

--[[
puzzle:solve{ max_depth = 30, time_limit = s, max_memory = bytes,
              method = "combined" | "auto" }
  -> Solution ("solved" optimal; "unsolvable" when the whole reachable
  set was explored; "unknown" with the proven lower bound otherwise)
]]
function Puzzle:solve(opts)
  check_self(self, Puzzle, "puzzle", "solve")
  opts = opts or {}
  if type(opts) ~= "table" then error("solve options must be a table", 2) end
  if opts.method ~= nil and opts.method ~= "auto"
      and opts.method ~= "combined" then
    error(format("the combined grid has one solver, 'combined' (got "
      .. "method '%s')", tostring(opts.method)), 2)
  end
  local depth = opts.max_depth or 30
  if math.type(depth) ~= "integer" or depth < 0 or depth > 250 then
    error("max_depth must be an integer 0..250", 2)
  end
  local r, why = core.z12_solve(self.start.pts, self.goal.pts, self.rule.d,
    self.up_to, depth, opts)
  if not r then
    return Solution.new(self, { verdict = "unknown", reason = why,
      method = "combined" })
  end
  local stats = { nodes = r.nodes, states = r.states, memory = r.memory,
                  seconds = r.seconds }
  if r.verdict == "solved" then
    local moves = {}
    for i, m in ipairs(r.moves) do moves[i] = move(m) end
    return Solution.new(self, { verdict = "solved", moves = moves,
      optimal = true, method = "combined", stats = stats,
      reason = format("optimal: IDA* finished every bound below %d with "
        .. "the coins-out-of-place lower bound (%d configurations "
        .. "expanded)", #moves, r.nodes) })
  end
  return Solution.new(self, { verdict = r.verdict, method = "combined",
    lower_bound = r.verdict == "unknown" and r.lower_bound or nil,
    stats = stats, reason = r.reason })
end

-- the square-grid span of a configuration whose points are all on the
-- square grid, or nil
local function as_square(cfg)
  local cells = {}
  for i, p in ipairs(cfg.pts) do
    if p[2] ~= 0 or p[3] ~= 0 then return nil end
    cells[i] = { p[1], p[4] }
  end
  return cells
end

--[[
puzzle:explain() -> text: the lower bound, and what the square grid alone
would say when both configurations lie on it
]]
function Puzzle:explain()
  check_self(self, Puzzle, "puzzle", "explain")
  local out = { format("combined square/triangular grid, %d coins, d = %d, "
    .. "goal up to %s", #self.start, self.rule.d, self.up_to) }
  local r = core.z12_solve(self.start.pts, self.goal.pts, self.rule.d,
    self.up_to, 0)
  out[#out + 1] = format("at least %d moves: %d coins are outside the "
    .. "best placement of the goal, and a move places one coin",
    r.lower_bound, r.lower_bound)
  local a, b = as_square(self.start), as_square(self.goal)
  if a and b then
    local ok, sq = pcall(puzzle.new, { board = "square",
      start = a,
      goal = b, up_to = self.up_to == "symmetry" and "symmetry"
      or self.up_to })
    if ok then
      out[#out + 1] = "on the square grid alone:"
      out[#out + 1] = sq:explain()
    end
  end
  return concat(out, "\n")
end

function Puzzle:__tostring()
  return format("penny.Puzzle(combined grid, %d coins, d = %d, goal up to "
    .. "%s)\nstart: %s\ngoal: %s", #self.start, self.rule.d, self.up_to,
    tostring(self.start), tostring(self.goal))
end

--}===================================================================

return M
