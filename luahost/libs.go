package luahost

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// removedGlobals are base functions a sandboxed script must not reach:
// they load code, reach files or the environment, expose the collector,
// or print to the process's standard output. gcinfo, which 5.1 also has,
// gopher-lua never had.
var removedGlobals = []string{
	"dofile", "loadfile", "load", "loadstring", "module", "require",
	"getfenv", "setfenv", "collectgarbage", "newproxy", "print", "_printregs",
	"_GOPHER_LUA_VERSION",
}

// OpenLibs opens the libraries of a sandboxed script in L: base, table,
// string and math, with Lua 5.1's semantics and every function that can
// allocate much or run long metered (see cost.go).
//
// The caller adds what depends on its host: print (see Print), require,
// and math.random. math.random and math.randomseed are removed, so that no
// script draws from a generator the engine does not own.
func OpenLibs(L *lua.LState) {
	L.Push(L.NewFunction(lua.OpenBase))
	L.Push(lua.LString(lua.BaseLibName))
	L.Call(1, 0)
	L.Push(L.NewFunction(lua.OpenMath))
	L.Push(lua.LString(lua.MathLibName))
	L.Call(1, 0)
	for _, name := range removedGlobals {
		L.SetGlobal(name, lua.LNil)
	}
	for name, fn := range baseFuncs {
		L.SetGlobal(name, L.NewFunction(fn))
	}
	for name, kinds := range checkedBase {
		orig := L.GetGlobal(name).(*lua.LFunction).GFunction
		L.SetGlobal(name, L.NewFunction(checked(orig, kinds)))
	}
	openIteration(L)
	L.SetGlobal(lua.TabLibName, openTable(L))
	L.SetGlobal(lua.StringLibName, openString(L))
	mathlib := L.GetGlobal(lua.MathLibName).(*lua.LTable)
	mathlib.RawSetString("huge", lua.LNumber(math.Inf(1))) // gopher-lua has the largest float
	mathlib.RawSetString("random", lua.LNil)
	mathlib.RawSetString("randomseed", lua.LNil)
}
