-- Varargs.

local function count(...) return select("#", ...) end
print("count", count(), count(nil), count(nil, nil), count(1, nil, 3, nil))

local function pass(...) return ... end
print("pass", pass(1, nil, 3))
print("pass nils", select("#", pass(nil, nil, nil)))
print("truncated", (pass(1, 2, 3)))
print("middle", pass(1, 2), pass(3, 4))

local function tbl(...)
  local t = { ... }
  return #t, t[1], t[2], t[3]
end
print("table", tbl("a", "b", "c"))
print("table", tbl())

local function tbl2(...)
  local t = { ..., "end" }
  return t[1], t[2], t[3]
end
print("not last", tbl2("a", "b"))

local function tbl3(...)
  local t = { n = select("#", ...), ... }
  return t.n, t[1], t[t.n]
end
print("with n", tbl3(4, 5, 6))

print("select", select(2, "a", "b", "c"))
print("select neg", select(-1, "a", "b", "c"))
print("select neg", select(-2, "a", "b", "c"))
print("select #", select("#"))
print("select past end", select(5, "a", "b"))

local function first(a, ...) return a end
local function rest(a, ...) return ... end
print("first rest", first(1, 2, 3), rest(1, 2, 3))

-- varargs in the middle of a call are truncated to one value
print("call middle", pass(1, 2, 3), "x")

-- ... in arithmetic and concatenation takes the first value
local function arith(...) return ... + 1, "<" .. ... .. ">" end
print("arith", arith(10, 20))

-- fixed parameters with missing or extra arguments
local function fixed(a, b, c) return a, b, c end
print("fixed", fixed(1))
print("fixed", fixed(1, 2, 3, 4))

-- unpack with explicit bounds keeps nils
local packed = { 1, nil, 3 }
print("unpack", unpack(packed, 1, 3))
print("unpack range", unpack({ "a", "b", "c", "d" }, 2, 3))
print("unpack empty", select("#", unpack({}, 1, 0)))

-- Lua 5.1 compatibility: a vararg function that does not use '...'
-- gets a table 'arg' with field n
local function old(...) return arg.n, arg[1], arg[2] end
print("arg", old("x", "y"))
local function new(...) local x = ... return arg end
print("arg when ... is used", new("x"))

-- varargs through pcall and a tail call
print("pcall", pcall(pass, 1, 2))
local function tail(...) return pass(...) end
print("tail", tail(7, 8, 9))

-- the main chunk's own varargs
print("main", select("#", ...))
