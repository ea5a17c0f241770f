--[[
A puzzle as a page (penny.page, penny render --html): played in a real
browser.  Headless Chromium (Debian chromium) loads the page with
#autoplay, the page plays penny's solution by clicking its own cells (or
pushing), checking every move with its own copy of the rule, and says
"solved"; a page without the last move, or not played, does not.  A
screenshot is taken of each page (build/screenshots/).
]]
local penny = require "penny"
local page = require "penny.page"
local S = require "support"

local CHROMIUM = "chromium --headless --no-sandbox --disable-gpu "
  .. "--disable-dev-shm-usage --no-first-run --disable-extensions "
  .. "--user-data-dir=/tmp/penny-chromium-spec "

local function dom(path, hash)
  local out = S.run(CHROMIUM .. "--virtual-time-budget=20000 --dump-dom 'file://"
    .. path .. (hash or "") .. "' 2>/dev/null")
  return out
end

local function status_of(html)
  return html:match('<p id="status">(.-)</p>')
end

local function screenshot(path, name)
  os.execute("mkdir -p build/screenshots")
  local png = "build/screenshots/" .. name .. ".png"
  os.remove(png)
  S.run(CHROMIUM .. "--window-size=900,700 --screenshot=" .. png .. " 'file://"
    .. path .. "#autoplay' 2>/dev/null")
  local f = io.open(png, "rb")
  assert.is_not_nil(f, "no screenshot " .. png)
  local data = f:read("a")
  f:close()
  assert.equal("\137PNG", data:sub(1, 4))
  assert.is_true(#data > 5000, #data .. " bytes")
end

describe("a puzzle as a page, in a browser", function()
  local pz = require "penny.pzfile"

  it("plays the H into the O by clicks: solved, and not without its last move", function()
    local p = pz.load("examples/classics.pz")[4]
    local sol = p:solve()
    local path = os.tmpname() .. ".html"
    page.write(path, p, { solution = sol })
    local html = dom(path, "#autoplay")
    assert.equal("solved in 4 moves (optimum 4)", status_of(html), html:sub(1, 400))
    assert.truthy(html:find("<title>solved</title>", 1, true))
    -- the same page, not played: the start is not the goal
    assert.equal("moves: 0", status_of(dom(path)))
    screenshot(path, "h-to-o")
    -- a solution without its last move does not reach the goal
    local short = { verdict = "solved", optimal = false, moves = {} }
    for i = 1, #sol.moves - 1 do short.moves[i] = sol.moves[i] end
    page.write(path, p, { solution = short })
    assert.equal("moves: 3", status_of(dom(path, "#autoplay")))
    os.remove(path)
  end)

  it("refuses an illegal click with the rule's reason", function()
    local p = pz.load("examples/classics.pz")[4]
    local path = os.tmpname() .. ".html"
    -- a made-up "solution" whose first move is illegal: the page says so
    local bad = { verdict = "solved", optimal = false,
                  moves = { penny.move({ 1, 1 }, { 1, 0 }) } }
    page.write(path, p, { solution = bad })
    local st = status_of(dom(path, "#autoplay"))
    assert.truthy(st:find("^illegal: "), st)
    os.remove(path)
  end)

  it("plays line pushes into a box, and a triangular puzzle", function()
    local pushes = pz.load("examples/pushes.pz")[1]
    local sol = pushes:solve()
    local path = os.tmpname() .. ".html"
    page.write(path, pushes, { solution = sol })
    assert.equal(string.format("solved in %d moves (optimum %d)", #sol, #sol),
      status_of(dom(path, "#autoplay")))
    screenshot(path, "pushes")
    local tri = pz.load("examples/classics.pz")[1]
    local tsol = tri:solve()
    page.write(path, tri, { solution = tsol })
    assert.equal(string.format("solved in %d moves (optimum %d)", #tsol, #tsol),
      status_of(dom(path, "#autoplay")))
    -- a construction that goes beyond the search window: the page's cells
    -- grow to hold it (the solution is not optimal: no optimum shown)
    local fig7 = pz.load("examples/thesis.pz")[2]
    local csol = fig7:solve{ method = "tri" }
    assert.is_false(csol.optimal)
    page.write(path, fig7, { solution = csol })
    assert.equal(string.format("solved in %d moves", #csol),
      status_of(dom(path, "#autoplay")))
    os.remove(path)
  end)

  it("penny render --html writes the page, --png the solution's picture", function()
    local out = os.tmpname()
    local text, st = S.run(S.PENNY .. " render examples/classics.pz --puzzle 4 --html "
      .. out .. ".html --png " .. out .. ".png")
    assert.equal(0, st, text)
    local f = io.open(out .. ".png", "rb")
    assert.equal("\137PNG", f:read(4))
    f:close()
    assert.equal("solved in 4 moves (optimum 4)", status_of(dom(out .. ".html", "#autoplay")))
    os.remove(out .. ".html"); os.remove(out .. ".png"); os.remove(out)
  end)

  it("penny gallery writes an index of the examples and a sample of the letters", function()
    local dir = os.tmpname()
    os.remove(dir)
    local text, st = S.run(S.PENNY .. " gallery " .. dir .. " --letters 3")
    assert.equal(0, st, text)
    local f = io.open(dir .. "/index.html")
    local index = f:read("a")
    f:close()
    assert.truthy(index:find("H into the 8-coin O", 1, true), index)
    assert.truthy(index:find("font5x7", 1, true), index)
    local links = 0
    for href in index:gmatch('href="([^"]+%.html)"') do
      links = links + 1
      local g = io.open(dir .. "/" .. href)
      assert.is_not_nil(g, href)
      g:close()
    end
    assert.is_true(links >= 8, links)
    os.execute("rm -rf " .. dir)
  end)

  it("is refused for boards it does not draw", function()
    local p = penny.puzzle{ board = { lattice = "cubic", dim = 3 }, rule = 3,
      start = "(0,0,0) (1,0,0) (0,1,0) (0,0,1)", goal = "(0,0,0) (1,0,0) (0,1,0) (1,1,1)" }
    assert.has_error(function() page.html(p) end)
  end)
end)
