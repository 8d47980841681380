package luahost

import (
	"maps"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// Lua 5.1's math library, without random and randomseed (the host
// supplies math.random from the engine's generator). Unlike gopher-lua's:
// arguments may be numeric strings, as in the reference; errors read as
// the reference's; math.huge is infinity; deg and rad round as the
// reference does; modf of an infinity gives a zero fraction. The
// transcendental functions are Go's, which may differ from glibc's in the
// last bit.

const radiansPerDegree = math.Pi / 180

var mathUnary = map[string]func(float64) float64{
	"abs":   math.Abs,
	"acos":  math.Acos,
	"asin":  math.Asin,
	"atan":  math.Atan,
	"ceil":  math.Ceil,
	"cos":   math.Cos,
	"cosh":  math.Cosh,
	"deg":   func(x float64) float64 { return x / radiansPerDegree },
	"exp":   math.Exp,
	"floor": math.Floor,
	"log":   math.Log,
	"log10": math.Log10,
	"rad":   func(x float64) float64 { return x * radiansPerDegree },
	"sin":   math.Sin,
	"sinh":  math.Sinh,
	"sqrt":  math.Sqrt,
	"tan":   math.Tan,
	"tanh":  math.Tanh,
}

var mathFuncs = map[string]lua.LGFunction{
	"atan2": func(L *lua.LState) int { return pushNumber(L, math.Atan2(checkNumber(L, 1), checkNumber(L, 2))) },
	"fmod":  mathFmod,
	"pow":   func(L *lua.LState) int { return pushNumber(L, math.Pow(checkNumber(L, 1), checkNumber(L, 2))) },
	"ldexp": func(L *lua.LState) int { return pushNumber(L, math.Ldexp(checkNumber(L, 1), checkInt(L, 2))) },
	"frexp": mathFrexp,
	"modf":  mathModf,
	"max":   func(L *lua.LState) int { return mathPick(L, func(a, b float64) bool { return a > b }) },
	"min":   func(L *lua.LState) int { return mathPick(L, func(a, b float64) bool { return a < b }) },
}

// mathLib is mathFuncs and the mathUnary functions, in order.
var mathLib = func() library {
	funcs := maps.Clone(mathFuncs)
	for name, f := range mathUnary {
		funcs[name] = unary(f)
	}
	return sortedLibrary(funcs)
}()

func openMath(L *lua.LState) *lua.LTable {
	t := mathLib.open(L)
	t.RawSetString("huge", lua.LNumber(math.Inf(1)))
	t.RawSetString("mod", t.RawGetString("fmod")) // 5.1's old name, still there
	t.RawSetString("pi", lua.LNumber(math.Pi))
	return t
}

// unary makes a Lua function of f. It is a method value, not a closure
// (see Print).
func unary(f func(float64) float64) lua.LGFunction { return unaryFunc(f).call }

// unaryFunc is a math function of one number.
type unaryFunc func(float64) float64

func (f unaryFunc) call(L *lua.LState) int { return pushNumber(L, f(checkNumber(L, 1))) }

func pushNumber(L *lua.LState, f float64) int {
	L.Push(lua.LNumber(f))
	return 1
}

func mathFmod(L *lua.LState) int {
	return pushNumber(L, math.Mod(checkNumber(L, 1), checkNumber(L, 2)))
}

func mathFrexp(L *lua.LState) int {
	m, e := math.Frexp(checkNumber(L, 1))
	L.Push(lua.LNumber(m))
	L.Push(lua.LNumber(e))
	return 2
}

func mathModf(L *lua.LState) int {
	x := checkNumber(L, 1)
	ip, fp := math.Modf(x)
	if math.IsInf(x, 0) {
		fp = math.Copysign(0, x) // C's modf; Go says NaN
	}
	L.Push(lua.LNumber(ip))
	L.Push(lua.LNumber(fp))
	return 2
}

// mathPick is math.max and math.min: the first argument that no later one
// beats.
func mathPick(L *lua.LState, beats func(a, b float64) bool) int {
	best := checkNumber(L, 1)
	for i := 2; i <= L.GetTop(); i++ {
		if d := checkNumber(L, i); beats(d, best) {
			best = d
		}
	}
	return pushNumber(L, best)
}
