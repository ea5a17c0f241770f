--[[
penny.repl -- conveniences of the interactive interpreter.

The REPL of `penny` installs two globals (scripts get them with
require("penny.repl").install()):

  show(x)     draws a Config, Board, Puzzle or Solution in the terminal
              (a Solution step by step), anything else as print does
  help([x])   the API at a glance; help(penny.tri), help("linepush") ...

complete(word) gives the tab completions of a word such as "pen",
"penny.bo" or "cfg:mo": global names, table fields and methods (through
__index).
]]

local penny = require "penny"
local render = require "penny.render"

local print, tostring, type, pairs, ipairs, getmetatable, rawget, require,
  pcall, _G =
  print, tostring, type, pairs, ipairs, getmetatable, rawget, require,
  pcall, _G
local format, concat, sort = string.format, table.concat, table.sort

local _ENV = nil

local M = {}

-- a picture of a configuration: combined-grid ones print their exact points
local function picture(c)
  if penny.combined.is_config(c) then return tostring(c) end
  return render.terminal(c)
end

function M.show(x)
  if penny.is_config(x) or penny.is_board(x) then
    print(render.terminal(x))
  elseif penny.combined.is_config(x) then
    print(tostring(x))
  elseif type(x) == "table" and x.puzzle and x.verdict and x.moves then
    print(tostring(x))
    if x.verdict == "solved" and #x.moves <= 200 then
      for i, c in ipairs(x:replay()) do
        print(i == 1 and "start:" or format("after %s:", tostring(x.moves[i - 1])))
        print(picture(c))
      end
    end
  elseif type(x) == "table" and x.start and x.goal and x.solve then
    print(tostring(x.name or "puzzle"))
    print("start:")
    print(picture(x.start))
    print("goal:")
    print(x.box and format("a %d x %d box", x.box[1], x.box[2])
      or picture(x.goal))
  else
    print(x)
  end
end

local TOPICS = {
  penny = [[
penny.board(kind | {...})        boards: square, triangular, hexagonal, king,
                                 cubic, graph; bounded boxes and cell sets
penny.config(board, art|list)    configurations (Config: coins, moves, apply,
                                 check, span, components, matches, ...)
penny.puzzle{board=, start=, goal=, up_to=, rule=, game=}
  puzzle:solve{method=, time_limit=, max_memory=, heuristic=, ...}
  puzzle:explain(), puzzle:check(moves)
penny.distances(start, {targets=})  one search, every target's distance
penny.play(puzzle, policy, opts)    run a Lua policy, every move checked
penny.strategies.list()/register()  built-in solvers and your strategies
penny.generate.config/puzzle/hardest  generators, reproducible from a seed
penny.render.terminal/svg/solution_svg/animated_svg
require "penny.tri"        the triangular grid's theory (decide, solve)
require "penny.linepush"   line pushes (push, info, canonical, reachable)
require "penny.pzfile"     .pz puzzle files
require "penny.square"     the square grid: span rectangles, extra and
                           redundant coins, canonical L's, Thm 3.8
penny.combined             the combined square/triangular grid (board =
                           "combined"): exact points of Z[zeta_12]
show(x), help(topic)       this REPL's helpers; Tab completes names]],
}

function M.help(x)
  if x == nil or x == penny or x == "penny" then print(TOPICS.penny); return end
  if type(x) == "string" then
    local ok, mod = pcall(require, "penny." .. x)
    if ok then x = mod else print("no help on " .. x); return end
  end
  if type(x) == "table" then
    local names = {}
    for k, v in pairs(x) do
      if type(k) == "string" then
        names[#names + 1] = k .. (type(v) == "function" and "()" or "")
      end
    end
    sort(names)
    print(concat(names, "  "))
    return
  end
  print(type(x) .. ": " .. tostring(x))
end

function M.install()
  _G.show = M.show
  _G.help = M.help
end

-- the fields of a value, with those reached through its metatable's __index
local function fields(v, out)
  local seen = 0
  while v ~= nil and seen < 8 do
    seen = seen + 1
    if type(v) == "table" then
      for k in pairs(v) do if type(k) == "string" then out[k] = true end end
    end
    local mt = getmetatable(v)
    if type(mt) ~= "table" then break end
    local idx = rawget(mt, "__index")
    if type(idx) ~= "table" then break end
    v = idx
  end
end

function M.complete(word)
  local out = {}
  if type(word) ~= "string" then return out end   -- nothing to complete
  local head, sep, last = word:match("^(.*)([%.:])([%w_]*)$")
  local base = _G
  if head then
    for part in head:gmatch("[^%.:]+") do
      if type(base) ~= "table" and type(base) ~= "userdata" then return {} end
      local ok, v = pcall(function() return base[part] end)
      if not ok then return {} end
      base = v
    end
  else
    last, head, sep = word, "", ""
  end
  if base == nil then return {} end
  local names = {}
  fields(base, names)
  for k in pairs(names) do
    if k:sub(1, #last) == last and k:match("^[%a_][%w_]*$") then
      out[#out + 1] = head .. sep .. k
    end
  end
  sort(out)
  return out
end

return M
