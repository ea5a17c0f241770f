local S = require "support"
local P = S.PENNY

-- run cmd in the background, send SIGINT after delay seconds, collect
local function interrupt(cmd, delay)
  return S.run(string.format(
    "((%s) > /tmp/penny_int.$$ 2>&1 & pid=$!; sleep %s; kill -INT $pid; "
    .. "wait $pid; st=$?; cat /tmp/penny_int.$$; rm -f /tmp/penny_int.$$; "
    .. "exit $st)",
    cmd, delay))
end

describe("the penny interpreter", function()
  it("runs a script with arguments and the penny global", function()
    local out, st = S.run(P .. " spec/fixtures/args.lua x y")
    assert.equal(0, st)
    assert.truthy(out:find("args\t2\tspec/fixtures/args.lua\tx\ty", 1, true), out)
    assert.truthy(out:find("penny global\ttable\ttrue", 1, true), out)
  end)

  it("runs -e chunks and stdin", function()
    local out = S.run(P .. [[ -e 'print(penny._VERSION)']])
    assert.truthy(out:find("^penny %d"), out)
    out = S.run("echo 'print(6*7)' | " .. P .. " -")
    assert.equal("42\n", out)
    out = S.run("echo 'print(6*7)' | " .. P)
    assert.equal("42\n", out)
  end)

  it("reports errors with a traceback and a non-zero status", function()
    local out, st = S.run(P .. [[ -e 'error("boom")']])
    assert.is_not.equal(0, st)
    assert.truthy(out:find("boom"), out)
    out, st = S.run(P .. " no_such_file.lua")
    assert.is_not.equal(0, st)
    assert.truthy(out:find("cannot open no_such_file.lua"), out)
    out, st = S.run(P .. " -z")
    assert.is_not.equal(0, st)
    assert.truthy(out:find("unrecognized option '%-z'"), out)
  end)

  it("REPL on piped input: expressions printed, statements run, multi-line", function()
    local out = S.run("printf '1+1\\nx = 5\\nx * 2\\nfor i = 1, 2 do\\nprint(\"i\", i)\\nend\\n"
      .. "penny.config(\"square\", \"oo\")\\n' | " .. P .. " -i")
    assert.truthy(out:find("penny> 2\n", 1, true), out)
    assert.truthy(out:find("penny> 10\n", 1, true), out)
    assert.truthy(out:find(">> >> i\t1\ni\t2", 1, true), out)
    assert.truthy(out:find("penny> oo\n", 1, true), out)
  end)

  it("REPL on a terminal: readline prompt, results, errors keep the session", function()
    local out = S.run("(sleep 0.3; printf '2^10\\n'; sleep 0.2; printf 'error(\"oops\")\\n'; "
      .. "sleep 0.2; printf 'print(\"still here\")\\n'; sleep 0.2; printf '\\004') | "
      .. "PENNY_HISTORY=0 script -qfec '" .. P .. "' /dev/null")
    assert.truthy(out:find("penny> ", 1, true), out)
    assert.truthy(out:find("1024.0", 1, true), out)
    assert.truthy(out:find("oops", 1, true), out)
    assert.truthy(out:find("still here", 1, true), out)
  end)

  it("REPL on a terminal keeps its history in ~/.penny_history, unless told not to", function()
    local home = os.tmpname()
    os.remove(home)
    assert.is_true(os.execute("mkdir " .. home))
    local function session(line, flag)
      return S.run("(sleep 0.3; printf '" .. line .. "\\n'; sleep 0.2; printf '\\004') | "
        .. "HOME=" .. home .. " script -qfec '" .. P .. (flag or "") .. "' /dev/null")
    end
    session("hist_one = 1")
    local f = io.open(home .. "/.penny_history")
    assert.is_not_nil(f)
    local text = f:read("a")
    f:close()
    assert.truthy(text:find("hist_one = 1", 1, true), text)
    -- the next session reads it back (an up arrow would recall it) and
    -- adds its own line; --no-history neither reads nor writes
    session("hist_two = 2")
    session("hist_three = 3", " --no-history")
    f = io.open(home .. "/.penny_history")
    text = f:read("a")
    f:close()
    assert.truthy(text:find("hist_one = 1\nhist_two = 2", 1, true), text)
    assert.falsy(text:find("hist_three", 1, true), text)
    os.execute("rm -rf " .. home)
  end)

  it("Ctrl-C on a terminal stops a long solve and returns to the prompt", function()
    local out = S.run("(sleep 0.3; printf 'dofile(\"spec/fixtures/long_solve.lua\")\\n'; "
      .. "sleep 1.5; printf '\\003'; sleep 0.5; printf 'print(\"after\")\\n'; sleep 0.3; "
      .. "printf '\\004') | PENNY_HISTORY=0 script -qfec '" .. P .. "' /dev/null")
    assert.truthy(out:find("solving", 1, true), out)
    assert.truthy(out:find("interrupted!", 1, true), out)
    assert.falsy(out:find("finished", 1, true), out)
    assert.truthy(out:find("after", 1, true), out)
  end)

  it("Ctrl-C stops a script inside a C search", function()
    local out, st = interrupt(P .. " spec/fixtures/long_solve.lua", 1)
    assert.truthy(out:find("solving", 1, true), out)
    assert.truthy(out:find("interrupted!", 1, true), out)
    assert.falsy(out:find("finished", 1, true), out)
    assert.is_not.equal(0, st)
  end)

  it("Ctrl-C stops a pure Lua loop", function()
    local out, st = interrupt(P .. [[ -e 'while true do end']], 0.5)
    assert.truthy(out:find("interrupted!", 1, true), out)
    assert.is_not.equal(0, st)
  end)

  it("keeps penny's paths out of errors when a script reaches penny by a second path", function()
    -- busted run by the interpreter puts ./lua first on package.path, so
    -- penny.pzfile loads from there while penny.errors came by the
    -- interpreter's own path
    local out, st = S.run(P .. [[ -e 'package.path = "./lua/?.lua;./lua/?/init.lua;" ]]
      .. [[.. package.path; local pz = require "penny.pzfile"; ]]
      .. [[print(select(2, pcall(pz.read, "start:\n", "t.pz")))']])
    assert.equal(0, st)
    assert.equal("t.pz:1:1: 'start:' belongs to a puzzle: put 'puzzle:' before it\n", out)
  end)

  it("says an error in one line at the script's line, a traceback only on request", function()
    local f = os.tmpname()
    local h = io.open(f, "w")
    h:write("local x = 1\nlocal p = penny.puzzle{ board = 'sqaure', start = 'oo', goal = 'oo' }\n")
    h:close()
    local out, st = S.run(P .. " " .. f)
    assert.equal(1, st)
    assert.equal("penny: " .. f .. ":2: unknown lattice 'sqaure' (square, "
      .. "triangular, hexagonal, king, cubic, graph)\n", out)
    for _, cmd in ipairs{ P .. " --trace " .. f, "PENNY_TRACE=1 " .. P .. " " .. f } do
      out = S.run(cmd)
      assert.truthy(out:find("stack traceback", 1, true), out)
    end
    os.remove(f)
  end)

  it("Ctrl-C gives status 130, and penny solve says it on stderr", function()
    local _, st = interrupt(P .. " spec/fixtures/long_solve.lua", 1)
    assert.equal(130, st)
    local f = os.tmpname()
    local h = io.open(f, "w")
    -- the search of spec/fixtures/long_solve.lua, which runs for minutes
    h:write("board: triangular 20x20\npuzzle: long\n"
      .. "start: (0,0) (1,0) (0,1) (5,5) (9,9) (12,3) (3,12)\n"
      .. "goal: (19,19) (18,19) (19,18) (0,0) (10,10) (12,3) (3,12)\n")
    h:close()
    local out
    out, st = S.run(string.format("((%s solve --max-memory 3G %s 2>/tmp/penny_err.$$ "
      .. ">/dev/null) & pid=$!; sleep 1; kill -INT $pid; wait $pid; st=$?; "
      .. "cat /tmp/penny_err.$$; rm -f /tmp/penny_err.$$; exit $st)", P, f))
    os.remove(f)
    assert.equal(130, st)
    assert.equal("penny: interrupted\n", out)
  end)

  it("Ctrl-C stops a search in the stock lua5.4 too", function()
    local out, st = interrupt("lua5.4 -e 'package.path=\"lua/?.lua;lua/?/init.lua;\"..package.path; "
      .. "package.cpath=\"build/lib/?.so;\"..package.cpath' spec/fixtures/long_solve.lua", 1)
    assert.truthy(out:find("solving", 1, true), out)
    assert.truthy(out:find("interrupted!", 1, true), out)
    assert.is_not.equal(0, st)
  end)
end)

describe("twenty newcomer mistakes (spec/fixtures/newcomer/)", function()
  local files = {}
  for f in io.popen("ls spec/fixtures/newcomer/*.lua"):lines() do
    files[#files + 1] = f
  end
  it("are at least twenty", function() assert.is_true(#files >= 20) end)
  for _, f in ipairs(files) do
    it(f:match("[^/]+$") .. ": one line at the user's file and line", function()
      local out, st = S.run(P .. " " .. f)
      assert.equal(1, st, out)
      -- the line the mistake is on: the script's last line
      local n = 0
      for _ in io.lines(f) do n = n + 1 end
      assert.equal(1, select(2, out:gsub("\n", "")), out)
      assert.truthy(out:find("^penny: " .. f:gsub("%p", "%%%0") .. ":" .. n
        .. ": "), out)
      assert.is_falsy(out:find("lua/penny/", 1, true), out)
      assert.is_falsy(out:find("traceback", 1, true), out)
    end)
  end
end)
