package luahost

import (
	"io"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// The hot paths of the libraries, ours against gopher-lua's own. Each
// benchmark runs a Lua loop of 1000 calls in a state with a meter (the
// same for both, so that only the library differs); ns/op is per call.
//
//	go test ./luahost -run XXX -bench Lib -cpu 1
var benchLoops = []struct{ name, setup, body string }{
	{"find_plain", `local s = "the quick brown fox jumps over the lazy dog"`, `s:find("fox")`},
	{"find_class", `local s = "the quick brown fox jumps over the lazy dog"`, `s:find("%d")`},
	{"find_init", `local s = "the quick brown fox jumps over the lazy dog"`, `s:find("o", 20, true)`},
	{"match_captures", `local s = "key = value"`, `s:match("^(%w+)%s*=%s*(%w+)$")`},
	{"match_number", `local s = "card 12 of 52"`, `s:match("%d+")`},
	{"gsub_literal", `local s = "hello world, hello moon"`, `s:gsub("hello", "bye")`},
	{"gsub_class", `local s = "  trim   these   spaces  "`, `s:gsub("%s+", " ")`},
	{"gsub_function", `local s = "a1b2c3"; local f = function(d) return d end`, `s:gsub("%d", f)`},
	{"gmatch_words", `local s = "the quick brown fox"`, `for w in s:gmatch("%a+") do end`},
	{"format_int", `local i = 42`, `string.format("%d", i)`},
	{"format_mixed", `local i = 42`, `string.format("%s: %d (%5.2f)", "score", i, i / 7)`},
	{"format_q", `local s = "a \"quoted\"\n line"`, `string.format("%q", s)`},
	{"concat_10", `local t = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}`, `table.concat(t, ", ")`},
	{"concat_numbers", `local t = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}`, `table.concat(t, " ")`},
	{"tostring_int", `local n = 12345`, `tostring(n)`},
	{"tostring_float", `local n = 1 / 3`, `tostring(n)`},
	{"sub", `local s = "the quick brown fox"`, `s:sub(5, 9)`},
	{"byte", `local s = "the quick brown fox"`, `s:byte(5)`},
	{"upper", `local s = "the quick brown fox"`, `s:upper()`},
	{"rep", `local s = "ab"`, `s:rep(10)`},
	{"insert_remove", `local t = {}`, `table.insert(t, 1); table.remove(t)`},
	{"sort_20", `local src = {5, 3, 8, 1, 9, 2, 7, 4, 6, 0, 15, 13, 18, 11, 19, 12, 17, 14, 16, 10}; local t = {}`,
		`for k = 1, 20 do t[k] = src[k] end table.sort(t)`},
	{"unpack_5", `local t = {1, 2, 3, 4, 5}`, `unpack(t)`},
	{"select_n", `local function f(...) return select("#", ...) end`, `f(1, 2, 3)`},
}

func BenchmarkLib(b *testing.B) {
	for _, c := range benchLoops {
		src := c.setup + "\nreturn function()\nfor i = 1, 1000 do " + c.body + " end\nend"
		b.Run(c.name+"/ours", func(b *testing.B) { benchLoop(b, src, true) })
		b.Run(c.name+"/gopher", func(b *testing.B) { benchLoop(b, src, false) })
	}
}

func benchLoop(b *testing.B, src string, ours bool) {
	var L *lua.LState
	if ours {
		L = lua.NewState(lua.Options{SkipOpenLibs: true})
		OpenLibs(L)
		L.SetGlobal("print", L.NewFunction(Print(io.Discard)))
	} else {
		L = lua.NewState()
	}
	defer L.Close()
	m := NewMeter(DefaultLimits)
	defer m.Close()
	L.SetContext(m)
	fn, err := L.Load(strings.NewReader(src), "bench.lua")
	if err != nil {
		b.Fatal(err)
	}
	L.Push(fn)
	if err := L.PCall(0, 1, nil); err != nil {
		b.Fatal(err)
	}
	loop := L.Get(-1)
	L.Pop(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Begin()
		L.Push(loop)
		if err := L.PCall(0, 0, nil); err != nil {
			b.Fatal(err)
		}
		m.End()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/call")
}
