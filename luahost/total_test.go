package luahost

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// spend runs a step of a loop of so many iterations (an instruction each)
// on m's state.
func spend(L *lua.LState, m *Meter, iterations int) error {
	m.Begin()
	defer m.End()
	return L.DoString("for i = 1, " + itoa(iterations) + " do end")
}

// TestTotalInstructionsStopTheWhole: steps that each stay under the step
// budget are stopped once together they pass the total, at the same
// instruction every run, with a message that names the whole.
func TestTotalInstructionsStopTheWhole(t *testing.T) {
	var stops []int64
	for run := 0; run < 2; run++ {
		L, m := meteredState(t, Limits{StepInstructions: 100_000, TotalInstructions: 1_000_000})
		m.Whole = "in this game"
		steps := 0
		var err error
		for ; steps < 100 && err == nil; steps++ {
			err = spend(L, m, 30_000)
		}
		if err == nil {
			t.Fatal("a hundred steps of 30,000 instructions passed a total of a million")
		}
		if want := "the script ran 1 million instructions in this game"; !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
		if steps != 34 {
			t.Errorf("stopped at step %d, want the 34th", steps)
		}
		if m.Total() != 1_000_000 {
			t.Errorf("stopped after %d instructions in all, want exactly the total", m.Total())
		}
		stops = append(stops, m.Total())
		if err := spend(L, m, 1); err == nil {
			t.Error("a step after the total was spent ran")
		}
	}
	if stops[0] != stops[1] {
		t.Errorf("stopped after %d, then %d instructions", stops[0], stops[1])
	}
}

// TestStepBudgetIsNamedBeforeTheTotal: a step that spends its own budget
// is reported as a step, even when it also ends the total.
func TestStepBudgetIsNamedBeforeTheTotal(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 100_000, TotalInstructions: 100_000})
	err := spend(L, m, 1_000_000)
	if err == nil || !strings.Contains(err.Error(), "without asking for a decision") {
		t.Fatalf("got %v, want the step's budget named", err)
	}
}

// TestCarryStartsTheTotal: a meter that carries on from another stops
// where the two together reach the total.
func TestCarryStartsTheTotal(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1_000_000, TotalInstructions: 100_000})
	m.Carry(90_000)
	m.Whole = "drawing"
	err := spend(L, m, 20_000)
	if err == nil || !strings.Contains(err.Error(), "100000 instructions drawing") {
		t.Fatalf("got %v, want the total named", err)
	}
	if m.Total() != 100_000 {
		t.Errorf("total %d, want 100000", m.Total())
	}
}

// TestLogBudgets: what a step writes to the log is bounded per step and
// in all, and the stop holds against pcall.
func TestLogBudgets(t *testing.T) {
	for _, c := range []struct {
		name   string
		lim    Limits
		script string
		want   string
	}{
		{"one step", Limits{StepLog: 1000, TotalLog: 1 << 20},
			"while true do pcall(log, 100) end", "wrote more than 1000 bytes to the log in one step"},
		{"in all", Limits{StepLog: 1000, TotalLog: 5000},
			"log(900)", "wrote more than 4 KiB to the log in this game"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.lim.StepInstructions = 1_000_000
			L, m := meteredState(t, c.lim)
			m.Whole = "in this game"
			L.SetGlobal("log", L.NewFunction(func(L *lua.LState) int { MeterOf(L).Log(L, int64(L.CheckInt(1))); return 0 }))
			var err error
			for i := 0; i < 10 && err == nil; i++ {
				m.Begin()
				err = L.DoString(c.script)
				m.End()
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			if m.Stopped() == "" {
				t.Error("the state was not stopped")
			}
		})
	}
}

// TestForkCarriesTheTotals: a fork goes on counting the original's total
// and log.
func TestForkCarriesTheTotals(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1_000_000, TotalInstructions: 10_000_000, TotalLog: 1000})
	L.SetGlobal("log", L.NewFunction(func(L *lua.LState) int { MeterOf(L).Log(L, int64(L.CheckInt(1))); return 0 }))
	m.Begin()
	if err := L.DoString("for i = 1, 1000 do end log(600)"); err != nil {
		t.Fatal(err)
	}
	m.End()
	f := m.Fork(nil)
	defer f.Close()
	if f.Total() != m.Total() || f.logTotal != 600 {
		t.Errorf("fork's total %d and log %d, want %d and 600", f.Total(), f.logTotal, m.Total())
	}
}

type keeper struct {
	bytes int64
	roots []lua.LValue
}

func (k keeper) KeptBytes(root func(lua.LValue)) int64 {
	for _, r := range k.roots {
		root(r)
	}
	return k.bytes
}

// TestMeasureCountsKeepers: a userdata whose Go value keeps data is
// measured with it, and the Lua values it holds are walked.
func TestMeasureCountsKeepers(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	plain := L.NewUserData()
	base := Measure(0, L, plain)
	held := lua.LString(strings.Repeat("x", 5000))
	ud := L.NewUserData()
	ud.Value = keeper{bytes: 100_000, roots: []lua.LValue{held}}
	got := Measure(0, L, ud) - base
	if got < 105_000 || got > 106_000 {
		t.Errorf("a keeper of 100,000 bytes holding 5,000 measured %d more than a plain userdata", got)
	}
}

// TestAddStopsWithoutRaising: work a host does outside any Lua call is
// charged without an error; once it spends a budget the state is stopped
// and its next instruction raises.
func TestAddStopsWithoutRaising(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1000, StepAlloc: 1 << 20})
	m.Begin()
	m.Add(500, 100)
	if m.Stopped() != "" {
		t.Fatalf("stopped under the budget: %s", m.Stopped())
	}
	m.Add(600, 100)
	if !strings.Contains(m.Stopped(), "1000 instructions") {
		t.Fatalf("not stopped past the budget: %q", m.Stopped())
	}
	if err := L.DoString("local x = 1"); err == nil {
		t.Error("the state ran on after it was stopped")
	}
	m.End()
	var none *Meter
	none.Add(1, 1) // a state without a meter is charged nothing
}
