-- Errors as values: error, pcall, xpcall, assert.

-- error with a string adds the position of the caller at level 1
local function fail(msg) error(msg) end
print(pcall(fail, "boom"))

-- level 0 adds nothing
print(pcall(function() error("bare", 0) end))

-- any value can be an error
local ok, e = pcall(function() error({ code = 42 }) end)
print("table", ok, type(e), e.code)
ok, e = pcall(function() error(setmetatable({}, { __tostring = function() return "custom" end })) end)
print("tostring", ok, tostring(e))
ok, e = pcall(function() error(true) end)
print("boolean", ok, e)

-- pcall returns every result on success
print(pcall(function(a, b) return a + b, a * b end, 3, 4))
print(select("#", pcall(function() end)))

-- nested pcall: the inner error does not escape
print(pcall(function()
  local inner_ok, inner_e = pcall(error, "inner", 0)
  return "outer saw", inner_ok, inner_e
end))

-- rethrowing keeps the original message
print(pcall(function()
  local okk, err = pcall(fail, "original")
  error(err, 0)
end))

-- xpcall passes the error to the handler, whose results are returned
print(xpcall(function() error("x", 0) end, function(m) return "handled " .. m end))
print(xpcall(function() return "fine", 2 end, function(m) return "never" end))
print(xpcall(function() error({ 1, 2 }) end, function(m) return type(m), #m end))

-- assert returns its arguments, or raises its message
print(assert(1, "unused"), select("#", assert(1, 2, 3)))
ok, e = pcall(assert, false, { reason = "table" })
print("assert table", ok, e.reason)

-- errors in metamethods propagate through the operation
local angry = setmetatable({}, {
  __index = function(t, k) error("no field " .. k, 0) end,
  __add = function() error("no adding", 0) end,
})
print(pcall(function() return angry.thing end))
print(pcall(function() return angry + 1 end))

-- errors from concatenation name what they can
local nothing
print(pcall(function() return "x" .. nothing end))
print(pcall(function() return "x" .. UNDEFINED_GLOBAL end))
print(pcall(function() local t = {} return t.missing .. "x" end))
print(pcall(function() return "x" .. {} end))
print(pcall(function() return 1 .. true end))

-- runtime errors: only that they fail (gopher-lua words them differently)
local function fails(f) return (pcall(f)) end
print("runtime", fails(function() return nil + 1 end), fails(function() local x x() end),
  fails(function() local x return x.y end), fails(function() return {} < {} end),
  fails(function() return #nil end))

-- xpcall keeps one result of the handler
print(select("#", xpcall(function() error("first", 0) end, function(m) return m .. " then handled" end)))
