--[[
penny.errors -- the library's errors, said for the person who caused them.

message(err) -> string
  err without the Lua position error() put before it ("chunk:line: "),
  and "bad argument #N to 'f' (what)" said as "what": for the error of a
  puzzle file (placed at file:line:col instead), of the command line, or
  of a core function raised again at the caller of the penny function.
]]

local tostring = tostring

local _ENV = nil

local M = {}

function M.message(err)
  local msg = tostring(err):gsub("^[^\n:]*:%d+: ", "", 1)
  return (msg:gsub("^bad argument #%d+ to '[^']*' %((.*)%)$", "%1"))
end

return M
