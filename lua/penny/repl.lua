--[[
penny.repl -- conveniences of the interactive interpreter.

The REPL of `penny` installs two globals (scripts get them with
require("penny.repl").install()):

  show(x)     draws a Config, Board, Puzzle or Solution in the terminal
              (a Solution step by step), anything else as print does
  help([x])   the manual's entry of a function, module or object
              (penny.manual): help(penny.config), help(cfg), help("span");
              help() alone: the API at a glance

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

local OVERVIEW = [[
penny.board(kind | {...})        boards: square, triangular, hexagonal, king,
                                 cubic, graph; bounded boxes and cell sets
penny.config(board, art|list)    configurations (cfg:moves, apply, check,
                                 span, components, matches, ...)
penny.puzzle{board=, start=, goal=, up_to=, rule=, game=}
  puzzle:solve{method=, time_limit=, max_memory=, ...}
  puzzle:explain(), puzzle:check(moves)
penny.distances(start, {targets=})  one search, every target's distance
penny.play(puzzle, policy, opts)    run a Lua policy, every move checked
penny.strategies, penny.generate, penny.render, penny.combined
require "penny.tri" / "penny.square" / "penny.linepush" / "penny.pzfile"
  / "penny.coinsliding": the theories, puzzle files, the letter corpus
show(x) draws x; help(x) prints the manual's entry of a function, module
or object: help(penny.config), help(cfg), help("span"); Tab completes]]

local function say(text) print(text) end

function M.help(x)
  if x == nil or x == penny then say(OVERVIEW); return end
  local okm, manual = pcall(require, "penny.manual")
  local ok, err = pcall(manual.text)
  if not okm or not ok then say("no manual: " .. tostring(err)); return end
  if type(x) == "string" then
    local text = manual.entry(x) or manual.entry("penny." .. x)
      or manual.section(x) or manual.section("penny." .. x)
    if text then say(text); return end
    local found = manual.search(x)
    if #found == 0 then say("nothing in the manual on " .. x); return end
    if #found == 1 then say(manual.entry(found[1])); return end
    say("entries of the manual on " .. x .. ": " .. concat(found, ", "))
    return
  end
  local name, kind = manual.name_of(x)
  local text = name and (manual.entry(name) or manual.section(name))
    or kind and manual.section(kind)
  if text then say(text); return end
  if type(x) == "table" then
    local names = {}
    for k, v in pairs(x) do
      if type(k) == "string" then
        names[#names + 1] = k .. (type(v) == "function" and "()" or "")
      end
    end
    sort(names)
    say(concat(names, "  "))
    return
  end
  say(format("%s: not a part of penny's API (help() for an overview)",
    type(x)))
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
