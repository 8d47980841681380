package sim

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// forEach calls do(k) for k from 0 to n-1 on jobs workers (0: one per
// CPU), and progress (if set, from one goroutine) as calls return. The
// calls must not depend on one another: which worker makes which, and in
// what order they end, varies from run to run.
func forEach(n, jobs int, progress func(done, total int), do func(k int)) {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = max(1, min(jobs, n))
	next := make(chan int)
	done := make(chan int, jobs)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				do(k)
				done <- k
			}
		}()
	}
	go func() {
		for k := 0; k < n; k++ {
			next <- k
		}
		close(next)
	}()
	for d := 1; d <= n; d++ {
		<-done
		if progress != nil {
			progress(d, n)
		}
	}
	wg.Wait()
}

// batchGC raises the garbage collector's target while a batch of games
// runs: random playouts allocate briskly and keep little alive, so
// collecting a quarter as often buys about a fifth more throughput for a
// few megabytes more memory. It returns the function that restores it.
//
// A soft memory limit keeps the raised target from growing the heap past
// batchMemory when scripts hold much (each match's own budget bounds what
// it keeps; this only tells the collector to work harder near the top).
func batchGC() func() {
	old := debug.SetGCPercent(400)
	if old > 400 || old < 0 {
		debug.SetGCPercent(old)
	}
	oldLimit := debug.SetMemoryLimit(-1)
	if oldLimit == math.MaxInt64 {
		debug.SetMemoryLimit(batchMemory)
	}
	return func() { debug.SetGCPercent(old); debug.SetMemoryLimit(oldLimit) }
}

// batchMemory is the soft memory limit batchGC sets, unless one is set
// already (GOMEMLIMIT).
const batchMemory = 512 << 20
