package interp

import (
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// BenchmarkArith runs loops of arithmetic in a match's kind of state (the
// counted loop, a meter): what the wrapped instructions (arith.go) cost.
// ns/op (and cpu-ns/op) is per turn of the loop.
//
//	go test ./interp -run XXX -bench Arith -cpu 1
func BenchmarkArith(b *testing.B) {
	for _, c := range []struct{ name, body string }{
		{"add_mul", "s = s + i * 2 - 1"},
		{"div", "s = s + i / 4"},
		{"mod_int", "s = s + i % 7"},
		{"mod_frac", "s = s + i % 0.75"},
		{"pow", "s = s + i ^ 2"},
		{"unm", "s = s - -i"},
		{"string", `s = s + "2" * i`},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := "return function(n) local s = 0 for i = 1, n do " + c.body + " end return s end"
			chunk, err := luahost.Compile([]byte(src), "bench.lua", luahost.DefaultLimits)
			if err != nil {
				b.Fatal(err)
			}
			e := &Engine{Path: "bench.lua", Limits: DefaultLimits}
			L := e.newState(nil, nil)
			defer L.Close()
			lim := DefaultLimits
			lim.StepInstructions = 0
			m := luahost.NewMeter(lim)
			defer m.Close()
			setContext(L, m)
			L.Push(luahost.Load(L, chunk))
			L.Call(0, 1)
			fn := L.Get(-1)
			L.Pop(1)
			m.Begin()
			defer m.End()
			b.ResetTimer()
			cpu := cpuSeconds()
			L.Push(fn)
			L.Push(lua.LNumber(b.N))
			L.Call(1, 0)
			if cpu := cpuSeconds() - cpu; cpu > 0 { // steadier than the wall clock on a shared machine
				b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
