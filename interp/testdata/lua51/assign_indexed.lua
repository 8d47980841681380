-- Indexed targets: their table and key are evaluated before any target
-- is assigned (Lua 5.1 manual, 2.4.3).

local a = {}
local i = 3
i, a[i] = i + 1, 20
print("manual example", i, a[3], a[4])

-- a local key assigned by a later target (upstream gopher-lua #158)
local t = {}
local k = 1
t[k], k = "one", 2
print("local key", t[1], t[2], k)

-- the same with a global and with an upvalue key
G = {}
GK = 1
G[GK], GK = "one", 2
print("global key", G[1], G[2], GK)

local ut, uk = {}, 1
local function up()
  ut[uk], uk = "one", 2
end
up()
print("upvalue key", ut[1], ut[2], uk)

-- a local table assigned by a later or an earlier target
local tb = {}
local old = tb
tb.x, tb = "x", {}
print("table later", old.x, tb.x)
tb = old
tb, tb.y = {}, "y"
print("table earlier", old.y, tb.y)

-- upstream gopher-lua #315
local obj = {}
local d = "e"
local f = 1
f, obj.d = f, d
print("f obj.d", f, obj.d)

-- fields swapped, and a permutation through a key list
local pt = { x = 1, y = 2, z = 3 }
pt.x, pt.y, pt.z = pt.z, pt.x, pt.y
print("fields", pt.x, pt.y, pt.z)

local perm = { "c", "a", "b" }
local vals = { a = 1, b = 2, c = 3 }
vals[perm[1]], vals[perm[2]], vals[perm[3]] = vals.a, vals.b, vals.c
print("perm", vals.a, vals.b, vals.c)

-- keys and tables computed by calls: evaluated once, left to right
local log = {}
local function note(tag, v)
  log[#log + 1] = tag
  return v
end
local tt = {}
note("t1", tt)[note("k1", 1)], note("t2", tt)[note("k2", 2)] = note("v1", "a"), note("v2", "b")
print("order", table.concat(log, " "), tt[1], tt[2])

-- nested tables as targets
local grid = { { 1, 2 }, { 3, 4 } }
grid[1][1], grid[2][2] = grid[2][2], grid[1][1]
grid[1][2], grid[2][1] = grid[2][1], grid[1][2]
print("grid", grid[1][1], grid[1][2], grid[2][1], grid[2][2])

-- numeric and boolean constant keys
local ck = {}
ck[1], ck[2.5], ck[true], ck["s"] = "one", "two and a half", "yes", "ess"
print("const keys", ck[1], ck[2.5], ck[true], ck.s)

-- a string is indexed through its metatable; assigning to its field is an error
print("string field", (pcall(function() ("s").field = 1 end)))
print("number field", (pcall(function() (5).field = 1 end)))
