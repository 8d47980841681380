package scenario

import (
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/luahost"
)

// handle is a test's grip on one match: it may look at everything. It
// remembers how the match was made (the engine, the config and the
// arrangements made so far) so that g:clone() can make it again.
type handle struct {
	run      *runner
	engine   *interp.Engine
	cfg      interp.Config
	m        *interp.Match
	arranged []arrangeStep
	// The cards (by ID) arrangements moved while the prompt made by
	// decision staleAt (lastMove) was waiting: its options may name
	// them where they no longer are.
	stale   map[int]bool
	staleAt int
}

// handleMethods are the methods of a game handle, g:name(...). Each is
// documented where it is defined, and in stdlib/tabletop.meta.lua.
var handleMethods = map[string]lua.LGFunction{
	"play":    handlePlay,
	"play_as": handlePlayAs,
	"say":     handleSay,
	"prompt":  handlePrompt,
	"legal":   handleLegal,
	"turn":    handleTurn,
	"view":    handleView,
	"text":    handleText,
	"log":     handleLog,
	"events":  handleEvents,
	"cards":   handleCards,
	"pool":    handlePool,
	"track":   handleTrack,
	"total":   handleTotal,
	"leaks":   handleLeaks,
	"done":    handleDone,
	"error":   handleError,
	"result":  handleResult,
	"finish":  handleFinish,
	"stack":   handleStack,
	"rolls":   handleRolls,
	"reask":   handleReask,
	"mark":    handleMark,
	"clone":   handleClone,
	"branch":  handleClone,
}

// newHandle wraps h as a Lua value and keeps its match to be closed when
// the scenario ends. The test file is charged for the match: the
// instructions its script ran to get here, and what it keeps (counted
// against the file's memory budget while the scenario runs, see
// runner.kept).
func (r *runner) newHandle(h *handle) *lua.LUserData {
	g := luahost.MeterOf(r.host.L)
	g.Work(r.host.L, h.m.Spent())
	g.Charge(r.host.L, h.m.Kept())
	r.open = append(r.open, h.m)
	ud := r.host.L.NewUserData()
	ud.Value = h
	ud.Metatable = r.handleMT
	return ud
}

// charged has a handle method charge the test file's step for what the
// game's script ran meanwhile (its steps, its notes drawn), as work done
// on the test's behalf.
func charged(fn lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		h := checkHandle(L)
		before := h.m.Spent()
		n := fn(L)
		luahost.MeterOf(L).Work(L, h.m.Spent()-before)
		return n
	}
}

// checkHandle returns the handle a method was called on.
func checkHandle(L *lua.LState) *handle {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if h, ok := ud.Value.(*handle); ok {
			return h
		}
	}
	L.RaiseError("a game handle expected: call its methods with a colon, g:play(...)")
	return nil
}

func handleString(L *lua.LState) int {
	h := checkHandle(L)
	L.Push(lua.LString("game of " + h.engine.Info.Title))
	return 1
}

// legalText lists the options for an error message.
func (h *handle) legalText() string {
	if p := h.m.Prompt(); p != nil {
		return strings.Join(p.Options, " | ")
	}
	if err := h.m.Err(); err != nil {
		return "none: the game stopped with an error: " + err.Error()
	}
	return "none: the game is over"
}

// handlePlay implements g:play(move, ...): each move answers the prompt of
// its own moment, for whoever is to act. A move is an option's exact text,
// its number in the legal list, or a function(legal, prompt) returning one
// of those.
func handlePlay(L *lua.LState) int {
	checkHandle(L).playMoves(L, 0, 2)
	return 0
}

// handlePlayAs implements g:play_as(seat, move, ...): moves that must be
// seat's.
func handlePlayAs(L *lua.LState) int {
	h := checkHandle(L)
	h.playMoves(L, L.CheckInt(2), 3)
	return 0
}

