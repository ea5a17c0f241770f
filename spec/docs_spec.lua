--[[
Every code block of README.md and doc/manual.md runs, and says what the
text around it says:

  ```lua    run in a fresh environment (penny and the standard library as
            globals); when a ```text block follows it, what the chunk
            prints must be that text exactly
  ```sh     each line that calls `penny` is run (the built interpreter);
            a ```text block after it is the output; lines that build or
            install (make, luarocks, sudo make) are run by .ci/run and
            spec/rock_spec.lua, and are the only others allowed
  ```pz     a puzzle file: read by penny.pzfile, every puzzle solved and
            matching its optimum
  ```repl   lines typed at the REPL: piped to `penny -i`, no error
  ```text   output (checked with the block before it) or a transcript
  ```       (no language) a synopsis: every penny function it names
            exists

The manual also names every public function and every option (the
schema of penny.options), so help(x) in the REPL finds them.
]]
local S = require "support"
local penny = require "penny"
local manual = require "penny.manual"

-- does the text hold anything but blank lines strictly between two lines?
local function text_between(text, a, b)
  local n = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    if n > a and n < b and line:match("%S") then return true end
  end
  return false
end

local function blocks(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  local out, lineno, cur = {}, 0, nil
  for line in (text .. "\n"):gmatch("(.-)\n") do
    lineno = lineno + 1
    local fence = line:match("^```(%w*)%s*$")
    if fence and not cur then
      cur = { lang = fence, line = lineno, lines = {} }
    elseif line:match("^```%s*$") and cur then
      cur.text = table.concat(cur.lines, "\n")
      cur.stop = lineno
      -- only blank lines since the block before: its output
      local prev = out[#out]
      cur.follows = prev and not text_between(text, prev.stop, cur.line)
      out[#out + 1] = cur
      cur = nil
    elseif cur then
      cur.lines[#cur.lines + 1] = line
    end
  end
  assert(cur == nil, path .. ": a code block is not closed")
  return out
end

-- run a chunk with print collected; returns the printed text
local function run_lua(code, name)
  local out = {}
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = tostring(t[i]) end
    out[#out + 1] = table.concat(t, "\t", 1, t.n) .. "\n"
  end
  env.require = require
  env.penny = penny            -- a global of the penny interpreter
  local fn = assert(load(code, "=" .. name, "t", env))
  fn()
  return table.concat(out)
end

local function tmpdir()
  local d = os.tmpname()
  os.remove(d)
  assert(os.execute("mkdir -p " .. d))
  return d
end

local BUILD = { "^make%f[%s%z]", "^sudo make ", "^luarocks ", "^lua5%.4 " }

local function check_file(path)
  local list = blocks(path)
  for i, b in ipairs(list) do
    local name = path .. ":" .. b.line
    local nx = list[i + 1]
    local nexttext = nx and nx.lang == "text" and nx.follows and nx or nil
    if b.lang == "lua" then
      it(name .. ": the Lua block runs" .. (nexttext and " and prints what follows" or ""),
        function()
          local dir = tmpdir()
          local here = io.popen("pwd"):read("l")
          -- blocks that write files write them in a scratch directory
          local printed = run_lua(b.text:gsub('"([%w_-]+%.svg)"', '"' .. dir
            .. '/%1"'), name)
          if nexttext then assert.equal(nexttext.text .. "\n", printed) end
          os.execute("rm -rf " .. dir)
          assert.equal(here, io.popen("pwd"):read("l"))
        end)
    elseif b.lang == "sh" then
      it(name .. ": the shell lines run" .. (nexttext and " and print what follows" or ""),
        function()
          local printed = {}
          for line in (b.text .. "\n"):gmatch("(.-)\n") do
            local cmd = line:gsub("%s+#.*$", "")
            if cmd:match("^penny%f[%s%z]") then
              local o, st = S.run(S.PENNY .. cmd:sub(6) .. " 2>/dev/null")
              assert.equal(0, st, cmd .. "\n" .. o)
              printed[#printed + 1] = o
            elseif cmd:match("%S") then
              local ok = false
              for _, p in ipairs(BUILD) do ok = ok or cmd:match(p) ~= nil end
              assert.is_true(ok, "not a penny or build command: " .. cmd)
            end
          end
          if nexttext then
            assert.equal(nexttext.text .. "\n", table.concat(printed))
          end
        end)
    elseif b.lang == "pz" then
      it(name .. ": the puzzle file is read and solved", function()
        local puzzles = penny.pzfile.read(b.text, name)
        assert.is_true(#puzzles >= 1)
        for _, p in ipairs(puzzles) do
          local sol = p:solve()
          if p.optimum then assert.equal(p.optimum, #sol) end
        end
      end)
    elseif b.lang == "repl" then
      it(name .. ": the REPL lines run without an error", function()
        local f = os.tmpname()
        local h = assert(io.open(f, "w"))
        h:write(b.text, "\n")
        h:close()
        local o, st = S.run(S.PENNY .. " -i < " .. f)
        os.remove(f)
        assert.equal(0, st, o)
        assert.falsy(o:find("stdin:%d"), o)
        assert.falsy(o:find("traceback", 1, true), o)
      end)
    elseif b.lang == "" then
      it(name .. ": the synopsis names functions that exist", function()
        for ref in b.text:gmatch("(penny[%w_.]*%.[%a_][%w_]*)%(") do
          assert.is_not_nil(manual.resolve(ref), ref)
        end
      end)
    else
      assert.equal("text", b.lang, name .. ": unknown block language " .. b.lang)
    end
  end
end

describe("README.md's code blocks", function()
  check_file("README.md")

  it("README.md is at most about 250 lines", function()
    local n = 0
    for _ in io.lines("README.md") do n = n + 1 end
    assert.is_true(n <= 250, n .. " lines")
  end)

  it("examples/first.lua is the README's first puzzle", function()
    local f = assert(io.open("examples/first.lua"))
    local file = f:read("a")
    f:close()
    assert.equal(blocks("README.md")[3].text .. "\n", file)
  end)
end)

describe("doc/manual.md", function()
  check_file("doc/manual.md")

  it("has an entry for every public function and method", function()
    local missing = {}
    for _, name in ipairs(manual.public_names()) do
      if not manual.entry(name) then missing[#missing + 1] = name end
    end
    assert.same({}, missing)
  end)

  it("is what help(x) prints in the REPL, for functions, methods, modules and objects", function()
    local f = os.tmpname()
    local h = assert(io.open(f, "w"))
    h:write([[
require("penny.repl").install()
local cfg = penny.config("square", "oo\noo")
help(penny.puzzle) print("@@")
help(cfg.moves) print("@@")
help(penny.tri) print("@@")
help(cfg) print("@@")
help("span") print("@@")
help(print)
]])
    h:close()
    local out, st = S.run(S.PENNY .. " " .. f)
    os.remove(f)
    assert.equal(0, st, out)
    local parts = {}
    for part in (out .. "@@"):gmatch("(.-)@@") do
      parts[#parts + 1] = part:gsub("^%s+", ""):gsub("%s+$", "")
    end
    assert.equal(manual.entry("penny.puzzle"), parts[1])
    assert.equal(manual.entry("cfg:moves"), parts[2])
    assert.equal(manual.section("penny.tri"), parts[3])
    assert.equal(manual.section("Configurations"), parts[4])
    assert.equal(manual.entry("cfg:span"), parts[5])
    assert.truthy(parts[6]:find("not a part of penny's API", 1, true), parts[6])
    -- the entries are not empty, and their headings are the signatures
    assert.truthy(parts[1]:find("^penny%.puzzle%(spec%)\n\nReturns a Puzzle"), parts[1])
  end)

  it("calls every public function and method in an example that runs", function()
    local code = {}
    for block in manual.text():gmatch("```lua\n(.-)\n```") do code[#code + 1] = block end
    code = table.concat(code, "\n")
    local missing = {}
    for _, name in ipairs(manual.public_names()) do
      local short = name:match("[:.]([%w_]+)$")
      local pat = (name:find(":", 1, true) and ":" or "%.") .. short .. "%f[^%w_]"
      if not code:find(pat) then missing[#missing + 1] = name end
    end
    assert.same({}, missing)
  end)

  it("documents every option of the schema", function()
    local text = manual.text()
    for _, o in ipairs(penny.options.list()) do
      assert.truthy(text:find("`" .. o.name .. "`", 1, true), o.name)
    end
  end)
end)

describe("the man page doc/penny.1", function()
  it("renders without a warning and names every option of the command line", function()
    local out, st = S.run("groff -man -Tutf8 -ww -z doc/penny.1")
    assert.equal(0, st, out)
    assert.equal("", out)
    local page = S.run("MANWIDTH=100 man -l doc/penny.1 2>&1 | col -b")
    assert.truthy(page:find("penny %- solve coin%-moving"), page)
    local help = S.run(S.PENNY .. " --help") .. S.run(S.PENNY .. " help solve")
      .. S.run(S.PENNY .. " help render") .. S.run(S.PENNY .. " help gallery")
    local n = 0
    for flag in help:gmatch("%s(%-%-?[%a][%w-]*)") do
      n = n + 1
      assert.truthy(page:find(flag, 1, true), flag .. " is not in the man page")
    end
    assert.is_true(n > 15, n)
    for _, cmd in ipairs{ "solve", "show", "render", "play", "gallery", "help" } do
      assert.truthy(page:find("penny " .. cmd, 1, true), cmd)
    end
  end)
end)
