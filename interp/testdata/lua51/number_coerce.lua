-- Strings converted to numbers by arithmetic: read as decimal (or 0x
-- hexadecimal) numerals, as Lua 5.1's lexer reads them.

print("leading zeros", "010" + 0, "007" * 1, "-010" + 0)
print("not numerals", pcall(function() return "0b11" + 0 end) == false,
  pcall(function() return "1_000" + 0 end) == false,
  pcall(function() return "0o17" + 0 end) == false)
print("numerals", "0x10" + 0, " 12 " + 0, "1e1" + 0, ".5" + 0)
