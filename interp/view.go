package interp

import (
	"fmt"
	"sort"

	"github.com/tabletop/tabletop/view"
	lua "github.com/yuin/gopher-lua"
)

// View returns what seat may see now.
func (m *Match) View(seat int) *View {
	v := m.view(seat)
	v.Notes = m.notesFor(seat)
	v.Log = m.LogFor(seat, 0)
	return v
}

// view is View without the log.
func (m *Match) view(seat int) *View {
	v := view.Of(&m.State, seat)
	v.Title, v.Done, v.Result, v.Notes = m.Engine.Info.Title, m.done, m.result, m.Notes
	if p := m.prompt; p != nil {
		v.Turn = p.Seat
		if p.Seat == seat {
			v.Hint, v.Options = p.Hint, p.Options
		}
	}
	return v
}

// appendLog adds log lines to a view's log and events tables.
func appendLog(L *lua.LState, log, events *lua.LTable, lines []LogLine) {
	for _, l := range lines {
		log.Append(lua.LString(l.Text))
		if l.Data != nil {
			et := toLua(L, l.Data).(*lua.LTable)
			et.RawSetString("text", lua.LString(l.Text))
			events.Append(et)
		}
	}
}

// toLua converts plain Go data (maps, slices, strings, numbers, bools) to Lua.
func toLua(L *lua.LState, v any) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case string:
		return lua.LString(x)
	case bool:
		return lua.LBool(x)
	case int:
		return lua.LNumber(x)
	case float64:
		return lua.LNumber(x)
	case []any:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, toLua(L, e))
		}
		return t
	case []int:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, lua.LNumber(e))
		}
		return t
	case []string:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, lua.LString(e))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.RawSetString(k, toLua(L, x[k]))
		}
		return t
	case map[int]any:
		t := L.CreateTable(len(x), 0)
		keys := make([]int, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			t.RawSetInt(k, toLua(L, x[k]))
		}
		return t
	}
	return lua.LString(fmt.Sprint(v))
}
