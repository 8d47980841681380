-- Arithmetic metamethods and string coercion.

local log = {}
local mt = {}
for _, op in ipairs({ "add", "sub", "mul", "div", "mod", "pow" }) do
  mt["__" .. op] = function(a, b)
    local av = type(a) == "table" and a.v or a
    local bv = type(b) == "table" and b.v or b
    log[#log + 1] = op
    return op .. "(" .. tostring(av) .. "," .. tostring(bv) .. ")"
  end
end
mt.__unm = function(a) return "unm(" .. a.v .. ")" end
local V = setmetatable({ v = "V" }, mt)

print(V + 1, 1 + V, V - 2, V * 3, V / 4, V % 5, V ^ 6, -V)
print(2 - V, "s" .. "t", #log)

-- the right operand's metamethod when the left has none
print(10 + V, "10" * V)

-- strings convert to numbers in arithmetic
print("coerce", "10" + 1, "3" * "4", "2" ^ "3", "0x10" + 0, " 5 " + 1, "1e2" * 1)
print("coerce", 10 - "2", "-3" + 0, "7" % 4)
print("not numbers", (pcall(function() return "abc" + 1 end)), (pcall(function() return {} + 1 end)))

-- numbers convert to strings in concatenation
print("concat", 1 .. 2, 1.5 .. "", -3 .. "x", 2^10 .. "")

-- __concat, left operand first, else right
local cmt = { __concat = function(a, b)
  local function s(x) return type(x) == "table" and x.n or tostring(x) end
  return s(a) .. "+" .. s(b)
end }
local C = setmetatable({ n = "C" }, cmt)
print("concat mm", C .. "x", "x" .. C, C .. 1, 1 .. C, C .. C)
print("chain", "a" .. C .. "b", "a" .. "b" .. C, C .. "a" .. "b")

-- __unm and arithmetic on a table without metamethods fail
print("no mm", (pcall(function() return -{} end)), (pcall(function() return {} * 2 end)))
