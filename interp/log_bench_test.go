package interp

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// BenchmarkLogLine writes log lines from a script, as a game writes them
// (a format with a seat and a number, from a function of the script's),
// and reports the cost of one line: what keeping each line's place
// (logplace.go) adds is measured here, and a silent match pays nothing.
func BenchmarkLogLine(b *testing.B) {
	const src = `local Game = { players = { 2, 2 } }
local function note(t, i) t:log("%p counts %d", 1, i) end
function Game.play(t)
  while true do
    for i = 1, 1000 do note(t, i) end
    t:ask(1, { "again" })
  end
end
return Game
`
	for _, mode := range []struct {
		name  string
		modes []Mode
	}{{"kept", nil}, {"silent", []Mode{Silent}}} {
		b.Run(mode.name, func(b *testing.B) {
			e, err := LoadSource("bench.lua", []byte(src), nil)
			if err != nil {
				b.Fatal(err)
			}
			m, err := e.NewMatch(Config{Players: 2}, mode.modes...)
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%20 == 19 { // a fresh match before the log's budget runs out
					b.StopTimer()
					m.Close()
					if m, err = e.NewMatch(Config{Players: 2}, mode.modes...); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if err := m.Step(0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/line")
		})
	}
}

// BenchmarkLogPlace is what logPlace adds to a line the script writes:
// a Go function called from a function of the script's, 1000 times a
// step, finding and interning the caller's place, against the same call
// doing nothing.
func BenchmarkLogPlace(b *testing.B) {
	for _, find := range []bool{false, true} {
		name := "call"
		if find {
			name = "call+place"
		}
		b.Run(name, func(b *testing.B) {
			m := &Match{}
			L := lua.NewState()
			defer L.Close()
			var sum int32
			L.SetGlobal("probe", L.NewFunction(func(L *lua.LState) int {
				if find {
					sum += m.logPlace(L)
				}
				return 0
			}))
			chunk, err := L.Load(strings.NewReader("local function f() for i = 1, 1000 do probe() end end return f"), "probe.lua")
			if err != nil {
				b.Fatal(err)
			}
			L.Push(chunk)
			L.Call(0, 1)
			f := L.Get(-1)
			L.Pop(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				L.Push(f)
				L.Call(0, 0)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/call")
		})
	}
}
