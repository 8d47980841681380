package luahost

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// hostileLimits are small budgets, so that each abuse is stopped after a
// little work. The watchdog's timeout is long: if a case reaches it, the
// counted budgets failed, and the message says so.
var hostileLimits = Limits{
	StepInstructions: 1_000_000,
	StepAlloc:        8 << 20,
	MaxString:        1 << 20,
	MaxCallDepth:     200,
	Timeout:          20 * time.Second,
}

// hostileCases are scripts that abuse the libraries. Each must stop with
// an error naming the line (want holds a part of the message), never with
// a Go panic.
var hostileCases = []struct {
	name, script string
	line         int
	want         string
}{
	{"catastrophic pattern", `local s = ("a"):rep(200)
return s:find(".-.-.-.-b")`, 2, "instructions"},
	{"catastrophic pattern in a long subject", `local s = ("a"):rep(5000)
return s:match("(.-)%1$")`, 2, "instructions"},
	{"catastrophic gmatch", `local s = ("a"):rep(300)
for m in s:gmatch(".-.-.-b") do end`, 2, "instructions"},
	{"catastrophic gsub", `local s = ("a"):rep(300)
return s:gsub(".-.-.-b", "x")`, 2, "instructions"},
	{"a pattern too deep", `return ("a"):rep(3000):find(("a?"):rep(3000))`, 1, "pattern too complex"},
	{"doubling with rep", `local s = "x"
for i = 1, 40 do s = s:rep(2) end`, 2, "string.rep: a string of 2 MiB is over the limit of 1 MiB"},
	{"a billion x", `local s = ("x"):rep(1e9)`, 1, "string.rep: a string of 953 MiB"},
	{"rep of a long string", `local s = ("x"):rep(1000)
return s:rep(2^31 - 1)`, 2, "string.rep: a string of 2047999 MiB is over the limit of 1 MiB"},
	{"gsub expansion", `local s = ("x"):rep(1000)
for i = 1, 10 do s = s:gsub("x", "xxxxxxxxxx") end`, 2, "string.gsub: a string of"},
	{"gsub expansion through captures", `local s = ("ab"):rep(1000)
for i = 1, 10 do s = s:gsub("(a)(b)", "%0%1%2%0%0%0") end`, 2, "string.gsub: a string of"},
	{"format width", `return string.format("%099999999d", 1)`, 1, "invalid format (width or precision too long)"},
	{"format of long strings", `local s = ("x"):rep(2^19)
return string.format("%s%s%s", s, s, s)`, 2, "string.format: a string of"},
	{"format allocations", `local s = ("x"):rep(2^19)
local t = {}
for i = 1, 100 do t[i] = string.format("%s%s", s, s) end`, 3, "allocated more than 8 MiB"},
	{"concat of a huge table", `local t = {}
for i = 1, 20000 do t[i] = ("y"):rep(100) end
return table.concat(t)`, 3, "table.concat: a string of"},
	{"concat of a long range", `return table.concat({}, "", 1, 2^31 - 1)`, 1, "invalid value (nil) at index 1 in table for 'concat'"},
	{"unpack of a hundred million", `local t = {}
return unpack(t, 1, 1e8)`, 2, "too many results to unpack"},
	{"byte of a million", `local s = ("x"):rep(1e6)
return s:byte(1, -1)`, 2, "stack overflow (string slice too long)"},
	{"insert far away", `local t = {}
table.insert(t, 1e6, true)`, 2, "allocated more than 8 MiB"},
	{"insert far below", `local t = {1, 2, 3}
table.insert(t, -1e9, true)`, 2, "instructions"},
	{"sort with a failing comparator", `local t = {3, 1, 2, 5, 4}
table.sort(t, function(a, b)
  error("the comparator failed")
end)`, 3, "the comparator failed"},
	{"sort with an inconsistent comparator", `local t = {}
for i = 1, 100 do t[i] = i end
table.sort(t, function(a, b) return true end)`, 3, "invalid order function for sorting"},
	{"sort with an endless comparator", `local t = {3, 1, 2}
table.sort(t, function(a, b) while true do end end)`, 2, "instructions"},
	{"sort of mixed values", `table.sort({1, "x", 2, {}})`, 1, "attempt to compare"},
	{"a long sort", `local t = {}
for i = 1, 100000 do t[i] = (i * 7919) % 100003 end
table.sort(t)`, 3, "instructions"},
	{"tostring in a loop", `for i = 1, 1e9 do local s = tostring(i) end`, 1, "instructions"},
	{"tostring recursing through __tostring", `local t = setmetatable({}, {})
getmetatable(t).__tostring = function(x) return tostring(x) end
return tostring(t)`, 2, "stack overflow"},
	{"upper of long strings", `local s = ("x"):rep(2^20)
for i = 1, 100 do local u = s:upper() end`, 2, "allocated more than 8 MiB"},
	{"many small reps", `for i = 1, 1e6 do local s = ("x"):rep(1000) end`, 1, "allocated more than 8 MiB"},
	{"error with a huge message", `error(("x"):rep(1e9))`, 1, "string.rep: a string of 953 MiB"},
	{"maxn of a big table", `local t = {}
for i = 1, 100000 do t[i] = i end
for i = 1, 1000 do table.maxn(t) end`, 3, "instructions"},
	{"foreachi with a Go function", `local t = {}
for i = 1, 100000 do t[i] = i end
for i = 1, 1000 do table.foreachi(t, getmetatable) end`, 3, "instructions"},
}

