-- Numerals in every form Lua 5.1's lexer reads (manual, section 2.1:
-- 3, 3.0, 3.1416, 314.16e-2, 0.31416E1, 0xff, 0x56; and what strtod
-- reads besides: .5, 5., hexadecimal of any length, a binary exponent),
-- in every place a script writes them. A leading point once hung the
-- compile pass.

local HALF = .5
print("manual", 3, 3.0, 3.1416, 314.16e-2, 0.31416E1, 0xff, 0x56)
print("points", .5, 5., 1.+.1, 1.-.1, HALF * .5, .5 * 2, -.5, - -.5, 2^-.5)
print("exponents", 1e2, 1E2, 1e+2, 1e-2, 1.e2, .5e1, 5.E+1, 1e999, -1e999, 1e-400)
print("zeros", 08, 010, 0009, 00.5, 0.0, 0x0)
print("hex", 0X10, 0xA, 0xa, 0xAbCdEf, 0xffffffff, 0x100000000, 0xfffffffffffffffffff)
print("hex exponent", 0x1p4, 0X1P4, 0xAp2, 0x1p0, 0x10p10, 0x1p1024, 0x1e+4, 0x1E5)

local t = {.5, [.25] = .75, x = 1., [5.] = 2}
print("tables", t[1], t[.25], t[0.25], t.x, t[5], t[5.0])
local function id(...) return ... end
print("calls", id(.5), id(5.), (id(.5)), select("#", id(.5, 5.)))
local n = 0
for i = .5, 2.5, .5 do n = n + i end
for i = 1., .25, -.25 do n = n + 1 end
print("for", n)
print("concat", 1 .. 2, 1 ..2, .5 .. "", "" .. .5, 1 .. .5, 5. .. 5.)
print("compare", .5 == 0.5, .5 < 1., 1. <= .5, .5 ~= .50, 0x10 == 16, 0x1p4 == 16)

-- in strings, long strings and comments they are text
print("strings", '.456', "1..2", '0x1p-4', '3e', [[.456]], [==[ 1..2 0x 3e ]==], [[a]] .. [[.456]])
-- .456 1..2 0x1p-4 3e 5..
--[[ .456 1..2
     0x 3e ]]
--[==[ .5 ]] 1..2 ]==]
print("comments", 1) -- .5

-- strings read as numbers: by tonumber and by arithmetic, as strtod reads them
print("tonumber", tonumber(".5"), tonumber("5."), tonumber("0x1p4"), tonumber(" 010 "), tonumber("1e"), tonumber("0x"))
print("arith", ".5" + 0, "5." * 2, "0x1p4" - 0, " 010 " / 1, -".5", "1e1" % 3)
