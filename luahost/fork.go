package luahost

// Fork returns a meter for a copy of m's state: the same limits, the same
// counts (so the copy measures what it keeps at the same instructions as
// the original would), measuring with measure, registered with the
// watchdog and idle. The copy has no Host: its host sets its own.
func (m *Meter) Fork(measure func(limit int64) int64) *Meter {
	f := &Meter{
		Whole:     m.Whole,
		lim:       m.lim,
		steps:     m.steps,
		total:     m.total,
		inStep:    m.inStep,
		logStep:   m.logStep,
		logTotal:  m.logTotal,
		work:      m.work,
		bytes:     m.bytes,
		measure:   measure,
		carried:   m.carried,
		threshold: m.threshold,
		kept:      m.kept,
	}
	if why := m.Stopped(); why != "" {
		f.reason.Store(why)
	}
	f.next.Store(m.next.Load())
	metersMu.Lock()
	meters[f] = struct{}{}
	metersMu.Unlock()
	return f
}
