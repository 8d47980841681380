package interp

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/luahost"
	lua "github.com/yuin/gopher-lua"
)

// removedGlobals are base-library functions a sandboxed script must not
// reach: they load code from strings or files, or reach the environment.
var removedGlobals = []string{
	"dofile", "loadfile", "load", "loadstring", "module", "require",
	"getfenv", "setfenv", "collectgarbage", "newproxy", "_printregs", "print",
}

// newState returns a sandboxed Lua state: base, table, string and math
// only; require limited to the script's folder and the stdlib; print
// writing to out; math.random drawing from rng (nil: a fixed stream).
func (e *Engine) newState(rng *RNG, out io.Writer) *lua.LState {
	L := lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    e.Limits.MaxCallDepth,
		RegistrySize:     1024,
		RegistryGrowStep: 1024,
		RegistryMaxSize:  1024 * 1024,
	})
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
	} {
		L.Push(L.NewFunction(lib.open))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	for _, name := range removedGlobals {
		L.SetGlobal(name, lua.LNil)
	}
	if rng == nil {
		rng = NewRNG(0)
	}
	str := L.GetGlobal("string").(*lua.LTable)
	str.RawSetString("dump", lua.LNil)
	maxBytes := e.Limits.MaxStringBytes
	str.RawSetString("rep", L.NewFunction(func(L *lua.LState) int {
		s := L.CheckString(1)
		n := L.CheckInt(2)
		if n > 0 && len(s)*n > maxBytes {
			L.RaiseError("string.rep: result of %d bytes is over the limit of %d", len(s)*n, maxBytes)
		}
		if n <= 0 {
			L.Push(lua.LString(""))
		} else {
			L.Push(lua.LString(strings.Repeat(s, n)))
		}
		return 1
	}))
	math := L.GetGlobal("math").(*lua.LTable)
	math.RawSetString("randomseed", lua.LNil)
	math.RawSetString("random", L.NewFunction(func(L *lua.LState) int {
		switch L.GetTop() {
		case 0:
			L.Push(lua.LNumber(float64(rng.Uint64()>>11) / (1 << 53)))
		case 1:
			n := L.CheckInt(1)
			if n < 1 {
				L.ArgError(1, "interval is empty")
			}
			L.Push(lua.LNumber(rng.Intn(n) + 1))
		default:
			lo, hi := L.CheckInt(1), L.CheckInt(2)
			if hi < lo {
				L.ArgError(2, "interval is empty")
			}
			L.Push(lua.LNumber(lo + rng.Intn(hi-lo+1)))
		}
		return 1
	}))
	if out == nil {
		out = io.Discard
	}
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		parts := make([]string, L.GetTop())
		for i := range parts {
			parts[i] = L.ToStringMeta(L.Get(i + 1)).String()
		}
		fmt.Fprintln(out, strings.Join(parts, "\t"))
		return 0
	}))
	loaded := L.NewTable()
	L.SetGlobal("require", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(1)
		if v := loaded.RawGetString(name); v != lua.LNil {
			L.Push(v)
			return 1
		}
		proto, _, err := e.module(name)
		if err != nil {
			L.RaiseError("%s", err.Error())
		}
		loaded.RawSetString(name, lua.LTrue) // guards against require cycles
		L.Push(luahost.Load(L, proto))
		L.Call(0, 1)
		v := L.Get(-1)
		if v == lua.LNil {
			v = lua.LTrue
		}
		loaded.RawSetString(name, v)
		L.Push(v)
		return 1
	}))
	return L
}
