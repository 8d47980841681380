package luahost

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

func meteredState(t *testing.T, l Limits) (*lua.LState, *Meter) {
	t.Helper()
	L := lua.NewState()
	m := NewMeter(l)
	L.SetContext(m)
	t.Cleanup(func() { m.Close(); L.Close() })
	return L, m
}

func TestMeterStopsALoopAtTheSameInstruction(t *testing.T) {
	var seen []int64
	for i := 0; i < 2; i++ {
		L, m := meteredState(t, Limits{StepInstructions: 10_000})
		m.Begin()
		err := L.DoString("local n = 0\nwhile true do n = n + 1 end")
		m.End()
		if err == nil || !strings.Contains(err.Error(), "<string>:2:") || !strings.Contains(err.Error(), "10000 instructions") {
			t.Fatalf("got %v, want an error at line 2 naming the budget", err)
		}
		seen = append(seen, m.Steps())
	}
	if seen[0] != seen[1] {
		t.Errorf("stopped after %d and %d instructions", seen[0], seen[1])
	}
}

func TestMeterStopIsNotCaughtByPcall(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 10_000})
	m.Begin()
	err := L.DoString(`
		for i = 1, 100 do pcall(function() while true do end end) end
		escaped = true`)
	m.End()
	if err == nil || L.GetGlobal("escaped") == lua.LTrue {
		t.Fatalf("the script ran on after its budget: %v", err)
	}
}

func TestMeterChargesWorkAndBytes(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1000, StepAlloc: 100})
	L.SetGlobal("work", L.NewFunction(func(L *lua.LState) int { MeterOf(L).Work(L, int64(L.CheckInt(1))); return 0 }))
	L.SetGlobal("alloc", L.NewFunction(func(L *lua.LState) int { MeterOf(L).Charge(L, int64(L.CheckInt(1))); return 0 }))
	m.Begin()
	if err := L.DoString("work(500) alloc(50)"); err != nil {
		t.Fatal(err)
	}
	if err := L.DoString("work(600)"); err == nil || !strings.Contains(err.Error(), "instructions") {
		t.Fatalf("work over the budget: got %v", err)
	}
	m2L, m2 := meteredState(t, Limits{StepAlloc: 100})
	m2L.SetGlobal("alloc", m2L.NewFunction(func(L *lua.LState) int { MeterOf(L).Charge(L, int64(L.CheckInt(1))); return 0 }))
	m2.Begin()
	if err := m2L.DoString("alloc(60)\nalloc(60)"); err == nil || !strings.Contains(err.Error(), "<string>:2:") || !strings.Contains(err.Error(), "allocated more than 100 bytes") {
		t.Fatalf("allocation over the budget: got %v", err)
	}
}

// TestLibraryLoopsMayRunPastAMemoryMeasure: the point where the memory
// measure is due is not a budget; a long pattern match may pass it.
func TestLibraryLoopsMayRunPastAMemoryMeasure(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 10_000_000})
	OpenLibs(L)
	m.SetMeasure(func(int64) int64 { return 0 })
	m.Begin()
	m.Work(L, measureInterval/bytesPerInstruction-10) // the measure is due in 10 steps
	if err := L.DoString(`assert(("a"):rep(2000):find(".-b") == nil)`); err != nil {
		t.Fatalf("a match that passes the measure point failed: %v", err)
	}
}
