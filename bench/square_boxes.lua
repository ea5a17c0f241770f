--[[
bench/square_boxes.lua -- an exhaustive check of the square grid's
canonicalization (penny.square_solver, thesis Thm 3.7): every
configuration of a W x H box with at most MAXC coins whose span is the
whole box is canonicalized with two coins in hand; all must succeed and
give one configuration.  Prints the counts; exits 1 on a failure.

  build/penny bench/square_boxes.lua W H [MAXC]      e.g. 5 4 6
]]
local penny = require "penny"
local ss = require "penny.square_solver"

local W, H = tonumber(arg[1]), tonumber(arg[2])
if not W or not H or W * H > 30 then
  io.stderr:write("usage: square_boxes.lua W H [MAXC]   (W * H <= 30)\n")
  os.exit(2)
end
local maxc = tonumber(arg[3]) or W * H
local SQ = penny.board("square")
local done, fails, kinds, nkinds = 0, 0, {}, 0
for mask = 1, (1 << (W * H)) - 1 do
  local pts = {}
  for i = 0, W * H - 1 do
    if mask & (1 << i) ~= 0 then pts[#pts + 1] = { i % W, i // W } end
  end
  if #pts <= maxc then
    local c = penny.config(SQ, pts)
    if #c:span(2) == W * H then
      local acts, chains = ss.canonicalize(c)
      if acts then
        done = done + 1
        local t = {}
        for _, ch in ipairs(chains) do
          for _, p in ipairs(ch) do t[#t + 1] = p[1] .. "," .. p[2] end
        end
        local k = table.concat(t, " ")
        if not kinds[k] then kinds[k] = true; nkinds = nkinds + 1 end
      else
        fails = fails + 1
        print("FAILED: " .. chains)
        print(c)
      end
    end
  end
end
print(("%d x %d box, at most %d coins: %d canonicalized, %d failed, %d distinct results")
  :format(W, H, maxc, done, fails, nkinds))
os.exit((fails == 0 and nkinds == 1) and 0 or 1)
