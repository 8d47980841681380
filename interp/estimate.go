package interp

import (
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// An estimate is the script's word on where the seats stand in the middle
// of a game, in the points its score counts: what each seat can expect to
// add to its pad (or track) total from what lies on the table now — in
// Andy Capp, the beer it has drunk this round, which scores at the round's
// end, and some of the beer on its trays. The search bot (package search)
// stops its imagined games after a few decisions when a game asks it to
// (Game.search.steps) and values where they stopped by the pads and the
// estimate together; without an estimate it sees only what the pads say,
// which in a game that scores once a round is nothing until the round
// ends.
//
// A script gives its estimate once, in play, as a function of nothing
// that closes over its own state:
//
//	t:estimate(function() return Game.standing(t, z) end)
//
// The engine calls it only in the games a search bot imagines, where
// every card is where that world put it, so it may read anything: it
// never runs in a game people play, nor for any view (tabletop check
// calls it too, at every decision, to find one that fails). It runs as a
// note's drawing does (draw.go): it only looks — a method that changes
// the game is refused — with a scratch math.random and the drawings'
// budget.

// luaEstimate implements t:estimate(f): f() returns, for each seat in
// order, the points the seat stands to add; nil removes the estimate.
func (m *Match) luaEstimate(L *lua.LState) int {
	switch v := L.Get(2).(type) {
	case *lua.LFunction:
		m.estimate = v
	case *lua.LNilType:
		m.estimate = nil
	default:
		L.ArgError(2, "an estimate is a function() returning a number for each seat, or nil to remove it")
	}
	return 0
}

// Estimate calls the script's estimate function and returns its numbers,
// indexed by seat (index 0 unused); nil without an estimate. A function
// that fails, or returns other than one finite number for each seat, is
// an error naming the script and the line where the function begins.
func (m *Match) Estimate() ([]float64, error) {
	if m.estimate == nil {
		return nil, nil
	}
	v, err := m.draw(m.estimate, 0)
	if err != nil {
		return nil, fmt.Errorf("estimate: %w", err)
	}
	n := len(m.Seats)
	list, ok := v.(*lua.LTable)
	if !ok || list.Len() != n {
		return nil, m.estimateErr(fmt.Sprintf("must return a list of %d numbers, one for each seat, not %s", n, estimateText(v)))
	}
	out := make([]float64, n+1)
	for s := 1; s <= n; s++ {
		x, ok := list.RawGetInt(s).(lua.LNumber)
		if !ok || math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, m.estimateErr(fmt.Sprintf("returned %s (a %s) for seat %d, which is not a finite number", capText(valueText(list.RawGetInt(s)), 40), list.RawGetInt(s).Type(), s))
		}
		out[s] = float64(x)
	}
	return out, nil
}

// estimateErr is a script error about what the estimate function
// returned, at the line where the function begins.
func (m *Match) estimateErr(what string) error {
	where := m.Engine.Path
	if p := m.estimate.Proto; p != nil {
		where = fmt.Sprintf("%s:%d", p.SourceName, p.LineDefined)
	}
	return &ScriptError{Msg: errText(fmt.Sprintf("%s: the estimate function (t:estimate) %s", where, what))}
}

// estimateText names a wrong return value: a list by its length.
func estimateText(v lua.LValue) string {
	if t, ok := v.(*lua.LTable); ok {
		return fmt.Sprintf("a list of %d", t.Len())
	}
	return capText(valueText(v), 40)
}
