-- Negative zero: equal to zero, but 1/-0 is -inf and it prints as "-0".

local zero = 0
local negz = -zero
print("equal", negz == 0, negz == zero)
print("sign", 1 / negz < 0, 1 / (zero - 0) > 0)
print("written", negz, "" .. negz)

-- arithmetic that gives -0 at run time keeps its sign
local one = 1
print("results", zero * -1, -1 * zero, negz + negz, negz - zero, zero / -one, negz * negz, -zero / one)
print("results sign", 1 / (zero * -1), 1 / (negz - zero), 1 / (zero / -one), 1 / (negz ^ one))
print("not -0", zero + negz, zero - zero, negz - negz, 1 / (zero + negz))
