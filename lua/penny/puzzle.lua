--[[
penny.puzzle -- a puzzle: a board, a rule, a start and a goal.

  penny.puzzle{
    board = "square" | Board | board spec table   (default "square"),
            or "combined": the square and triangular grids together
            (penny.combined; start and goal in square-grid art or Configs)
    rule  = d | {d = d}          a destination needs d occupied neighbours
                                 besides the moved coin (default 2)
    start = configuration text, table or Config
    goal  = configuration text, table or Config
    up_to = "fixed" (default) | "translation" | "rotation" | "symmetry":
            the goal is a shape to form anywhere (rotation: by a rotation
            of the lattice too; symmetry: rotations and reflections)
    margin = search window margin on lattices with an infinite span
    name  = "..."
    game  = "coins" (default) | "linepush": line pushes, configurations up to
            translation, goal a configuration or { box = {w, h} }
    partial = true               the goal may have fewer coins than the
                                 start: the others end anywhere
  }

With partial = true the goal may have fewer coins than the start: then the
extra coins may end anywhere (the thesis's B+ superset of B); without it a
goal with fewer coins is an error (most often a coin forgotten in a
drawing).  Labels must agree: the goal's labels are a sub-multiset of the
start's.  A field penny does not know is an error that lists the known
ones.

puzzle:solve(opts) -> Solution      see penny.solve for the methods
puzzle:explain() -> text            which facts decide the puzzle
puzzle:check(moves) -> ok, ...      replay a move list

p:solve and p:explain are defined where they are done: in penny.solve and
penny.explain, which sit above this file (the solvers and the theories
test their arguments with puzzle.expect, so they come after it).

The game (p.game: coins, line pushes) is asked for what differs between
games (penny.game): the fields it gives a meaning, its goal test and
replay, its text.  A board with a puzzle class of its own plugs in here
(M.register_class): the combined square and triangular grid
(penny.combined) builds its puzzles for board = "combined".
]]

local format, error, ipairs, pairs, type, tostring, setmetatable, pcall,
  getmetatable = string.format, error, ipairs, pairs, type, tostring,
  setmetatable, pcall, getmetatable
local math = math

local require = require
local _ENV = nil

local M = {}

local errors = require "penny.errors"
local Board = require "penny.board"
local Config = require "penny.config"
local dsl = require "penny.dsl"
local games = require "penny.game"
local core = require "penny.core"

local Puzzle = {}
Puzzle.__index = Puzzle
Puzzle.__name = "penny.Puzzle"
M.Puzzle = Puzzle

function M.is_puzzle(x) return getmetatable(x) == Puzzle end

--[[
register_class(board, c): a board with a puzzle class of its own.  c has
new(spec) (builds the puzzle for spec.board == board), class (its
metatable: its puzzles share is_goal and check) and is_config(x) (its
configurations).
]]
local classes = {}
function M.register_class(board, c) classes[board] = c end

local function own_class(mt)
  if mt == nil then return false end
  for _, c in pairs(classes) do
    if c.class == mt then return true end
  end
  return false
end

-- a method called with a dot (p.solve{...}) gets its options as self
-- (is_goal and check serve the puzzles of registered games too)
local function check_self(self, name, others_too)
  local mt = getmetatable(self)
  return errors.method_self(mt == Puzzle
    or others_too and own_class(mt), self, "puzzle", name, "Puzzle", "p")
end

-- p itself, or the error "where: a Puzzle expected, got ..." at the caller
-- of the function that calls expect (which may call it through a tail call)
function M.expect(p, where)
  if getmetatable(p) ~= Puzzle then
    error(format("%s: a Puzzle expected, got %s", where, errors.typename(p)), 3)
  end
  return p
end

local MODES = { fixed = true, translation = true, rotation = true,
                symmetry = true }

local FIELD_LIST = "board, rule, start, goal, up_to, margin, name, game, "
  .. "partial"
local FIELDS = {}
for k in FIELD_LIST:gmatch("[%a_]+") do FIELDS[k] = true end


local function label_counts(cfg)
  local n = {}
  for _, c in ipairs(cfg:coins()) do
    local l = c.label or 0
    n[l] = (n[l] or 0) + 1
  end
  return n
end

local function label_name(l)
  if l == 0 then return "plain coins ('o')" end
  return format("coins labelled %s", dsl.char_of(l) == "*" and
    tostring(l) or "'" .. dsl.char_of(l) .. "'")
end

-- why the goal's coins cannot all come from the start's (nil when they can)
local function mismatch_of(p, g)
  local exact = g.conserves
  if exact and #p.goal ~= #p.start then
    return format("the start has %d tokens, the goal %d", #p.start, #p.goal)
  elseif #p.goal > #p.start then
    return format("the goal has %d coins but the start only %d", #p.goal,
      #p.start)
  end
  local a, b = label_counts(p.start), label_counts(p.goal)
  for l, n in pairs(b) do
    if (a[l] or 0) < n then
      return format("labels do not match: the goal has %d %s, the start %d",
        n, label_name(l), a[l] or 0)
    end
  end
  if #p.goal == #p.start then
    for l, n in pairs(a) do
      if (b[l] or 0) ~= n then
        return format("labels do not match: the start has %d %s, the goal %d",
          n, label_name(l), b[l] or 0)
      end
    end
  end
end

function M.new(spec)
  if type(spec) ~= "table" then
    error("penny.puzzle expects a table {board=, start=, goal=, ...}", 2)
  end
  -- a misspelt field would silently be ignored
  for k in pairs(spec) do
    if not FIELDS[k] then
      error(format("penny.puzzle: unknown field '%s' (fields: %s)",
        tostring(k), FIELD_LIST), 2)
    end
  end
  if spec.partial ~= nil and type(spec.partial) ~= "boolean" then
    error("penny.puzzle: partial must be a boolean", 2)
  end
  local other = type(spec.board) == "string" and classes[spec.board]
  if other then
    -- the combined square/triangular grid has its own configurations
    local ok, p = pcall(other.new, spec)
    if not ok then error(p, 2) end
    return p
  end
  local self = setmetatable({}, Puzzle)
  self.name = spec.name
  self.game = spec.game or "coins"
  local g = games.get(self.game)
  if not g then
    error(format("unknown game '%s' (%s)", tostring(self.game),
      games.names()), 2)
  end
  if g.prepare then spec = g.prepare(self, spec, 2) end
  self.board = Board.new(spec.board or "square")
  local rule = spec.rule or 2
  if type(rule) == "number" then rule = { d = rule } end
  if type(rule) ~= "table" then error("rule must be a number d or {d = d}", 2) end
  local d = rule.d or 2
  local maxd = core.MAXDEG
  if math.type(d) ~= "integer" or d < 1 or d > maxd then
    error(format("the adjacency threshold d must be an integer 1..%d (got %s)",
      maxd, tostring(d)), 2)
  end
  self.rule = { d = d }
  for k, v in pairs(rule) do if k ~= "d" then self.rule[k] = v end end
  if rule.slide ~= nil then
    if type(rule.slide) ~= "boolean" then error("rule.slide must be a boolean", 2) end
    local kind = self.board:kind()
    if rule.slide and kind ~= "square" and kind ~= "triangular"
        and kind ~= "king" and kind ~= "hexagonal" then
      error(format("slides are defined in the plane: square, king, triangular "
        .. "or hexagonal boards (not %s)", kind), 2)
    end
  end
  if spec.start == nil then error("the puzzle needs a start", 2) end
  if spec.goal == nil then error("the puzzle needs a goal", 2) end
  self.start = Config.new(self.board, spec.start, "start")
  if self.box then
    if #self.start ~= self.box[1] * self.box[2] then
      error(format("a %d x %d box holds %d tokens, the start has %d",
        self.box[1], self.box[2], self.box[1] * self.box[2], #self.start), 2)
    end
    self.goal = self.start            -- no configuration: the box decides
    self.up_to = "translation"
    return self
  end
  self.goal = Config.new(self.board, spec.goal, "goal")
  self.up_to = spec.up_to or "fixed"
  if not MODES[self.up_to] then
    error(format("up_to must be 'fixed', 'translation', 'rotation' or "
      .. "'symmetry' (got %s)", tostring(self.up_to)), 2)
  end
  if self.up_to ~= "fixed" and self.board:kind() == "graph" then
    error("a custom graph has no translations or rotations: up_to must be "
      .. "'fixed'", 2)
  end
  self.margin = spec.margin
  if self.margin ~= nil and (math.type(self.margin) ~= "integer"
      or self.margin < 0 or self.margin > 1000) then
    error("margin must be an integer 0..1000", 2)
  end
  if #self.start == 0 then error("the start has no coins", 2) end
  if #self.goal < #self.start and not spec.partial and not g.conserves then
    error(format("the goal has %d coin%s but the start %d: to let the "
      .. "others end anywhere, say so (partial = true; 'partial: yes' in a "
      .. ".pz file)", #self.goal, #self.goal == 1 and "" or "s",
      #self.start), 2)
  end
  self.partial = #self.goal < #self.start
  local mismatch = mismatch_of(self, g)
  if mismatch then
    -- a coin puzzle whose goal the start cannot cover is a malformed
    -- puzzle; where every token is kept (line pushes) it is a verdict
    -- (the solvers answer "unsolvable" with this reason)
    if not g.conserves then error(mismatch, 2) end
    self.mismatch = mismatch
  end
  return self
end

-- is cfg a goal configuration of this puzzle?
function Puzzle:is_goal(cfg)
  check_self(self, "is_goal", true)
  local g = games.of(self)
  if g.is_goal then return g.is_goal(self, cfg) end
  local ok = Config.is_config(cfg)
  for _, c in pairs(classes) do ok = ok or c.is_config(cfg) end
  errors.expect(ok, cfg, "a Config", "puzzle:is_goal")
  return cfg:matches(self.goal, self.up_to)
end

--[[
puzzle:check(moves) -> true, final | false, index, reason, message
Replays moves from the start with the puzzle's rule and tests the goal.
]]
function Puzzle:check(moves)
  check_self(self, "check", true)
  local g = games.of(self)
  if g.check then return g.check(self, moves) end
  local ok, a, b, c = self.start:check(moves, self.rule)
  if not ok then return false, a, b, c end
  -- is_goal's test, on the Config the replay made
  if not a:matches(self.goal, self.up_to) then
    return false, #moves + 1, "goal", "the moves do not reach the goal"
  end
  return true, a
end

function Puzzle:__tostring()
  return games.of(self).describe(self)
end

-- errors said at the caller's line, not inside penny
return errors.guard(M)
