local S = require "support"

local VERSION = require("penny.core")._VERSION
local RELEASE = "rocks/penny-" .. VERSION .. "-1.rockspec"

describe("the LuaRocks rock", function()
  it("installs the module for the stock lua5.4 and a penny command, as the README says", function()
    local tree, src = os.tmpname(), os.tmpname()
    os.remove(tree); os.remove(src)
    -- built in a copy: LuaRocks leaves its objects beside the sources
    local out, st = S.run("mkdir -p " .. src .. " && cp -r csrc lua rocks data doc "
      .. src .. " && cd " .. src .. " && luarocks --lua-version=5.4 make "
      .. "--deps-mode=none --tree=" .. tree .. " " .. RELEASE)
    S.run("rm -rf " .. src)
    assert.equal(0, st, out)
    local env = string.format("LUA_PATH='%s/share/lua/5.4/?.lua;%s/share/lua/5.4/?/init.lua;;' "
      .. "LUA_CPATH='%s/lib/lua/5.4/?.so;;' ", tree, tree, tree)
    -- run from elsewhere so nothing comes from the source tree
    out, st = S.run("cd / && " .. env .. "lua5.4 -e 'local p = require \"penny\"; "
      .. "print(p._VERSION); local cs = require \"penny.coinsliding\"; "
      .. "print(#cs.load().solutions.font5x7[\"A-9\"])'")
    assert.equal(0, st, out)
    assert.truthy(out:find("penny %d"), out)
    assert.truthy(out:find("\n6\n"), out)
    out = S.run("ldd " .. tree .. "/lib/lua/5.4/penny/core.so")
    assert.falsy(out:find("liblua"), out)
    -- the penny command, with no LUA_PATH: version, a solve, the REPL's
    -- help from the installed manual, a script's error at its line
    local here = io.popen("pwd"):read("l")
    local penny = tree .. "/bin/penny"
    out, st = S.run("cd / && " .. penny .. " --version")
    assert.equal(0, st, out)
    assert.equal("penny " .. VERSION .. " (Lua 5.4)\n", out)
    out, st = S.run("cd / && " .. penny .. " solve " .. here .. "/examples/first.pz")
    assert.equal(0, st, out)
    assert.truthy(out:find("optimum 4: matches", 1, true), out)
    out, st = S.run("cd / && echo 'help(penny.move)' | " .. penny .. " -i")
    assert.equal(0, st, out)
    assert.truthy(out:find("A Move value", 1, true), out)
    out, st = S.run("cd " .. here .. " && " .. penny
      .. " spec/fixtures/newcomer/01_lattice.lua")
    assert.equal(1, st, out)
    assert.truthy(out:find("^penny: spec/fixtures/newcomer/01_lattice.lua:1: unknown lattice"), out)
    out, st = S.run("cd / && " .. penny .. " " .. here .. "/examples/first.pz")
    assert.equal(2, st, out)
    S.run("rm -rf " .. tree)
  end)

  it("has a release rockspec made from the scm one, and both are lint-clean", function()
    local made = io.popen("lua5.4 tools/rockspec.lua " .. VERSION):read("a")
    local f = assert(io.open(RELEASE))
    assert.equal(made, f:read("a"))
    f:close()
    for _, r in ipairs{ RELEASE, "rocks/penny-scm-1.rockspec" } do
      local out, st = S.run("luarocks --lua-version=5.4 lint " .. r)
      assert.equal(0, st, out)
      assert.equal("", out)
    end
  end)

  it("make dist writes a tarball of every committed file under penny-VERSION/", function()
    local out, st = S.run("make -s dist")
    assert.equal(0, st, out)
    local tarball = "build/penny-" .. VERSION .. ".tar.gz"
    local listed = {}
    for line in io.popen("tar tzf " .. tarball):lines() do listed[line] = true end
    local n = 0
    for file in io.popen("git ls-tree -r --name-only HEAD"):lines() do
      n = n + 1
      assert.is_true(listed["penny-" .. VERSION .. "/" .. file], file)
    end
    assert.is_true(n > 100)
  end)
end)

describe("the rockspec's lists", function()
  local rock = io.open("rocks/penny-scm-1.rockspec"):read("a")
  local make = io.open("Makefile"):read("a")
  it("name every Lua module of lua/penny", function()
    for f in io.popen("find lua/penny -name '*.lua' | sort"):lines() do
      assert.truthy(rock:find('"' .. f .. '"', 1, true), f .. " is not in the rockspec")
    end
  end)
  it("name every C source the Makefile builds into the module", function()
    local srcs = make:match("CORE_SRC = (.-)\nBIND_SRC") .. " "
      .. make:match("BIND_SRC = (.-)\nHEADERS")
    for f in srcs:gmatch("csrc/[%w_/]+%.c") do
      assert.truthy(rock:find('"' .. f .. '"', 1, true), f .. " is not in the rockspec")
    end
  end)
end)
