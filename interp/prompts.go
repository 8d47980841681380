package interp

import (
	"github.com/tabletop/tabletop/printable"
	lua "github.com/yuin/gopher-lua"
)

// How a prompt is put: t:ask's third argument, and what t:ask_all and
// t:offer (written in Lua, in the prelude) pass on to it. Each reads it
// with the same helpers (specs.go), so that a hint given in the wrong
// shape is refused in the same words by all three.

// The kinds of prompt (Prompt.Kind): a seat's turn (t:ask), one seat's
// part of a simultaneous secret choice (t:ask_all, or t:ask with secret),
// an answer window offered out of turn (t:offer).
const (
	KindTurn   = "turn"
	KindSecret = "secret"
	KindWindow = "window"
)

// Kind says what sort of decision p is: KindTurn, KindSecret or
// KindWindow.
func (p *Prompt) Kind() string {
	switch {
	case p.Window:
		return KindWindow
	case p.Secret:
		return KindSecret
	}
	return KindTurn
}

// askFields are the fields of t:ask's third argument given as a table
// (group is t:ask_all's: the simultaneous choice a secret prompt is part
// of).
var askFields = []string{"hint", "verb", "secret", "group"}

// hintFields are those of t:ask_all's and t:offer's hint given as a table.
var hintFields = []string{"hint", "verb"}

// readHow reads how a prompt is put, t:ask's third argument: nothing, a
// hint, or a table {hint=, verb=, secret=, group=}. It fills p's hint,
// secrecy and group and returns the verb.
func (a arg) readHow(v lua.LValue, p *Prompt) string {
	switch h := v.(type) {
	case *lua.LNilType:
	case lua.LString, lua.LNumber:
		p.Hint = printable.Line(lua.LVAsString(h))
	case *lua.LTable:
		a.checkKeys(h, "the prompt's table", askFields)
		p.Hint = printable.Line(a.str(h, "hint", ""))
		p.Secret = a.boolean(h, "secret", false)
		p.Group = a.integer(h, "group", 0)
		return a.str(h, "verb", "")
	default:
		a.fail("the hint must be a string or a table {hint=, verb=, secret=}, not %s", shownArg(v))
	}
	return ""
}

// luaPromptArgs is the prelude's check of t:ask_all's and t:offer's
// arguments: prompt_args(name, extra, seats, options, hint, last), where
// extra counts the arguments given past the last one the method takes
// and last is t:ask_all's group or t:offer's always. It refuses what
// t:ask would not see (a seat list, options that are neither a list nor
// a function, a hint table with other fields, extra arguments) and
// returns the third argument for t:ask: t:ask_all's secret {hint=, verb=,
// secret=, group=}, t:offer's {hint=, verb=} (kept by the match, so that
// t:ask knows the prompt it makes is an answer window).
func luaPromptArgs(L *lua.LState) int {
	m := matchOf(L)
	name := L.CheckString(1)
	params := []string{"seats", "options", "hint"}
	if name == "offer" {
		params = append(params, "always")
	}
	if extra := L.CheckInt(2); extra > 0 {
		L.RaiseError("%s", tooMany("t:"+name, params, len(params)+extra))
	}
	seats, ok := L.Get(3).(*lua.LTable)
	if !ok {
		arg{L, 2, name}.fail("a list of seats expected, not %s", shownArg(L.Get(3)))
	}
	for i := 1; i <= seats.Len(); i++ {
		if s, ok := seats.RawGetInt(i).(lua.LNumber); !ok || float64(int(s)) != float64(s) || int(s) < 1 || int(s) > len(m.Seats) {
			arg{L, 2, name}.fail("a list of seat numbers 1..%d expected; item %d is %s", len(m.Seats), i, shownArg(seats.RawGetInt(i)))
		}
	}
	switch L.Get(4).(type) {
	case *lua.LTable, *lua.LFunction:
	default:
		arg{L, 3, name}.fail("the options must be a list or a function(seat) returning one, not %s", shownArg(L.Get(4)))
	}
	how := L.CreateTable(0, 2)
	a := arg{L, 4, name}
	switch h := L.Get(5).(type) {
	case *lua.LNilType:
	case lua.LString, lua.LNumber:
		how.RawSetString("hint", h)
	case *lua.LTable:
		a.checkKeys(h, "the hint's table", hintFields)
		how.RawSetString("hint", lua.LString(a.str(h, "hint", "")))
		how.RawSetString("verb", lua.LString(a.str(h, "verb", "")))
	default:
		a.fail("the hint must be a string or a table {hint=, verb=}, not %s", shownArg(h))
	}
	if name == "offer" {
		if v := L.Get(6); v != lua.LNil && v.Type() != lua.LTBool {
			arg{L, 5, name}.fail("always must be true or false, not %s", shownArg(v))
		}
		m.windowHow = how
	} else {
		how.RawSetString("secret", lua.LTrue)
		how.RawSetString("group", L.Get(6))
	}
	L.Push(how)
	return 1
}
