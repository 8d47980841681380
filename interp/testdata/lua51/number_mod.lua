-- Modulo where the quotient is not small and exact: Lua 5.1 computes
-- a - floor(a/b)*b, with the rounding that brings.

local zero = 0
local inf = 1 / zero
print("fractional divisor", 1 % 0.1 == 0, -1 % 0.1 == 0, 0.3 % 0.1 < 0.1)
print("large quotient", 1e17 % 3, -1e17 % 3, (2 ^ 60 + 1) % 7)
print("infinite divisor", 7 % inf ~= 7 % inf, -7 % inf ~= -7 % inf)
print("infinite dividend", inf % 3 ~= inf % 3)
print("zero divisor", 5 % zero ~= 5 % zero)
