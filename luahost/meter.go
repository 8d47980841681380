package luahost

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// Limits bound what one Lua state may do. Zero means no limit.
type Limits struct {
	// StepInstructions bounds the Lua instructions of one step (from
	// Begin to End): an endless loop ends after the same amount of work on
	// every machine, however busy. Library functions that loop in Go
	// charge their work here too (see Meter.Work).
	StepInstructions int64
	// StepAlloc bounds the bytes that library functions, string
	// concatenation and the engine's own objects allocate in one step
	// (see Meter.Charge).
	StepAlloc int64
	// TotalInstructions bounds the instructions of all the steps of a
	// state together (see Meter.Whole): for a match, its whole game. A
	// script that spends most of its step budget at every step is
	// stopped once it has spent this, however many steps it is given.
	TotalInstructions int64
	// DrawInstructions bounds, for the host's own use, the instructions
	// of work the host runs beside a state's steps and shares out among
	// meters of their own (interp: drawing a match's notes and sidebars
	// for views, in all).
	DrawInstructions int64
	// StepLog and TotalLog bound the bytes of log text a state's host
	// writes for it in one step and in all (see Meter.Log): a loop that
	// logs until a budget stops it leaves a bounded log behind.
	StepLog, TotalLog int64
	// Memory bounds the data a state keeps between and within steps, as
	// measured by the state's Measure function.
	Memory int64
	// MaxString is the longest string a library function may build.
	MaxString int64
	// MaxCallDepth bounds nested calls.
	MaxCallDepth int
	// MaxSource bounds the bytes of one chunk's source.
	MaxSource int
	// Timeout is the wall-clock last resort for one step.
	Timeout time.Duration
}

// DefaultLimits are the limits a script runs under unless told otherwise.
var DefaultLimits = Limits{
	StepInstructions:  10_000_000,
	TotalInstructions: 200_000_000,
	DrawInstructions:  50_000_000,
	StepAlloc:         256 << 20,
	StepLog:           1 << 20,
	TotalLog:          8 << 20,
	Memory:            16 << 20,
	MaxString:         1 << 20,
	MaxCallDepth:      200,
	MaxSource:         1 << 20,
	Timeout:           30 * time.Second,
}

// Meter keeps one Lua state's budgets. It is the context.Context given to
// the state (and to its coroutines) with SetContext: gopher-lua calls Done
// before every instruction, which is where instructions are counted.
// Library functions reach it through the state (MeterOf) and charge the
// work and bytes they spend.
//
// A Meter is used by one goroutine at a time, except for the watchdog,
// which may stop it from outside.
type Meter struct {
	// Host is what the host keeps with the state: its Go functions find
	// it here rather than capturing it, so that a copy of the state (see
	// Fork) reaches its own host. interp keeps its match here.
	Host any
	// Whole says what TotalInstructions and TotalLog bound, for the
	// messages of a state stopped by them ("the script ran 200 million
	// instructions " + Whole): "in this game, the budget of a whole
	// game" ("in all" when empty).
	Whole string

	lim Limits

	steps  int64 // instructions (and charged work) in this step
	work   int64 // the charged work among steps: it allocates nothing itself
	bytes  int64 // bytes charged in this step
	total  int64 // instructions (and charged work) of the steps ended
	inStep bool  // between Begin and End
	// the log text written in this step and in all (Log)
	logStep, logTotal int64
	// next is the instruction count at which Done looks closer: the step
	// budget, or 0 once the meter is stopped.
	next atomic.Int64

	started atomic.Int64 // coarse unix nanos the running step began; 0 idle
	reason  atomic.Value // string: why the meter stopped
	early   atomic.Bool  // the watchdog asks for a memory measure now

	// The memory measure (see SetMeasure). What a state keeps can only
	// grow through what it does, so that bounds the growth since the last
	// measure: each instruction of the VM counts as bytesPerInstruction,
	// each charged byte as itself (work charged by library loops, which
	// allocate nothing uncharged, counts for nothing). When that potential reaches threshold the
	// state is measured again. All of it is counted, so a state is
	// measured at the same instructions every time it runs.
	measure   func(limit int64) int64
	carried   int64 // potential before this step, since the last measure
	threshold int64 // potential at which to measure next
	kept      int64 // what the last measure found
}

// Pacing of the memory measure. No instruction of gopher-lua's makes much
// more than bytesPerInstruction of new data on average (a table with a
// string key costs about a kilobyte and several instructions); a state is
// measured again after measureInterval of such potential growth, or after
// twice what it kept at the last measure, whichever is more, so the cost
// of measuring stays a small share of the work however much is kept (and
// what a state keeps can pass the limit by at most about twice as much
// before it is stopped).
const (
	bytesPerInstruction = 64
	measureInterval     = 16 << 20
)

