--[[
penny.json -- a small JSON decoder written with LPeg (for the coin-sliding
corpus and puzzle collections) and a small encoder (penny solve --json).

  decode(text [, name]) -> value; errors read "name:line:col: ...".
      Objects become tables, arrays sequences, null becomes json.null.
  encode(value) -> text: nil and json.null become null, a table with a
      positive integer key 1 (or empty) an array, any other table an object
      with its keys sorted (the output is reproducible); numbers that are
      not finite, functions and userdata are errors.
]]

local lpeg = require "lpeg"
local dsl = require "penny.dsl"

local P, S, R, C, Cc, Ct, Cf, Cg, V, Cp =
  lpeg.P, lpeg.S, lpeg.R, lpeg.C, lpeg.Cc, lpeg.Ct, lpeg.Cf, lpeg.Cg, lpeg.V,
  lpeg.Cp
local tonumber, error, format, utf8, type, pairs, ipairs, tostring, math,
  next, pcall = tonumber, error, string.format, utf8, type, pairs, ipairs,
  tostring, math, next, pcall
local concat, sort = table.concat, table.sort

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

local ESC = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b",
              ["\f"] = "\\f", ["\n"] = "\\n", ["\r"] = "\\r",
              ["\t"] = "\\t" }

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return ESC[c] or format("\\u%04x", c:byte())
  end) .. '"'
end

local function encode(v, out, depth)
  local t = type(v)
  if v == nil or v == M.null then out[#out + 1] = "null"
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then
      error("json.encode: " .. tostring(v) .. " has no JSON form", 0)
    end
    local text = math.type(v) == "integer" and format("%d", v)
      or format("%.14g", v)
    -- the shortest of the two that reads back as the same number
    if tonumber(text) ~= v then text = format("%.17g", v) end
    out[#out + 1] = text
  elseif t == "string" then out[#out + 1] = quote(v)
  elseif t == "table" then
    if depth > 100 then error("json.encode: nested too deep (a cycle?)", 0) end
    if v[1] ~= nil or next(v) == nil then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out, depth + 1)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = quote(k) .. ":"
        local x = v[k]
        if x == nil then x = v[tonumber(k)] end
        encode(x, out, depth + 1)
      end
      out[#out + 1] = "}"
    end
  else
    error("json.encode: a " .. t .. " has no JSON form", 0)
  end
end

function M.encode(v)
  local out = {}
  local ok, err = pcall(encode, v, out, 0)
  if not ok then error(err, 2) end
  return concat(out)
end

return M
