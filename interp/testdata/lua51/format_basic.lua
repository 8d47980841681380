-- string.format against Lua 5.1 (C's sprintf on glibc): every conversion,
-- flags, widths and precisions, the 5.1 limits and errors.

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

local zero = 0
local negzero = -zero
local inf = 1 / 0
local nan = tonumber("nan")

-- integers
local ints = {0, 1, -1, 42, -42, 3.7, -3.7, 255, 2^31, -2^31, 2^53, 2^63, -2^63, 1e100, -1e100, inf, -inf, nan, negzero}
local intforms = {"%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "% d", "%+05d", "%.3d", "%.0d", "%8.3d", "%-8.3d|", "%08.3d",
  "%x", "%X", "%#x", "%#X", "%o", "%#o", "%u", "%5x", "%-#8x|", "%#.0o", "%.0x", "%c"}
for _, f in ipairs(intforms) do
  local out = {}
  for i, n in ipairs(ints) do out[i] = string.format(f, n) end
  show(f, table.concat(out, ","))
end

-- floats
local floats = {0, negzero, 1, -1, 0.5, 1/3, -2/3, 123.456, 1e-5, 1e-4, 123456, 1234567, 1e15, 1e16, 2^53,
  1e100, 1e-100, 5e-324, 1.7976931348623157e308, 0.1, 2.5, 3.5, 0.125, 1e21, inf, -inf, nan, -nan}
local floatforms = {"%f", "%.0f", "%.1f", "%.3f", "%#.0f", "%10.2f", "%-10.2f|", "%010.2f", "%+f", "% f",
  "%e", "%.0e", "%#.0e", "%.3e", "%E", "%12.4e", "%g", "%.0g", "%.1g", "%.3g", "%.10g", "%.14g", "%.17g",
  "%#g", "%#.3g", "%G", "%10.3g", "%-10g|", "%010g", "%+g", "%.20f", "%.99f", "%99.2f|"}
for _, f in ipairs(floatforms) do
  local out = {}
  for i, n in ipairs(floats) do out[i] = string.format(f, n) end
  show(f, table.concat(out, ","))
end

-- strings
local strs = {"", "a", "hello", "a\0b", string.rep("x", 99), string.rep("y", 100) .. "\0z", 42, 1/3}
local strforms = {"%s", "%5s", "%-5s|", "%.2s", "%5.1s", "%.0s", "%05s", "%q", "%10q"}
for _, f in ipairs(strforms) do
  local out = {}
  for i, s in ipairs(strs) do out[i] = string.format(f, s) end
  show(f, table.concat(out, ","))
end
show(string.format("%q", "quote\" backslash\\ newline\n cr\r zero\0 tab\t bell\7 high\200"))
show(string.format("%q", 1/3), string.format("%q", 10))
show(#string.format("%s", string.rep("ab\0", 50)), #string.format("%.99s", string.rep("ab\0", 50)))

-- chars
show(string.format("%c%c%c", 76, 117, 97), string.format("[%5c][%-5c][%05c]", 65, 66, 67))
show(#string.format("%c", 0), #string.format("%5c", 0), #string.format("%-5c|", 0), string.format("%c", 256 + 65))
show(#string.format("%c", 2^32 + 65), #string.format("%c", -1), string.format("%c", "66"))

-- several items, literal text, %%
show(string.format("%d%%", 50), string.format("%%d"), string.format("a%sb%sc", 1, 2), string.format("no items"))
show(string.format("%s %s", "extra", "args", "ignored"), string.format("%5.2f|%-6d|%s", 3.14159, 42, "x"))
show(string.format("%d", "0x10"), string.format("%s", 1e15), string.format("%d", " 12 "), string.format("%x", "255"))

-- limits and errors
show(string.format("%99d", 1):len(), string.format("%.99f", 1):len(), string.format("%-----5d|", 1))
local bad = {"%100d", "%1.100f", "%099999999d", "%------d", "%-+ #0-d", "%y", "%F", "%a", "%n", "%ld", "%5", "%", "%5%", "%.f"}
for _, f in ipairs(bad) do show(f, pcall(string.format, f, 1)) end
show(pcall(string.format, "%d"))
show(pcall(string.format, "%d %d", 1))
show(pcall(string.format, "%d", "x"))
show(pcall(string.format, "%d", {}))
show(pcall(string.format, "%s", {}))
show(pcall(string.format, "%s", nil))
show(pcall(string.format, "%s", true))
show(pcall(string.format, "%q"))
show(pcall(string.format))
show(pcall(string.format, {}))
show(string.format(12), string.format(1/4))
