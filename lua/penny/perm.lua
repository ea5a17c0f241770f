--[[
penny.perm -- permutation groups given by generators: the groups of label
permutations that a game reaches (penny.square.group).

  local perm = require "penny.perm"
  local g = perm.group(n, gens)   -- gens: permutations of 1..n, each a
                                  -- list p with p[i] the image of i
  g:add(p)          -- one more generator; true when the group grew
  g:order()         -- its number of elements (a float past 20 points)
  g:contains(p)     -- p is an element
  g:orbits()        -- the orbits on 1..n, lists in increasing order
  g:fixed()         -- the points every element fixes, in increasing order
  perm.symmetric_order(k)   -- k!

A stabiliser chain (Schreier-Sims): level k holds the generators that fix
1..k-1 and, for each point x of the orbit of k under the generators of
levels k and above, an element taking k to x.  After every addition the
Schreier generators of each level are sifted through the levels below it
until they all sift to the identity, so the chain is complete and order()
is the product of the orbits' sizes.  Meant for the tens of points of a
puzzle, not for groups of thousands of points.
]]

local error, ipairs, pairs, setmetatable, type, math_type =
  error, ipairs, pairs, setmetatable, type, math.type

local _ENV = nil

local M = {}

local Group = {}
Group.__index = Group

local function identity(n)
  local p = {}
  for i = 1, n do p[i] = i end
  return p
end

-- a after b: (a o b)[i] = a[b[i]]
local function compose(a, b)
  local c = {}
  for i = 1, #b do c[i] = a[b[i]] end
  return c
end

local function inverse(a)
  local c = {}
  for i = 1, #a do c[a[i]] = i end
  return c
end

local function check_perm(n, p, level)
  if type(p) ~= "table" or #p ~= n then
    error("penny.perm: a permutation is a list of the images of 1.." .. n, level + 1)
  end
  local seen = {}
  for i = 1, n do
    local x = p[i]
    if math_type(x) ~= "integer" or x < 1 or x > n or seen[x] then
      error("penny.perm: a permutation is a list of the images of 1.." .. n, level + 1)
    end
    seen[x] = true
  end
end

-- the orbit of k under the generators of levels k and above, with an
-- element taking k to each of its points
local function orbit(g, k)
  local u = { [k] = identity(g.n) }
  local queue, head = { k }, 1
  while queue[head] do
    local y = queue[head]; head = head + 1
    for j = k, g.n do
      for _, s in ipairs(g.gens[j]) do
        local z = s[y]
        if not u[z] then u[z] = compose(s, u[y]); queue[#queue + 1] = z end
      end
    end
  end
  g.u[k] = u
end

-- h sifted from level k down: nil when h is in the chain's group, else
-- the residue and the level at which it stuck
local function sift(g, h, k)
  for j = k, g.n do
    local t = g.u[j][h[j]]
    if not t then return h, j end
    if h[j] ~= j then h = compose(inverse(t), h) end
  end
  return nil        -- h fixes every point
end

-- r (fixing 1..j-1) joins level j; the orbits of levels 1..j grow
local function insert(g, r, j)
  local gens = g.gens[j]
  gens[#gens + 1] = r
  for k = 1, j do orbit(g, k) end
end

-- every Schreier generator of every level sifts to the identity
local function complete(g)
  local k = g.n
  while k >= 1 do
    local grew = false
    local u = g.u[k]
    for x, t in pairs(u) do
      for j = k, g.n do
        for _, s in ipairs(g.gens[j]) do
          local h = compose(inverse(u[s[x]]), compose(s, t))
          local r, at = sift(g, h, k + 1)
          if r then insert(g, r, at); grew = true; break end
        end
        if grew then break end
      end
      if grew then break end
    end
    -- a level below changed: start again from the bottom
    if grew then k = g.n else k = k - 1 end
  end
end

function Group:add(p)
  check_perm(self.n, p, 2)
  local r, j = sift(self, p, 1)
  if not r then return false end
  insert(self, r, j)
  complete(self)
  return true
end

function Group:contains(p)
  check_perm(self.n, p, 2)
  return sift(self, p, 1) == nil
end

function Group:order()
  local o = 1
  if self.n > 20 then o = 1.0 end
  for k = 1, self.n do
    local c = 0
    for _ in pairs(self.u[k]) do c = c + 1 end
    o = o * c
  end
  return o
end

function Group:orbits()
  local root, out = {}, {}
  for i = 1, self.n do
    if not root[i] then
      local orb, queue, head = {}, { i }, 1
      root[i] = true
      while queue[head] do
        local y = queue[head]; head = head + 1
        orb[#orb + 1] = y
        for j = 1, self.n do
          for _, s in ipairs(self.gens[j]) do
            if not root[s[y]] then root[s[y]] = true; queue[#queue + 1] = s[y] end
          end
        end
      end
      local sorted = {}
      for _, y in ipairs(orb) do sorted[#sorted + 1] = y end
      for a = 2, #sorted do
        local v, b = sorted[a], a - 1
        while b >= 1 and sorted[b] > v do sorted[b + 1] = sorted[b]; b = b - 1 end
        sorted[b + 1] = v
      end
      out[#out + 1] = sorted
    end
  end
  return out
end

function Group:fixed()
  local out = {}
  for _, orb in ipairs(self:orbits()) do
    if #orb == 1 then out[#out + 1] = orb[1] end
  end
  for a = 2, #out do
    local v, b = out[a], a - 1
    while b >= 1 and out[b] > v do out[b + 1] = out[b]; b = b - 1 end
    out[b + 1] = v
  end
  return out
end

function M.group(n, gens)
  if math_type(n) ~= "integer" or n < 0 then
    error("penny.perm.group: the number of points must be an integer >= 0", 2)
  end
  if gens ~= nil and type(gens) ~= "table" then
    error("penny.perm.group: the generators must be a list of permutations", 2)
  end
  local g = setmetatable({ n = n, gens = {}, u = {} }, Group)
  for k = 1, n do g.gens[k] = {}; g.u[k] = { [k] = identity(n) } end
  for _, p in ipairs(gens or {}) do
    check_perm(n, p, 2)
    local r, j = sift(g, p, 1)
    if r then insert(g, r, j) end
  end
  complete(g)
  return g
end

function M.symmetric_order(k)
  local o = k > 20 and 1.0 or 1
  for i = 2, k do o = o * i end
  return o
end

return M
