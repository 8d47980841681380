-- Conversions between strings and numbers.

print("tonumber", tonumber("10"), tonumber("  10  "), tonumber("0x1F"), tonumber("1e2"), tonumber(".5"), tonumber("5."))
print("tonumber bad", tonumber(""), tonumber(" "), tonumber("abc"), tonumber("1e"), tonumber("0x"), tonumber("1 2"), tonumber("--1"))
print("tonumber values", tonumber(12), tonumber(nil), tonumber(true), tonumber({}))
print("bases", tonumber("ff", 16), tonumber("FF", 16), tonumber("777", 8), tonumber("101", 2), tonumber("zz", 36), tonumber("Z", 36))
print("bases bad", tonumber("8", 8), tonumber("g", 16), tonumber("", 10), tonumber("1.5", 10))
print("base 10", tonumber("10", 10), tonumber(" 42 ", 10))
print("arith coercion", "10" + 0, "0x10" + 0, "1e1" + 0, " 3 " * 2)
print("concat coercion", 10 .. "", 1.5 .. "", -0.5 .. "")
print("compare is not coerced", pcall(function() return 1 < "2" end) == false, "1" == 1)
print("string.len of numbers", #tostring(12345), #(12 .. ""))