func TestHostileScriptsStopWithTheirLine(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			var steps []int64
			for run := 0; run < 2; run++ {
				var out bytes.Buffer
				L, m := newTestState(t, &out, hostileLimits)
				err := runChunk(L, m, "hostile.lua", c.script)
				if err == nil {
					t.Fatal("the script ran to its end")
				}
				var apiErr *lua.ApiError
				if !errors.As(err, &apiErr) || apiErr.Type == lua.ApiErrorPanic {
					t.Fatalf("not a script error: %#v", err)
				}
				msg := err.Error()
				if where := "hostile.lua:" + itoa(c.line) + ":"; !strings.Contains(msg, where) {
					t.Errorf("the error does not name %s: %s", where, firstLine(msg))
				}
				if !strings.Contains(msg, c.want) {
					t.Errorf("got %s\nwant a message containing %q", firstLine(msg), c.want)
				}
				steps = append(steps, m.Steps())
			}
			if steps[0] != steps[1] {
				t.Errorf("stopped after %d steps, then after %d", steps[0], steps[1])
			}
		})
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TestErrorObjectsPassThrough checks that error values reach pcall as they
// were raised: tables unchanged, long messages whole (the host caps them
// where it reports them, not here).
func TestErrorObjectsPassThrough(t *testing.T) {
	var out bytes.Buffer
	L, m := newTestState(t, &out, hostileLimits)
	err := runChunk(L, m, "errors.lua", `
local obj = {code = 7}
local ok, e = pcall(error, obj)
print(ok, e == obj, e.code)
local long = ("x"):rep(2^19)
ok, e = pcall(error, long, 0)
print(ok, e == long)
ok, e = pcall(function() error(long) end)
print(ok, #e - #long, e:sub(1, 12))
ok, e = pcall(error)
print(ok, e)
ok, e = pcall(error, 42, 0)
print(ok, e, type(e))
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "false\ttrue\t7\nfalse\ttrue\nfalse\t14\terrors.lua:8\nfalse\tnil\nfalse\t42\tnumber\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestUnmeteredStatesWork checks that the libraries run without a meter.
func TestUnmeteredStatesWork(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	OpenLibs(L)
	var out bytes.Buffer
	L.SetGlobal("print", L.NewFunction(Print(&out)))
	if err := L.DoString(`print(("ab"):rep(3):gsub("b", "%0%0"), ("x"):find("x"), string.format("%5.1f", 1/3))`); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "abbabbabb\t1\t  0.3\n" {
		t.Errorf("got %q", got)
	}
}
