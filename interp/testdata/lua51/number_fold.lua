-- Constant folding. Lua 5.1 folds arithmetic on constants at compile
-- time, but not a division or modulo by zero (lcode.c, constfolding), and
-- its constant table makes -0 and 0 one constant, whichever came first:
-- 1 / (0 * -1) divides at run time by the constant 0.

local zero = 0
print("fold", 1 / (0 * -1), 2 * 3 - 1, -(2 ^ 2), 7 % 4, 1 / 0, -1 / 0)
