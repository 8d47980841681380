package luahost

import (
	"bytes"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// The library's share of the Lua 5.1 corpus (interp/testdata/lua51) runs
// with the rest of it in interp's TestLua51Corpus, through the state the
// engine gives scripts. These helpers serve the library's own tests.

func newTestState(t testing.TB, out *bytes.Buffer, l Limits) (*lua.LState, *Meter) {
	L := lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    l.MaxCallDepth,
		RegistrySize:     1024,
		RegistryGrowStep: 1024,
		RegistryMaxSize:  1024 * 1024,
	})
	OpenLibs(L)
	L.SetGlobal("print", L.NewFunction(Print(out)))
	m := NewMeter(l)
	L.SetContext(m)
	t.Cleanup(func() { m.Close(); L.Close() })
	return L, m
}

// runChunk runs source named name in L, one step of m.
func runChunk(L *lua.LState, m *Meter, name, source string) error {
	fn, err := L.Load(strings.NewReader(source), name)
	if err != nil {
		return err
	}
	m.Begin()
	defer m.End()
	L.Push(fn)
	return L.PCall(0, 0, nil)
}

func itoa(i int) string { return string(appendNumber(nil, float64(i))) }
