--[[
penny.errors -- the library's errors, said for the person who caused them.

message(err) -> string
  err without the Lua position error() put before it ("chunk:line: "),
  and "bad argument #N to 'f' (what)" said as "what": for the error of a
  puzzle file (placed at file:line:col instead), of the command line, or
  of a core function raised again at the caller of the penny function.
]]

local tostring, getmetatable, type, error, format, pcall, pairs, debug,
  package = tostring, getmetatable, type, error, string.format, pcall, pairs,
  debug, package

local _ENV = nil

local M = {}

-- the directory of penny's Lua files, as the chunk names of its errors
-- spell it ("/usr/share/lua/5.4/penny/" or "lua/penny/")
local HOME = debug.getinfo(1, "S").source:match("^@(.*[/\\])errors%.lua$")

--[[
public(f) -> a function that calls f and, when it raises, says the error
at the line that called it: a message that carries a position inside
penny's own files (or none) loses it and gets the caller's; "bad argument
#N to 'f' (what)" becomes "what".  An error placed in another file (a
user's strategy, say) or an error object that is not a string passes
through unchanged.
]]
-- "name:line:col: " is where a text (a puzzle file, art) went wrong, not a
-- place in Lua code
local function located(err) return err:find("^[^\n:]*:%d+:%d+: ") ~= nil end

-- a chunk is one of penny's files when it lies in HOME or names a module
-- penny has loaded ("lua/penny/square/labelled.lua": penny.square.labelled):
-- a host such as busted run by the interpreter may reach penny's files by a
-- second path, a relative package.path, beside the one errors.lua came by
local function penny_file(chunk)
  if HOME ~= nil and chunk:sub(1, #HOME) == HOME then return true end
  local rel = chunk:match("penny/([%w_/]+)%.lua$")
  if not rel then return false end
  local name = ("penny/" .. rel):gsub("/init$", ""):gsub("/", ".")
  return package.loaded[name] ~= nil
end

local function internal(err)
  if located(err) then return true end             -- no Lua position
  local chunk = err:match("^([^\n]-):%d+: ")
  if not chunk then return true end                -- no position at all
  return penny_file(chunk)
end

local function reraise(ok, ...)
  if ok then return ... end
  local err = ...
  if type(err) ~= "string" or not internal(err) then error(err, 0) end
  error(M.message(err), 2)     -- public's wrapper tail-calls reraise
end

function M.public(f)
  return function(...) return reraise(pcall(f, ...)) end
end

-- every function field of t through public (in place); returns t
function M.guard(t)
  for k, v in pairs(t) do
    if type(v) == "function" and type(k) == "string" and k:sub(1, 2) ~= "__"
    then t[k] = M.public(v) end
  end
  return t
end

--[[
fields(t, list, where [, level]) -> t
  raises "where: unknown field 'k' (fields: list)" at the caller of the
  function that calls it when t has a key not named in list (a string of
  names separated by commas): a misspelt option must not go unnoticed.
]]
local known = {}          -- list -> set, built once per list
function M.fields(t, list, where, level)
  local set = known[list]
  if not set then
    set = {}
    for k in list:gmatch("[%a_][%w_]*") do set[k] = true end
    known[list] = set
  end
  for k in pairs(t) do
    if not set[k] then
      error(format("%s: unknown field '%s' (fields: %s)", where, tostring(k),
        list), (level or 2) + 1)
    end
  end
  return t
end

function M.message(err)
  local msg = tostring(err)
  if not located(msg) then msg = msg:gsub("^[^\n:]*:%d+: ", "", 1) end
  return (msg:gsub("^bad argument #%d+ to '[^']*' %((.*)%)$", "%1"))
end

--[[
typename(x) -> string
  a penny value's class ("penny.Config", "penny.Puzzle", ...) or Lua's type.
expect(ok, x, what, where [, level]) -> x
  unless ok, raises "where: what expected, got <typename(x)>" at the
  caller of the function that calls expect (or level levels up).
method_self(ok, self, kind, name, class, var)
  for a method called with a dot (p.solve{...} gets its options as self):
  unless ok, raises "kind:name called on a <typename(self)>, not a class
  (write var:name(...), with a colon)" at the method's caller (call it
  from the method, or from a helper through a tail call).
]]
function M.typename(x)
  local mt = getmetatable(x)
  if type(mt) == "table" and type(mt.__name) == "string" then
    return mt.__name
  end
  return type(x)
end

function M.method_self(ok, self, kind, name, class, var)
  if not ok then
    error(format("%s:%s called on a %s, not a %s (write %s:%s(...), with a "
      .. "colon)", kind, name, M.typename(self), class, var, name), 3)
  end
end

function M.expect(ok, x, what, where, level)
  if not ok then
    error(format("%s: %s expected, got %s", where, what, M.typename(x)),
      (level or 2) + 1)
  end
  return x
end

return M
