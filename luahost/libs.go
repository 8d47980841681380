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
// Every table is filled in the same order every time: gopher-lua's pairs
// follows the order of insertion, which must not change from run to run.
func OpenLibs(L *lua.LState) {
	setMaxArrayIndex.Do(func() { lua.MaxArrayIndex = maxArrayIndex }) // once: states are opened on many goroutines
	g := L.Get(lua.GlobalsIndex).(*lua.LTable)
	baseLib().set(L, g)
	next := g.RawGetString("next")
	g.RawSetString("ipairs", L.NewClosure(baseIpairs, L.NewFunction(ipairsAux)))
	g.RawSetString("pairs", L.NewClosure(basePairs, next))
	g.RawSetString("_G", g)
	g.RawSetString("_VERSION", lua.LString("Lua 5.1"))
	g.RawSetString(lua.MathLibName, openMath(L))
	g.RawSetString(lua.StringLibName, openString(L))
	g.RawSetString(lua.TabLibName, openTable(L))
}

// library is a library's functions in the order they are set.
type library []libFunc

type libFunc struct {
	name string
	fn   lua.LGFunction
}

// sortedLibrary orders funcs by name.
func sortedLibrary(funcs map[string]lua.LGFunction) library {
	lib := make(library, 0, len(funcs))
	for _, name := range slices.Sorted(maps.Keys(funcs)) {
		lib = append(lib, libFunc{name, funcs[name]})
	}
	return lib
}

// set sets the library's functions in t.
func (lib library) set(L *lua.LState, t *lua.LTable) {
	for _, f := range lib {
		t.RawSetString(f.name, L.NewFunction(f.fn))
	}
}

// open makes a table of the library's functions.
func (lib library) open(L *lua.LState) *lua.LTable {
	t := L.CreateTable(0, len(lib)+4)
	lib.set(L, t)
	return t
}

// baseLib is the base library's plain functions: ours, and those we keep
// from gopher-lua (taken once from a scratch state), behind the
// reference's argument checks where they lack them.
var baseLib = sync.OnceValue(func() library {
	funcs := maps.Clone(baseFuncs)
	funcs["next"] = baseNext
	for name, kinds := range checkedBase {
		funcs[name] = checked(gopherBase(name), kinds)
	}
	funcs["pcall"] = PCall
	funcs["xpcall"] = XPCall
	return sortedLibrary(funcs)
})

// gopherBase returns gopher-lua's base function name (taken once from a
// scratch state).
func gopherBase(name string) lua.LGFunction { return gopherBaseLib()[name] }

var gopherBaseLib = sync.OnceValue(func() map[string]lua.LGFunction {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	L.Push(L.NewFunction(lua.OpenBase))
	L.Push(lua.LString(lua.BaseLibName))
	L.Call(1, 0)
	funcs := map[string]lua.LGFunction{}
	L.G.Global.ForEach(func(k, v lua.LValue) {
		if f, ok := v.(*lua.LFunction); ok && f.IsG {
			funcs[k.String()] = f.GFunction
		}
	})
	return funcs
})

// maxArrayIndex bounds the integer keys gopher-lua keeps in a table's array
// part (lua.MaxArrayIndex, 64M by default). Setting a key past the end of
// the array fills the gap with nils, so with the default one instruction,
// t[60000000] = 1, would allocate a gigabyte. Keys from here on live in
// the hash part instead, which changes nothing a script can see: a table
// with a million elements in a row is over any state's memory budget long
// before the length operator could tell the difference.
const maxArrayIndex = 1 << 20

var setMaxArrayIndex sync.Once
