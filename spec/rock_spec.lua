local S = require "support"

describe("the LuaRocks rockspec", function()
  it("installs a module that the stock lua5.4 loads, without liblua linked", function()
    local tree, src = os.tmpname(), os.tmpname()
    os.remove(tree); os.remove(src)
    -- built in a copy: LuaRocks leaves its objects beside the sources
    local out, st = S.run("mkdir -p " .. src .. " && cp -r csrc lua rocks data " .. src
      .. " && cd " .. src .. " && luarocks --lua-version=5.4 make --deps-mode=none --tree="
      .. tree .. " rocks/penny-scm-1.rockspec")
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
    S.run("rm -rf " .. tree)
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
