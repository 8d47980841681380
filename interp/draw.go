package interp

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Drawing. A note (t:note(key, function(seat) ... end)) or a board's
// sidebar (board:sidebar(function(seat) ... end)) may be a function of the
// seat that looks at it, called only when a view is drawn: a notepad that
// changes with every suggestion costs nothing in a game nobody watches.
// Such a function is script code, so it runs through the door (guarded),
// with rules of its own:
//
//   - its own meter, fresh for each call: drawing a view or not never
//     moves the match's counted budgets or the points where its memory is
//     measured. Together the drawings of a match may run
//     Limits.DrawInstructions (m.drawn counts them): a note that costs a
//     step's budget, drawn for every seat after every decision, fails
//     after a bounded time instead of multiplying its cost by the game's
//     length;
//   - math.random draws from a scratch generator seeded with the seat, so
//     a note that calls it cannot change the game (and draws the same every
//     time); tostring numbers the objects it shows in a scratch overlay
//     (luahost.ScratchIdents), so drawing never moves the numbers the
//     game's own tostring gives;
//   - every t: method that changes the game (t:move, t:log, t:random, a
//     zone's shuffle, ...) is refused while it runs, as t:ask is in on_say.
//
// A function that fails draws its error message in place of its text, and
// CheckDrawing (which tabletop check runs after every decision) reports
// it.

// Names of the budgets of a whole game, in messages (luahost.Meter.Whole):
// the game's own and that of its drawings (and tools).
const (
	wholeGame    = "in this game, the budget of a whole game"
	drawingWhole = "drawing this game's notes and sidebars and running its tools, their budget for a whole game"
)

// MaxDrawnBytes bounds the text one note or sidebar function draws.
const MaxDrawnBytes = 64 << 10

// draw calls fn(seat) through the door and returns what it returned.
func (m *Match) draw(fn *lua.LFunction, seat int) (ret lua.LValue, err error) {
	if m.L == nil {
		return lua.LNil, fmt.Errorf("the match is closed")
	}
	lim := m.Engine.Limits
	lim.TotalInstructions = lim.DrawInstructions
	g := luahost.NewMeter(lim)
	g.Host = m
	g.Whole = drawingWhole
	g.Carry(m.drawn)
	defer func() { m.drawn = g.Total(); g.Close() }()
	g.SetMeasure(m.kept)
	L := m.L
	oldCtx, oldRNG, oldDrawing := L.Context(), m.rand.rng, m.drawing
	luahost.SetContext(L, g)
	m.rand.rng = table.NewRNG(uint64(seat))
	m.drawing = true
	restoreIdents := luahost.ScratchIdents(L)
	defer func() {
		restoreIdents()
		luahost.SetContext(L, oldCtx)
		m.rand.rng = oldRNG
		m.drawing = oldDrawing
	}()
	ret = lua.LNil
	err = guarded(g, L, m.Engine.Path, func() error {
		if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, lua.LNumber(seat)); err != nil {
			return err
		}
		ret = L.Get(-1)
		L.Pop(1)
		return nil
	})
	return ret, err
}

// drawText draws a note function for seat: its text, "" when it returns
// nil (the seat sees no such note), or the error in its place.
func (m *Match) drawText(fn *lua.LFunction, seat int) (string, error) {
	v, err := m.draw(fn, seat)
	if err != nil {
		return "(cannot draw this: " + err.Error() + ")", err
	}
	switch x := v.(type) {
	case lua.LString:
		return capText(printable.Block(string(x)), MaxDrawnBytes), nil
	case *lua.LNilType:
		return "", nil
	}
	err = fmt.Errorf("%s: a note function must return a string or nil, not a %s", m.Engine.Path, v.Type())
	return "(cannot draw this: " + err.Error() + ")", err
}

// drawLines draws a sidebar function for seat: a list of lines or a
// string of them; nil for none.
func (m *Match) drawLines(fn *lua.LFunction, seat int) ([]string, error) {
	v, err := m.draw(fn, seat)
	if err != nil {
		return []string{"(cannot draw this: " + err.Error() + ")"}, err
	}
	var lines []string
	size := 0
	add := func(s string) {
		s = printable.Line(s)
		size += len(s)
		if size <= MaxDrawnBytes {
			lines = append(lines, s)
		}
	}
	switch x := v.(type) {
	case lua.LString:
		for _, l := range strings.Split(strings.TrimRight(string(x), "\n"), "\n") {
			add(l)
		}
	case *lua.LTable:
		for i := 1; i <= x.Len(); i++ {
			add(lua.LVAsString(x.RawGetInt(i)))
		}
	case *lua.LNilType:
	default:
		err = fmt.Errorf("%s: a sidebar function must return a list of lines, a string or nil, not a %s", m.Engine.Path, v.Type())
		return []string{"(cannot draw this: " + err.Error() + ")"}, err
	}
	return lines, nil
}

// mutates refuses a method that changes the game while a view is being
// drawn: a note or sidebar function only looks, and so does an estimate
// (estimate.go), which runs as they do.
func (m *Match) mutates(L *lua.LState, name string) {
	if m.drawing {
		L.RaiseError("%s changes the game, which a note, sidebar or estimate function may not do: it only looks", name)
	}
}

// noteFn is the function that draws note n, or nil for a note of text.
func noteFn(n Note) *lua.LFunction {
	fn, _ := n.Draw.(*lua.LFunction)
	return fn
}

// notesFor returns the notes as seat sees them: function notes drawn.
func (m *Match) notesFor(seat int) []Note {
	drawn := false
	for _, n := range m.Notes {
		drawn = drawn || noteFn(n) != nil
	}
	if !drawn {
		return m.Notes
	}
	out := make([]Note, 0, len(m.Notes))
	for _, n := range m.Notes {
		if noteFn(n) != nil {
			n.Text, _ = m.drawText(noteFn(n), seat)
			if n.Text == "" {
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// CheckDrawing draws every note and sidebar given as a function, for
// every seat and for a spectator, and returns the first error.
func (m *Match) CheckDrawing() error {
	for s := 0; s <= len(m.Seats); s++ {
		if err := m.CheckDrawingFor(s); err != nil {
			return err
		}
	}
	return nil
}

// CheckDrawingFor draws every note and sidebar given as a function as
// seat sees them (0: a spectator) and returns the first error: tabletop
// check runs it after every decision, for each viewer in turn, so that a
// note that fails only in some position is found.
func (m *Match) CheckDrawingFor(s int) error {
	for _, n := range m.Notes {
		if noteFn(n) == nil {
			continue
		}
		if _, err := m.drawText(noteFn(n), s); err != nil {
			return fmt.Errorf("drawing note %q for %s: %w", n.Key, m.viewerName(s), err)
		}
	}
	for _, x := range m.Extras {
		if b, ok := x.(*Board); ok && b.SidebarFunc() != nil {
			if _, err := b.SidebarFunc()(s); err != nil {
				return fmt.Errorf("drawing the sidebar of board %s for %s: %w", b.Name, m.viewerName(s), err)
			}
		}
	}
	return nil
}

func (m *Match) viewerName(seat int) string {
	if seat == 0 {
		return "a spectator"
	}
	return m.SeatLabel(seat)
}
