package luahost

import (
	lua "github.com/yuin/gopher-lua"
)

// What library functions charge to the meter. The rule is simple and the
// same everywhere, so that a script's cost is the same on every machine:
//
//   - a string built in Go costs its length in bytes (Meter.Charge) and
//     one instruction per bytesPerStep bytes (Meter.Work), and may not be
//     longer than Limits.MaxString (Meter.CheckString);
//   - a loop over elements in Go (table.concat, unpack, a sort's
//     comparisons, a shift in table.insert) costs one instruction per
//     element;
//   - a pattern match costs one instruction per step of the matcher.
//
// Lua code that a library function calls (a sort comparator, a gsub
// replacement function, a __tostring) is counted by the VM as usual.

// callCost is what a call of a Lua function from a library function in Go
// (a sort's comparator, a gsub replacement function) costs beyond the
// instructions the function runs: such a call takes the time of a dozen
// or more instructions.
const callCost = 16

// bytesPerStep is how many bytes copied in Go count as one instruction.
const bytesPerStep = 64

// hardMaxString bounds strings even in a state without a meter, so that a
// length never overflows.
const hardMaxString = 1<<31 - 1

// maxString is the longest string a library function may build in L.
func maxString(L *lua.LState) int64 {
	if m := MeterOf(L); m != nil && m.lim.MaxString > 0 {
		return m.lim.MaxString
	}
	return hardMaxString
}

// newString checks and charges a string of n bytes that the library
// function what is about to build.
func newString(L *lua.LState, what string, n int64) {
	m := MeterOf(L)
	if n >= 0 {
		m.CheckString(L, what, n)
	}
	if n > hardMaxString || n < 0 {
		L.RaiseError("%s: a string of %d bytes is too long", what, n)
	}
	if m == nil {
		return
	}
	m.Charge(L, n)
	m.Work(L, n/bytesPerStep)
}

// tooLong raises the error for a string that grew past maxString.
func tooLong(L *lua.LState, what string, n int64) {
	MeterOf(L).CheckString(L, what, n)
	L.RaiseError("%s: a string of %d bytes is too long", what, n)
}

// work charges n instructions' worth of Go work.
func work(L *lua.LState, n int64) {
	if n > 0 {
		MeterOf(L).Work(L, n)
	}
}

// left is how many instructions the running step may still spend, for a
// loop in Go that bounds itself (0: no bound).
func (m *Meter) left() int64 {
	if m == nil {
		return 0
	}
	if m.Stopped() != "" {
		return 1 // the next charge raises
	}
	if n := m.stepLimit() - m.steps; n > 0 {
		return n
	}
	return 1
}
