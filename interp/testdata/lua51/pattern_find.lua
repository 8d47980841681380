-- string.find and string.match: classes, sets, repetitions, anchors,
-- captures, back-references, %b, %f, init and plain, against Lua 5.1.

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

local subject = "The quick (brown) fox, 42 jumps; over [the] lazy dog!\n\tEnd 3.14 0x1F"
local patterns = {
  "%a+", "%A+", "%d+", "%D+", "%l+", "%u+", "%s+", "%S+", "%w+", "%W+", "%p+", "%P+",
  "%x+", "%c", "%z", ".", "..", "%a*", "%a-", "%a?", "%a-x", "q.-k", "q.*o", "[%a_]+",
  "[^%s]+", "[aeiou]+", "[^aeiou ]+", "[a-f]+", "[%d%.]+", "[%]]", "[]]", "[^]]+", "[%[]",
  "%((%a+)%)", "%b()", "%b[]", "%bTh", "%f[%a]%a+", "%f[%A]", "%f[%d]%d+", "%f[%w]%w+%f[%W]",
  "^The", "^the", "dog!$", "0x1F$", "F$", "^(%a+)", "(%a+)%s+(%a+)", "()fox()", "(o)(v)(e)(r)",
  "(%d+)%.(%d+)", "(%a)%1", "(o).-%1", "(%a+) .- %1", "%$", "%^", "%.%d", "x*", "", "()",
  "[%w_][%w_]*", "%d%d?%d?", "^$", "[+-]?%d+", "%s*$", "e%s", "j.-s;",
}
for _, p in ipairs(patterns) do
  show(p, string.find(subject, p))
  show(p, string.match(subject, p))
end

-- init, negative init, init past the end
local s = "banana"
for _, init in ipairs({1, 2, 3, 6, 7, 8, 100, 0, -1, -2, -6, -7, -100}) do
  show(init, string.find(s, "an", init), string.find(s, "a", init), string.match(s, "(a)(n?)", init), string.find(s, "", init))
end

-- plain find, and patterns without special characters
show(string.find("a+b.c", "+", 1, true), string.find("a+b.c", ".", 1, true), string.find("a+b.c", "."))
show(string.find("a%b", "%", 1, true), string.find("a(b", "(", 1, 1), string.find("abc", "b", 1, false))
show(string.find("a)b", "a)"), string.find("x]y", "]"), string.find("a\0b", "\0b"), string.find("a\0b", "%z"))
show(string.find("", ""), string.find("", "a"), string.find("abc", "", 2), string.find("abc", "", 10, true))

-- anchors only at the ends
show(string.find("a^b", "a^b"), string.find("ab$c", "b$c"), string.find("$", "$"), string.find("x", "^"))
show(string.match("^x", "^^x"), string.match("aaa", "^a"), string.match("aaa", "a$"))

-- greedy, lazy, optional
show(string.match("<a><b>", "<.*>"), string.match("<a><b>", "<.->"), string.match("color colour", "colou?r"))
show(string.match("aaab", "a-b"), string.match("aaab", "a*"), string.match("aaab", "a+b"), string.match("b", "a+b"))
show(string.match("  trim me  ", "^%s*(.-)%s*$"), string.match("key = value", "^(%w+)%s*=%s*(%w+)$"))

-- position captures and back-references
show(string.match("hello", "()ll()"), string.match("hello", "()"), string.find("hello", "()", 3))
show(string.match('say "hi" or \'bye\'', "([\"'])(.-)%1"), string.match("abcabc", "(abc)%1"), string.match("ab", "(a)(b)%2"))

-- balanced and frontier
show(string.match("f(a, g(b, c), d) + e", "%b()"), string.match("{[()]}", "%b[]"), string.match("((a)", "%b()"))
show(string.match("THE (quick) fox", "%f[%a]%a+%f[%A]"), string.find("hello world", "%f[%w]%w+", 2))
for w in string.gmatch("the cat sat on the mat", "%f[%w]%a+at%f[%W]") do show(w) end

-- errors, raised only where the matcher reaches them
local bad = {
  "%", "x%", "[a", "[a%", "[", "(", "(()", "a)", ")", "%1", "(a)%2", "(a%1)", "%0", "%b", "%bx",
  "%f", "%fa", "%f[a", string.rep("()", 32), string.rep("()", 33), "(a", "((a)",
}
for _, p in ipairs(bad) do
  show(p, pcall(string.find, "xa", p))
  show(p, pcall(string.find, "zzz", p))
end
show(pcall(string.find, "abc"))
show(pcall(string.match, nil, "x"))
show(pcall(string.find, "abc", "b", "x"))
