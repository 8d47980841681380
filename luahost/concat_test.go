package luahost

import (
	"strings"
	"testing"
)

// concatCases are programs whose output Lua 5.1.5 gave, except where a
// comment says otherwise.
var concatCases = []program{
	{"numbers",
		"local t = {1, -2, 0.1, 1/3, 1e14, 1e15, 2^53, 2^63, -1.5e-7, 123456789012, 100000000000000, 99999999999999, 3.14159265358979}\nlocal out = {}\nfor i, n in ipairs(t) do out[i] = '' .. n end\nprint(table.concat(out, ' '))",
		"1 -2 0.1 0.33333333333333 1e+14 1e+15 9.007199254741e+15 9.2233720368548e+18 -1.5e-07 123456789012 1e+14 99999999999999 3.1415926535898\n"},
	{"infinities",
		"local inf = 1/0\nprint('' .. inf, '' .. -inf, (0/0 .. '') == (0/0 .. ''))",
		"inf\t-inf\ttrue\n"},
	{"negative zero",
		"local z = 0\nprint('' .. -z, -z .. '')",
		"-0\t-0\n"},
	{"chains",
		"local a, b = 'a', 2\nprint(a .. b .. a, 1 .. 2, a .. b * 2 .. a)",
		"a2a\t12\ta4a\n"},
	{"left parenthesized",
		"local a, b, c = 'x', 'y', 'z'\nprint((a .. b) .. c, a .. (b .. c))",
		"xyz\txyz\n"},
	{"metamethod pairs",
		"local r = setmetatable({}, {__concat = function(a, b) return type(a) .. '|' .. type(b) end})\nprint(r .. 5, 5 .. r, r .. 5 .. '', r .. '' .. 5, 1 .. 2 .. r, r .. 1 .. 2, 'x' .. r .. 'y', 1.5 .. r)",
		"table|number\tnumber|table\ttable|string\ttable|string\t1number|table\ttable|string\txtable|string\tnumber|table\n"},
	{"metamethod of the right operand",
		"local log = {}\nlocal mt = {__concat = function(a, b) log[#log + 1] = (type(a) == 'table' and a.n or a) .. '+' .. (type(b) == 'table' and b.n or b); return setmetatable({n = '(' .. log[#log] .. ')'}, getmetatable(type(a) == 'table' and a or b)) end}\nlocal function o(n) return setmetatable({n = n}, mt) end\nlocal r = 'a' .. o('b') .. 'c' .. o('d') .. 'e'\nprint(r.n)\nprint(table.concat(log, ' '))",
		"(a+(b+(c+(d+e))))\nd+e c+(d+e) b+(c+(d+e)) a+(b+(c+(d+e)))\n"},
	{"metamethod result in the middle",
		"local mt = {__concat = function(a, b) return 'M' end}\nlocal t = setmetatable({}, mt)\nprint('a' .. t .. 'b' .. 'c', t .. 'x', 'x' .. t)",
		"aM\tM\tM\n"},
	{"metamethod on a string operand",
		"local mt = {__concat = function(a, b) return 'T' end}\nlocal t = setmetatable({}, mt)\nprint(pcall(function() return true .. t end))\nprint(pcall(function() return t .. true end))",
		"true\tT\ntrue\tT\n"},
	{"error names",
		"local x\nlocal t = {}\ny = nil\nlocal function up() return 'a' .. x end\nlocal msgs = {}\nlocal function try(f) local ok, e = pcall(f); msgs[#msgs + 1] = e end\ntry(function() return 'a' .. x end)\ntry(function() local l; return 'a' .. l end)\ntry(function() return 'a' .. y end)\ntry(function() return 'a' .. t.f end)\ntry(function() return 'a' .. t[1] end)\ntry(function() return x .. 'a' end)\ntry(function() return 'a' .. {} end)\ntry(function() return 'a' .. (function() end)() end)\ntry(function(...) return 'a' .. ... end)\ntry(function(self) return 'x' .. self end)\ntry(function() return true .. 'a' end)\ntry(function() return 'a' .. 'b' .. y .. 'c' .. 'd' end)\ntry(function() return x .. y end)\ntry(up)\nfor _, m in ipairs(msgs) do print(m) end",
		"test.lua:7: attempt to concatenate upvalue 'x' (a nil value)\ntest.lua:8: attempt to concatenate local 'l' (a nil value)\ntest.lua:9: attempt to concatenate global 'y' (a nil value)\ntest.lua:10: attempt to concatenate field 'f' (a nil value)\ntest.lua:11: attempt to concatenate field '?' (a nil value)\ntest.lua:12: attempt to concatenate upvalue 'x' (a nil value)\ntest.lua:13: attempt to concatenate a table value\ntest.lua:14: attempt to concatenate a nil value\ntest.lua:15: attempt to concatenate a nil value\ntest.lua:16: attempt to concatenate local 'self' (a nil value)\ntest.lua:17: attempt to concatenate a boolean value\ntest.lua:18: attempt to concatenate global 'y' (a nil value)\ntest.lua:19: attempt to concatenate upvalue 'x' (a nil value)\ntest.lua:4: attempt to concatenate upvalue 'x' (a nil value)\n"},
	{"error name ambiguous on one line",
		"local a, b\nprint(pcall(function() local s = 'x' .. (a and 1 or 'p') .. '' local u = 'y' .. b .. '' end))",
		"false\ttest.lua:2: attempt to concatenate a nil value\n"}, // 5.1 names b
	{"error name unambiguous on one line",
		"local a, b\nprint(pcall(function() local s = 'x' .. 'z' local u = 'y' .. b .. '' end))",
		"false\ttest.lua:2: attempt to concatenate upvalue 'b' (a nil value)\n"},
	{"vararg operand",
		"local function f(...) return 'a' .. ... .. 'b' end\nprint(f('x', 'y'))",
		"axb\n"},
	{"call operand",
		"local function two() return 'p', 'q' end\nprint('a' .. two(), two() .. 'b')",
		"ap\tpb\n"},
	{"long literal chain",
		"local s = 'a' .. 'b' .. 1 .. 2.5 .. 'c'\nprint(s, #s)",
		"ab12.5c\t7\n"},
	{"empty strings",
		"local e = ''\nprint(e .. e, 'a' .. e, e .. 1, 1 .. e)",
		"\ta\t1\t1\n"},
}

