--[[
penny.solvers -- the one registry of solvers: the built-in methods of
puzzle:solve for each game (penny.solve adds the coin game's, penny.linepush
the line pushes'), and the strategies written in Lua, which play any game
through penny.game (penny.strategies adds its own, the user theirs through
penny.strategies.register).  The registry depends on nothing above it, so
all of them can use it.

  solvers.add(name, entry, builtin)   entry: { kind = "solver" | "policy",
                                        about = text, game = name or nil
                                        (any game), solve = fn(p, opts)
                                        or policy = fn, ... }
  solvers.remove(name)                 a user's entry only
  solvers.get(name [, game]) -> entry | nil   the game's own method
                                        (default: the coin game's), else
                                        a strategy for any game
  solvers.builtin(name) -> bool        a built-in name, in some game
  solvers.names(game) -> "auto, ..."   the game's own methods, sorted
  solvers.list() -> { {name=, kind=, about=, game=}, ... } sorted by name
]]

local pairs, table_sort, table_concat = pairs, table.sort, table.concat

local _ENV = nil

local M = {}

local ANY = {}                  -- the key of the strategies for any game
local entries = { [ANY] = {} }  -- game (or ANY) -> name -> entry
local builtins = {}

function M.add(name, entry, builtin)
  local g = entry.game or ANY
  entries[g] = entries[g] or {}
  entries[g][name] = entry
  builtins[name] = builtins[name] or (builtin and true) or nil
end

function M.remove(name)
  if not builtins[name] then entries[ANY][name] = nil end
end

function M.get(name, game)
  local own = entries[game or "coins"]
  return own and own[name] or entries[ANY][name]
end

function M.builtin(name) return builtins[name] == true end

function M.names(game)
  local t = {}
  for name in pairs(entries[game] or {}) do t[#t + 1] = name end
  table_sort(t)
  return table_concat(t, ", ")
end

function M.list()
  local out = {}
  for g, byname in pairs(entries) do
    for name, e in pairs(byname) do
      out[#out + 1] = { name = name, kind = e.kind, about = e.about,
                        game = g ~= ANY and g or nil }
    end
  end
  table_sort(out, function(a, b)
    if a.name ~= b.name then return a.name < b.name end
    return (a.game or "") < (b.game or "")
  end)
  return out
end

return M
