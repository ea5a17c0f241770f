--[[
penny.explain -- which facts decide a puzzle, each with its witness.

explain(puzzle) -> text, facts
  facts is a list of {name = ..., holds = bool, text = ..., decisive = bool,
  verdict = "solvable" | "unsolvable" | nil}.

The general necessary conditions of the thesis's Section 1 are checked for
every board of the coin game; lattice theories (penny.tri, penny.square)
add theirs through M.theories[lattice].  Line pushes have facts of their
own (penny.linepush.explain).
]]

local errors = require "penny.errors"
local Config = require "penny.config"
local tri = require "penny.tri"
local square = require "penny.square"
local pushing = require "penny.square.pushing"
local linepush = require "penny.linepush"

local format, ipairs, tostring, getmetatable, require = string.format, ipairs,
  tostring, getmetatable, require
local concat = table.concat

local _ENV = nil

local M = {}

-- lattice name -> function(puzzle, facts) adding facts
M.theories = {}

local function pos(c) return "(" .. concat(c, ",") .. ")" end

local degree_in = Config.degree_in
M.degree_in = degree_in

-- a coin b of B such that every other coin has at most d-2 neighbours in
-- B \ {b} (thesis Prop 1.3 for d = 2: B \ {b} has only isolated coins)
local function star_centre(p)
  local board, B, d = p.board, p.goal, p.rule.d
  for _, b in ipairs(B:coins()) do
    local rest = B:without(b)
    local ok = true
    for _, c in ipairs(rest:coins()) do
      if degree_in(board, rest, c) > d - 2 then ok = false; break end
    end
    if ok then return b end
  end
  return nil
end

