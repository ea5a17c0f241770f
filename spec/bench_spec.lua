--[[
make bench writes its results back into BENCHMARKS.md: a part's row of the
table of current results and its section (bench/run.lua --record).  Run
here on a copy, with the quickest part.
]]
local S = require "support"

describe("bench/run.lua --record", function()
  it("rewrites a part's row and section of BENCHMARKS.md, and nothing else", function()
    local copy = os.tmpname()
    assert.is_true(os.execute("cp BENCHMARKS.md " .. copy))
    local before = io.open(copy):read("a")
    local out, st = S.run(S.PENNY .. " bench/run.lua --parts E --record " .. copy)
    assert.equal(0, st, out)
    local after = io.open(copy):read("a")
    os.remove(copy)
    local date = os.date("!%Y-%m-%d")
    local row = after:match("\n(| E |[^\n]*)")
    assert.truthy(row, after)
    assert.truthy(row:find("| 7 moves, optimal, ", 1, true), row)
    assert.truthy(row:find("`make bench BENCH_ARGS=\"--parts E\"` | " .. date .. " |", 1, true), row)
    local section = after:match("<!%-%- part E %-%->(.-)<!%-%- end E %-%->")
    assert.truthy(section:find("Measured " .. date .. " on ", 1, true), section)
    assert.truthy(section:find("triangle into a line of 6 (225-cell window): 7 moves", 1, true), section)
    -- the rest of the file is as it was
    local function strip(t)
      return (t:gsub("\n| E |[^\n]*", ""):gsub("<!%-%- part E %-%->.-<!%-%- end E %-%->", ""))
    end
    assert.equal(strip(before), strip(after))
  end)

  it("says which part has no place in the file", function()
    local copy = os.tmpname()
    local f = io.open(copy, "w")
    f:write("# nothing here\n\n## Current results\n\n| A | x |\n\n## A.\n")
    f:close()
    local out, st = S.run(S.PENNY .. " bench/run.lua --parts E --record " .. copy)
    os.remove(copy)
    assert.is_not.equal(0, st)
    assert.truthy(out:find("no row for part E", 1, true), out)
  end)
end)
