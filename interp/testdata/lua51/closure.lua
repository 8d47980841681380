-- Closures and upvalues.

-- each iteration of a numeric for has its own variable
local fs = {}
for i = 1, 3 do
  fs[i] = function() return i end
end
print("numeric for", fs[1](), fs[2](), fs[3]())

-- and of a generic for
local gs = {}
for i, v in ipairs({ "a", "b", "c" }) do
  gs[i] = function() return i .. v end
end
print("generic for", gs[1](), gs[2](), gs[3]())

-- a local in a while body is fresh each time round
local ws = {}
local n = 0
while n < 3 do
  n = n + 1
  local m = n * 10
  ws[n] = function()
    m = m + 1
    return m
  end
end
print("while", ws[1](), ws[1](), ws[2](), ws[3]())

-- and in a repeat body, whose condition sees it
local rs = {}
local r = 0
repeat
  r = r + 1
  local here = r
  rs[r] = function() return here end
until here >= 3
print("repeat", rs[1](), rs[2](), rs[3]())

-- closures sharing one upvalue
local function counter()
  local count = 0
  local function inc() count = count + 1 return count end
  local function get() return count end
  local function reset() count = 0 end
  return inc, get, reset
end
local inc, get, reset = counter()
inc() inc() inc()
print("shared", get())
reset()
inc()
print("shared", get())
local inc2, get2 = counter()
inc2()
print("separate", get(), get2())

-- an upvalue of an upvalue
local function make()
  local v = 0
  return function()
    return function()
      v = v + 1
      return v
    end
  end
end
local mid = make()
local a1, a2 = mid(), mid()
print("deep", a1(), a2(), a1())

-- the loop variable captured and changed inside the body
local cs = {}
for i = 1, 3 do
  cs[#cs + 1] = function() i = i + 100 return i end
end
print("loop var", cs[1](), cs[1](), cs[2]())

-- a closure created before the variable changes sees the change
local late = "before"
local function show() return late end
late = "after"
print("late", show())

-- break out of a loop whose body captured a local
local bs = {}
for i = 1, 10 do
  local sq = i * i
  bs[i] = function() return sq end
  if i == 3 then break end
end
print("break", #bs, bs[3]())

-- recursion through an upvalue, and mutual recursion
local is_even, is_odd
function is_even(k) if k == 0 then return true end return is_odd(k - 1) end
function is_odd(k) if k == 0 then return false end return is_even(k - 1) end
print("mutual", is_even(10), is_odd(7), is_even(7))

local function fib(k)
  if k < 2 then return k end
  return fib(k - 1) + fib(k - 2)
end
print("fib", fib(20))

-- functions as values in tables, with state
local acc = {}
for _, name in ipairs({ "x", "y" }) do
  local total = 0
  acc[name] = function(d) total = total + d return name .. "=" .. total end
end
print("acc", acc.x(1), acc.y(5), acc.x(2), acc.y(1))

-- varargs captured through a table
local function bind(fn, ...)
  local args = { ... }
  local count = select("#", ...)
  return function() return fn(unpack(args, 1, count)) end
end
local bound = bind(function(p, q, s) return tostring(p) .. tostring(q) .. tostring(s) end, 1, nil, 3)
print("bind", bound())
