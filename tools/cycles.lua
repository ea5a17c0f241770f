--[[
tools/cycles.lua -- import cycles among penny's sources.

  lua5.4 tools/cycles.lua [OBJDIR]

C: a unit is foo.c with its foo.h.  Unit A depends on unit B when a file
of A includes B's header, or when A's object calls a function B's object
defines (nm, over the objects in OBJDIR, default build/obj).  The binding
(csrc/lua_*.c, csrc/lua/) and the interpreter are units like the others.
Lua: module A depends on module B when A requires "penny.B", at its top
or inside a function (a lazy require is still a dependency).

Prints every cycle (a strongly connected component of more than one unit)
with the edges that close it, and exits 1 when there is one.
]]

local objdir = arg[1] or "build/obj"

local function lines(cmd)
  local out = {}
  local p = assert(io.popen(cmd))
  for l in p:lines() do out[#out + 1] = l end
  p:close()
  return out
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- {===================================================================
-- Graphs

local function graph() return { nodes = {}, edges = {}, why = {} } end

local function add_edge(g, a, b, why)
  if a == b then return end
  g.nodes[a], g.nodes[b] = true, true
  g.edges[a] = g.edges[a] or {}
  if not g.edges[a][b] then
    g.edges[a][b] = true
    g.why[a .. " -> " .. b] = why
  end
end

-- Tarjan's strongly connected components
local function components(g)
  local index, low, on, stack, out, n = {}, {}, {}, {}, {}, 0
  local names = {}
  for v in pairs(g.nodes) do names[#names + 1] = v end
  table.sort(names)
  local function visit(v)
    n = n + 1
    index[v], low[v] = n, n
    stack[#stack + 1] = v
    on[v] = true
    local succ = {}
    for w in pairs(g.edges[v] or {}) do succ[#succ + 1] = w end
    table.sort(succ)
    for _, w in ipairs(succ) do
      if not index[w] then
        visit(w)
        low[v] = math.min(low[v], low[w])
      elseif on[w] then
        low[v] = math.min(low[v], index[w])
      end
    end
    if low[v] == index[v] then
      local comp = {}
      repeat
        local w = table.remove(stack)
        on[w] = false
        comp[#comp + 1] = w
      until w == v
      if #comp > 1 then
        table.sort(comp)
        out[#out + 1] = comp
      end
    end
  end
  for _, v in ipairs(names) do if not index[v] then visit(v) end end
  return out
end

local function report(kind, g)
  local comps = components(g)
  for _, comp in ipairs(comps) do
    print(string.format("%s cycle: %s", kind, table.concat(comp, ", ")))
    local inside = {}
    for _, v in ipairs(comp) do inside[v] = true end
    for _, a in ipairs(comp) do
      local succ = {}
      for b in pairs(g.edges[a] or {}) do
        if inside[b] then succ[#succ + 1] = b end
      end
      table.sort(succ)
      for _, b in ipairs(succ) do
        print(string.format("  %s -> %s (%s)", a, b, g.why[a .. " -> " .. b]))
      end
    end
  end
  return #comps
end

-- }===================================================================

-- {===================================================================
-- C

local cg = graph()
local function unit(path) return (path:gsub("%.[ch]$", "")) end

local files = lines("find csrc -name '*.c' -o -name '*.h' | sort")
local exists = {}
for _, f in ipairs(files) do exists[f] = true end
for _, f in ipairs(files) do
  local dir = f:match("^(.*)/") or "."
  for inc in (read(f) or ""):gmatch('#%s*include%s+"([^"]+)"') do
    -- relative to the file, then to csrc/ (the -Icsrc of the Makefile)
    local target = dir .. "/" .. inc
    while target:find("/[^/]+/%.%./") do
      target = target:gsub("/[^/]+/%.%./", "/", 1)
    end
    if not exists[target] then target = "csrc/" .. inc end
    if exists[target] then
      add_edge(cg, unit(f), unit(target), "includes " .. inc)
    end
  end
  cg.nodes[unit(f)] = true
end

-- calls: undefined symbols of one object defined by another
local objects = lines("find " .. objdir .. " -name '*.o' 2>/dev/null | sort")
local defined = {}
local function unit_of_object(o)
  return "csrc/" .. o:sub(#objdir + 2):gsub("%.o$", "")
end
for _, o in ipairs(objects) do
  for _, l in ipairs(lines("nm -g --defined-only " .. o)) do
    local sym = l:match("%s[TDBR]%s+(%S+)$")
    if sym then defined[sym] = unit_of_object(o) end
  end
end
for _, o in ipairs(objects) do
  local u = unit_of_object(o)
  for _, l in ipairs(lines("nm -u " .. o)) do
    local sym = l:match("U%s+(%S+)$")
    local d = sym and defined[sym]
    if d and d ~= u then add_edge(cg, u, d, "calls " .. sym) end
  end
end

-- }===================================================================

-- {===================================================================
-- Lua

local lg = graph()
for _, f in ipairs(lines("find lua -name '*.lua' | sort")) do
  local mod = f:gsub("^lua/", ""):gsub("/init%.lua$", ""):gsub("%.lua$", "")
    :gsub("/", ".")
  lg.nodes[mod] = true
  local src = read(f) or ""
  for req in src:gmatch('require%s*%(?%s*["\']([%w_.]+)["\']') do
    if req:match("^penny") and req ~= "penny.core" then
      add_edge(lg, mod, req, "requires " .. req)
    end
  end
end

-- }===================================================================

local n = report("C", cg) + report("Lua", lg)
if n > 0 then
  print(string.format("%d cycle(s)", n))
  os.exit(1)
end
print("no cycle among the C units and the Lua modules")