func (h *handle) playMoves(L *lua.LState, seat, from int) {
	for i := from; i <= L.GetTop(); i++ {
		text := h.moveText(L, i, i-from+1)
		if p := h.m.Prompt(); p != nil {
			if moved := h.staleCards(p.Index(text)); moved != "" {
				L.RaiseError("move %q: it names %s, which g:stack moved after this prompt was made; the prompt's options are the table's before (make it again with g:reask(), or arrange before the move that leads to it)", text, moved)
			}
		}
		if err := h.m.Apply(seat, text); err != nil {
			L.RaiseError("move %q: %v (legal: %s)", text, err, h.legalText())
		}
	}
}

// moveText evaluates the n-th move, at stack index i, against the prompt
// now.
func (h *handle) moveText(L *lua.LState, i, n int) string {
	v := L.Get(i)
	if fn, ok := v.(*lua.LFunction); ok {
		L.Push(fn)
		L.Push(legalList(L, h.m.Prompt()))
		L.Push(promptTable(L, h.m.Prompt()))
		L.Call(2, 1)
		v = L.Get(-1)
		L.Pop(1)
	}
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		p := h.m.Prompt()
		if p == nil || int(x) < 1 || int(x) > len(p.Options) || float64(int(x)) != float64(x) {
			L.RaiseError("move %d: there is no option %s (legal: %s)", n, x.String(), h.legalText())
		}
		return p.Options[int(x)-1]
	}
	L.RaiseError("move %d: an option's text, its number or a function returning one expected, got %s", n, v.Type().String())
	return ""
}

// legalList is the legal list of prompt p (empty when none).
func legalList(L *lua.LState, p *interp.Prompt) lua.LValue {
	if p == nil {
		return L.NewTable()
	}
	return interp.ToLua(L, p.Options)
}

// promptTable is {seat=, kind=, hint=, secret=, options=}, or nil.
func promptTable(L *lua.LState, p *interp.Prompt) lua.LValue {
	if p == nil {
		return lua.LNil
	}
	t := L.NewTable()
	t.RawSetString("seat", lua.LNumber(p.Seat))
	t.RawSetString("kind", lua.LString(p.Kind()))
	t.RawSetString("hint", lua.LString(p.Hint))
	t.RawSetString("secret", lua.LBool(p.Secret))
	t.RawSetString("options", interp.ToLua(L, p.Options))
	return t
}

// handleSay implements g:say(seat, text): a seat speaks at the table.
func handleSay(L *lua.LState) int {
	h := checkHandle(L)
	if err := h.m.Say(L.CheckInt(2), L.CheckString(3)); err != nil {
		L.RaiseError("%v", err)
	}
	return 0
}

// handlePrompt implements g:prompt(): the decision waited for, or nil.
func handlePrompt(L *lua.LState) int {
	L.Push(promptTable(L, checkHandle(L).m.Prompt()))
	return 1
}

// handleLegal implements g:legal(): the options' texts now.
func handleLegal(L *lua.LState) int {
	L.Push(legalList(L, checkHandle(L).m.Prompt()))
	return 1
}

