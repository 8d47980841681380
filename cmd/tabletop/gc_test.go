package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()
	for _, tc := range []struct {
		env     map[string]string
		percent int
		limit   int64
	}{
		{nil, gcPercent, gcSoftLimit},
		{map[string]string{"GOGC": "50"}, 100, gcSoftLimit},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, gcPercent, math.MaxInt64},
		{map[string]string{"GOGC": "off", "GOMEMLIMIT": "1GiB"}, 100, math.MaxInt64},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		tuneGC(func(k string) string { return tc.env[k] })
		if got := debug.SetGCPercent(100); got != tc.percent {
			t.Errorf("%v: GC percent %d, want %d", tc.env, got, tc.percent)
		}
		if got := debug.SetMemoryLimit(math.MaxInt64); got != tc.limit {
			t.Errorf("%v: memory limit %d, want %d", tc.env, got, tc.limit)
		}
	}
}
