-- The messages of runtime errors raised by the virtual machine.

local t = {}
local nothing
local function try(f)
  local ok, e = pcall(f)
  print(e)
end
try(function() return nothing + 1 end)
try(function() return t + 1 end)
try(function() return "abc" * 2 end)
try(function() return -t end)
try(function() return #nothing end)
try(function() return {} < {} end)
try(function() return 1 < "2" end)
try(function() return nil <= 1 end)
try(function() nothing() end)
try(function() UNDEFINED() end)
try(function() t.field() end)
try(function() t:method() end)
try(function() return nothing.field end)
try(function() return t.a.b end)
try(function() nothing.field = 1 end)
try(function() for i = 1, "x" do end end)
try(function() for i = 1, 2, {} do end end)
