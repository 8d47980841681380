package luahost

import (
	"maps"
	"slices"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// OpenLibs opens the libraries of a sandboxed script in L: base, table,
// string and math, with Lua 5.1's semantics and every function that can
// allocate much or run long metered (see cost.go).
//
// Left out of the base library are the functions that load code, reach
// files or the environment, or expose the collector: dofile, loadfile,
// load, loadstring, module, require, getfenv, setfenv, collectgarbage,
// gcinfo, newproxy; and print. string.dump is left out too.
//
// The caller adds what depends on its host: print (see Print), require,
// and math.random. math.random and math.randomseed are left out, so that
// no script draws from a generator the engine does not own.
//
// Every table is filled in sorted order: gopher-lua's pairs follows the
// order of insertion, which must not change from run to run.
func OpenLibs(L *lua.LState) {
	g := L.Get(lua.GlobalsIndex).(*lua.LTable)
	globals := map[string]lua.LValue{
		"_G":              g,
		"_VERSION":        lua.LString("Lua 5.1"),
		lua.TabLibName:    openTable(L),
		lua.StringLibName: openString(L),
		lua.MathLibName:   openMath(L),
		"xpcall":          L.NewFunction(gopherBase()["xpcall"]),
		"next":            L.NewFunction(baseNext),
		"ipairs":          L.NewFunction(baseIpairs(L.NewFunction(ipairsAux))),
	}
	globals["pairs"] = L.NewFunction(basePairs(globals["next"]))
	for name, fn := range baseFuncs {
		globals[name] = L.NewFunction(fn)
	}
	for name, kinds := range checkedBase {
		globals[name] = L.NewFunction(checked(gopherBase()[name], kinds))
	}
	setSorted(g, globals)
}

// setSorted sets the fields of t in the order of their names.
func setSorted(t *lua.LTable, fields map[string]lua.LValue) {
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		t.RawSetString(name, fields[name])
	}
}

// newLib makes a library table of funcs.
func newLib(L *lua.LState, funcs map[string]lua.LGFunction, more map[string]lua.LValue) *lua.LTable {
	fields := map[string]lua.LValue{}
	for name, fn := range funcs {
		fields[name] = L.NewFunction(fn)
	}
	maps.Copy(fields, more)
	t := L.NewTable()
	setSorted(t, fields)
	return t
}

// gopherBase are the base functions we keep from gopher-lua (their Go
// functions, taken once from a scratch state).
var gopherBase = sync.OnceValue(func() map[string]lua.LGFunction {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	L.Push(L.NewFunction(lua.OpenBase))
	L.Push(lua.LString(lua.BaseLibName))
	L.Call(1, 0)
	funcs := map[string]lua.LGFunction{}
	for _, name := range []string{"xpcall", "getmetatable", "pcall", "rawequal", "rawget", "rawset", "setmetatable", "type"} {
		funcs[name] = L.GetGlobal(name).(*lua.LFunction).GFunction
	}
	return funcs
})