-- Cor 1.7 for goals up to translation (rotation, symmetry): some
-- placement of the goal must lie inside the finite span(start).  For
-- "rotation" every symmetry of the lattice is tried, which can only make
-- the condition weaker, never wrong.
local function span_placement(p, add)
  local A, B = p.start, p.goal
  local span = A:span(p.rule)
  if not span or #span * #B > 4000000 then return end
  local cells = span:coins()
  local variants = { B }
  if p.up_to ~= "translation" then
    for s = 1, p.board:symmetries() do variants[#variants + 1] = B:transform(s) end
  end
  for _, V in ipairs(variants) do
    local coins = V:coins()
    local c0 = coins[1]
    for _, cell in ipairs(cells) do
      local fits = true
      for _, c in ipairs(coins) do
        local q = {}
        for k = 1, #c0 do q[k] = c[k] - c0[k] + cell[k] end
        if not span:has(q) then fits = false; break end
      end
      if fits then
        add{ name = "Cor 1.7 (span)", holds = true,
             text = format("a placement of the goal fits in span(start) (%d "
               .. "cells), e.g. with its coin %s at %s", #span, pos(c0),
               pos(cell)) }
        return
      end
    end
  end
  add{ name = "Cor 1.7 (span)", holds = false, decisive = true,
       verdict = "unsolvable",
       text = format("no placement of the goal (up to %s) fits in "
         .. "span(start) (%d cells); coins never leave the span (thesis "
         .. "Cor 1.7)", p.up_to, #span) }
end

-- Thesis Prop 3.11, for every board with a finite span: a cell of
-- span(A) with fewer than d neighbours inside span(A) can never receive a
-- coin (the coins never leave the span), so a goal coin there must be the
-- start's coin, never moved, with the same label.
local function dead_cells(p, span, add)
  local A, B, d = p.start, p.goal, p.rule.d
  local bad, why
  for _, c in ipairs(B:coins()) do
    if degree_in(p.board, span, c) < d then
      local la = A:has(c) and (A:label(c) or 0)
      if not la then bad, why = c, "the start has no coin there"
      elseif la ~= (B:label(c) or 0) then
        bad, why = c, "the start's coin there has another label"
      end
      if bad then break end
    end
  end
  if bad then
    add{ name = "Prop 3.11 (dead cells)", holds = false, decisive = true,
         verdict = "unsolvable",
         text = format("the goal cell %s has fewer than %d neighbours in "
           .. "span(start), so no coin can ever move there, and %s "
           .. "(thesis Prop 3.11)", pos(bad), d, why) }
  end
end

local function general(p, facts)
  local A, B, d = p.start, p.goal, p.rule.d
  local function add(f) facts[#facts + 1] = f end
  if p:is_goal(A) then
    add{ name = "start is goal", holds = true, decisive = true,
         verdict = "solvable", text = "the start already is the goal" }
    return
  end
  local first = A:moves(p.rule)()
  if not first then
    add{ name = "Prop 1.2 (a move)", holds = false, decisive = true,
         verdict = "unsolvable",
         text = "no move is possible from the start (thesis Prop 1.2)" }
  else
    add{ name = "Prop 1.2 (a move)", holds = true,
         text = "the start allows a move, e.g. " .. tostring(first) }
  end
  if #B == #A then
    local best, at = -1, nil
    for _, c in ipairs(B:coins()) do
      local k = degree_in(p.board, B, c)
      if k > best then best, at = k, c end
    end
    if best < d then
      add{ name = "Prop 1.2 (last move)", holds = false, decisive = true,
           verdict = "unsolvable",
           text = format("no coin of the goal has %d neighbours in the goal, "
             .. "so no move can be the last one (thesis Prop 1.2)", d) }
    else
      add{ name = "Prop 1.2 (last move)", holds = true,
           text = format("the goal coin at %s has %d neighbours in the goal",
             pos(at), best) }
    end
    if p.up_to == "fixed" then
      local b = star_centre(p)
      if b then
        local one = false
        for m in A:moves(p.rule) do
          if p:is_goal(A:apply(m, p.rule)) then one = m; break end
        end
        add{ name = "Prop 1.3 (star)", holds = true, decisive = true,
             verdict = one and "solvable" or "unsolvable",
             text = format("every goal coin but the one at %s has at most %d "
               .. "neighbours among the others, so only a single move can "
               .. "reach the goal (thesis Prop 1.3): %s", pos(b), d - 2,
               one and ("the move " .. tostring(one) .. " does")
                   or "no single move does") }
      end
    end
  end
  if p.up_to == "fixed" then
    local span = A:span(p.rule)
    if span then
      local out
      for _, c in ipairs(B:coins()) do
        if not span:has(c) then out = c; break end
      end
      add{ name = "Cor 1.7 (span)", holds = out == nil,
           decisive = out ~= nil, verdict = out and "unsolvable" or nil,
           text = out and format("the goal coin at %s lies outside "
               .. "span(start) (%d cells); coins never leave the span "
               .. "(thesis Cor 1.7)", pos(out), #span)
             or format("the goal lies inside span(start) (%d cells)", #span) }
      if not out then dead_cells(p, span, add) end
    else
      add{ name = "Cor 1.7 (span)", holds = true,
           text = "span(start) is infinite: no constraint" }
    end
  else
    span_placement(p, add)
  end
end

M.theories.triangular = tri.explain
M.theories.square = function(p, facts)
  square.explain(p, facts)
  pushing.explain(p, facts)
end

-- game name -> function(puzzle) -> facts
local FACTS = {
  coins = function(p)
    local facts = {}
    general(p, facts)
    local theory = M.theories[p.board:kind()]
    if theory then theory(p, facts) end
    return facts
  end,
  linepush = linepush.explain,
  pushing = pushing.game_facts,
}

function M.explain(p)
  local facts = FACTS[p.game](p)
  local lines, verdict = {}, nil
  for _, f in ipairs(facts) do
    lines[#lines + 1] = (f.holds and "[yes] " or "[no]  ") .. f.name .. ": "
      .. f.text
    if f.decisive and not verdict then verdict = f.verdict end
  end
  if verdict then
    lines[#lines + 1] = "=> " .. verdict
  else
    lines[#lines + 1] = "=> not decided by these conditions; search decides"
  end
  return concat(lines, "\n"), facts, verdict
end

--[[
p:explain() -> text, facts, verdict: the method of every Puzzle.  The
general necessary conditions (thesis Section 1), each with its witness;
lattice-specific theory adds to this list.
]]
local Puzzle = require("penny.puzzle").Puzzle
function Puzzle:explain()
  errors.method_self(getmetatable(self) == Puzzle, self, "puzzle", "explain",
    "Puzzle", "p")
  return M.explain(self)
end

return M