func TestConcatMeansWhatLua51Says(t *testing.T) { testPrograms(t, concatCases) }

func TestConcatIsMetered(t *testing.T) {
	cases := []struct {
		name, src, want string
		lim             Limits
	}{
		{"doubling", "local s = 'x'\nfor i = 1, 40 do s = s .. s end", "test.lua:2: string concatenation: a string of 1 MiB is over the limit of 512 KiB", Limits{MaxString: 512 << 10}},
		{"allocation", "local s = ('x'):rep(1000)\nlocal t = {}\nfor i = 1, 1e6 do t[i % 10] = s .. i end", "test.lua:3: the script allocated more than 100 KiB in one step", Limits{StepAlloc: 100 << 10}},
		{"metamethod chain", "local t = setmetatable({}, {__concat = function(a, b) return ('y'):rep(600) end})\nlocal s = 'x' .. t .. 'z'\nlocal u = s .. s", "test.lua:3: string concatenation: a string of 1 KiB is over the limit of 1000 bytes", Limits{MaxString: 1000}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewMeter(c.lim)
			defer m.Close()
			_, err := runSource(t, c.src, m)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
	// unmetered, the same chains run
	if _, err := runSource(t, "local s = 'x'\nfor i = 1, 10 do s = s .. s end", nil); err != nil {
		t.Errorf("unmetered: %v", err)
	}
}
