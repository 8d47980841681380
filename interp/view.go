package interp

import (
	"fmt"
	"sort"

	lua "github.com/yuin/gopher-lua"
)

// View is what one seat may see of a match: its own hand, public zones,
// counts of hidden ones, pieces, tracks, pads, notes and the log lines
// addressed to it. Seat 0 is a spectator who sees only public things.
type View struct {
	Seat    int
	Title   string
	Seats   []Seat
	Turn    int    // seat to act, 0 when nobody is
	Hint    string // the prompt's hint, when Turn == Seat
	Options []string
	Zones   []ZoneView
	Dice    []DiceView // the cups of secret dice, as the seat sees them
	Pools   []*Pool
	Tracks  []*Track
	Pads    []*Pad
	Notes   []Note
	Extras  []ExtraView
	Log     []LogLine
	Done    bool
	Result  Result
}

// ZoneView is a zone as one seat sees it.
type ZoneView struct {
	ID          int
	Name, Label string
	Owner       int
	Count       int
	Cards       []*Card // the cards the seat may see, in zone order
}

// View returns what seat may see now.
func (m *Match) View(seat int) *View {
	v := m.view(seat)
	v.Notes = m.notesFor(seat)
	v.Log = m.LogFor(seat, 0)
	return v
}

// view is View without the log.
func (m *Match) view(seat int) *View {
	v := &View{Seat: seat, Title: m.Engine.Info.Title, Seats: m.Seats, Done: m.done, Result: m.result, Notes: m.Notes}
	if p := m.prompt; p != nil {
		v.Turn = p.Seat
		if p.Seat == seat {
			v.Hint, v.Options = p.Hint, p.Options
		}
	}
	for _, z := range m.Zones {
		zv := ZoneView{ID: z.ID, Name: z.Name, Label: z.Label, Owner: z.Owner, Count: len(z.Cards)}
		for _, c := range z.Cards {
			if c.VisibleTo(seat) {
				zv.Cards = append(zv.Cards, c)
			}
		}
		if z.Shown || zv.Count > 0 && z.Vis != Hidden {
			v.Zones = append(v.Zones, zv)
		}
	}
	v.Dice = m.diceViews(seat)
	v.Pools, v.Tracks, v.Pads = m.Pools, m.Tracks, m.Pads
	for _, x := range m.extras {
		if ev, ok := x.ExtraView(seat); ok {
			v.Extras = append(v.Extras, ev)
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
