-- Modulo where the quotient is not small and exact: Lua 5.1 computes
-- a - floor(a/b)*b, with the rounding that brings.

-- folded at compile time, before any 0 is a constant of the chunk (a
-- later -0 would be that constant): 5.1's result is 0, never -0
print("folded", -6 % 3, -9 % 3, 4 % -2, -6 % -3)

local zero = 0
local inf = 1 / zero
print("fractional divisor", 1 % 0.1 == 0, -1 % 0.1 == 0, 0.3 % 0.1 < 0.1)
print("large quotient", 1e17 % 3, -1e17 % 3, (2 ^ 60 + 1) % 7)
print("infinite divisor", 7 % inf ~= 7 % inf, -7 % inf ~= -7 % inf)
print("infinite dividend", inf % 3 ~= inf % 3)
print("zero divisor", 5 % zero ~= 5 % zero)

-- the results themselves, folded at compile time and computed at run time
local six, three, tenth, one = 6, 3, 0.1, 1
print("written", -6 % 3, -six % three, 6 % -3, six % -three, 0 % -1)
print("fraction", 1 % 0.1, one % tenth, -1 % 0.1, 0.3 % 0.1, 5.25 % 1, -5.25 % 1)
print("huge", 5 % math.huge, -5 % math.huge, 5 % -math.huge, math.huge % 2)
print("zero", 5 % 0, 5 % zero, 0 % 0, -5 % zero)
print("big", 2 ^ 53 % 3, (2 ^ 53 + 2) % 3, 1e300 % 7, -1e300 % 7, 1e17 % 3.5)
