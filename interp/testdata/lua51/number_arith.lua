-- Arithmetic on numbers (doubles).

print("basic", 7 + 3, 7 - 3, 7 * 3, 7 / 2, 2 ^ 10, -7)

-- modulo takes the sign of the divisor: a - floor(a/b)*b
print("mod", 7 % 3, -7 % 3, 7 % -3, -7 % -3, 5.5 % 2, -5.5 % 2)
print("mod exact", 7 % -3 == -2, -7 % 3 == 2, 5.25 % 1 == 0.25)

-- integer division is floor of division
print("floor div", math.floor(7 / 2), math.floor(-7 / 2))

-- powers
print("pow", 2 ^ 0.5 == math.sqrt(2), 2 ^ -1, (-8) ^ 2, 10 ^ 15 == 1e15, 0 ^ 0)
print("pow assoc", 2 ^ 3 ^ 2, (2 ^ 3) ^ 2, -2 ^ 2)

-- division by zero gives infinities; 0/0 is not equal to itself
local zero = 0
local inf, nan = 1 / zero, zero / zero
print("inf", inf == 2 * inf, -inf == 2 * -inf, inf > 1e308, -inf < -1e308)
print("nan", nan ~= nan, nan == nan, nan < 1, nan > 1)
print("inf arith", inf + 1 == inf, inf - inf ~= inf - inf, 1 / inf == 0)

-- precision: doubles
print("precision", 0.1 + 0.2 == 0.3, 2 ^ 53 == 2 ^ 53 + 1, 2 ^ 52 + 1 ~= 2 ^ 52)
print("big", 2 ^ 63 == 9223372036854775808, 1e308 * 10 == inf)

-- precedence
print("precedence", 2 + 3 * 4, (2 + 3) * 4, -2 ^ 2, not nil == true, 1 .. 2 == "12")
print("unary", - -2, not not nil, #"abc" + 1)

-- comparisons of mixed integers and fractions
print("compare", 1 < 1.5, 2 == 2.0, -0.5 < 0, 3 >= 3)

-- math library basics that do not depend on formatting
print("math", math.floor(3.7), math.ceil(3.2), math.floor(-3.7), math.ceil(-3.2), math.abs(-4))
print("math", math.max(3, 9, 1), math.min(3, 9, 1), math.fmod(7, 3), math.fmod(-7, 3))
