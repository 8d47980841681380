-- string.gsub and string.gmatch: replacement strings, tables and functions,
-- %0-%9, the limit, anchors, empty matches and errors, against Lua 5.1.

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

-- replacement strings
show(string.gsub("hello world", "o", "0"))
show(string.gsub("hello world", "(o)", "[%1]"))
show(string.gsub("hello world", "%w+", "<%0>"))
show(string.gsub("hello world", "(%w+) (%w+)", "%2 %1"))
show(string.gsub("abc", "%w", "%%"))
show(string.gsub("abc", "%w", "%a"))
show(string.gsub("abc", "b", "%"))
show(string.gsub("abc", "", "-"))
show(string.gsub("abc", "b*", "-"))
show(string.gsub("abc", "x*", "-"))
show(string.gsub("", "", "x"))
show(string.gsub("", "x*", "y"))
show(string.gsub("hello", "l", "L", 1))
show(string.gsub("hello", "l", "L", 0))
show(string.gsub("hello", "l", "L", -1))
show(string.gsub("hello", "l", "L", 1.9))
show(string.gsub("hello", ".", "x", "3"))
show(string.gsub("hello hello", "^hello", "bye"))
show(string.gsub("hello hello", "^x", "bye"))
show(string.gsub("aaa", "^a", "b"))
show(string.gsub("aaa", "a$", "b"))
show(string.gsub("abc", "()", "%1"))
show(string.gsub("abc", "(b)()", "%2%1"))
show(string.gsub("x = 1, y = 22", "(%w+) = (%d+)", "%2 = %1"))
show(string.gsub("abc", ".", 7))
show(string.gsub("abc", ".", 1.5))
show(string.gsub(12345, "3", "x"))
show(string.gsub("a.b.c", "%.", "/"))
show(string.gsub("a\0b\0c", "%z", "0"))

-- tables
local map = {a = "1", b = 2, c = false, d = true}
show(pcall(string.gsub, "abcd", "%a", map))
show(string.gsub("abc", "%a", map))
show(string.gsub("$name is $age", "%$(%w+)", {name = "Ann", age = 7}))
show(string.gsub("abc", "()", {[1] = "one", [3] = "three"}))
local fallback = setmetatable({}, {__index = function(_, k) return k:upper() end})
show(string.gsub("abc", "%a", fallback))
show(pcall(string.gsub, "abc", "%a", {a = {}}))

-- functions
show(string.gsub("hello world", "%w+", function(w) return w:upper() end))
show(string.gsub("hello world", "%w+", function(w) if w == "world" then return "there" end end))
show(string.gsub("a1b2", "(%a)(%d)", function(a, d) return d .. a end))
show(string.gsub("abc", "()", function(p) return p end))
show(string.gsub("abc", "%w", function() return false end))
show(string.gsub("abc", "%w", function() return 1 / 4 end))
show(pcall(string.gsub, "abc", "%w", function() return {} end))
show(pcall(string.gsub, "abc", "%w", function() return true end))
show(pcall(string.gsub, "abc", "%w", function() error("boom", 0) end))
local calls = 0
show(string.gsub("aaaa", "a", function() calls = calls + 1 end, 2), calls)

-- errors
show(pcall(string.gsub, "abc", "(b)", "%2"))
show(pcall(string.gsub, "abc", "b", "%1"))
show(pcall(string.gsub, "abc", "b", "%0%1"))
show(pcall(string.gsub, "abc", "[", "x"))
show(pcall(string.gsub, "abc", "b"))
show(pcall(string.gsub, "abc", "b", true))
show(pcall(string.gsub, "abc", "b", nil))
show(pcall(string.gsub, "abc", "b", "x", "lots"))

-- gmatch
for k, v in string.gmatch("a=1, b=22, c=333", "(%w+)=(%w+)") do show(k, v) end
for w in string.gmatch("one two  three", "%a+") do show(w) end
for w in string.gmatch("one two", "%a*") do show(w) end
for p in string.gmatch("abc", "()") do show(p) end
for a, p in string.gmatch("abc", "(%a)()") do show(a, p) end
for w in string.gmatch("^a^b", "^%a") do show(w) end
for w in string.gmatch("", "x*") do show("empty", w) end
local it = string.gmatch("x1y2", "%d")
show(it(), it(), it(), it())
show(type(string.gmatch("a", "a")), string.gfind == string.gmatch)
show(pcall(string.gmatch, "abc"))
local bad = string.gmatch("abc", "(")
show(pcall(bad))
