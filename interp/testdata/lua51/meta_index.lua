-- __index and __newindex.

-- a chain of __index tables
local base = { greet = "hello", kind = "base" }
local mid = setmetatable({ kind = "mid" }, { __index = base })
local top = setmetatable({}, { __index = mid })
print("chain", top.greet, top.kind, rawget(top, "kind"))

-- __index as a function, called only for absent keys
local calls = 0
local lazy = setmetatable({ present = "here" }, {
  __index = function(t, k)
    calls = calls + 1
    return "computed " .. tostring(k)
  end,
})
print("function", lazy.present, lazy.absent, lazy[1], calls)

-- a false value is present: no __index
local f = setmetatable({ flag = false }, { __index = function() return "default" end })
print("false present", f.flag, f.other)

-- __newindex as a table redirects new keys; existing keys are set directly
local store = {}
local proxy = setmetatable({ existing = 1 }, { __newindex = store })
proxy.new = "n"
proxy.existing = 2
print("newindex table", rawget(proxy, "new"), store.new, proxy.existing)

-- __newindex as a function; rawset bypasses it
local log = {}
local guarded = setmetatable({}, {
  __newindex = function(t, k, v)
    log[#log + 1] = tostring(k) .. "=" .. tostring(v)
    rawset(t, k, v)
  end,
})
guarded.a = 1
guarded.a = 2
rawset(guarded, "b", 3)
guarded.c = nil
print("newindex function", table.concat(log, " "), guarded.a, guarded.b)

-- a chain of __newindex tables
local deep = {}
local mid2 = setmetatable({}, { __newindex = deep })
local top2 = setmetatable({}, { __newindex = mid2 })
top2.x = "x"
print("newindex chain", rawget(top2, "x"), rawget(mid2, "x"), deep.x)

-- class-like use
local Point = {}
Point.__index = Point
function Point.new(x, y) return setmetatable({ x = x, y = y }, Point) end
function Point:len2() return self.x * self.x + self.y * self.y end
local p = Point.new(3, 4)
print("class", p:len2(), getmetatable(p) == Point)

-- inheritance
local Named = setmetatable({}, { __index = Point })
Named.__index = Named
function Named.new(name, x, y)
  local o = Point.new(x, y)
  o.name = name
  return setmetatable(o, Named)
end
function Named:label() return self.name .. "(" .. self.x .. "," .. self.y .. ")" end
local q = Named.new("q", 1, 2)
print("inherit", q:label(), q:len2())

-- rawget and rawequal ignore metamethods
local eq = { __eq = function() return true end, __index = function() return "meta" end }
local r1, r2 = setmetatable({}, eq), setmetatable({}, eq)
print("raw", rawget(r1, "k"), r1.k, r1 == r2, rawequal(r1, r2))

-- __metatable hides and protects the metatable
local locked = setmetatable({}, { __metatable = "locked" })
print("metatable", getmetatable(locked), (pcall(setmetatable, locked, {})))

-- metatables of strings: indexing a string reaches the string table
print("string index", type(("abc").len), ("abc"):len(), #"abc")
