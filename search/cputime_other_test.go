//go:build !unix

package search

// cpuSeconds is not measured here: the benchmarks report no CPU rates.
func cpuSeconds() float64 { return 0 }
