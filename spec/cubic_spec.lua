local penny = require "penny"
local S = require "support"

--[[
Cubic lattices with d-adjacency (DDV open problem (iii)): in d dimensions a
coin touching d others is rigidly placed, so the rule is d = dim.  Span and
exhaustive search are checked against brute force written from the
definitions (support.lua's reference moves and BFS).
]]

-- the span by its definition: the least superset closed under adding a
-- cell of the board with at least d neighbours in the set
local function brute_span(cfg, d)
  local board = cfg:board()
  local set, list = {}, {}
  for _, c in ipairs(cfg:positions()) do set[S.key(c)] = true; list[#list + 1] = c end
  local grew = true
  while grew do
    grew = false
    for _, cell in ipairs(board:cells()) do
      if not set[S.key(cell)] then
        local n = 0
        for _, nb in ipairs(board:neighbours(cell)) do
          if set[S.key(nb)] then n = n + 1 end
        end
        if n >= d then set[S.key(cell)] = true; list[#list + 1] = cell; grew = true end
      end
    end
  end
  return #list, set
end

describe("cubic lattices with d-adjacency", function()
  local box = penny.board{ lattice = "cubic", dim = 3, size = { 3, 3, 3 } }

  it("span agrees with the definition (d = 3, 3 x 3 x 3 box)", function()
    local rand = S.rng(33)
    for _ = 1, 60 do
      local cfg = S.random_config(box, 3 + rand(8), rand)
      for d = 2, 3 do
        local span = cfg:span(d)
        local n, set = brute_span(cfg, d)
        assert.equal(n, #span)
        for _, c in ipairs(span:positions()) do assert.is_true(set[S.key(c)]) end
      end
    end
  end)

  it("exhaustive search agrees with the reference BFS (d = 3)", function()
    local rand = S.rng(34)
    local small = penny.board{ lattice = "cubic", dim = 3, size = { 2, 2, 3 } }
    local solved, unsolvable = 0, 0
    for _ = 1, 40 do
      local n = 4 + rand(3)
      local a = S.random_config(small, n, rand)
      -- half the goals are reachable by construction (a short walk)
      local g = S.random_config(small, n, rand)
      if rand(2) == 1 then
        g = a
        for _ = 1, rand(4) do
          local ms = g:movelist(3)
          if #ms > 0 then g = g:apply(ms[rand(#ms)], 3) end
        end
      end
      local p = penny.puzzle{ board = small, rule = 3, start = a, goal = g }
      local ref, _, complete = S.ref_distance(a, 3, function(c) return c == g end)
      for _, method in ipairs{ "auto", "bfs", "full" } do
        local s = p:solve{ method = method }
        if ref then
          assert.equal("solved", s.verdict, method)
          assert.equal(ref, #s.moves, method)
        else
          assert.is_true(complete)
          assert.equal("unsolvable", s.verdict, method)
        end
      end
      if ref then solved = solved + 1 else unsolvable = unsolvable + 1 end
    end
    assert.is_true(solved >= 10 and unsolvable >= 3, solved .. " / " .. unsolvable)
  end)

  it("works in 4 dimensions too (d = 4)", function()
    local b4 = penny.board{ lattice = "cubic", dim = 4, size = { 2, 2, 2, 2 } }
    local rand = S.rng(35)
    for _ = 1, 10 do
      local cfg = S.random_config(b4, 4 + rand(6), rand)
      assert.equal(brute_span(cfg, 4), #cfg:span(4))
    end
  end)
end)
