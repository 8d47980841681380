package main

import (
	"runtime/debug"
)

// Go's garbage collector, left to its default (GOGC=100), starts a cycle
// each time the heap has grown by as much as was live after the last one.
// A search bot keeps a few megabytes live and allocates fast — a fork of
// the match, a replay, a playout — so by default it collects every few
// milliseconds, and a fifth of the process's CPU went on marking a heap
// that was mostly garbage: time a search bot's decision, measured by the
// clock, no longer has for its iterations (Members Only at 300 ms a
// decision, two searches side by side on two cores: about 230 iterations
// a decision with the default, 400 with gcPercent).
//
// So the command lets the heap grow to nine times what is live before it
// collects (a game of Members Only with a search bot: 340 MB at most
// instead of 200), with a soft limit at which it collects more often
// again, so that many jobs with large games stay within memory. GOGC and
// GOMEMLIMIT, when set, are Go's own and win. None of this changes a
// game: it changes only how much time a decision given a time has for
// thinking.
const (
	gcPercent   = 800
	gcSoftLimit = 2 << 30 // bytes
)

// tuneGC sets the collector's pace and soft limit, each unless the
// environment (getenv) sets it.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcSoftLimit)
	}
}
