-- Negative zero: equal to zero, but 1/-0 is -inf and it prints as "-0".

local zero = 0
local negz = -zero
print("equal", negz == 0, negz == zero)
print("sign", 1 / negz < 0, 1 / (0 * -1) < 0, 1 / (zero - 0) > 0)
print("written", negz, "" .. negz)
