-- penny.shortcut: constructive answers shortened by local search, every
-- answer replayed (Solution.new) and never shorter than the optimum.
local penny = require "penny"
local S = require "support"
local shortcut = require "penny.shortcut"
local Solution = require("penny.solution").Solution

describe("penny.shortcut", function()
  it("removes a detour: a move and its way back", function()
    local p = penny.puzzle{ board = "square", start = "ooo\no..\no..",
                            goal = ".oo\noo.\no.." }
    local best = p:solve()
    local c, pad = p.start, nil
    for _, m in ipairs(c:movelist()) do
      local back = { from = m.to, to = m.from }
      if c:apply(m):legal(back) then pad = { m, back }; break end
    end
    local moves = { pad[1], pad[2] }
    for _, m in ipairs(best.moves) do moves[#moves + 1] = m end
    local long = Solution.new(p, { verdict = "solved", moves = moves,
                                   method = "test", reason = "padded" })
    local short = shortcut.improve(long)
    assert.equal(#best, #short)
    assert.is_true(p:check(short.moves))
    assert.matches("shortened from 3 to 1 moves", short.reason)
  end)

  it("shortens the square solver's answers, never below the optimum, labels kept", function()
    local rand = S.rng(77)
    local board = penny.board("square")
    local box = penny.board{ width = 5, height = 5 }
    local shorter = 0
    for trial = 1, 8 do
      local a
      repeat a = S.random_config(box, 9, rand, trial % 2 == 0 and 3 or nil)
      until #a:span() >= 16
      a = penny.config(board, a:coins())
      local g = a
      for _ = 1, 6 do
        local ms = g:movelist()
        g = g:apply(ms[rand(#ms)])
      end
      local p = penny.puzzle{ start = a, goal = g }
      local sol = p:solve{ method = "square" }
      if sol.verdict == "solved" then
        local short = shortcut.improve(sol, { time_limit = 10 })
        assert.is_true(#short <= #sol)
        assert.is_true(p:check(short.moves), "trial " .. trial)
        local best = p:solve{ method = "bidir" }
        assert.equal("solved", best.verdict)
        assert.is_true(#short >= #best, "trial " .. trial)
        if #short < #sol then shorter = shorter + 1 end
      end
    end
    assert.is_true(shorter >= 3, "shortened " .. shorter)
  end)

  it("leaves optimal and unsolved answers alone and checks its arguments", function()
    local p = penny.puzzle{ board = "square", start = "oo\noo", goal = "oo.\n.oo" }
    local sol = p:solve()
    assert.equal(sol, shortcut.improve(sol))
    local ok, err = pcall(shortcut.improve, "x")
    assert.is_false(ok)
    assert.matches("a Solution expected", err)
    ok, err = pcall(shortcut.improve, sol, { spn = 3 })
    assert.is_false(ok)
    assert.matches("unknown option 'spn'", err)
  end)

  it("shortens auto's constructive answers", function()
    -- 24 coins whose span is a 10 x 10 box, the goal 60 random moves
    -- away: too far for the bounded exact search (A* on the plain states
    -- finds 12 random moves' goal, 9 moves, at once), so the two-extra-
    -- coin construction answers
    local rand = S.rng(3)
    local box = penny.board{ width = 10, height = 10 }
    local a
    repeat a = S.random_config(box, 24, rand) until #a:span() == 100
    a = penny.config(penny.board("square"), a:coins())
    local g = a
    for _ = 1, 60 do
      local ms = g:movelist()
      g = g:apply(ms[rand(#ms)])
    end
    local p = penny.puzzle{ start = a, goal = g }
    local square = p:solve{ method = "square" }
    local auto = p:solve()
    assert.equal("solved", auto.verdict)
    assert.is_true(#auto < #square, #auto .. " against " .. #square)
    assert.matches("shortened from " .. #square, auto.reason)
  end)
end)
