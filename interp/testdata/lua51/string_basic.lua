-- string.len, sub, upper, lower, rep, reverse, byte and char, against Lua 5.1.
-- Error messages are read through pcall with plain (not method) calls:
-- the host cannot tell a method call from a plain one when it counts arguments.

local function show(...)
  local out = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "string" then
      out[#out + 1] = string.format("%q", v)
    else
      out[#out + 1] = tostring(v)
    end
  end
  print(table.concat(out, " "))
end

-- len
show(string.len(""), string.len("abc"), string.len("a\0b"), ("hello"):len(), #"x\0y\0")
show(string.len(12), string.len(1/4), string.len(1/3))

-- sub
local s = "hello world"
show(s:sub(1, 5), s:sub(7), s:sub(-5), s:sub(-5, -3), s:sub(0), s:sub(3, 2))
show(s:sub(100), s:sub(-100, 2), s:sub(5, 100), s:sub(2, -100), s:sub(-1, -1))
show(string.sub("abc", 2.7), string.sub("abc", "2"), string.sub("abc", 1, 2^40))
show(pcall(string.sub, "abc"))
show(pcall(string.sub, "abc", {}))
show(pcall(string.sub))

-- upper, lower: ASCII only, other bytes untouched
show(string.upper("Hello, World! 123"), string.lower("Hello, World! 123"))
show(string.upper("caf\195\169 \0 z"), string.lower("\200\201ABC"))
show(string.upper(42), string.lower(1e100))

-- rep
show(string.rep("ab", 3), string.rep("x", 0), string.rep("x", -5), string.rep("", 10))
show(string.rep("ab", 2.9), string.rep("a", "3"), ("-"):rep(10))
show(string.rep("x", 2^32 + 2))
show(pcall(string.rep, "x"))
show(pcall(string.rep, "x", "many"))

-- reverse
show(string.reverse("abc"), string.reverse(""), string.reverse("a\0b"), string.reverse(123))

-- byte
show(string.byte("ABC"), string.byte("ABC", 2), string.byte("ABC", -1), string.byte("ABC", 1, -1))
show(string.byte("ABC", 0), string.byte("ABC", 10), string.byte("ABC", 3, 1), string.byte(""))
show(select("#", string.byte("ABC", 2, 10)), select("#", string.byte("", 1, -1)))
show(string.byte("\0\255"), string.byte("\0\255", 2))
local long = string.rep("x", 7990)
show(select("#", long:byte(1, -1)))
show(pcall(string.byte, string.rep("x", 9000), 1, -1))

-- char
show(string.char(), string.char(72, 105), string.char(0, 255), string.char("65", 66.9))
show(pcall(string.char, 256))
show(pcall(string.char, -1))
show(pcall(string.char, 65, "x"))

-- strings as objects
local t = "%d items"
show(t:format(3), ("abc"):upper(), ("x"):rep(3):len())
show(getmetatable("").__index == string, string.__index)

-- concatenation of numbers and strings inside the library
show(table.concat({1, 2.5, "x", 1/3, 1e100, -0.5}, ","))
