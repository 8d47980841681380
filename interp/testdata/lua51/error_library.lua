-- Errors raised through the base library: error's levels, assert's
-- message, setmetatable's refusal.

-- level 2 names the function that called the failing one: here pcall,
-- which has no position
local function check(x)
  if type(x) ~= "number" then error("number expected", 2) end
  return x
end
print(pcall(check, "no"))

-- level 2 from a Lua caller gets the caller's position
local function caller() return check("no") end
print(pcall(caller))

-- assert's message is the error as it is, without a position
print(pcall(assert, false, "assert message"))
print(pcall(assert, nil, "another"))
print(pcall(assert, false))

-- error with no value, or nil
print(pcall(error))
print(pcall(error, nil))

-- a number as an error gets a position, like a string
print(pcall(error, 42))
print(pcall(function() error(42) end))

-- a protected metatable cannot be changed
print(pcall(setmetatable, setmetatable({}, { __metatable = "locked" }), {}))