// NewMeter returns a meter with limits l, registered with the watchdog.
func NewMeter(l Limits) *Meter {
	m := &Meter{lim: l}
	m.next.Store(m.nextCheck())
	metersMu.Lock()
	meters[m] = struct{}{}
	metersMu.Unlock()
	watchdog.Do(func() {
		// the clock as of now: since init nobody kept it, and a first step
		// begun with the time of init would be stopped at the first tick
		coarseNow.Store(time.Now().UnixNano())
		go watch()
	})
	return m
}

// Limits returns the meter's limits.
func (m *Meter) Limits() Limits { return m.lim }

// stepLimit is the most instructions the running step may spend: its own
// budget, or what is left of the total.
func (m *Meter) stepLimit() int64 {
	limit := int64(1<<63 - 1)
	if m.lim.StepInstructions > 0 {
		limit = m.lim.StepInstructions
	}
	if t := m.lim.TotalInstructions; t > 0 {
		limit = min(limit, max(t-m.total, 0))
	}
	return limit
}

// whole is Whole, or "in all".
func (m *Meter) whole() string {
	if m.Whole == "" {
		return "in all"
	}
	return m.Whole
}

// MeterOf returns the meter of L, or nil if L runs unmetered.
func MeterOf(L *lua.LState) *Meter {
	m, _ := L.Context().(*Meter)
	return m
}

// SetMeasure gives the meter the function that measures what its state
// keeps (usually a call of Measure with the state's roots, plus what the
// host keeps on the script's behalf). It is called at counted points, and
// when it reports more than Limits.Memory the state is stopped. The limit
// passed lets it stop counting early.
func (m *Meter) SetMeasure(measure func(limit int64) int64) {
	m.measure = measure
	m.threshold = measureInterval
	m.setNext(m.nextCheck())
}

// Kept returns what the last memory measure found.
func (m *Meter) Kept() int64 { return m.kept }

// Begin starts a step: the per-step counts start again from zero.
func (m *Meter) Begin() {
	m.steps, m.work, m.bytes, m.logStep = 0, 0, 0, 0
	m.inStep = true
	m.setNext(m.nextCheck())
	m.started.Store(coarseNow.Load())
}

// End ends a step.
func (m *Meter) End() {
	m.total += m.steps
	m.inStep = false
	m.carried += (m.steps-m.work)*bytesPerInstruction + m.bytes
	m.started.Store(0)
}

// Close unregisters the meter from the watchdog.
func (m *Meter) Close() {
	metersMu.Lock()
	delete(meters, m)
	metersMu.Unlock()
}

// Carry makes the meter go on counting where another state left off: its
// total starts at n instructions (a match's drawings, each with a meter
// of its own, share one budget).
func (m *Meter) Carry(n int64) {
	m.total = n
	m.setNext(m.nextCheck())
}

// Total returns the instructions (and charged work) of every step so far.
func (m *Meter) Total() int64 {
	if m.inStep {
		return m.total + m.steps
	}
	return m.total
}

// Steps returns the instructions (and charged work) of the running or last step.
func (m *Meter) Steps() int64 { return m.steps }

// Stopped says why the meter stopped its state, or "".
func (m *Meter) Stopped() string {
	s, _ := m.reason.Load().(string)
	return s
}

// Stop stops the state for the given reason: the next instruction raises
// an error carrying it, and so does every one after (a pcall cannot catch
// its way past a stop).
func (m *Meter) Stop(why string) {
	if m.reason.CompareAndSwap(nil, why) {
		m.next.Store(0)
	}
}

// setNext moves the point where Done looks closer, unless the meter has
// been stopped meanwhile (by the watchdog, from another goroutine).
func (m *Meter) setNext(n int64) {
	for {
		old := m.next.Load()
		if old == 0 && m.Stopped() != "" {
			return
		}
		if m.next.CompareAndSwap(old, n) {
			return
		}
	}
}

// nextCheck is the step count at which Done must look closer: the step
// budget, or the point where the memory measure is due.
func (m *Meter) nextCheck() int64 {
	limit := m.stepLimit()
	if m.measure == nil {
		return limit
	}
	due := m.threshold - m.carried - m.bytes // potential still to go, in bytes
	at := m.steps + 1
	if due > 0 {
		at = max(at, m.work+(due+bytesPerInstruction-1)/bytesPerInstruction)
	}
	return min(limit, at)
}

