package interp

import (
	"math"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Arithmetic as Lua 5.1 does it.
//
// gopher-lua 1.1.2's arithmetic instructions differ from Lua 5.1's where a
// script can see it:
//
//   - a % b is fmod, adjusted to the divisor's sign, where 5.1 computes
//     a - floor(a/b)*b: 1 % 0.1 is 0.1 (5.1: 0), 5 % math.huge is 5
//     (5.1: nan);
//   - a string operand is read with Go's parser: "010" + 0 is 8 (5.1's
//     strtod reads 10), "0b11" and "1_000" are numbers, "0x1p4" is, but
//     " 1\v" is not; the numeric for loop does not read strings at all
//     (5.1: for i = "10", "1", "-2" counts down from 10);
//   - a result of -0 is stored as 0 (gopher-lua's allocator shares the
//     boxes of small whole numbers, and -0 == 0), so 0 * -1 prints 0
//     and 1 / (0 * -1) is inf (5.1: -0 and -inf).
//
// So the arithmetic instructions, the unary minus and the for loop's
// preparation are wrapped, once, at start-up (as the counted loop's are,
// where the layout is the one interp knows). Two numbers, nearly every
// case, are done here entirely, as 5.1 does them, and the result boxed as
// gopher-lua boxes it (its allocator's LNumber2I, linked by name), except
// -0, which that would store as 0. BenchmarkArith measures it against
// gopher-lua's own instructions: about a tenth more work for + - * / ^ on
// numbers, less than half for % and for strings. An operand that is not a number, nor a string 5.1 reads
// as one, goes to gopher-lua's instruction (metamethods, and its error),
// unless gopher-lua would read it as a number where 5.1 does not: that is
// an error here, in gopher-lua's words.

func init() { installArith() }

func installArith() {
	if layoutProblem() != "" {
		return
	}
	for _, op := range []int{lua.OP_ADD, lua.OP_SUB, lua.OP_MUL, lua.OP_DIV, lua.OP_MOD, lua.OP_POW} {
		vmOps[op] = arithOp(vmOps[op])
	}
	vmOps[lua.OP_UNM] = unmOp(vmOps[lua.OP_UNM])
	vmOps[lua.OP_FORPREP] = forPrepOp(vmOps[lua.OP_FORPREP])
}

// allocNumber is gopher-lua's allocator.LNumber2I (1.1.2, checked with the
// allocator's layout by layoutProblem): the shared box of a small whole
// number, or a box from the allocator's slab.
//
//go:linkname allocNumber github.com/yuin/gopher-lua.(*allocator).LNumber2I
func allocNumber(al *allocLayout, v lua.LNumber) lua.LValue

// arithOp wraps gopher-lua's instruction orig for a binary operator. It
// and the other wrappers are not inlined: the Go compiler (1.26) does not
// inline calls in a closure made by an inlined call (rk, opA), and these
// closures run for every operator of every script.
//
//go:noinline
func arithOp(orig vmOp) vmOp {
	return func(L *lua.LState, inst uint32, bf *frameLayout) int {
		sl := (*stateLayout)(unsafe.Pointer(L))
		cf, reg := sl.currentFrame, sl.reg.array
		x, y := rk(cf, reg, opB(inst)), rk(cf, reg, opC(inst))
		if a, ok := x.(lua.LNumber); ok {
			if b, ok := y.(lua.LNumber); ok {
				if i := cf.LocalBase + opA(inst); i < len(reg) {
					setRegister(sl, i, arithValue(sl, int(inst>>26), float64(a), float64(b)))
					return 0
				}
			}
		}
		return stringArith(L, orig, inst, bf, x, y)
	}
}

// arithValue is a op b as Lua 5.1 computes it (lvm.c, Arith;
// luai_nummod), boxed as gopher-lua boxes it (number).
func arithValue(sl *stateLayout, op int, a, b float64) lua.LValue {
	var r float64
	switch op {
	case lua.OP_ADD:
		r = a + b
	case lua.OP_SUB:
		r = a - b
	case lua.OP_MUL:
		r = a * b
	case lua.OP_DIV:
		r = a / b
	case lua.OP_MOD:
		r = luahost.Mod(a, b)
	default:
		r = math.Pow(a, b)
	}
	return number(sl, r)
}

// number boxes f as gopher-lua does, but keeps the sign of -0: small
// whole numbers share a box (keyed.go's, as gopher-lua shares its own),
// the rest come from the state's allocator.
func number(sl *stateLayout, f float64) lua.LValue {
	if i := int64(f); float64(i) == f && uint64(i) < uint64(len(smallNumbers)) && (i != 0 || !math.Signbit(f)) {
		return smallNumbers[i]
	}
	if f == 0 { // -0, which the allocator would store as 0
		return lua.LNumber(f)
	}
	return allocNumber(sl.reg.alloc, lua.LNumber(f))
}

// arithEvents are the metamethods of the binary operators.
var arithEvents = map[int]string{
	lua.OP_ADD: "__add", lua.OP_SUB: "__sub", lua.OP_MUL: "__mul",
	lua.OP_DIV: "__div", lua.OP_MOD: "__mod", lua.OP_POW: "__pow",
}

// stringArith is a binary operator with an operand that is not a number:
// strings 5.1 reads as numbers are converted as it converts them (Lua 5.1,
// lvm.c, Arith: before any metamethod).
func stringArith(L *lua.LState, orig vmOp, inst uint32, bf *frameLayout, x, y lua.LValue) int {
	op := int(inst >> 26)
	a, okA := luahost.ToNumber(x)
	b, okB := luahost.ToNumber(y)
	if okA && okB {
		sl := (*stateLayout)(unsafe.Pointer(L))
		if i := sl.currentFrame.LocalBase + opA(inst); i < len(sl.reg.array) {
			setRegister(sl, i, arithValue(sl, op, a, b))
			return 0
		}
		return orig(L, inst, bf)
	}
	event := arithEvents[op]
	if !isNumberOrString(x) || !isNumberOrString(y) || hasMeta(L, x, event) || hasMeta(L, y, event) {
		return orig(L, inst, bf)
	}
	// Two strings or numbers, one of them a string 5.1 cannot read, and
	// no metamethod: gopher-lua might read it (its parser takes "0b11"),
	// so the error is raised here, worded as gopher-lua words it.
	L.RaiseError("cannot perform %s operation between %s and %s", strings.TrimLeft(event, "_"), x.Type(), y.Type())
	return 0
}

func isNumberOrString(v lua.LValue) bool {
	t := v.Type()
	return t == lua.LTNumber || t == lua.LTString
}

func hasMeta(L *lua.LState, v lua.LValue, event string) bool {
	return L.GetMetaField(v, event) != lua.LNil
}

// unmOp wraps the unary minus: a string operand is read as 5.1 reads it.
//
//go:noinline
func unmOp(orig vmOp) vmOp {
	return func(L *lua.LState, inst uint32, bf *frameLayout) int {
		sl := (*stateLayout)(unsafe.Pointer(L))
		cf := sl.currentFrame
		x, ok := rk(cf, sl.reg.array, opB(inst)).(lua.LString)
		if !ok {
			return orig(L, inst, bf)
		}
		f, ok := luahost.ToNumber(x) // before any metamethod, as in 5.1
		i := cf.LocalBase + opA(inst)
		if !ok || i >= len(sl.reg.array) {
			if !ok && !hasMeta(L, x, "__unm") {
				L.RaiseError("__unm undefined") // gopher-lua's words
			}
			return orig(L, inst, bf)
		}
		setRegister(sl, i, number(sl, -f))
		return 0
	}
}

// forPrepOp wraps the preparation of a numeric for loop: its initial
// value, limit and step, when strings 5.1 reads as numbers, are converted
// in their registers, as 5.1 converts them (lvm.c, OP_FORPREP), before
// gopher-lua's instruction checks them.
//
//go:noinline
func forPrepOp(orig vmOp) vmOp {
	return func(L *lua.LState, inst uint32, bf *frameLayout) int {
		sl := (*stateLayout)(unsafe.Pointer(L))
		ra := sl.currentFrame.LocalBase + opA(inst)
		for i := ra; i < ra+3 && i < len(sl.reg.array); i++ {
			if s, ok := sl.reg.array[i].(lua.LString); ok {
				if f, ok := luahost.ToNumber(s); ok {
					sl.reg.array[i] = lua.LNumber(f)
				}
			}
		}
		return orig(L, inst, bf)
	}
}

// setRegister stores v in register i of L's stack, as gopher-lua's
// instructions do. A function's registers are all in the stack from its
// call on (gopher-lua sizes the stack for them); the callers check i is
// within it all the same, and leave the rare other case to gopher-lua.
func setRegister(sl *stateLayout, i int, v lua.LValue) {
	sl.reg.array[i] = v
	if i >= sl.reg.top {
		sl.reg.top = i + 1
	}
}
