package luahost

import "testing"

// TestMeterFork: a forked meter has the original's counts and budgets, its
// own measure, no host, and is registered with the watchdog until closed.
func TestMeterFork(t *testing.T) {
	m := NewMeter(DefaultLimits)
	defer m.Close()
	m.Host = "host"
	m.SetMeasure(func(int64) int64 { return 1 })
	m.Begin()
	for range 100 {
		m.Done()
	}
	m.End()
	f := m.Fork(func(int64) int64 { return 2 })
	defer f.Close()
	if f.Host != nil || f.steps != m.steps || f.carried != m.carried || f.threshold != m.threshold || f.next.Load() != m.next.Load() || f.lim != m.lim {
		t.Fatalf("fork %+v differs from %+v", f, m)
	}
	if got := f.measure(0); got != 2 {
		t.Errorf("the fork measures with %d, want its own function", got)
	}
	metersMu.Lock()
	_, ok := meters[f]
	metersMu.Unlock()
	if !ok {
		t.Error("the fork is not watched")
	}
	m.Stop("stopped")
	if f.Stopped() != "" {
		t.Error("stopping the original stopped the fork")
	}
}
