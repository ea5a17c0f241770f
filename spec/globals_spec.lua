local S = require "support"

describe("Lua modules", function()
  it("set no globals when loaded", function()
    local before = {}
    for k in pairs(_G) do before[k] = true end
    -- every module of lua/penny
    local mods = {}
    for f in io.popen("find lua/penny -name '*.lua' | sort"):lines() do
      local m = f:gsub("^lua/", ""):gsub("/init%.lua$", ""):gsub("%.lua$", "")
        :gsub("/", ".")
      mods[#mods + 1] = m
    end
    for _, m in ipairs(mods) do
      package.loaded[m] = nil
      assert.is_table(require(m))
    end
    for k in pairs(_G) do
      assert.is_true(before[k] ~= nil, "new global: " .. tostring(k))
    end
  end)

  it("touch no global after 'local _ENV = nil' (static check)", function()
    local out, st = S.run("lua5.4 tools/check_globals.lua $(find lua/penny -name '*.lua')")
    assert.equal(0, st, out)
  end)
end)
