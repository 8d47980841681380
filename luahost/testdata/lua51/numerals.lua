-- Chunks for the numeral corpus: every numeral form of the Lua 5.1
-- manual (section 2.1) and what 5.1's lexer makes of its neighbours, in
-- expressions, strings, long strings and comments. driver.lua compiles
-- each with loadstring and prints what it returns or why it was refused;
-- numerals.out is what PUC-Rio Lua 5.1 printed (regen.sh).
return {
  -- the manual's examples
  "return 3, 3.0, 3.1416, 314.16e-2, 0.31416E1, 0xff, 0x56",
  -- decimal forms strtod reads
  "return .5, 5., 0.5, 00.5, 08, 010, 0009, 1e2, 1E2, 1e+2, 1e-2, 1.e2, .5e1, .5E-1, 5.E+1",
  "return 123456789012345678901234567890, 1e308, 1e309, 1e999, 2e-308, 4.9e-324, 1e-400",
  "return 9007199254740993, 0.1, 3.14159265358979323846264338327950288",
  -- hexadecimal forms: any length, any case, a binary exponent (glibc's strtod)
  "return 0x0, 0X10, 0xA, 0xa, 0xAbCdEf, 0x7fffffff, 0xffffffff, 0x100000000",
  "return 0xfffffffffffffffffff, 0x1fffffffffffff, 0x20000000000001",
  "return 0x1p4, 0X1P4, 0xAp2, 0x1p0, 0x10p10, 0xfp1023, 0x1p1024, 0x0p9",
  "return 0x1e, 0x1e+4, 0x1E5, 0xe+1",
  -- leading and trailing points in expressions
  "local HALF = .5; return HALF, HALF * .5, 2 * .5, .5 * 2",
  "return 1.+.1, 1.-.1, 1.*.1, 1./.1, 2.^.5, -.5, - -.5, -(.5), 2^-.5",
  "return .5 == 0.5, .5 < 1., 1. <= .5, .5 ~= .50",
  "local t = {.5, [.25] = .75, x = 1.}; return t[1], t[.25], t.x, #t",
  "local t = {}; t[.5] = 1; t[5.] = 2; return t[0.5], t[5]",
  "local f = function(x) return x end; return f(.5), f(5.), f(1e1)",
  "local n = 0; for i = .5, 2.5, .5 do n = n + i end; return n",
  "local n = 0; for i = 1., .25, -.25 do n = n + 1 end; return n",
  "return math.floor(2.5), math.max(.5, .25), string.format('%.3f', .5)",
  -- next to '..' and '...'
  "return 1 .. 2, 1 ..2, .5 .. '', '' .. .5, 1 .. .5",
  "return (function(...) return select('#', ...), ... end)(.5, 5.)",
  "local a = 'x'; return a...5",
  -- in strings, long strings and comments, numerals are text
  "return '.456', \"1..2\", '0x1p-4', '3e', '5..'",
  "return [[.456]], [[ price .456 ]], [==[1..2 0x 3e]==], [=[\n.5]=]",
  "return [[a]] .. [[.456]]",
  "-- .456 1..2 0x1p-4 3e\nreturn 1",
  "--[[ .456 1..2\n 0x 3e ]] return 2",
  "--[==[ .5 ]] 1..2 ]==] return 3",
  "return 1 -- .5",
  -- numbers in strings, read as strtod reads them
  "return tonumber('.5'), tonumber('5.'), tonumber('0x1p4'), tonumber('0x10'), tonumber(' 010 ')",
  "return tonumber('1e'), tonumber('1..2'), tonumber('0x'), tonumber('1e5x'), tonumber('')",
  "return tonumber('.'), tonumber('-.5'), tonumber('+.5'), tonumber('- .5'), tonumber('0x1P-4')",
  -- malformed numerals: refused as 5.1 refuses them
  "return 1..2",
  "return 5..",
  "return 1.. 2",
  "return 3e",
  "return 3e+",
  "return 3E-x",
  "return 0x",
  "return 0xg",
  "return 0x1p-4",
  "return 0x1p",
  "return 0x1.8p1",
  "return 1e5x",
  "return 08x",
  "return 1.2.3",
  "return .5.",
  "return 1_000",
  "return 0b11",
  "return 0o17",
  "return 1f",
  "return 2E",
  "return 1..x",
  "local x = 1\nlocal y = 2\nreturn 12abc",
  -- other numerals that are not one token: errors of the parser
  "return 0x1.8",
  "return .e5",
  "return ..5",
}
