-- __call and __tostring.

local callable = setmetatable({ name = "c" }, {
  __call = function(self, a, b) return self.name, a, b end,
})
print("call", callable(1, 2))
print("call via pcall", pcall(callable, "x"))

-- a method call on a callable field
local holder = { fn = callable }
print("field call", holder.fn("y"))

-- __call returning many values
local many = setmetatable({}, { __call = function(_, n)
  local t = {}
  for i = 1, n do t[i] = i end
  return unpack(t)
end })
print("many", many(4))

-- __tostring is used by tostring and print
local shown = setmetatable({}, { __tostring = function(t) return "<shown>" end })
print(shown, tostring(shown))
print("concat needs __concat", pcall(function() return "x" .. shown end))

-- calling non-functions fails
print("not callable", (pcall(function() local t = {} t() end)))
