-- __eq, __lt, __le.

local mt = {}
mt.__eq = function(a, b) return a.v == b.v end
mt.__lt = function(a, b) return a.v < b.v end
mt.__le = function(a, b) return a.v <= b.v end
local function V(v) return setmetatable({ v = v }, mt) end
local a, b, c = V(1), V(2), V(1)

print("eq", a == c, a == b, a ~= b, a ~= c)
print("lt", a < b, b < a, a > b, b > a)
print("le", a <= c, a <= b, b <= a, a >= c)

-- __eq is called only for two tables (or two userdata) of the same type,
-- never when they are the same object, and both must have the same method
local calls = 0
local counting = { __eq = function() calls = calls + 1 return true end }
local x, y = setmetatable({}, counting), setmetatable({}, counting)
print("same object", x == x, calls)
print("two objects", x == y, calls)
print("table and number", x == 1, calls)
local other = setmetatable({}, { __eq = function() return true end })
print("different __eq", x == other, calls)
print("one without", x == {}, calls)

-- __eq results are made booleans
local truthy = { __eq = function() return "yes" end }
print("boolean result", setmetatable({}, truthy) == setmetatable({}, truthy))

-- without __le, Lua 5.1 tries not (b < a)
local only_lt = { __lt = function(p, q) return p.v < q.v end }
local l1, l2 = setmetatable({ v = 1 }, only_lt), setmetatable({ v = 2 }, only_lt)
print("le from lt", l1 <= l2, l2 <= l1)

-- mixing types in an order comparison is an error
print("number < string", (pcall(function() return 1 < "2" end)))
print("table < table without mt", (pcall(function() return {} < {} end)))

-- strings compare by bytes, numbers by value
print("strings", "a" < "b", "abc" < "abd", "Z" < "a", "" < "a", "10" < "9")
print("numbers", 1 < 2, -1 < 0, 1.5 <= 1.5, 2 >= 3)
print("equality", 1 == 1.0, "1" == 1, nil == false, "a" == "a")
