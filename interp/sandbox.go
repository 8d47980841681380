package interp

import (
	"io"

	"github.com/tabletop/tabletop/table"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// randSource is where a state's math.random draws from: the match's
// generator, which a match swaps for a scratch one while a view is drawn
// (draw.go), so that a note cannot move the game's stream.
type randSource struct{ rng *RNG }

// newState returns a sandboxed Lua state: base, table, string and math
// (luahost.OpenLibs); require limited to the modules written in Go its
// builder gave (Source.Modules), the script's folder, the libraries and
// the stdlib; print writing
// to out; math.random drawing from src (nil: a fixed stream).
func (e *Engine) newState(src *randSource, out io.Writer) *lua.LState {
	L := lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    e.Limits.MaxCallDepth,
		RegistrySize:     1024,
		RegistryGrowStep: 1024,
		RegistryMaxSize:  1024 * 1024,
	})
	luahost.OpenLibs(L)
	if src == nil {
		src = &randSource{table.NewRNG(0)}
	}
	// The Go functions keep what is theirs in upvalues, not in Go closures,
	// so that a fork of the state (fork.go) copies it.
	math := L.GetGlobal("math").(*lua.LTable)
	math.RawSetString("random", L.NewClosure(mathRandom, hostValue(L, src)))
	if out == nil {
		out = io.Discard
	}
	L.SetGlobal("print", L.NewFunction(luahost.Print(out)))
	L.SetGlobal("require", L.NewClosure(luaRequire, L.NewTable(), hostValue(L, e)))
	return L
}

// hostValue wraps a Go value for an upvalue of a Go function.
func hostValue(L *lua.LState, v any) *lua.LUserData {
	ud := L.NewUserData()
	ud.Value = v
	return ud
}

// boxNumber is n as a Lua value, boxed once for small whole numbers
// (luahost.Int).
func boxNumber(n int) lua.LValue { return luahost.Int(n) }

// isObject says whether v is a table, function, userdata, thread or
// channel: a value held by reference, which a fork copies rather than
// shares and an error message names by its kind.
func isObject(v lua.LValue) bool {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState, lua.LChannel:
		return true
	}
	return false
}

// upvalueOf returns the Go value in upvalue i of the running Go function.
func upvalueOf[T any](L *lua.LState, i int) T {
	return L.Get(lua.UpvalueIndex(i)).(*lua.LUserData).Value.(T)
}

// mathRandom is math.random: it draws from the randSource in its upvalue.
func mathRandom(L *lua.LState) int {
	rng := upvalueOf[*randSource](L, 1).rng
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
}

// luaRequire is require: its upvalues are the modules loaded so far and
// the engine.
func luaRequire(L *lua.LState) int {
	loaded := L.Get(lua.UpvalueIndex(1)).(*lua.LTable)
	e := upvalueOf[*Engine](L, 2)
	name := L.CheckString(1)
	if v := loaded.RawGetString(name); v != lua.LNil {
		L.Push(v)
		return 1
	}
	if mod, ok := e.goModule(name); ok {
		v := mod.Open(L)
		loaded.RawSetString(name, v)
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
}

// goModule returns the module written in Go named name that the engine's
// builder gave (Source.Modules): the first of that name.
func (e *Engine) goModule(name string) (luahost.Module, bool) {
	for _, m := range e.modules {
		if m.Name == name && m.Open != nil {
			return m, true
		}
	}
	return luahost.Module{}, false
}
