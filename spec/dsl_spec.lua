local penny = require "penny"
local dsl = penny.dsl
local S = require "support"

local function coords(cfg)
  local out = {}
  for _, c in ipairs(cfg:coins()) do
    out[#out + 1] = table.concat(c, ",") .. (c.label and (":" .. c.label) or "")
  end
  return table.concat(out, " ")
end

describe("penny.dsl", function()
  it("reads square art: x = column, y = line, from 0", function()
    local c = penny.config("square", [[
o-o
.o.]])
    assert.equal("0,0 2,0 1,1", coords(c))
  end)

  it("reads Demaine's coin-sliding font rows", function()
    local corpus = require("penny.coinsliding").load()
    local b = penny.board{ width = 5, height = 7 }
    local a = penny.config(b, table.concat(corpus.fonts.font5x7.A, "\n"))
    assert.equal(12, #a)
    assert.is_true(a:has{ 2, 0 })
    assert.is_true(a:has{ 0, 6 })
  end)

  it("reads triangular art with rows offset by half a cell", function()
    -- a triangle of 3: row 0 one coin, row 1 two; axial x = floor((c-r)/2)
    local t = penny.config("triangular", " o\no o")
    assert.equal("0,0 -1,1 0,1", coords(t))
    -- the three are pairwise adjacent
    local b = t:board()
    assert.is_true(b:adjacent({ 0, 0 }, { -1, 1 }))
    assert.is_true(b:adjacent({ 0, 0 }, { 0, 1 }))
    assert.is_true(b:adjacent({ -1, 1 }, { 0, 1 }))
    -- the same shape drawn one column to the right: the same shape, moved
    local shifted = penny.config("triangular", "  o\n o o")
    assert.equal("1,0 0,1 1,1", coords(shifted))
    assert.is_true(shifted:matches(t, "translation"))
  end)

  it("rejects triangular cells out of the pattern, with line:col", function()
    local ok, err = pcall(penny.config, "triangular", "o o\noo", "t")
    assert.is_false(ok)
    assert.truthy(err:find("t:2:1: cell out of the triangular pattern", 1, true), err)
  end)

  it("reads the honeycomb: hexagon centres are not cells", function()
    -- row 0: x = 0, 1 are vertices, x = 2 is a centre: drawn as a space
    local h = penny.config("hexagonal", "o o   o")
    assert.equal("0,0 1,0 3,0", coords(h))
    local ok, err = pcall(penny.config, "hexagonal", "o o o", "h")
    assert.is_false(ok)
    assert.truthy(err:find("h:1:5: (2,0) is the centre of a hexagon", 1, true), err)
    -- '.' on a centre is ignored
    assert.equal(2, #penny.config("hexagonal", "o o ."))
  end)

  it("reads king and cubic art, 3-D layers separated by '='", function()
    assert.equal("0,0 1,1", coords(penny.config("king", "o.\n.o")))
    local cube = penny.board{ lattice = "cubic", dim = 3 }
    local c = penny.config(cube, "o.\n..\n===\n.o")
    assert.equal("0,0,0 1,0,1", coords(c))
    local line = penny.board{ lattice = "cubic", dim = 1 }
    assert.equal("0 2", coords(penny.config(line, "o.o")))
  end)

  it("reads labels 1-9, a-z (no o), A-Z", function()
    local c = penny.config("square", "19azAZ")
    assert.equal("0,0:1 1,0:9 2,0:10 3,0:34 4,0:35 5,0:60", coords(c))
    assert.equal("o", dsl.char_of(0))
    assert.equal("p", dsl.char_of(24))
    assert.is_nil(dsl.label_of("0"))
  end)

  it("reads coordinate lists with labels and comments", function()
    local c = penny.config("square", "(0,0) a:(1, 2); 12:(3,-4) -- comment\n(5,5)")
    assert.equal("3,-4:12 0,0 1,2:10 5,5", coords(c))
    local g = penny.board{ lattice = "graph", vertices = 3, edges = { { 1, 2 } } }
    assert.equal("1 3", coords(penny.config(g, "(1) (3)")))
  end)

  it("renders what it reads, on every lattice", function()
    local rand = S.rng(7)
    for _, name in ipairs{ "square", "triangular", "hexagonal", "king" } do
      local box = penny.board{ lattice = name, width = 7, height = 5 }
      for _ = 1, 30 do
        local c = S.random_config(box, rand(10), rand, rand(2) == 1 and 5 or nil)
        local text = tostring(c)
        local back = penny.config(box, text)
        assert.is_true(back == c, name .. ":\n" .. text)
        -- on the unbounded lattice: the same shape up to translation
        local u = penny.config(name, c:coins())
        local ub = penny.config(name, tostring(u))
        assert.is_true(ub:matches(u, "translation") and #ub == #u, name .. ":\n" .. tostring(u))
      end
    end
    local cube = penny.board{ lattice = "cubic", dim = 3, size = { 3, 3, 3 } }
    for _ = 1, 10 do
      local c = S.random_config(cube, rand(6), rand)
      assert.is_true(penny.config(cube, tostring(c)) == c)
    end
  end)

  it("renders bounded boards with holes as spaces and far coins as lists", function()
    local b = penny.board{ cells = "...\n. .\n..." }
    assert.equal("...\n. .\n...", tostring(b))
    local far = penny.config("square", "(0,0) (100000,100000)")
    assert.equal("(0,0) (100000,100000)", tostring(far))
  end)

  describe("errors", function()
    local cases = {
      { "oo\no*o", "square", "x:2:2: unexpected character '*'" },
      { "o\n\to", "square", "x:2:1: a tab is ambiguous" },
      { "o\n===\no", "square", "x:2:1: a line of '=' separates the layers" },
      { "(1,2", "square", "x:1:1: expected a position" },
      { "(1,2) (3,4,5)", "square", "x:1:7: expected 2 coordinates, got 3" },
      { "a:(1,2) b:", "square", "x:1:9: expected a position" },
      { "ooo", "graph", "x: a custom graph takes a list of vertices" },
    }
    for i, c in ipairs(cases) do
      it("case " .. i .. ": " .. c[3], function()
        local ok, err
        if c[2] == "graph" then
          ok, err = pcall(dsl.parse_art, c[1], "graph", 1, "x")
        elseif c[1]:find("%(") then
          ok, err = pcall(dsl.parse_coords, c[1], 2, "x")
        else
          ok, err = pcall(dsl.parse_art, c[1], c[2], 2, "x")
        end
        assert.is_false(ok)
        assert.truthy(err:find(c[3], 1, true), err)
      end)
    end
  end)
end)
