-- The order in which targets are stored: Lua 5.1 stores right to left.

local log = {}
local function logger(name)
  return setmetatable({}, {
    __newindex = function(t, k, v)
      log[#log + 1] = name .. "." .. tostring(k) .. "=" .. tostring(v)
      rawset(t, k, v)
    end,
  })
end

local t = logger("t")
t.a, t.b, t.c = 1, 2, 3
print(table.concat(log, " "))

log = {}
local u = logger("u")
t.x, u.x, t.y = "tx", "ux", "ty"
print(table.concat(log, " "))

log = {}
local w = logger("w")
w.k, w.k = "first", "second"
print(table.concat(log, " "), rawget(w, "k"))

-- __newindex seeing the other targets: stored right to left, so the
-- rightmost is already assigned when the leftmost is stored
log = {}
local seen
local watcher = setmetatable({}, {
  __newindex = function(tab, k, v)
    seen = G_TARGET
    rawset(tab, k, v)
  end,
})
G_TARGET = "old"
watcher.k, G_TARGET = "v", "new"
print("newindex saw", seen)

-- __index while evaluating a target's table
log = {}
local proxy = setmetatable({}, {
  __index = function(tab, k)
    log[#log + 1] = "index " .. k
    local inner = {}
    rawset(tab, k, inner)
    return inner
  end,
})
proxy.a.x, proxy.b.y = 1, 2
print(table.concat(log, " "), proxy.a.x, proxy.b.y)

-- a call in a value changes a local used as a table: Lua 5.1 reads a
-- local table when it stores
local tab = {}
local first = tab
local function replace()
  tab = {}
  return "v"
end
tab.k, first.other = "stored", replace()
print("store reads local", first.k, tab.k, first.other)

-- the global table itself as a target
_G.G_ONE, _G.G_TWO = 1, 2
G_ONE, G_TWO = G_TWO, G_ONE
print("via _G", G_ONE, G_TWO)