// potential is the growth the work since the last measure could have made.
func (m *Meter) potential() int64 {
	return m.carried + (m.steps-m.work)*bytesPerInstruction + m.bytes
}

// slow is Done's path once steps reach next: a budget spent, a stop, or a
// memory measure due. It reports whether the state must stop.
func (m *Meter) slow() bool {
	switch {
	case m.Stopped() != "":
	case m.steps >= m.stepLimit():
		m.over()
	case m.measure != nil && m.potential() >= m.threshold:
		m.measureNow()
	case m.measure != nil && m.early.Swap(false):
		m.measureNow()
		if s := m.Stopped(); s != "" {
			m.reason.Store(s + " (found early: the process was short of memory)")
		}
	default:
		m.setNext(m.nextCheck())
	}
	return m.Stopped() != ""
}

// measureNow measures what the state keeps and stops it if that is over
// the limit; otherwise the next measure is paced from here.
func (m *Meter) measureNow() {
	kept := m.measure(m.lim.Memory)
	if m.lim.Memory > 0 && kept > m.lim.Memory {
		m.Stop(fmt.Sprintf("the script keeps more than %s of data (tables and strings that are still in use)", ByteSize(m.lim.Memory)))
		return
	}
	m.kept = kept
	m.carried = -((m.steps-m.work)*bytesPerInstruction + m.bytes)
	m.threshold = max(measureInterval, kept)
	m.setNext(m.nextCheck())
}

// Work charges n instructions' worth of work done in Go (a pattern match,
// a sort, a copy) to the step, raising an error in L when the budget is
// spent. A nil meter charges nothing.
func (m *Meter) Work(L *lua.LState, n int64) {
	if m != nil && m.addWork(n) {
		L.RaiseError("%s", m.Stopped())
	}
}

// addWork is Work without the error: it reports whether the state must
// stop.
func (m *Meter) addWork(n int64) bool {
	m.steps += n
	m.work += n
	return m.steps >= m.next.Load() && m.slow()
}

// Add charges n instructions' worth of work and bytes allocated, as Work
// and Charge do, for work the host does for a state outside any Lua call
// (a bot's view of the game, made before the bot runs): it raises no
// error, but when a budget is spent the state is stopped (Stopped says
// why), and its next instruction raises the error.
func (m *Meter) Add(n, bytes int64) {
	if m != nil && !m.addWork(n) {
		m.addBytes(bytes)
	}
}

// Charge charges n bytes allocated on the script's behalf, raising an
// error in L when the step's allocation budget is spent or what the state
// keeps is over its limit. A nil meter charges nothing.
func (m *Meter) Charge(L *lua.LState, n int64) {
	if m != nil && m.addBytes(n) {
		L.RaiseError("%s", m.Stopped())
	}
}

// addBytes is Charge without the error: it reports whether the state
// must stop.
func (m *Meter) addBytes(n int64) bool {
	m.bytes += n
	switch {
	case m.Stopped() != "":
	case m.lim.StepAlloc > 0 && m.bytes > m.lim.StepAlloc:
		m.Stop(fmt.Sprintf("the script allocated more than %s in one step", ByteSize(m.lim.StepAlloc)))
	case m.measure != nil && m.potential() >= m.threshold:
		m.measureNow()
	default:
		// The bytes can only bring the next check closer; where it is
		// closer already (work charged since it was set), Done's slow
		// path finds nothing to do and sets it again, as here.
		if at := m.nextCheck(); at < m.next.Load() {
			m.setNext(at)
		}
	}
	return m.Stopped() != ""
}

// CheckString raises an error in L if a string of n bytes would be longer
// than the limit; what names the function building it.
func (m *Meter) CheckString(L *lua.LState, what string, n int64) {
	if m == nil || m.lim.MaxString <= 0 || n <= m.lim.MaxString {
		return
	}
	L.RaiseError("%s: a string of %s is over the limit of %s", what, ByteSize(n), ByteSize(m.lim.MaxString))
}

