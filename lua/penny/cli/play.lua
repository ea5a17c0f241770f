--[[
penny.cli.play -- `penny play FILE [--puzzle N]`: a person plays a puzzle.

The position is drawn with its coordinates; each line typed is a command:

  3,2 2,0      move the coin at (3,2) to (2,0) (any four integers: x y x y)
  right        a push, for line-push puzzles (left, up, down)
  l            the legal moves, numbered;  7  plays the move numbered 7
               (how moves are typed on the combined grid, whose points
               are not integers)
  u  r  0      undo, redo, restart
  h            a hint: the best move and its proven distance to the goal
  ?            this list
  q            quit (so does the end of the input)

An illegal move is refused with the reason the core gives.  At the goal:
"solved in N moves (optimum M)", the optimum from the file's 'optimum:'
or proven by a solve.  Without a terminal it reads the commands from
standard input (one per line), which is how the specs play it.

  play.run(puzzle, input, output) -> exit status   (the loop itself)
]]

local games = require "penny.game"
local dsl = require "penny.dsl"
local render = require "penny.render"
local hints = require "penny.hints"
local combined = require "penny.combined"
require "penny.solve"        -- puzzle:solve, for the optimum

local ipairs, tostring, tonumber, format, concat, math, os, type =
  ipairs, tostring, tonumber, string.format, table.concat, math, os, type

local _ENV = nil

local M = {}

local HELP = [[
commands: x,y x,y (a move: the coin at the first cell to the second), or a
push (right, left, up, down); l the legal moves, numbered, and N plays
number N; u undo, r redo, 0 restart, h hint, ? this list, q quit]]

-- what the loop asks of a game: its moves, one move applied (or why
-- not), a move's text; the combined grid's puzzles are not penny.game's
local function rules_of(p)
  if combined.is_config(p.start) then
    local d = p.rule and p.rule.d or 2
    return {
      moves = function(cfg) return cfg:movelist(d) end,
      apply = function(cfg, m)
        local ok, _, msg = cfg:legal(m, d)
        if not ok then return nil, "illegal: " .. tostring(msg) end
        return cfg:apply(m, d)
      end,
      text = tostring, combined = true,
    }
  end
  local game = games.of(p)
  return {
    moves = function(cfg) return game.moves(p, cfg) end,
    apply = function(cfg, m) return game.apply(p, cfg, m) end,
    text = function(m)
      if type(m) ~= "table" then return tostring(m) end
      return "(" .. concat(m.from, ",") .. ")->(" .. concat(m.to, ",") .. ")"
    end,
  }
end

local LATTICE_GRID = { square = true, king = true }

local function want_color()
  if os.getenv("NO_COLOR") ~= nil then return false end
  return os.execute("[ -t 1 ]") == true
end

