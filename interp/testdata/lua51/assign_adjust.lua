-- Adjusting the value list to the targets.

local function three() return 1, 2, 3 end
local function none() end

local a, b, c, d
a, b, c, d = three()
print("call fills", a, b, c, d)
a, b, c, d = 0, three()
print("last call expands", a, b, c, d)
a, b, c, d = three(), 10
print("call truncated", a, b, c, d)
a, b, c = (three())
print("parenthesized call", a, b, c)
a, b = none()
print("empty call", a, b)
a, b, c = 1
print("missing are nil", a, b, c)

local function va(...)
  local x, y, z
  x, y, z = ...
  return x, y, z
end
print("vararg", va(1, 2))
print("vararg", va(1, 2, 3, 4))
print("vararg", va())

local function va2(...)
  local x, y, z
  x, y, z = "first", ...
  return x, y, z
end
print("vararg after", va2("second"))

-- extra values are evaluated and dropped, left to right
local count = 0
local function tick()
  count = count + 1
  return count
end
local e, f
e, f = tick(), tick(), tick(), tick()
print("extras evaluated", e, f, count)
e = tick(), tick()
print("one target", e, count)

-- an extra value reads the target before it is assigned
local g = "old"
local seen
local function look()
  seen = g
end
g = "new", look()
print("extra sees", g, seen)

-- values calling functions that read targets
local h, i = 1, 2
local function sum() return h + i end
h, i = sum(), sum()
print("calls see old", h, i)

-- local declarations adjust the same way
local l1, l2, l3 = three()
print("local", l1, l2, l3)
local m1, m2 = three(), three()
print("local", m1, m2)
local n1, n2, n3 = 1
print("local", n1, n2, n3)

-- select and '#' count what an assignment cannot
print("select", select("#", three()), select("#", (three())), select("#", none()))
