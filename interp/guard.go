package interp

import (
	"context"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// MemoryLimit is the heap size above which running scripts are stopped.
// It bounds runaway allocation; it is process-wide because Go cannot
// account memory to one Lua state.
var MemoryLimit atomic.Int64

func init() { MemoryLimit.Store(2 << 30) }

// guard stops one match's script when a step runs too long or the heap
// grows past MemoryLimit. A step costs two atomic stores; one watchdog
// goroutine serves every guard in the process.
type guard struct {
	ctx     context.Context
	cancel  context.CancelFunc
	started atomic.Int64 // unix nanos when the running step began; 0 when idle
	limit   time.Duration
	reason  atomic.Value // string: why it was stopped
}

var (
	guardsMu sync.Mutex
	guards   = map[*guard]struct{}{}
	watchdog sync.Once
)

func newGuard(limit time.Duration) *guard {
	g := &guard{limit: limit}
	g.ctx, g.cancel = context.WithCancel(context.Background())
	guardsMu.Lock()
	guards[g] = struct{}{}
	guardsMu.Unlock()
	watchdog.Do(func() { go watch() })
	return g
}

func (g *guard) begin() { g.started.Store(time.Now().UnixNano()) }
func (g *guard) end()   { g.started.Store(0) }

func (g *guard) close() {
	guardsMu.Lock()
	delete(guards, g)
	guardsMu.Unlock()
	g.cancel()
}

// stopped says why the guard stopped its script, or "".
func (g *guard) stopped() string {
	if s, ok := g.reason.Load().(string); ok {
		return s
	}
	return ""
}

func (g *guard) stop(why string) {
	if g.reason.CompareAndSwap(nil, why) {
		g.cancel()
	}
}

func watch() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(20 * time.Millisecond)
	for range tick.C {
		now := time.Now().UnixNano()
		metrics.Read(sample)
		heap := int64(0)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			heap = int64(sample[0].Value.Uint64())
		}
		over := heap > MemoryLimit.Load()
		guardsMu.Lock()
		for g := range guards {
			start := g.started.Load()
			if start == 0 {
				continue
			}
			switch {
			case over:
				g.stop("the script used too much memory (heap over " + byteSize(MemoryLimit.Load()) + ")")
			case g.limit > 0 && time.Duration(now-start) > g.limit:
				g.stop("the script ran for more than " + g.limit.String() + " without asking for a decision (an endless loop?)")
			}
		}
		guardsMu.Unlock()
	}
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return itoa(int(n>>30)) + " GiB"
	case n >= 1<<20:
		return itoa(int(n>>20)) + " MiB"
	}
	return itoa(int(n)) + " bytes"
}
