package sim

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// forEach calls do(k) for every k from 0 to n-1 on jobs workers (0: one
// per CPU). As each call returns, returned(k, done) is called (if set) on
// the caller's goroutine, done being how many have returned by then, so
// it may keep state of its own without a lock. The calls to do must not
// depend on one another: which worker makes which, and in what order they
// end, vary from run to run. Run and Play only count them (counting);
// Check judges its games in their order as they come in.
func forEach(n, jobs int, do func(k int), returned func(k, done int)) {
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
		k := <-done
		if returned != nil {
			returned(k, d)
		}
	}
	wg.Wait()
}

// counting is forEach's returned for a progress report (Config.Progress):
// how many of the n calls are done. It is nil when progress is.
func counting(progress func(done, total int), n int) func(k, done int) {
	if progress == nil {
		return nil
	}
	return func(_, done int) { progress(done, n) }
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
