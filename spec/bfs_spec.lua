-- penny.bfs: the one-sided and the two-sided search against a distance
-- computed here, on random directed graphs (a move is not always
-- reversible in the coin game, so the graphs are directed).
local S = require "support"
local bfs = require "penny.bfs"

-- n nodes, each with up to k random out-edges; the action of an edge is
-- the pair {from, to}
local function graph(rand, n, k)
  local out, into = {}, {}
  for v = 1, n do out[v], into[v] = {}, {} end
  for v = 1, n do
    for _ = 1, rand(0, k) do
      local w = rand(1, n)
      if w ~= v then
        out[v][#out[v] + 1] = w
        into[w][#into[w] + 1] = v
      end
    end
  end
  return out, into
end

-- the distances from a by a plain queue, written apart from penny.bfs
local function distances(out, a)
  local d, q, h = { [a] = 0 }, { a }, 1
  while q[h] do
    local v = q[h]; h = h + 1
    for _, w in ipairs(out[v]) do
      if not d[w] then d[w] = d[v] + 1; q[#q + 1] = w end
    end
  end
  return d
end

-- the actions form a walk from a to b
local function walks(path, a, b, out)
  local at = a
  for _, e in ipairs(path) do
    if e[1] ~= at then return false end
    local ok = false
    for _, w in ipairs(out[at]) do if w == e[2] then ok = true end end
    if not ok then return false end
    at = e[2]
  end
  return at == b
end

describe("penny.bfs", function()
  it("finds shortest paths both ways, and says none when there is none", function()
    local draw = S.rng(5)
    local function rand(lo, hi) return lo - 1 + draw(hi - lo + 1) end
    local found, none = 0, 0
    for _ = 1, 300 do
      local n = rand(2, 60)
      local out, into = graph(rand, n, 3)
      local a, b = rand(1, n), rand(1, n)
      local d = distances(out, a)
      local function expand(v, _, emit)
        for _, w in ipairs(out[v]) do if emit(w, nil, { v, w }) then return end end
      end
      local function back(v, _, emit)
        for _, u in ipairs(into[v]) do if emit(u, nil, { u, v }) then return end end
      end
      local one, why1 = bfs.run{ start = a, to = b, expand = expand }
      local two, why2 = bfs.bidir{ start = a, to = b, expand = expand, back = back }
      if d[b] then
        found = found + 1
        assert.equal(d[b], #one)
        assert.equal(d[b], #two)
        assert.is_true(walks(one, a, b, out))
        assert.is_true(walks(two, a, b, out))
      else
        none = none + 1
        assert.is_nil(one); assert.equal("none", why1)
        assert.is_nil(two); assert.equal("none", why2)
      end
    end
    -- both cases drawn often enough to mean something
    assert.is_true(found > 50 and none > 20, found .. " found, " .. none .. " none")
  end)

  it("stops at its limit of states, counting both sides", function()
    -- a long line: from 1 to n in n - 1 moves
    local n = 1000
    local function expand(v, _, emit) if v < n then emit(v + 1, nil, v) end end
    local function back(v, _, emit) if v > 1 then emit(v - 1, nil, v - 1) end end
    local path, why = bfs.bidir{ start = 1, to = n, expand = expand, back = back, limit = 100 }
    assert.is_nil(path)
    assert.equal("limit", why)
    path = bfs.bidir{ start = 1, to = n, expand = expand, back = back, limit = 2000 }
    assert.equal(n - 1, #path)
    for i, v in ipairs(path) do assert.equal(i, v) end
  end)
end)
