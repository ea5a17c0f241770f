--[[
penny.solvers -- the one registry of solvers: the built-in methods of
puzzle:solve (penny.solve adds them), the strategies written in Lua (penny.
strategies adds them, and the user through penny.strategies.register).
The registry depends on nothing above it, so both can use it.

  solvers.add(name, entry, builtin)   entry: { kind = "solver" | "policy",
                                        about = text, solve = fn(p, opts)
                                        or policy = fn, ... }
  solvers.remove(name)                 a user's entry only
  solvers.get(name) -> entry | nil
  solvers.builtin(name) -> bool
  solvers.list() -> { {name=, kind=, about=}, ... } sorted by name
]]

local pairs, table_sort = pairs, table.sort

local _ENV = nil

local M = {}

local entries, builtins = {}, {}

function M.add(name, entry, builtin)
  entries[name] = entry
  builtins[name] = builtin and true or nil
end

function M.remove(name)
  if not builtins[name] then entries[name] = nil end
end

function M.get(name) return entries[name] end

function M.builtin(name) return builtins[name] == true end

function M.list()
  local out = {}
  for name, e in pairs(entries) do
    out[#out + 1] = { name = name, kind = e.kind, about = e.about }
  end
  table_sort(out, function(a, b) return a.name < b.name end)
  return out
end

return M
