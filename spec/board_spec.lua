local penny = require "penny"

describe("penny.board", function()
  it("makes every unbounded lattice with its degree", function()
    local want = { square = 4, triangular = 6, hexagonal = 3, king = 8 }
    for name, deg in pairs(want) do
      local b = penny.board(name)
      assert.equal(name, b:kind())
      assert.is_false(b:bounded())
      assert.equal(deg, b:degree())
      assert.equal(deg, #b:neighbours{ 0, 0 })
      assert.equal(math.huge, #b)
    end
    assert.equal("triangular", penny.board("tri"):kind())
    assert.equal("hexagonal", penny.board("hex"):kind())
  end)

  it("uses the documented neighbour offsets", function()
    local function set(list)
      local s = {}
      for _, p in ipairs(list) do s[#s + 1] = table.concat(p, ",") end
      table.sort(s)
      return table.concat(s, " ")
    end
    assert.equal("-1,0 0,-1 0,1 1,0", set(penny.board("square"):neighbours{ 0, 0 }))
    assert.equal("-1,0 -1,1 0,-1 0,1 1,-1 1,0",
      set(penny.board("triangular"):neighbours{ 0, 0 }))
    -- honeycomb: class 0 vertex (x - y = 0 mod 3) and class 1 vertex
    assert.equal("-1,1 0,-1 1,0", set(penny.board("hexagonal"):neighbours{ 0, 0 }))
    assert.equal("0,0 1,1 2,-1", set(penny.board("hexagonal"):neighbours{ 1, 0 }))
    assert.equal(8, #penny.board("king"):neighbours{ 5, -5 })
    local c = penny.board{ lattice = "cubic", dim = 3 }
    assert.equal(6, #c:neighbours{ 0, 0, 0 })
    assert.equal(3, c:dim())
  end)

  it("excludes hexagon centres from the honeycomb", function()
    local h = penny.board("hexagonal")
    assert.is_true(h:contains{ 0, 0 })
    assert.is_true(h:contains{ 1, 0 })
    assert.is_false(h:contains{ 0, 1 })       -- (0 - 1) mod 3 = 2
    assert.is_false(h:contains{ 2, 0 })
  end)

  it("makes boxes", function()
    local b = penny.board{ width = 5, height = 7 }
    assert.is_true(b:bounded())
    assert.equal(35, #b)
    assert.is_true(b:contains{ 4, 6 })
    assert.is_false(b:contains{ 5, 0 })
    assert.is_false(b:contains{ -1, 0 })
    assert.equal(2, #b:neighbours{ 0, 0 })
    local lo, hi = b:bbox()
    assert.same({ 0, 0 }, lo)
    assert.same({ 4, 6 }, hi)
    local o = penny.board{ size = { 3, 2 }, origin = { -1, 10 } }
    assert.is_true(o:contains{ -1, 10 })
    assert.is_true(o:contains{ 1, 11 })
    assert.is_false(o:contains{ 2, 11 })
    local cube = penny.board{ lattice = "cubic", dim = 3, size = { 2, 2, 2 } }
    assert.equal(8, #cube)
    assert.equal(3, #cube:neighbours{ 0, 0, 0 })
    -- a honeycomb box leaves out the hexagon centres
    local hb = penny.board{ lattice = "hexagonal", width = 3, height = 3 }
    assert.equal(6, #hb)
  end)

  it("makes boards of explicit cells from art and lists, holes allowed", function()
    local b = penny.board{ cells = [[
...
. .
...]] }
    assert.equal(8, #b)
    assert.is_false(b:contains{ 1, 1 })
    assert.equal(2, #b:neighbours{ 1, 0 })
    local l = penny.board{ cells = { { 0, 0 }, { 1, 0 }, { 5, 5 } } }
    assert.equal(3, #l)
    assert.equal(0, #l:neighbours{ 5, 5 })
    local t = penny.board{ lattice = "triangular", cells = [[
 . .
. . .]] }
    assert.equal(5, #t)
  end)

  it("makes custom graphs with 1-based vertices", function()
    local k4 = penny.board{ lattice = "graph", vertices = 4,
      edges = { { 1, 2 }, { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } } }
    assert.equal("graph", k4:kind())
    assert.equal(4, #k4)
    assert.equal(3, #k4:neighbours{ 1 })
    assert.is_true(k4:adjacent({ 1 }, { 4 }))
    assert.is_false(k4:contains{ 5 })
    assert.is_false(k4:contains{ 0 })
    -- repeated edges count once
    local p = penny.board{ lattice = "graph", vertices = 2, edges = { { 1, 2 }, { 2, 1 } } }
    assert.equal(1, #p:neighbours{ 1 })
  end)

  it("lists the lattice symmetries, rotations first", function()
    local n, proper = penny.board("square"):symmetries()
    assert.equal(8, n)
    assert.same({ true, true, true, true, false, false, false, false }, proper)
    n = penny.board("triangular"):symmetries()
    assert.equal(12, n)
    n = penny.board{ lattice = "cubic", dim = 3 }:symmetries()
    assert.equal(48, n)
  end)

  describe("errors", function()
    local cases = {
      { function() penny.board("pentagonal") end, "unknown lattice 'pentagonal'" },
      { function() penny.board{ width = 0, height = 3 } end, "at least 1" },
      { function() penny.board{ width = 100000, height = 100000 } end,
        "board too large: 10000000000 cells" },
      { function() penny.board{ lattice = "cubic", dim = 9 } end,
        "dimension must be an integer 1..6" },
      { function() penny.board{ cells = "..\n.*" } end,
        "board:2:2: unexpected character '*'" },
      { function() penny.board{ lattice = "graph", vertices = 3, edges = { { 1, 4 } } } end,
        "edge 1: vertices are integers 1..3" },
      { function() penny.board{ lattice = "graph", vertices = 3, edges = { { 2, 2 } } } end,
        "edge 1 is a loop" },
      { function() penny.board{ lattice = "hexagonal", cells = { { 0, 1 } } } end,
        "centre of a hexagon" },
      { function() penny.board{ cells = { { 0, 0 }, { 0, 0 } } } end,
        "given twice" },
      { function() penny.board("square"):neighbours{ 0 } end,
        "position needs 2 integer coordinates" },
      { function() penny.board("square"):cells() end, "infinitely many cells" },
      -- a misspelt field is not the unbounded lattice
      { function() penny.board{ lattice = "square", box = { 6, 5 } } end,
        "penny.board: unknown field 'box' (fields: lattice, width" },
    }
    for i, case in ipairs(cases) do
      it("case " .. i .. ": " .. case[2], function()
        local ok, err = pcall(case[1])
        assert.is_false(ok)
        assert.truthy(tostring(err):find(case[2], 1, true),
          "expected '" .. case[2] .. "' in: " .. tostring(err))
        -- the caller's error: not placed in penny's own files
        assert.falsy(tostring(err):find("penny/init.lua", 1, true), err)
      end)
    end
  end)
end)
