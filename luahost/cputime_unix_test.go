//go:build unix

package luahost

import "syscall"

// cpuSeconds is the CPU time the process has used so far (user and
// system), steadier than the wall clock on a machine shared with others.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
