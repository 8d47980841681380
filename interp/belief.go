package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
)

// A search bot imagines the cards its seat cannot see (package search). It
// works out most of what the seat knows of them from the engine alone —
// cards it saw, and where they went — but some knowledge only the rules
// give: a player who did not follow suit holds none of it, a player who
// could not show a card holds none of the three named, a player asked to
// resist a Loan holds a Fight. A script states such knowledge with the
// optional hook
//
//	Game.belief(view, seat, asked) -> facts
//
// run like a bot: in a Lua state of its own, on the seat's view and nothing
// else, so it cannot tell the search what the seat may not know. asked is
// the history of the game as the seat saw it: asked[k] = {seat = s, log =
// n, events = e} says that decision k was asked of seat s (say = true: a
// line said at the table) once the seat had read n lines of view.log and e
// of view.events. Each fact it returns is about one zone at one moment:
//
//	{ at = k, seat = s, zone = "hand", none = { "5H", "7H" } }  -- held none of them
//	{ at = k, seat = s, zone = "hand", some = { "Fight" }, n = 1 } -- at least n of them
//
// at is the decision at whose prompt the fact held (omitted: now); seat
// and zone name the zone as the view does (view.seats[s].hand; no seat for
// a table zone such as the envelope); cards are named by name, and a name
// stands for every card of that name.

// Fact is one fact a belief hook stated (see above).
type Fact struct {
	// At is the decision (from 1) at whose prompt the fact held; 0 is now.
	At int
	// Owner and Zone name the zone: its owner's seat (0 for a table zone)
	// and its name.
	Owner int
	Zone  string
	// Cards are the names of the cards the fact is about; the zone held at
	// least Min and at most Max of them (Max < 0: no bound).
	Cards    []string
	Min, Max int
}

// Asked is one decision of the game as a seat saw it, for a belief hook.
type Asked struct {
	Seat        int  // the seat asked (or that said something)
	Say         bool // a line said at the table, not an answer to a prompt
	Log, Events int  // the seat's log lines and events written before it
	// Shared says that people shared the keyboard by then, so that t:offer
	// asked every seat (Config.SharedFrom): being asked told nothing.
	Shared bool
}

// Limits on what a belief hook may return.
const (
	MaxFacts         = 20000
	MaxFactCards     = 1000
	maxFactZoneBytes = 200
)

// Belief runs a script's belief hook for one seat. It keeps its Lua state
// and the seat's view from one call to the next, as a bot does.
type Belief struct {
	eng   *Engine
	seat  int
	L     *lua.LState
	fn    *lua.LFunction
	meter *luahost.Meter
	view  *botView
}

// NewBelief returns the runner of the script's belief hook for seat, or nil
// when the script has none.
func (e *Engine) NewBelief(seat int) (*Belief, error) {
	if !e.Info.Belief {
		return nil, nil
	}
	L := e.newState(&randSource{table.NewRNG(0)}, nil)
	g := newMeter(e.Limits, L)
	var game *lua.LTable
	err := guarded(g, L, e.Path, func() (err error) { game, err = e.runMain(L); return err })
	if err != nil {
		g.Close()
		L.Close()
		return nil, err
	}
	fn, ok := game.RawGetString("belief").(*lua.LFunction)
	if !ok {
		g.Close()
		L.Close()
		return nil, fmt.Errorf("%s: belief is no longer a function", e.Path)
	}
	return &Belief{eng: e, seat: seat, L: L, fn: fn, meter: g}, nil
}

// Close releases the hook's state.
func (b *Belief) Close() {
	b.meter.Close()
	b.L.Close()
}

