--[[
penny.json -- a small JSON decoder written with LPeg (for the coin-sliding
corpus and puzzle collections).  decode(text [, name]) -> value; errors
read "name:line:col: ...".  Objects become tables, arrays sequences, null
becomes json.null.
]]

local lpeg = require "lpeg"
local dsl = require "penny.dsl"

local P, S, R, C, Cc, Ct, Cf, Cg, V, Cp =
  lpeg.P, lpeg.S, lpeg.R, lpeg.C, lpeg.Cc, lpeg.Ct, lpeg.Cf, lpeg.Cg, lpeg.V,
  lpeg.Cp
local tonumber, error, format, utf8, type = tonumber, error,
  string.format, utf8, type

local _ENV = nil

local M = {}
M.null = {}

local ws = S" \t\r\n"^0

local escapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b",
                  f = "\f", n = "\n", r = "\r", t = "\t" }
local hex = R("09", "af", "AF")
local escape = (P"\\" * C(S'"\\/bfnrt')) / escapes
  + (P"\\u" * C(hex * hex * hex * hex)) / function(h)
      return utf8.char(tonumber(h, 16))
    end
local str = P'"' * lpeg.Cs(((P(1) - S'"\\' - R"\0\31") + escape)^0) * P'"'
local num = C(P"-"^-1 * (P"0" + R"19" * R"09"^0) * (P"." * R"09"^1)^-1
  * (S"eE" * S"+-"^-1 * R"09"^1)^-1) / tonumber

local function settable(t, k, v) t[k] = v; return t end

-- the farthest position any token was tried at: where an error is
local farthest = 1
local mark = lpeg.Cmt(P(true), function(_, i)
  if i > farthest then farthest = i end
  return true
end)

local grammar = P{
  "doc",
  doc = ws * V"value" * ws,
  value = mark * (str + num + V"object" + V"array"
    + P"true" * Cc(true) + P"false" * Cc(false) + P"null" * Cc(M.null)),
  member = mark * Cg(str * ws * P":" * ws * V"value"),
  object = P"{" * ws * Cf(Ct"" * (V"member" * (ws * P"," * ws * V"member")^0)^-1,
    settable) * ws * P"}",
  array = P"[" * ws * Ct((V"value" * (ws * P"," * ws * V"value")^0)^-1) * ws
    * P"]",
}

local doc = grammar * Cp()

function M.decode(text, name)
  if type(text) ~= "string" then
    error("json.decode: a string expected, got " .. type(text), 2)
  end
  farthest = 1
  local value, stop = doc:match(text)
  if value == nil or stop <= #text then
    local line, col = dsl.linecol(text, farthest)
    error(format("%s:%d:%d: malformed JSON", name or "json", line, col), 0)
  end
  return value
end

return M