-- the position with its coordinates: a grid with x along the top and y
-- down the side on the square and king lattices, else the terminal
-- picture and the coins' coordinates
local function draw(p, cfg, last, color, frame)
  if combined.is_config(cfg) then return tostring(cfg) end
  local board = p.board
  if p.game == "linepush" or not LATTICE_GRID[board:kind()] then
    local out = { render.terminal(cfg, { color = color }) }
    local coins = {}
    for _, c in ipairs(cfg:coins()) do
      coins[#coins + 1] = (c.label and c.label ~= 0 and (c.label .. ":") or "")
        .. "(" .. concat(c, ",", 1, #c) .. ")"
    end
    out[#out + 1] = "coins: " .. concat(coins, " ")
    return concat(out, "\n")
  end
  -- the frame: the board's cells, or every cell a coin has held and the
  -- goal's, widened by one (it grows, never shrinks, so the picture
  -- keeps its place)
  local lo, hi
  if board:bounded() then
    lo, hi = board:bbox()
  else
    local clo, chi = cfg:bbox()
    for i = 1, 2 do
      frame.lo[i] = math.min(frame.lo[i], clo[i] - 1)
      frame.hi[i] = math.max(frame.hi[i], chi[i] + 1)
    end
    lo, hi = frame.lo, frame.hi
  end
  local goal = p.up_to == "fixed" and p.goal or nil
  local rows = {}
  local head = { "    " }
  for x = lo[1], hi[1] do head[#head + 1] = format("%2s", tostring(x):sub(-2)) end
  rows[1] = concat(head)
  for y = lo[2], hi[2] do
    local row = { format("%3d ", y) }
    for x = lo[1], hi[1] do
      local pos = { x, y }
      local ch
      if not board:contains(pos) then ch = " "
      elseif cfg:has(pos) then
        local l = cfg:label(pos)
        ch = l ~= 0 and dsl.char_of(l) or "●"
        if color and last and last[1] == x and last[2] == y then
          ch = "\27[1m" .. ch .. "\27[0m"
        end
      elseif goal and goal:has(pos) then ch = "○"
      else ch = "·" end
      row[#row + 1] = " " .. ch
    end
    rows[#rows + 1] = concat(row)
  end
  return concat(rows, "\n")
end

-- a typed move: four integers (x y x y) on 2-D boards, 2 * dim in general
local function parse_move(line, dim)
  local n = {}
  for s in line:gmatch("%-?%d+") do n[#n + 1] = tonumber(s) end
  if #n ~= 2 * dim then return nil end
  local from, to = {}, {}
  for i = 1, dim do from[i], to[i] = n[i], n[dim + i] end
  return { from = from, to = to }
end

function M.run(p, input, out)
  local rules = rules_of(p)
  local color = want_color()
  local history, undone = {}, {}
  local cfg = p.start
  -- without a terminal the commands are not seen: echo them
  local echo = os.execute("[ -t 0 ]") ~= true
  local frame = { lo = {}, hi = {} }
  if not rules.combined and p.board:dim() == 2 and not p.board:bounded() then
    local lo, hi = p.start:bbox()
    frame.lo, frame.hi = { lo[1] - 1, lo[2] - 1 }, { hi[1] + 1, hi[2] + 1 }
    if p.up_to == "fixed" then
      local glo, ghi = p.goal:bbox()
      for i = 1, 2 do
        frame.lo[i] = math.min(frame.lo[i], glo[i] - 1)
        frame.hi[i] = math.max(frame.hi[i], ghi[i] + 1)
      end
    end
  end
  local function say(...) out:write(...); out:write("\n"); out:flush() end
  local function show(last)
    say(draw(p, cfg, last, color, frame))
  end
  say(format("%s: %s", p.name or "puzzle", p.game == "linepush"
    and "push the tokens into the goal's shape" or
    (p.up_to == "fixed" and "move the coins onto the goal (○)" or
     "form the goal's shape anywhere")))
  if p.up_to ~= "fixed" or p.box then
    say("goal:")
    say(p.box and format("a %d x %d box", p.box[1], p.box[2])
      or (rules.combined and tostring(p.goal)
      or render.terminal(p.goal, { color = color })))
  end
  say(HELP)
  show()
  while true do
    out:write(format("move %d> ", #history + 1))
    out:flush()
    local line = input:read("l")
    if line == nil then say(""); return 0 end
    if echo then say(line) end
    line = line:gsub("^%s+", ""):gsub("%s+$", "")
    if line == "q" or line == "quit" then return 0
    elseif line == "?" or line == "help" then say(HELP)
    elseif line == "u" then
      if #history == 0 then say("nothing to undo")
      else
        local h = history[#history]
        history[#history] = nil
        undone[#undone + 1] = h
        cfg = h.before
        say("undone: " .. tostring(h.move))
        show()
      end
    elseif line == "r" then
      if #undone == 0 then say("nothing to redo")
      else
        local h = undone[#undone]
        undone[#undone] = nil
        history[#history + 1] = h
        cfg = h.after
        say("redone: " .. tostring(h.move))
        show(type(h.move) == "table" and h.move.to)
      end
    elseif line == "0" then
      cfg, history, undone = p.start, {}, {}
      say("back to the start")
      show()
    elseif line == "h" or line == "hint" then
      if rules.combined then
        say("no hints on the combined grid (h works on the lattices, graphs "
          .. "and line pushes)")
      else
        local list = hints.hints(p, cfg, { time_limit = 10 })
        if #list == 0 then say("no legal move")
        else
          say("hint: " .. hints.text(list[1]))
        end
      end
    elseif line == "l" then
      local list = rules.moves(cfg)
      if #list == 0 then say("no legal move") end
      for i, m in ipairs(list) do say(format("%3d  %s", i, rules.text(m))) end
    elseif line ~= "" then
      local m
      local number = line:match("^#?(%d+)$")
      if number then
        m = rules.moves(cfg)[tonumber(number)]
        if not m then
          say(format("no move numbered %s (l lists them)", number))
          goto continue
        end
      elseif p.game == "linepush" then m = line
      elseif not rules.combined then m = parse_move(line, p.board:dim()) end
      if not m then
        say("not a move: " .. line .. " (? for the commands)")
      else
        local nxt, why = rules.apply(cfg, m)
        if not nxt then
          say(why)
        else
          local shown = rules.text(m)
          history[#history + 1] = { before = cfg, after = nxt, move = shown }
          undone = {}
          cfg = nxt
          show(type(m) == "table" and not rules.combined and m.to)
          if p:is_goal(cfg) then
            local n = #history
            local optimum = p.optimum
            local proof = ""
            if not optimum then
              local sol = p:solve{ time_limit = 10, progress = false }
              if sol.verdict == "solved" then
                optimum = #sol
                if not sol.optimal then proof = ", not proven least" end
              end
            end
            say(format("solved in %d move%s%s", n, n == 1 and "" or "s",
              optimum and format(" (optimum %d%s)", optimum, proof) or ""))
            return 0
          end
        end
      end
    end
    ::continue::
  end
end

return M