// Facts runs the hook on the seat's view of m, with the history asked, and
// returns the facts it stated. A fact that names no zone the match has, or
// that is not a fact, is an error of the script.
func (b *Belief) Facts(m *Match, asked []Asked) ([]Fact, error) {
	var facts []Fact
	err := guarded(b.meter, b.L, b.eng.Path, func() error {
		L := b.L
		if !b.view.current(m, b.seat) {
			b.view = newBotView(L, m, b.seat, b.view)
		}
		vt := b.view.update()
		if err := viewStopped(L, b.eng.Path); err != nil {
			return err
		}
		at := L.CreateTable(len(asked), 0)
		for _, a := range asked {
			t := L.CreateTable(0, 4)
			t.RawSetString("seat", lua.LNumber(a.Seat))
			t.RawSetString("log", lua.LNumber(a.Log))
			t.RawSetString("events", lua.LNumber(a.Events))
			if a.Say {
				t.RawSetString("say", lua.LTrue)
			}
			if a.Shared {
				t.RawSetString("shared", lua.LTrue)
			}
			at.Append(t)
		}
		L.Push(b.fn)
		L.Push(vt)
		L.Push(lua.LNumber(b.seat))
		L.Push(at)
		if err := L.PCall(3, 1, nil); err != nil {
			return err
		}
		ret := L.Get(-1)
		L.Pop(1)
		var err error
		facts, err = b.read(m, ret, len(asked))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("belief: %w", err)
	}
	return facts, nil
}

// read converts what the hook returned to facts.
func (b *Belief) read(m *Match, ret lua.LValue, decisions int) ([]Fact, error) {
	bad := func(i int, format string, args ...any) error {
		return &ScriptError{Msg: fmt.Sprintf("%s: belief: fact %d %s", b.eng.Path, i, fmt.Sprintf(format, args...))}
	}
	if ret == lua.LNil {
		return nil, nil
	}
	list, ok := ret.(*lua.LTable)
	if !ok {
		return nil, &ScriptError{Msg: fmt.Sprintf("%s: belief must return a list of facts, not a %s", b.eng.Path, ret.Type())}
	}
	n := list.Len()
	if n > MaxFacts {
		return nil, &ScriptError{Msg: fmt.Sprintf("%s: belief returned %d facts (at most %d)", b.eng.Path, n, MaxFacts)}
	}
	facts := make([]Fact, 0, n)
	for i := 1; i <= n; i++ {
		ft, ok := list.RawGetInt(i).(*lua.LTable)
		if !ok {
			return nil, bad(i, "is not a table")
		}
		f := Fact{Max: -1}
		switch at := ft.RawGetString("at").(type) {
		case *lua.LNilType:
		case lua.LNumber:
			f.At = int(at)
			if float64(f.At) != float64(at) || f.At < 1 || f.At > decisions+1 {
				return nil, bad(i, "has at = %v: a decision from 1 to %d", at, decisions+1)
			}
			if f.At == decisions+1 {
				f.At = 0 // now
			}
		default:
			return nil, bad(i, "has at = %s: a decision number", at.Type())
		}
		switch s := ft.RawGetString("seat").(type) {
		case *lua.LNilType:
		case lua.LNumber:
			f.Owner = int(s)
			if float64(f.Owner) != float64(s) || f.Owner < 1 || f.Owner > len(m.Seats) {
				return nil, bad(i, "names seat %v, not one of 1 to %d", s, len(m.Seats))
			}
		default:
			return nil, bad(i, "has seat = %s: a seat number", s.Type())
		}
		zone, ok := ft.RawGetString("zone").(lua.LString)
		if !ok || len(zone) > maxFactZoneBytes {
			return nil, bad(i, "names no zone (zone = \"hand\")")
		}
		f.Zone = string(zone)
		if m.zoneNamed(f.Owner, f.Zone) == nil {
			return nil, bad(i, "names zone %q of %s, which the game has not", f.Zone, b.ownerText(m, f.Owner))
		}
		none, some := ft.RawGetString("none"), ft.RawGetString("some")
		var names lua.LValue
		switch {
		case none != lua.LNil && some != lua.LNil:
			return nil, bad(i, "says both none and some")
		case none != lua.LNil:
			names, f.Max = none, 0
		case some != lua.LNil:
			names, f.Min = some, 1
			if nv := ft.RawGetString("n"); nv != lua.LNil {
				k, ok := nv.(lua.LNumber)
				if !ok || float64(int(k)) != float64(k) || k < 0 {
					return nil, bad(i, "has n = %s: a count", capText(nv.String(), 40))
				}
				f.Min = int(k)
			}
		default:
			return nil, bad(i, "says neither none = {...} nor some = {...}")
		}
		var err error
		if f.Cards, err = cardNames(names); err != nil {
			return nil, bad(i, "%v", err)
		}
		facts = append(facts, f)
	}
	return facts, nil
}

func (b *Belief) ownerText(m *Match, owner int) string {
	if owner == 0 {
		return "the table"
	}
	return m.SeatLabel(owner)
}

// cardNames reads a list of card names.
func cardNames(v lua.LValue) ([]string, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("lists its cards as a %s, not a list of names", v.Type())
	}
	n := t.Len()
	if n > MaxFactCards {
		return nil, fmt.Errorf("names %d cards (at most %d)", n, MaxFactCards)
	}
	out := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			return nil, fmt.Errorf("names a card by a %s, not by its name", t.RawGetInt(i).Type())
		}
		out = append(out, string(s))
	}
	return out, nil
}

// MoveWatcher is a Chance that is told before each card a script moves
// changes zones (t:move, zone:add, deal, move_all, and cards made into a
// zone): the search bot's mirror of a game follows in which order the cards
// of one step moved — a tray laid before the cards drawn after it — which
// the state after the step no longer shows.
type MoveWatcher interface {
	Chance
	Moving(m *Match, c *Card, to *Zone)
}

// ZoneNamed returns the zone called name that seat owns (0: a table zone),
// or nil.
func (m *Match) ZoneNamed(owner int, name string) *Zone { return m.zoneNamed(owner, name) }

func (m *Match) zoneNamed(owner int, name string) *Zone {
	for _, z := range m.Zones {
		if z.Owner == owner && z.Name == name {
			return z
		}
	}
	return nil
}
