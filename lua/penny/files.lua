--[[
penny.files -- where penny's shipped files are: the letter corpus
(data/), the manual (doc/).

  files.find(rel) -> path | nil, the paths tried

rel is a path under the source tree's root, such as "doc/manual.md".  The
places tried, in order: the root of a source tree (beside lua/penny/), the
share/penny/ directory of `make install`, and the directory LuaRocks
keeps beside an installed rock (its copy_directories).
]]

local io, ipairs, package, require = io, ipairs, package, require

local _ENV = nil

local M = {}

local function readable(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

function M.roots()
  local roots = {}
  local init = package.searchpath("penny", package.path)
  if init then
    local root = init:match("^(.*)/lua/penny/init%.lua$")
    if root then roots[#roots + 1] = root end
    local prefix = init:match("^(.*)/share/lua/5%.4/penny/init%.lua$")
    if prefix then
      roots[#roots + 1] = prefix .. "/share/penny"
      local version = require("penny.core")._VERSION
      for _, v in ipairs{ version .. "-1", "scm-1" } do
        roots[#roots + 1] = prefix .. "/lib/luarocks/rocks-5.4/penny/" .. v
      end
    end
  end
  roots[#roots + 1] = "."
  return roots
end

function M.find(rel)
  local tried = {}
  for _, r in ipairs(M.roots()) do
    local path = r .. "/" .. rel
    if readable(path) then return path end
    tried[#tried + 1] = path
  end
  return nil, tried
end

return M
