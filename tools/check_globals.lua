--[[
tools/check_globals.lua FILE... -- report global variable accesses in Lua
modules that declare "local _ENV = nil": every access to a global name
after that line is a bug (it fails at run time).  Uses luac5.4 -l -l.
Prints "file:line: global 'name'" and exits 1 when any is found.
]]
local bad = 0
for _, file in ipairs(arg) do
  local envline
  local n = 0
  for line in io.lines(file) do
    n = n + 1
    if line:match("^local _ENV = nil") then envline = n; break end
  end
  if envline then
    local p = io.popen("luac5.4 -l -l -p " .. file)
    local listing = p:read("a")
    p:close()
    for ln, op, rest in listing:gmatch("\n%s*%d+%s+%[(%d+)%]%s+(%u+)%s+([^\n]*)") do
      ln = tonumber(ln)
      if ln > envline and (op == "GETTABUP" or op == "SETTABUP") then
        local name = rest:match('; _ENV "([^"]+)"')
        if name then
          print(string.format("%s:%d: global '%s'", file, ln, name))
          bad = bad + 1
        end
      end
    end
  end
end
os.exit(bad == 0 and 0 or 1)
