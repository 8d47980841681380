package luahost

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// run compiles src (as chunk "test.lua") and runs it in a fresh state
// with the base, table, string and math libraries and a print that writes
// numbers as Lua 5.1 does. It returns what was printed and the error that
// stopped the chunk, if any. A nil meter runs unmetered.
func runSource(t *testing.T, src string, m *Meter) (string, error) {
	t.Helper()
	c, err := Compile([]byte(src), "test.lua", DefaultLimits)
	if err != nil {
		return "", err
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.open))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	var out strings.Builder
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		for i := 1; i <= L.GetTop(); i++ {
			if i > 1 {
				out.WriteByte('\t')
			}
			if n, ok := L.Get(i).(lua.LNumber); ok {
				out.WriteString(NumberString(float64(n)))
			} else {
				out.WriteString(L.ToStringMeta(L.Get(i)).String())
			}
		}
		out.WriteByte('\n')
		return 0
	}))
	if m != nil {
		L.SetContext(m)
		m.Begin()
		defer m.End()
	}
	L.Push(Load(L, c))
	err = L.PCall(0, 0, nil)
	return out.String(), err
}

// rewriteCases are programs whose output Lua 5.1.5 gave (lua5.1 on
// Debian); each exercises a construct the compile pass rewrites.
var rewriteCases = []program{
	{"swap locals",
		"local a, b = 1, 2\na, b = b, a\nprint(a, b)",
		"2\t1\n"},
	{"rotate three",
		"local a, b, c = 1, 2, 3\na, b, c = c, a, b\nprint(a, b, c)",
		"3\t1\t2\n"},
	{"fibonacci",
		"local x, y = 0, 1\nfor i = 1, 10 do x, y = y, x + y end\nprint(x, y)",
		"55\t89\n"},
	{"issue 440",
		"local a, b = 0, 0\na, b = a + 1, a + b\nprint(a, b)",
		"1\t0\n"},
	{"swap globals",
		"a, b = 1, 2\na, b = b, a\nprint(a, b)",
		"2\t1\n"},
	{"swap upvalues",
		"local a, b = 1, 2\nlocal function f() a, b = b, a end\nf()\nprint(a, b)",
		"2\t1\n"},
	{"swap mixed kinds",
		"local a = 1\ng = 2\nlocal t = {3}\nlocal function f() a, g, t[1] = g, t[1], a end\nf()\nprint(a, g, t[1])",
		"2\t3\t1\n"},
	{"swap fields",
		"local t = {1, 2}\nt[1], t[2] = t[2], t[1]\nprint(t[1], t[2])",
		"2\t1\n"},
	{"same local twice",
		"local a\na, a = 1, 2\nprint(a)",
		"1\n"},
	{"same global twice",
		"g, g = 1, 2\nprint(g)",
		"1\n"},
	{"same field twice",
		"local t = {}\nt.x, t.x = 1, 2\nprint(t.x)",
		"1\n"},
	{"index evaluated first",
		"local a = {}\nlocal i = 3\ni, a[i] = i + 1, 20\nprint(i, a[3], a[4])",
		"4\t20\tnil\n"},
	{"local index assigned later",
		"local a = {}\nlocal i = 1\na[i], i = 20, 30\nprint(a[1], a[30], i)",
		"20\tnil\t30\n"},
	{"global index assigned later",
		"a = {}\ni = 1\na[i], i = 20, 30\nprint(a[1], a[30], i)",
		"20\tnil\t30\n"},
	{"upvalue index assigned later",
		"local a, i = {}, 1\nlocal function f() a[i], i = 20, 30 end\nf()\nprint(a[1], a[30], i)",
		"20\tnil\t30\n"},
	{"table assigned later",
		"local t = {}\nlocal old = t\nt.x, t = 1, {}\nprint(old.x, t.x)",
		"1\tnil\n"},
	{"table assigned earlier",
		"local t = {}\nlocal old = t\nt, t.x = {}, 1\nprint(old.x, t.x)",
		"1\tnil\n"},
	{"issue 315",
		"local a = {}\nlocal d = 'e'\nlocal f = 1\nf, a.d = f, d\nprint(f, a.d)",
		"1\te\n"},
	{"newindex order",
		"local log = {}\nlocal t = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k .. '=' .. v; rawset(t, k, v) end})\nt.a, t.b, t.c = 1, 2, 3\nprint(table.concat(log, ' '))",
		"c=3 b=2 a=1\n"},
	{"newindex same key",
		"local log = {}\nlocal t = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k .. '=' .. v end})\nt.a, t.a = 1, 2\nprint(table.concat(log, ' '))",
		"a=2 a=1\n"},
	{"lhs evaluation order",
		"local log = {}\nlocal function f(n) log[#log + 1] = n; return {} end\nf('a').x, f('b').y = f('c'), f('d')\nprint(table.concat(log, ' '))",
		"a b c d\n"},
	{"call expands",
		"local function f() return 1, 2, 3 end\nlocal a, b, c, d\na, b, c, d = 0, f()\nprint(a, b, c, d)",
		"0\t1\t2\t3\n"},
	{"call truncated",
		"local function f() return 1, 2, 3 end\nlocal a, b, c\na, b, c = f(), 10\nprint(a, b, c)",
		"1\t10\tnil\n"},
	{"vararg expands",
		"local function g(...) local a, b, c; a, b, c = ...; return a, b, c end\nprint(g(1, 2))",
		"1\t2\tnil\n"},
	{"missing values are nil",
		"local a, b, c = 1, 2, 3\na, b, c = 9\nprint(a, b, c)",
		"9\tnil\tnil\n"},
	{"extra values evaluated",
		"local n = 0\nlocal function f() n = n + 1; return n end\nlocal a, b\na, b = f(), f(), f()\nprint(a, b, n)",
		"1\t2\t3\n"},
	{"extra value sees old target",
		"local a = 0\nlocal function f() return a end\nlocal seen\na, seen = 1, f(), f()\nprint(a, seen)",
		"1\t0\n"},
	{"single target extra value",
		"local a = 0\nlocal seen\nlocal function f() seen = a end\na = 1, f()\nprint(a, seen)",
		"1\t0\n"},
	{"call in value sees old targets",
		"local a, b = 1, 2\nlocal function f() return a + b end\na, b = f(), f()\nprint(a, b)",
		"3\t3\n"},
	{"upvalue changed by a call reads at store",
		"local t = {}\nlocal old = t\nlocal function f() t = {} return 2 end\nlocal y\nt.x, y = 1, f()\nprint(old.x, t.x, y)",
		"nil\t1\t2\n"},
	{"nested function assignment",
		"local a, b = 1, 2\nlocal f = function() local c, d = 3, 4; c, d = d, c; return c, d end\na, b = f()\nprint(a, b)",
		"4\t3\n"},
	{"constant table field",
		"local t = {}\nprint((pcall(function() (5).field = 1 end)))\nprint(t.field)",
		"false\nnil\n"},
	{"string constant field",
		"local t = {}\nlocal ok = pcall(function() ('s').field = 1 end)\nprint(ok, t.field)",
		"false\tnil\n"},
	{"generic for with next",
		"local t = {10, 20, 30}\nlocal n = 0\nfor k, v in next, t do n = n + v end\nprint(n)",
		"60\n"},
	{"issue 514 stale registers",
		"local seen = {}\nlocal function it(s, c) seen[#seen + 1] = tostring(s) .. ',' .. tostring(c); return nil end\nfor k in it, 5, 6 do end\nfor k in it do end\nfor k, v in it, 7 do end\nprint(table.concat(seen, ' '))",
		"5,6 nil,nil 7,nil\n"},
	{"generic for call last",
		"local function three() return 'x', 'y' end\nlocal got\nfor k in function(s, c) got = s .. c; return nil end, three() do end\nprint(got)",
		"xy\n"},
	{"generic for extra values",
		"local n = 0\nlocal function f() n = n + 1 end\nfor k in function() return nil end, 1, 2, f() do end\nprint(n)",
		"1\n"},
	{"local f = function sees outer",
		"f = 'global'\nlocal f = function() return f end\nprint(f())",
		"global\n"},
	{"local f = function sees outer local",
		"local g = 1\nlocal g = function() return g end\nprint(g())",
		"1\n"},
	{"local function sees itself",
		"local function f() return f end\nprint(f() == f)",
		"true\n"},
	{"huge literal",
		"print(1e999, -1e999)",
		"inf\t-inf\n"},
	{"long hex literal",
		"print(0xfffffffffffffffff, 0x10)",
		"2.9514790517935e+20\t16\n"},
	{"arg global in a vararg chunk",
		"arg = 'g'\nlocal n = select('#', ...)\nlocal function f() return arg end\nprint(n, arg, f())",
		"0\tg\tg\n"},
	{"arg in nested vararg function",
		"local function f(...) return arg and arg.n end\nlocal function g(...) local x = ...; return arg end\nprint(f(1, 2), g(1))",
		"2\tnil\n"},
	{"issue 490 and/or into a local",
		"local function g(x) return x end\nlocal function between(val, a, b)\n  local result = true\n  result = result and (g(val > a) and g(val < b))\n  return result\nend\nlocal r = true\nr = (g(false) and g(true)) and r\nprint(between(2, 3, 5), between(4, 3, 5), between(6, 3, 5), r)",
		"false\ttrue\tfalse\tfalse\n"},
	{"repeat sees body locals",
		"local i = 0\nrepeat local done = i >= 2; i = i + 1 until done\nprint(i)",
		"3\n"},
	{"assignment in until scope",
		"local t = {}\nrepeat local a, b = 1, 2; a, b = b, a; t[1] = a until true\nprint(t[1])",
		"2\n"},
}

// program is a Lua program and what it prints (an error that stops it
// printed last, after "error: ").
type program struct{ name, src, want string }

func testPrograms(t *testing.T, programs []program) {
	for _, c := range programs {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSource(t, c.src, nil)
			if err != nil {
				got += "error: " + err.Error()
			}
			if got != c.want {
				t.Errorf("%s\ngot  %q\nwant %q", c.src, got, c.want)
			}
		})
	}
}

func TestRewriteMeansWhatLua51Says(t *testing.T) { testPrograms(t, rewriteCases) }
