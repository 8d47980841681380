package interp

import (
	"fmt"
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// How a game ends. play(t) returns its result, a table
//
//	{ winners = { seats }, scores = { by seat } }
//
// winners lists the seats that share the win (an empty list when nobody
// wins: Cluedo's envelope unsolved); scores, when given, has a number for
// every seat, else the first score pad's totals are the scores. Anything
// else is a mistake in the script — a winner that is no seat, a seat
// named twice, a short list of scores, a misspelt field, no result at all
// — and stops the game with an error at the line of the return that gave
// it, as any other error of the script does, instead of being read as
// "nobody wins" or a score of 0.

// finish records how the game ended from play's return values, or
// returns why they are not a result (the match is then stopped by it).
func (m *Match) finish(rets []lua.LValue) error {
	res, problem := m.readResult(rets)
	if problem != "" {
		return &ScriptError{Msg: m.playReturnPlace() + ": " + problem}
	}
	m.done = true
	if !m.silent {
		m.Engine.logHint.Note(&m.log)
	}
	m.result = res
	return nil
}

// readResult reads play's return values; problem says what is wrong with
// them.
func (m *Match) readResult(rets []lua.LValue) (res Result, problem string) {
	n := len(m.Seats)
	res.Scores = make([]float64, n+1)
	if len(m.Pads) > 0 {
		for s := 1; s <= n; s++ {
			res.Scores[s] = float64(m.Pads[0].Totals[s])
		}
	}
	if len(rets) == 0 || rets[0] == lua.LNil {
		return res, "play ended without a result: end the game with return { winners = { seats } } (an empty list when nobody wins)"
	}
	t, ok := rets[0].(*lua.LTable)
	if !ok {
		return res, "play's result is " + shownArg(rets[0]) + ", not { winners = { seats }, scores = { by seat } }"
	}
	if bad := unknownKey(t, "winners", "scores"); bad != "" {
		return res, "play's result has no field " + bad + " (it has winners and scores)"
	}
	w, ok := t.RawGetString("winners").(*lua.LTable)
	if !ok {
		return res, "play's winners must be a list of seats (an empty list when nobody wins), not " + shownArg(t.RawGetString("winners"))
	}
	if res.Winners, problem = m.readWinners(w); problem != "" {
		return res, problem
	}
	switch sc := t.RawGetString("scores").(type) {
	case *lua.LNilType:
	case *lua.LTable:
		problem = readScores(sc, res.Scores)
	default:
		problem = "play's scores must be a list of numbers by seat, not " + shownArg(sc)
	}
	return res, problem
}

// readWinners reads the list of winners: distinct seats.
func (m *Match) readWinners(w *lua.LTable) ([]int, string) {
	n := len(m.Seats)
	if p := listOnly(w, "winners"); p != "" {
		return nil, p
	}
	var out []int
	var seen SeatSet
	for i := 1; i <= w.Len(); i++ {
		v, ok := w.RawGetInt(i).(lua.LNumber)
		s := int(v)
		if !ok || float64(s) != float64(v) || s < 1 || s > n {
			return nil, fmt.Sprintf("play's winner %d is %s, not a seat (the game has seats 1 to %d)", i, shownArg(w.RawGetInt(i)), n)
		}
		if seen.Has(s) {
			return nil, fmt.Sprintf("play's winners name seat %d (%s) twice", s, m.SeatLabel(s))
		}
		seen = seen.With(s)
		out = append(out, s)
	}
	return out, ""
}

// readScores reads a list of scores, a finite number for every seat, into
// scores (index 0 unused).
func readScores(sc *lua.LTable, scores []float64) string {
	n := len(scores) - 1
	if p := listOnly(sc, "scores"); p != "" {
		return p
	}
	if sc.Len() != n {
		return fmt.Sprintf("play's scores has %d entries for %d seats: give every seat its score", sc.Len(), n)
	}
	for s := 1; s <= n; s++ {
		v, ok := sc.RawGetInt(s).(lua.LNumber)
		if !ok || math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return fmt.Sprintf("play's score for seat %d is %s, not a number", s, shownArg(sc.RawGetInt(s)))
		}
		scores[s] = float64(v)
	}
	return ""
}

// listOnly says which key of t is not an index of its list, or "".
func listOnly(t *lua.LTable, what string) string {
	n := t.Len()
	problem := ""
	t.ForEach(func(k, _ lua.LValue) {
		if i, ok := k.(lua.LNumber); ok && float64(int(i)) == float64(i) && int(i) >= 1 && int(i) <= n {
			return
		}
		if problem == "" {
			problem = fmt.Sprintf("play's %s must be a list, but it has the key %s", what, shownArg(k))
		}
	})
	return problem
}

// playReturnPlace is "file:line" of the return that ended play (or of the
// function play returned through, with a tail call), for an error about
// its result; where play is defined when it cannot be told (play ended
// in a tail call of a Go function: return t:ask(...)).
//
// It reads the play coroutine's call stack as it was left: gopher-lua
// keeps a returned frame's contents in the stack's array until another call
// reuses the slot, and nothing is called on the coroutine after play
// returns but the entry's own return. Frame 0 is the entry (entrySource),
// frame 1 the function play ended in, its Pc just past its return.
func (m *Match) playReturnPlace() string {
	where := m.Engine.Path
	if play, ok := m.game.RawGetString("play").(*lua.LFunction); ok && !play.IsG && play.Proto.LineDefined > 0 {
		where = play.Proto.SourceName + ":" + strconv.Itoa(play.Proto.LineDefined)
	}
	fn, pc, ok := luahost.LeftFrame(m.co, 1)
	if !ok || pc < 1 || pc > len(fn.Proto.DbgSourcePositions) {
		return where
	}
	line := fn.Proto.DbgSourcePositions[pc-1]
	if line <= 0 || isEngineSource(fn.Proto.SourceName) {
		return where
	}
	return fn.Proto.SourceName + ":" + strconv.Itoa(line)
}
