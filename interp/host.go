package interp

import (
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Host is a Lua state for code that drives matches from outside, such as a
// scenario file: it has the sandbox a game script has (the same libraries,
// require from its folder and the stdlib) and runs every call under the
// step limits, so a runaway test stops with a message instead of hanging.
// The driver adds its own globals to L.
type Host struct {
	L      *lua.LState
	engine *Engine // carries the folder, the stdlib and the module cache
	guard  *guard
}

// NewHost returns a host for the file at path (which it does not read):
// require finds modules beside it first, then in stdlib. math.random draws
// from a fixed stream; print writes to out.
func NewHost(path string, stdlib fs.FS, limits Limits, out io.Writer) *Host {
	e := &Engine{
		Path: path, Limits: limits, dir: filepath.Dir(path), stdlib: stdlib,
		protos: map[string]*lua.FunctionProto{}, sources: map[string]string{"": path},
	}
	h := &Host{engine: e, guard: newGuard(limits)}
	h.L = e.newState(NewRNG(1), out)
	h.L.SetContext(h.guard)
	return h
}

// Load compiles a chunk; name is the file name its errors show.
func (h *Host) Load(name string, src []byte) (*lua.LFunction, error) {
	proto, err := compile(src, name)
	if err != nil {
		return nil, err
	}
	return h.L.NewFunctionFromProto(proto), nil
}

// Call runs fn(args...) under the step limits. A failure is a *ScriptError
// whose message says when a limit stopped it; the host stays usable.
func (h *Host) Call(fn *lua.LFunction, args ...lua.LValue) error {
	h.guard.begin()
	err := h.L.CallByParam(lua.P{Fn: fn, NRet: 0, Protect: true}, args...)
	h.guard.end()
	if err == nil {
		return nil
	}
	se := scriptError(err).(*ScriptError)
	if why := h.guard.stopped(); why != "" {
		if !strings.Contains(se.Msg, why) {
			se.Msg += " (" + why + ")"
		}
		// A stopped guard stays stopped: the next call gets a fresh one.
		h.guard.close()
		h.guard = newGuard(h.engine.Limits)
		h.L.SetContext(h.guard)
	}
	return se
}

// Close releases the host's Lua state.
func (h *Host) Close() {
	h.guard.close()
	h.L.Close()
}

// Lua converts the view to the table a bot receives (see the Bots section
// of docs/scripting.md), built in L.
func (v *View) Lua(L *lua.LState) *lua.LTable { return v.luaView(L, newLuaCache()) }

// ToLua converts plain Go data — maps with string or int keys, slices,
// strings, numbers, booleans, as in LogLine.Data — to Lua values in L.
func ToLua(L *lua.LState, v any) lua.LValue { return toLua(L, v) }
