-- Multiple assignment: every value is evaluated before any target is
-- assigned (Lua 5.1 manual, 2.4.3).

-- swaps and rotations of locals
local a, b, c = 1, 2, 3
a, b = b, a
print("swap", a, b)
a, b, c = c, a, b
print("rotate", a, b, c)
a, b, c = b, c, a
print("rotate back", a, b, c)

-- Fibonacci by pairs
local x, y = 0, 1
for i = 1, 10 do
  x, y = y, x + y
end
print("fib", x, y)

-- the report that started it (upstream gopher-lua #440)
local p, q = 0, 0
p, q = p + 1, p + q
print("p q", p, q)

-- globals, upvalues and a mix of kinds
G1, G2 = "one", "two"
G1, G2 = G2, G1
print("globals", G1, G2)

local u1, u2 = "u1", "u2"
local function swap_upvalues()
  u1, u2 = u2, u1
end
swap_upvalues()
print("upvalues", u1, u2)

local loc = 1
G3 = 2
local box = { 3 }
local function mixed()
  loc, G3, box[1] = G3, box[1], loc
end
mixed()
print("mixed", loc, G3, box[1])

-- a value that reads every target
local m, n, o = 1, 10, 100
m, n, o = m + n + o, m * 2, n + o
print("all read", m, n, o)

-- the same variable twice: the first target is assigned last
local s
s, s = "first", "second"
print("same local", s)
G4, G4 = "first", "second"
print("same global", G4)
local f = {}
f.k, f.k = "first", "second"
print("same field", f.k)

-- swaps inside nested functions and loops
local function sorted3(i, j, k)
  if i > j then i, j = j, i end
  if j > k then j, k = k, j end
  if i > j then i, j = j, i end
  return i, j, k
end
print("sorted", sorted3(3, 1, 2))
print("sorted", sorted3(2, 3, 1))

local function gcd(i, j)
  while j ~= 0 do
    i, j = j, i % j
  end
  return i
end
print("gcd", gcd(1071, 462))

-- reversing a list in place
local list = { 1, 2, 3, 4, 5, 6, 7 }
local i, j = 1, #list
while i < j do
  list[i], list[j] = list[j], list[i]
  i, j = i + 1, j - 1
end
print("reversed", table.concat(list, " "))

-- a swap inside a closure that outlives its loop
local fns = {}
for k = 1, 3 do
  local l, r = k, k * 10
  fns[k] = function()
    l, r = r, l
    return l, r
  end
end
print("closures", fns[1]())
print("closures", fns[1]())
print("closures", fns[3]())
