-- Strings converted to numbers by arithmetic: read as decimal (or 0x
-- hexadecimal) numerals, as Lua 5.1's lexer reads them.

print("leading zeros", "010" + 0, "007" * 1, "-010" + 0)
print("not numerals", pcall(function() return "0b11" + 0 end) == false,
  pcall(function() return "1_000" + 0 end) == false,
  pcall(function() return "0o17" + 0 end) == false)
print("numerals", "0x10" + 0, " 12 " + 0, "1e1" + 0, ".5" + 0)

-- the values themselves, in every arithmetic operator and the unary minus
print("decimal", "010" + 0, "010" - 1, "010" * 2, "010" / 2, "010" % 3, "010" ^ 2, -"010")
print("spaces", " 10 " + 0, "\t10\n" + 0, "10\v" + 0, "\f10\r" + 0)
print("forms", "0x1p4" + 0, "0X1P4" * 1, ".5" + ".5", "5." + 0, "1e2" - 0, "0x10" * "2", "1E-1" + 0)
print("strtod", "inf" + 0, "-inf" + 0, "nan" + 0 ~= "nan" + 0, "infinity" + 0)
print("refused", pcall(function() return "0x" + 0 end) == false, pcall(function() return "0b11" * 1 end) == false, pcall(function() return -"1_000" end) == false,
  pcall(function() return "1e" + 0 end) == false, pcall(function() return "" + 0 end) == false)

-- the numeric for loop converts its strings as arithmetic does
local n, s = 0, ""
for i = "10", "1", "-2" do n = n + 1; s = s .. i .. " " end
print("for", n, s)
for i = " 0x10 ", "017" do s = i end
print("for hex", s)
print("for refused", pcall(function() for i = "0b1", 2 do end end) == false,
  pcall(function() for i = 1, "x" do end end) == false)

-- a string and a table: the table's metamethod, with the string as it is
local mt = {}
mt.__add = function(a, b) return "add " .. type(a) .. " " .. type(b) end
mt.__mod = function(a, b) return "mod " .. tostring(b) end
mt.__unm = function(a) return "unm" end
local t = setmetatable({}, mt)
print("meta", t + "0b11", "10" + t, t % "010", -t)
print("no meta", pcall(function() return {} + "1" end) == false, pcall(function() return "1" + nil end) == false)