// Log charges n bytes of text that the host writes to a log on the
// script's behalf (a game's log lines) before it writes them, raising an
// error in L, and stopping the state, when the step or the whole would
// write more than its limit. A nil meter charges nothing.
func (m *Meter) Log(L *lua.LState, n int64) {
	if m == nil {
		return
	}
	m.logStep += n
	m.logTotal += n
	switch {
	case m.Stopped() != "":
	case m.lim.StepLog > 0 && m.logStep > m.lim.StepLog:
		m.Stop(fmt.Sprintf("the script wrote more than %s to the log in one step", ByteSize(m.lim.StepLog)))
	case m.lim.TotalLog > 0 && m.logTotal > m.lim.TotalLog:
		m.Stop(fmt.Sprintf("the script wrote more than %s to the log %s", ByteSize(m.lim.TotalLog), m.whole()))
	}
	if m.Stopped() != "" {
		L.RaiseError("%s", m.Stopped())
	}
}

// over works out which budget was passed when steps reached next.
func (m *Meter) over() {
	if m.Stopped() != "" {
		return
	}
	if t := m.lim.TotalInstructions; t > 0 && m.total+m.steps >= t && (m.lim.StepInstructions <= 0 || m.steps < m.lim.StepInstructions) {
		m.Stop(fmt.Sprintf("the script ran %s instructions %s", count(t), m.whole()))
		return
	}
	m.Stop(fmt.Sprintf("the script ran %s instructions without asking for a decision (an endless loop?)", count(m.lim.StepInstructions)))
}

var closedDone = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Deadline implements context.Context.
func (m *Meter) Deadline() (time.Time, bool) { return time.Time{}, false }

// Done implements context.Context. gopher-lua calls it before every
// instruction: one increment and one compare on the fast path.
func (m *Meter) Done() <-chan struct{} {
	m.steps++
	if m.steps < m.next.Load() || !m.slow() {
		return nil
	}
	return closedDone
}

// Tick counts n instructions of a state that runs without gopher-lua's
// check before every instruction (interp's counted loop, which reports the
// instructions of each loop's body as it goes round, and of each function
// as it returns), and raises an error in L once a budget is spent or the
// state was stopped, as Done stops the instruction after.
func (m *Meter) Tick(L *lua.LState, n int64) {
	m.steps += n
	if m.steps >= m.next.Load() && m.slow() {
		L.RaiseError("%s", m.Stopped())
	}
}

// Err implements context.Context: the reason the state was stopped.
func (m *Meter) Err() error {
	if s := m.Stopped(); s != "" {
		return errors.New(s)
	}
	return nil
}

// Value implements context.Context.
func (m *Meter) Value(any) any { return nil }

var _ context.Context = (*Meter)(nil)

// The watchdog: one goroutine for the process stops a step that has run
// longer than its wall-clock Timeout. It is a last resort behind the
// counted budgets, and names itself when it fires.
var (
	metersMu sync.Mutex
	meters   = map[*Meter]struct{}{}
	watchdog sync.Once
	// coarseNow is the time in unix nanoseconds, kept by the watchdog to
	// within a tick: cheaper than reading the clock at every step.
	coarseNow atomic.Int64
)

func init() { coarseNow.Store(time.Now().UnixNano()) }

// It also watches the Go heap. No script is ever judged by it: when the
// heap passes LastResortHeap, every running state is asked to measure what
// it keeps at its next instruction instead of at its counted point, so a
// state whose data outgrew its budget faster than its work shows (a
// table's array part filled far past its end in one instruction) is
// stopped before the process runs out of memory. Only such a state can be
// stopped earlier than it would have been; its message says so.
func watch() {
	tick := time.NewTicker(20 * time.Millisecond)
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for range tick.C {
		now := time.Now().UnixNano()
		coarseNow.Store(now)
		metrics.Read(sample)
		short := sample[0].Value.Kind() == metrics.KindUint64 && int64(sample[0].Value.Uint64()) > LastResortHeap.Load()
		metersMu.Lock()
		for m := range meters {
			start := m.started.Load()
			if start != 0 && m.lim.Timeout > 0 && time.Duration(now-start) > m.lim.Timeout {
				m.Stop("the wall-clock watchdog stopped the script after " + m.lim.Timeout.String() + " in one step (a last resort: the counted budgets did not stop it)")
			}
			if short && start != 0 && m.early.CompareAndSwap(false, true) {
				m.setNext(1)
			}
		}
		metersMu.Unlock()
	}
}

// LastResortHeap is the Go heap size above which running states are asked
// to measure what they keep at once (see watch).
var LastResortHeap atomic.Int64

func init() { LastResortHeap.Store(640 << 20) }

// ByteSize writes n bytes for people: "16 MiB".
func ByteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// count writes a large count for people: "20 million".
func count(n int64) string {
	if n >= 1_000_000 && n%1_000_000 == 0 {
		return fmt.Sprintf("%d million", n/1_000_000)
	}
	return fmt.Sprintf("%d", n)
}
