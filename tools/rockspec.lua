--[[
tools/rockspec.lua VERSION -- the rockspec of a release, made from the scm
one (rocks/penny-scm-1.rockspec, the only list of sources and modules to
maintain): version VERSION-1, source the tarball `make dist` writes.

  lua5.4 tools/rockspec.lua 0.2.0 > rocks/penny-0.2.0-1.rockspec

The source's url is the tarball's file name: `luarocks build` takes it
from the current directory (build/, where make dist writes it).  When the
project has a public home, the url becomes the address of the release.
]]
local version = assert(arg[1], "usage: lua5.4 tools/rockspec.lua VERSION")
assert(version:match("^%d+%.%d+%.%d+$"), "a version such as 0.2.0")
local f = assert(io.open("rocks/penny-scm-1.rockspec"))
local text = f:read("a")
f:close()
local n
text, n = text:gsub('\nversion = "scm%-1"\n', '\nversion = "' .. version .. '-1"\n')
assert(n == 1, "no version line in the scm rockspec")
text, n = text:gsub("\n%-%- built from a checkout.-\nsource = {.-\n}\n", string.format([[

-- the tarball of `make dist` (luarocks build from the directory holding
-- it, build/), or `luarocks make` from a checkout
source = {
  url = "penny-%s.tar.gz",
  dir = "penny-%s",
}
]], version, version))
assert(n == 1, "no source block in the scm rockspec")
io.write(text)
