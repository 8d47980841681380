-- Which variable a name means: local, upvalue or global.

F = "global f"
local f = function() return F end
print("reads global", f())

-- local f = function ... end: the function cannot see the new f
g = "global g"
local g = function() return g end
print("local g =", g())

local h = 1
local h = function() return h end
print("shadowed", h())

-- local function f: the function sees itself
local function fact(n)
  if n <= 1 then return 1 end
  return n * fact(n - 1)
end
print("local function", fact(10))

-- function f() assigns the global
function GLOBAL_F() return "global function" end
print(GLOBAL_F())

-- a local declared after a function is not seen by it
local function early() return LATER end
local LATER = "local later"
print("later local", early())

-- shadowing in nested blocks
local v = "outer"
do
  local v = "inner"
  print("block", v)
end
print("after block", v)
for v = 1, 2 do
  local v = v * 10
  print("loop", v)
end
print("after loop", v)

-- a local's initializer sees the outer variable of the same name
local w = "outer w"
do
  local w = w .. " and inner"
  print("init", w)
end

-- methods and self
local obj = { name = "obj" }
function obj:describe(suffix) return self.name .. suffix end
function obj.plain(x) return x end
print("method", obj:describe("!"), obj.plain("plain"), obj.describe(obj, "?"))

-- a nested function's global, local and upvalue of the same name
NAME = "global"
local function outer()
  local r1 = NAME
  local NAME = "outer local"
  local function inner()
    return NAME
  end
  return r1, inner()
end
print("nested", outer())

-- arg is a global in the main chunk
arg = "global arg"
local function reads_arg() return arg end
print("arg", arg, reads_arg())
