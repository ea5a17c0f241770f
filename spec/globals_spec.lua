local S = require "support"

describe("Lua modules", function()
  it("set no globals when loaded", function()
    local before = {}
    for k in pairs(_G) do before[k] = true end
    for _, m in ipairs{ "penny", "penny.dsl", "penny.json", "penny.puzzle",
                        "penny.solution", "penny.solve", "penny.explain",
                        "penny.coinsliding", "penny.pzfile", "penny.cli", "penny.tri", "penny.linepush",
                        "penny.strategies", "penny.generate", "penny.render", "penny.repl", "penny.square" } do
      package.loaded[m] = nil
      assert.is_table(require(m))
    end
    for k in pairs(_G) do
      assert.is_true(before[k] ~= nil, "new global: " .. tostring(k))
    end
  end)

  it("touch no global after 'local _ENV = nil' (static check)", function()
    local out, st = S.run("lua5.4 tools/check_globals.lua lua/penny/*.lua")
    assert.equal(0, st, out)
  end)
end)
