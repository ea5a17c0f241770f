--[[
penny.manual -- the reference manual (doc/manual.md) as data: the REPL's
help(x) and the specs read it, so the manual is the one source of the
API's documentation.

  manual.text() -> the manual's text (an error when it cannot be found)
  manual.entry(name) -> text | nil   the entry of "penny.board",
                        "cfg:moves", "penny.tri.decide" ... (its heading
                        and paragraphs, up to the next heading)
  manual.section(title) -> text | nil   a "## " section's introduction
                        and the headings of its entries; title may be the
                        first word of the title (a module's name)
  manual.search(word) -> list of names   the entries whose name has word
  manual.name_of(x) -> name | nil    the manual's name of a function,
                        module or object of penny
  manual.resolve(name) -> value | nil   the value a name denotes
  manual.public_names() -> list      every public function and method

An entry's heading is "### `SIGNATURE`"; its name is the signature up to
the first "(" or space: "penny.config", "cfg:apply", "penny.tri.decide".
Methods are named after the usual variable of their object: board:,
cfg:, puzzle:, sol:, db: (penny.databases()), ccfg: (a configuration of
the combined grid).
]]

local penny = require "penny"
local files = require "penny.files"
local perm = require "penny.perm"

local io, ipairs, pairs, type, getmetatable, require, pcall, error, sort,
  concat = io, ipairs, pairs, type, getmetatable, require, pcall, error,
  table.sort, table.concat

local _ENV = nil

local M = {}

-- the modules whose functions are public, by their manual prefix (the
-- labelled solver's parts, penny.square.window and penny.square.labelled,
-- are the square solver's own: doc/design/square_labels.md)
M.MODULES = {
  "penny", "penny.pzfile", "penny.coinsliding", "penny.tri", "penny.square",
  "penny.square_solver", "penny.square.pushing", "penny.square.chains",
  "penny.square.span", "penny.square.group",
  "penny.perm", "penny.linepush", "penny.combined",
  "penny.strategies", "penny.shortcut", "penny.generate", "penny.render",
  "penny.page",
  "penny.options",
  "penny.json",
}

-- functions of those modules that are not part of the API
local INTERNAL = {
  ["penny.square_solver._canonicalize_state"] = true,
  ["penny.render.cli"] = true,
}

local cache

local function load_text()
  if cache then return cache end
  local path, tried = files.find("doc/manual.md")
  if not path then
    error("the manual (doc/manual.md) is not installed; tried "
      .. concat(tried, ", "), 0)
  end
  local f = io.open(path, "rb")
  cache = f:read("a")
  f:close()
  return cache
end

function M.text() return load_text() end

-- the entries and sections, parsed once
local parsed

local function parse()
  if parsed then return parsed end
  local entries, sections, order = {}, {}, {}
  local cur, sec
  for line in (load_text() .. "\n"):gmatch("(.-)\n") do
    local h2 = line:match("^## (.+)$")
    local sig = line:match("^### `(.+)`%s*$")
    if h2 then
      sec = { title = h2, lines = {}, entries = {} }
      sections[h2] = sec
      cur = nil
    elseif sig then
      local name = sig:match("^([^%(%s]+)")
      cur = { name = name, lines = { sig } }
      entries[name] = cur
      order[#order + 1] = name
      if sec then sec.entries[#sec.entries + 1] = sig end
    elseif line:match("^#") then
      cur = nil
    elseif cur then
      cur.lines[#cur.lines + 1] = line
    elseif sec and #sec.entries == 0 then
      sec.lines[#sec.lines + 1] = line
    end
  end
  parsed = { entries = entries, sections = sections, order = order }
  return parsed
end

local function trim(lines)
  local t = concat(lines, "\n")
  return (t:gsub("^%s+", ""):gsub("%s+$", ""))
end

function M.entry(name)
  local e = parse().entries[name]
  return e and trim(e.lines) or nil
end

-- a section by its title, or by the first word of its title ("penny.tri"
-- finds "## penny.tri: the triangular grid")
function M.section(title)
  local all = parse().sections
  local s = all[title]
  if not s then
    for t, sec in pairs(all) do
      if t:match("^(%S+)"):gsub(":$", "") == title then s = sec end
    end
  end
  if not s then return nil end
  local text = trim(s.lines)
  if #s.entries > 0 then
    text = text .. "\n\n" .. concat(s.entries, "\n")
  end
  return text
end

-- a sample object of each kind, for its methods
local function samples()
  local board = penny.board("square")
  local cfg = penny.config(board, "oo\noo")
  local p = penny.puzzle{ board = "square", start = "oo\noo", goal = "oo\noo" }
  return {
    { "board:", board, "Boards" },
    { "cfg:", cfg, "Configurations" },
    { "puzzle:", p, "Puzzles" },
    { "sol:", p:solve(), "Solutions" },
    { "db:", penny.databases(), "Distance tables and pattern databases" },
    { "ccfg:", penny.combined.config("oo\noo"), "penny.combined" },
    { "g:", perm.group(2, {}), "penny.perm" },
  }
end

local function methods(obj)
  local mt = getmetatable(obj)
  local idx = type(mt) == "table" and mt.__index
  return type(idx) == "table" and idx or {}
end

-- name -> value of every public function, method and module (the modules
-- by name: the list above is the API's table of contents)
local function index()
  local by_name, kinds = {}, {}
  for _, m in ipairs(M.MODULES) do
    local ok, mod = pcall(require, m)
    if ok and type(mod) == "table" then
      by_name[m] = mod
      for k, v in pairs(mod) do
        local name = m .. "." .. k
        if type(k) == "string" and type(v) == "function" and k:sub(1, 1) ~= "_"
            and not INTERNAL[name] then
          by_name[name] = v
        end
      end
    end
  end
  for _, s in ipairs(samples()) do
    kinds[#kinds + 1] = s
    for k, v in pairs(methods(s[2])) do
      if type(k) == "string" and type(v) == "function" and k:sub(1, 2) ~= "__"
          and k ~= "new" then
        by_name[s[1] .. k] = v
      end
    end
  end
  return by_name, kinds
end

-- the names that end in word ("span": cfg:span), else those that hold it
function M.search(word)
  local out, exact = {}, {}
  for _, name in ipairs(parse().order) do
    if name:find(word, 1, true) then out[#out + 1] = name end
    if name:match("[%.:]([%w_]+)$") == word then exact[#exact + 1] = name end
  end
  return #exact > 0 and exact or out
end

function M.public_names()
  local by_name = index()
  local names = {}
  for name, v in pairs(by_name) do
    if type(v) == "function" then names[#names + 1] = name end
  end
  sort(names)
  return names
end

function M.resolve(name)
  local by_name = index()
  return by_name[name]
end

-- the name of x, and for an object the title of its section
function M.name_of(x)
  local by_name, kinds = index()
  -- modules first (penny.tri), then functions in a stable order
  local names = {}
  for name in pairs(by_name) do names[#names + 1] = name end
  sort(names, function(a, b)
    if #a ~= #b then return #a < #b end
    return a < b
  end)
  for _, name in ipairs(names) do
    if by_name[name] == x then return name end
  end
  for _, k in ipairs(kinds) do
    if getmetatable(x) ~= nil and getmetatable(x) == getmetatable(k[2]) then
      return nil, k[3]
    end
  end
  return nil
end

return M
