-- tostring and tonumber of edge numbers, as Lua 5.1 writes and reads them
-- ("%.14g" and strtod). No NaN from arithmetic is printed: its sign depends
-- on the processor.

local nan = tonumber("nan")
local inf = 1 / 0
local zero = 0
local negzero = -zero

local numbers = {
  0, 1, -1, 0.5, -0.5, 0.1, 0.1 + 0.2, 1 / 3, 2 / 3, 10 / 3, 100, 1e3, 123456789,
  1e14 - 1, 1e14, 1e14 + 1, 1e15, 1e16, 2^53, 2^53 + 1, 2^63, -2^63, 2^64, 1e100,
  1e300 * 1e10, -1e300 * 1e10, 1e-5, 1e-4, 0.0001234, 1.5e-10, 5e-324, 2.2250738585072014e-308,
  1.7976931348623157e308, 123.456, -123.456, 3.14159265358979, 99999999999999.9,
  12345678901234.5, 0.30000000000000004, 1 / 7, 2^31, -2^31, 2^32, 4294967295,
}
for _, n in ipairs(numbers) do
  print(n, tostring(n), string.format("%.14g", n), #tostring(n))
end
print(inf, -inf, nan, -nan, negzero, tostring(negzero), zero)

-- tonumber, base 10
local inputs = {
  "10", "  10  ", "10.5", "-10.5", "+5", ".5", "5.", "1e5", "1E5", "1e-2", "1e+2", "1e", "1e+",
  "0x10", "0X1f", "-0x10", "0x", "0x1p4", "0x.8", "0xA.8p1", "inf", "-inf", "Infinity", "INF",
  "nan", "  nan  ", "1 2", "", " ", "abc", "10abc", "10\t", "\t\n10\r\v\f", "1,5", "0b101",
  "1_000", "10\0junk", "- 1", "--1", "0e0", "00012", "1e400", "-1e400", "1e-400",
}
for _, s in ipairs(inputs) do
  print(string.format("%q", s), tonumber(s))
end
print(tonumber(42), tonumber(nil), tonumber(true), tonumber({}) == nil)

-- tonumber with a base: strtoul
local based = {
  {"10", 2}, {"ff", 16}, {"FF", 16}, {"0xff", 16}, {"zz", 36}, {"Zz", 36}, {"777", 8},
  {"8", 8}, {"1.5", 16}, {" 11 ", 2}, {"-10", 2}, {"", 16}, {"  ", 16}, {"0x", 16},
  {"99999999999999999999", 10}, {"99999999999999999999", 16}, {"10", 10}, {"1e1", 10},
  {"1e1", 16}, {"z", 35}, {"12\0", 16},
}
for _, b in ipairs(based) do
  print(string.format("%q", b[1]), b[2], tonumber(b[1], b[2]))
end
print(tonumber(10, 16), tonumber(255, 10))
print(pcall(tonumber, "10", 1))
print(pcall(tonumber, "10", 37))
print(pcall(tonumber, {}, 16))
print(pcall(tonumber))

-- numbers turned into strings by the library
print(string.rep(1 / 3, 2, ""), ("x"):rep(2) .. "", string.len(2^63))