// handleTurn implements g:turn(): the seat to act, or nil.
func handleTurn(L *lua.LState) int {
	if p := checkHandle(L).m.Prompt(); p != nil {
		L.Push(lua.LNumber(p.Seat))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// handleView implements g:view([seat]): a seat's view as its bot sees it.
func handleView(L *lua.LState) int {
	h := checkHandle(L)
	L.Push(h.m.LuaView(L, L.OptInt(2, 0)))
	return 1
}

// handleText implements g:text([seat]): a seat's view as text.
func handleText(L *lua.LState) int {
	h := checkHandle(L)
	L.Push(lua.LString(h.m.View(L.OptInt(2, 0)).Text()))
	return 1
}

// lines are the log lines argument n asks for: all of them (nil), those
// a seat may read (a seat number), or {seat=, since=}: those (of a seat,
// or all) written after a mark (g:mark()).
func (h *handle) lines(L *lua.LState, n int) []interp.LogLine {
	seat, since := 0, 0
	switch v := L.Get(n).(type) {
	case *lua.LNilType:
	case lua.LNumber:
		seat = h.seat(L, n)
	case *lua.LTable:
		checkFields(L, v, "which lines", "seat", "since")
		if s, ok := v.RawGetString("seat").(lua.LNumber); ok {
			seat = int(s)
			if seat < 1 || seat > h.m.Players() {
				L.RaiseError("no seat %d: the game has %d", seat, h.m.Players())
			}
		}
		if s, ok := v.RawGetString("since").(lua.LNumber); ok {
			since = int(s)
		} else if v.RawGetString("since") != lua.LNil {
			L.RaiseError("since must be a mark (g:mark()), not a %s", v.RawGetString("since").Type())
		}
	default:
		L.ArgError(n, "a seat, or {seat=, since=}, expected")
	}
	all := h.m.Log()
	since = max(0, min(since, len(all)))
	if seat != 0 {
		return h.m.LogFor(seat, since)
	}
	return all[since:]
}

// handleMark implements g:mark(): how far the log has come, for
// g:log{since=}, g:events{since=} and the expectations that take them.
func handleMark(L *lua.LState) int {
	L.Push(lua.LNumber(len(checkHandle(L).m.Log())))
	return 1
}

// handleLog implements g:log([seat | {seat=, since=}]): the log lines' texts.
func handleLog(L *lua.LState) int {
	lines := checkHandle(L).lines(L, 2)
	t := L.CreateTable(len(lines), 0)
	for i, l := range lines {
		t.RawSetInt(i+1, lua.LString(l.Text))
	}
	L.Push(t)
	return 1
}

// handleEvents implements g:events([seat | {seat=, since=}]): the
// t:event lines as the script gave them (cards by name), each with its
// text.
func handleEvents(L *lua.LState) int {
	lines := checkHandle(L).lines(L, 2)
	t := L.NewTable()
	for _, l := range lines {
		if l.Data == nil {
			continue
		}
		e := interp.ToLua(L, l.Data).(*lua.LTable)
		e.RawSetString("text", lua.LString(l.Text))
		t.Append(e)
	}
	L.Push(t)
	return 1
}

// zoneArg finds the zone named at index n, with an optional owner after it;
// it returns the zone and the index after the arguments it read.
func (h *handle) zoneArg(L *lua.LState, n int) (*interp.Zone, int) {
	name := L.CheckString(n)
	owner := 0
	next := n + 1
	if o, ok := L.Get(next).(lua.LNumber); ok {
		owner, next = int(o), next+1
	}
	z := findZone(h.m, name, owner)
	if z == nil {
		L.RaiseError("no zone %q with owner %d", name, owner)
	}
	return z, next
}

func findZone(m *interp.Match, name string, owner int) *interp.Zone {
	for _, z := range m.Zones {
		if z.Name == name && z.Owner == owner {
			return z
		}
	}
	return nil
}

// handleCards implements g:cards(zone [, owner]): the names of its cards,
// bottom first.
func handleCards(L *lua.LState) int {
	h := checkHandle(L)
	z, _ := h.zoneArg(L, 2)
	out := make([]string, len(z.Cards))
	for i, c := range z.Cards {
		out[i] = c.Name
	}
	L.Push(interp.ToLua(L, out))
	return 1
}

// handlePool implements g:pool(name [, holder [, kind]]): how many pieces
// (of a kind) a holder has; the supply when no holder is given.
func handlePool(L *lua.LState) int {
	h := checkHandle(L)
	name := L.CheckString(2)
	for _, p := range h.m.Pools {
		if p.Name != name {
			continue
		}
		counts := p.Supply
		switch v := L.Get(3).(type) {
		case lua.LNumber:
			counts = p.Held[strconv.Itoa(int(v))]
		case lua.LString:
			if v != "supply" {
				counts = p.Held[string(v)]
			}
		}
		if kind := L.OptString(4, ""); kind != "" {
			L.Push(lua.LNumber(counts[kind]))
			return 1
		}
		total := 0
		for _, n := range counts {
			total += n
		}
		L.Push(lua.LNumber(total))
		return 1
	}
	L.RaiseError("no pool %q", name)
	return 0
}

// seat reads a seat number at index n.
func (h *handle) seat(L *lua.LState, n int) int {
	s := L.CheckInt(n)
	if s < 1 || s > h.m.Players() {
		L.RaiseError("no seat %d: the game has %d", s, h.m.Players())
	}
	return s
}

// handleTrack implements g:track(name, seat): the seat's marker.
func handleTrack(L *lua.LState) int {
	h := checkHandle(L)
	name := L.CheckString(2)
	for _, t := range h.m.Tracks {
		if t.Name == name {
			L.Push(lua.LNumber(t.Markers[h.seat(L, 3)]))
			return 1
		}
	}
	L.RaiseError("no track %q", name)
	return 0
}

// handleTotal implements g:total(seat [, pad]): the seat's total on a
// score pad (the first one by default).
func handleTotal(L *lua.LState) int {
	h := checkHandle(L)
	seat := h.seat(L, 2)
	name := L.OptString(3, "")
	for _, p := range h.m.Pads {
		if name == "" || p.Name == name {
			L.Push(lua.LNumber(p.Totals[seat]))
			return 1
		}
	}
	L.RaiseError("no score pad")
	return 0
}

// handleLeaks implements g:leaks(): what a seat could read that it may not
// see; empty when all is well.
func handleLeaks(L *lua.LState) int {
	L.Push(interp.ToLua(L, checkHandle(L).m.Leaks()))
	return 1
}

// handleDone implements g:done().
func handleDone(L *lua.LState) int {
	L.Push(lua.LBool(checkHandle(L).m.Done()))
	return 1
}

// handleError implements g:error(): the error that stopped the game, or nil.
func handleError(L *lua.LState) int {
	if err := checkHandle(L).m.Err(); err != nil {
		L.Push(lua.LString(err.Error()))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// handleResult implements g:result(): {winners = {...}, scores = {...}}.
func handleResult(L *lua.LState) int {
	res := checkHandle(L).m.Result()
	t := L.NewTable()
	t.RawSetString("winners", interp.ToLua(L, res.Winners))
	sc := L.NewTable()
	for s := 1; s < len(res.Scores); s++ {
		sc.RawSetInt(s, lua.LNumber(res.Scores[s]))
	}
	t.RawSetString("scores", sc)
	L.Push(t)
	return 1
}

// handleFinish implements g:finish([bot [, seed [, max]]]): bots play on
// until the game ends (or max decisions); it returns how many they made.
func handleFinish(L *lua.LState) int {
	h := checkHandle(L)
	name := L.OptString(2, "random")
	seed := uint64(L.OptInt(3, 1))
	limit := L.OptInt(4, 1_000_000)
	bots := map[int]interp.Bot{}
	defer func() {
		for _, b := range bots {
			b.Close()
		}
	}()
	n := 0
	for ; n < limit && h.m.Prompt() != nil; n++ {
		seat := h.m.Prompt().Seat
		b, ok := bots[seat]
		if !ok {
			var err error
			if b, err = h.engine.NewBot(name, seat, interp.BotSeed(seed, seat)); err != nil {
				L.RaiseError("%v", err)
			}
			bots[seat] = b
		}
		i, err := b.Choose(h.m)
		if err != nil {
			L.RaiseError("%v", err)
		}
		if err := h.m.Step(i); err != nil {
			L.RaiseError("%v", err)
		}
	}
	if err := h.m.Err(); err != nil {
		L.RaiseError("%v", err)
	}
	L.Push(lua.LNumber(n))
	return 1
}
