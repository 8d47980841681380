package interp

import (
	"io"

	"github.com/tabletop/tabletop/table"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Host is a Lua state for code that drives matches from outside, such as a
// scenario file: it has the sandbox a game script has (the same libraries,
// require from its folder, the libraries given and the stdlib) and runs
// every call through the same guarded door, under its own meter, so a
// runaway test stops with a message instead of hanging. The driver adds its
// own globals to L.
type Host struct {
	L      *lua.LState
	engine *Engine // carries the folder, the libraries and the module cache
	meter  *luahost.Meter
	keep   func() int64 // what the driver keeps for the script (KeepAlso)
}

// NewHost returns a host for the file at src.Path (which it does not
// read): require finds src.Modules (written in Go) first, then modules
// beside it, then in src.Libs, then in src.Stdlib. math.random draws from
// a fixed stream; print writes to out.
func NewHost(src Source, limits Limits, out io.Writer) *Host {
	src.Home, src.Name = nil, src.Path
	e := newEngine(src)
	e.Limits = limits
	h := &Host{engine: e}
	h.L = e.newState(&randSource{table.NewRNG(1)}, out)
	h.meter = h.newMeter()
	return h
}

// newMeter is a meter for the host's state, measuring it and what the
// driver keeps for it.
func (h *Host) newMeter() *luahost.Meter {
	g := luahost.NewMeter(h.engine.Limits)
	luahost.SetContext(h.L, g)
	g.SetMeasure(func(limit int64) int64 {
		var n int64
		if h.keep != nil {
			if n = h.keep(); limit > 0 && n > limit {
				return n
			}
		}
		return n + luahost.Measure(limit-n, h.L)
	})
	return g
}

// KeepAlso has the host's memory measure count what keep reports besides
// the host's Lua state: what the driver holds on the script's behalf (the
// matches a scenario has started, each as Match.Kept measures it). The
// driver charges what it makes to the running step (luahost.Meter.Charge)
// as it makes it, so that the measure is due in time.
func (h *Host) KeepAlso(keep func() int64) { h.keep = keep }

// Load compiles a chunk; name is the file name its errors show.
func (h *Host) Load(name string, src []byte) (*lua.LFunction, error) {
	proto, err := compile(src, name)
	if err != nil {
		return nil, err
	}
	return luahost.Load(h.L, proto), nil
}

// Call runs fn(args...) as one step through the guarded door. A failure is
// a *ScriptError that says which budget stopped it, if one did; the host
// stays usable (a stopped meter is replaced by a fresh one).
func (h *Host) Call(fn *lua.LFunction, args ...lua.LValue) error {
	err := guarded(h.meter, h.L, h.engine.Path, func() error {
		return h.L.CallByParam(lua.P{Fn: fn, NRet: 0, Protect: true}, args...)
	})
	if h.meter.Stopped() != "" {
		h.meter.Close()
		h.meter = h.newMeter()
	}
	return err
}

// Close releases the host's Lua state.
func (h *Host) Close() {
	h.meter.Close()
	h.L.Close()
}

// ToLua converts plain Go data — maps with string or int keys, slices,
// strings, numbers, booleans, as in LogLine.Data — to Lua values in L.
func ToLua(L *lua.LState, v any) lua.LValue { return toLua(L, v) }
