package interp

import (
	"context"
	"errors"
	"fmt"
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
//
// The guard is itself the context.Context gopher-lua checks before every
// instruction: until it is stopped, Done returns a nil channel, which makes
// that check about as cheap as it can be.
type guard struct {
	started atomic.Int64 // unix nanos when the running step began; 0 when idle
	limit   time.Duration
	reason  atomic.Value // string: why it was stopped
	halted  atomic.Bool

	// steps counts the instructions of the running step; only the
	// goroutine running the script touches it.
	steps  int64
	budget int64
}

var closedDone = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Deadline implements context.Context.
func (g *guard) Deadline() (time.Time, bool) { return time.Time{}, false }

// Done implements context.Context. gopher-lua calls it before every
// instruction, which is where the instruction budget is counted.
func (g *guard) Done() <-chan struct{} {
	g.steps++
	if g.steps > g.budget && g.budget > 0 {
		g.stop(fmt.Sprintf("the script ran %d million instructions without asking for a decision (an endless loop?)", g.budget/1_000_000))
	}
	if g.halted.Load() {
		return closedDone
	}
	return nil
}

// Err implements context.Context: the reason the script was stopped.
func (g *guard) Err() error {
	if g.halted.Load() {
		return errors.New(g.stopped())
	}
	return nil
}

// Value implements context.Context.
func (g *guard) Value(any) any { return nil }

var _ context.Context = (*guard)(nil)

var (
	guardsMu sync.Mutex
	guards   = map[*guard]struct{}{}
	watchdog sync.Once
)

func newGuard(l Limits) *guard {
	g := &guard{limit: l.StepTimeout, budget: l.StepInstructions}
	guardsMu.Lock()
	guards[g] = struct{}{}
	guardsMu.Unlock()
	watchdog.Do(func() { go watch() })
	return g
}

func (g *guard) begin() {
	g.steps = 0
	g.started.Store(coarseNow.Load())
}

// coarseNow is the time in unix nanoseconds, kept by the watchdog to within
// a tick: precise enough for a backstop measured in seconds, and cheaper
// than reading the clock at every step.
var coarseNow atomic.Int64

func init()           { coarseNow.Store(time.Now().UnixNano()) }
func (g *guard) end() { g.started.Store(0) }

func (g *guard) close() {
	guardsMu.Lock()
	delete(guards, g)
	guardsMu.Unlock()
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
		g.halted.Store(true)
	}
}

func watch() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(20 * time.Millisecond)
	for range tick.C {
		now := time.Now().UnixNano()
		coarseNow.Store(now)
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
