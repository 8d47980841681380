//go:build !unix

package interp

// cpuSeconds is not measured on this system: the benchmarks report the
// wall clock only.
func cpuSeconds() float64 { return 0 }
