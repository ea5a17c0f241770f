--[[
penny.game.coins -- the coin game (thesis Ch. 1): a coin moves to a free
cell with at least d occupied neighbours besides itself.  The rule itself
is the core's (csrc/core/rules.c, one per geometry); this is its face in
the game interface of penny.game.
]]

local format, tostring = string.format, tostring

local _ENV = nil

local M = { name = "coins", tokens = "coins", conserves = false,
            cellwise = true }

function M.moves(p, cfg) return cfg:movelist(p.rule) end

function M.apply(p, cfg, m)
  local ok, _, msg = cfg:legal(m, p.rule)
  if not ok then return nil, "illegal: " .. msg end
  return cfg:apply(m, p.rule)
end

function M.key(_, cfg) return cfg:key() end

function M.arrow(m) return { from = m.from, to = m.to } end

function M.describe(p)
  local mode = p.up_to ~= "fixed" and (", goal up to " .. p.up_to) or ""
  return format("penny.Puzzle(%s%s, %d coins, d = %d%s)\nstart:\n%s\ngoal:\n%s",
    p.board:kind(), p.board:bounded() and " bounded" or "",
    #p.start, p.rule.d, mode, tostring(p.start), tostring(p.goal))
end

return M
