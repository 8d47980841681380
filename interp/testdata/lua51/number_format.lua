-- How numbers are written: tostring, print and concatenation all use
-- "%.14g".

local values = {
  0, 1, -1, 10, 100, 0.5, -0.25, 0.1, 1 / 3, 2 / 3, 100 / 7,
  1e14, 1e15, 1e16, 123456789012, 1234567890123456, 2 ^ 53, 2 ^ 63, -2 ^ 63,
  1e-4, 1e-5, 1.5e-7, 1e100, -1e-100, 3.14159265358979, 2.5, 1e300 * 1e10,
}
for i, v in ipairs(values) do
  print(i, v, tostring(v), "" .. v)
end
local zero = 0
print("inf", 1 / zero, -1 / zero, tostring(1 / zero))
print("math.huge", math.huge, -math.huge, math.huge == 1 / zero)
