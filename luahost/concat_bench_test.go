//go:build unix

package luahost

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// The cost of routing '..' through the metered helper, against gopher-lua's
// own OP_CONCAT, measured in the same run: each iteration runs both
// versions of the loop, alternately first, and charges each the process
// CPU time it took (wall time is too noisy on a shared machine). The
// metrics are ns of CPU per run of the loop and the routed version's cost
// in percent.

var concatLoops = map[string]string{
	"two-strings": `
		local a, b = "left", "right"
		local t = {}
		for i = 1, 1000 do t[i % 8 + 1] = a .. b end`,
	"mixed": `
		local name = "x"
		local t = {}
		for i = 1, 1000 do
		  t[i % 10 + 1] = "item " .. i .. ": " .. name
		  t[i % 7 + 1] = name .. name
		end`,
	"no-concat": `
		local t = {}
		for i = 1, 1000 do t[i % 8 + 1] = i * 2 end`,
}

func BenchmarkConcatRouting(b *testing.B) {
	for _, name := range []string{"two-strings", "mixed", "no-concat"} {
		b.Run(name, func(b *testing.B) { pairedConcat(b, concatLoops[name]) })
	}
}

func pairedConcat(b *testing.B, src string) {
	c, err := Compile([]byte(src), "bench", DefaultLimits)
	if err != nil {
		b.Fatal(err)
	}
	stmts, err := parse.Parse(bytes.NewReader([]byte(src)), "bench")
	if err != nil {
		b.Fatal(err)
	}
	native, err := lua.Compile(stmts, "bench")
	if err != nil {
		b.Fatal(err)
	}
	L := lua.NewState()
	defer L.Close()
	m := NewMeter(Limits{})
	defer m.Close()
	L.SetContext(m)
	timed := func(fn *lua.LFunction) time.Duration {
		start := cpuTime()
		m.Begin()
		L.Push(fn)
		if err := L.PCall(0, 0, nil); err != nil {
			b.Fatal(err)
		}
		m.End()
		return cpuTime() - start
	}
	var routed, plain time.Duration
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			routed += timed(Load(L, c))
			plain += timed(L.NewFunctionFromProto(native))
		} else {
			plain += timed(L.NewFunctionFromProto(native))
			routed += timed(Load(L, c))
		}
	}
	b.ReportMetric(float64(routed.Nanoseconds())/float64(b.N), "routed-cpu-ns/op")
	b.ReportMetric(float64(plain.Nanoseconds())/float64(b.N), "native-cpu-ns/op")
	b.ReportMetric(float64(routed-plain)/float64(plain)*100, "cost-%")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
