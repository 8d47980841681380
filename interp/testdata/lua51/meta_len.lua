-- The length operator: Lua 5.1 ignores __len for tables and strings
-- (it is used for userdata only).

local sized = setmetatable({ 1, 2, 3 }, { __len = function() return 42 end })
print("table with __len", #sized)
print("string", #"abc", #"")
print("sequence", #{ 1, 2, 3 }, #{})
