package interp

import (
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Named arguments. A method that takes a table of named arguments — t:zone
// {name=, owner=, ...}, t:ask's {hint=, verb=, secret=}, a token's spec —
// reads it through these helpers, so that a misspelt key or a value of the
// wrong type is refused with the script's line, in the same words
// everywhere, instead of being read as "absent" (a verb written "vreb", a
// hint given as a table, a minimum given as a string all used to vanish
// without a word).
//
// The helpers raise as L.ArgError does — "bad argument #2 to zone (...)",
// numbered as every other argument error — and the scripterror machinery
// puts the script's file and line in front.

// arg is an argument of the running call: its number, and the function
// messages name (empty: the Go function running, as L.ArgError names it;
// the Lua prelude's t:ask_all and t:offer name themselves).
type arg struct {
	L  *lua.LState
	n  int
	fn string
}

// argAt is argument n of the Go function running.
func argAt(L *lua.LState, n int) arg { return arg{L: L, n: n} }

// fail raises an argument error.
func (a arg) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if a.fn == "" {
		a.L.ArgError(a.n, msg)
	}
	a.L.RaiseError("bad argument #%d to %s (%s)", a.n, a.fn, msg)
}

// checkSpec returns the table at argument n, refusing any key that is not
// one of known (listed in the message). what names the table in messages
// ("a zone's spec").
func checkSpec(L *lua.LState, n int, what string, known ...string) *lua.LTable {
	a := argAt(L, n)
	t, ok := L.Get(n).(*lua.LTable)
	if !ok {
		a.fail("%s must be a table {%s}, not %s", what, fieldList(known), shownArg(L.Get(n)))
	}
	a.checkKeys(t, what, known)
	return t
}

// checkKeys refuses any key of t that is not one of known.
func (a arg) checkKeys(t *lua.LTable, what string, known []string) {
	if bad := unknownKey(t, known...); bad != "" {
		a.fail("%s has no field %s (its fields: %s)", what, bad, strings.Join(known, ", "))
	}
}

// fieldList is "a=, b=" for a message.
func fieldList(known []string) string {
	return strings.Join(known, "=, ") + "="
}

// str is field key of spec as a string, or def when absent; a number is
// taken as its text, anything else is refused.
func (a arg) str(spec *lua.LTable, key, def string) string {
	switch v := spec.RawGetString(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	default:
		a.fail("%s must be a string, not %s", key, shownArg(v))
	}
	return ""
}

// boolean is field key of spec as a boolean, or def when absent.
func (a arg) boolean(spec *lua.LTable, key string, def bool) bool {
	switch v := spec.RawGetString(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LBool:
		return bool(v)
	default:
		a.fail("%s must be true or false, not %s", key, shownArg(v))
	}
	return false
}

// integer is field key of spec as a whole number, or def when absent.
func (a arg) integer(spec *lua.LTable, key string, def int) int {
	switch v := spec.RawGetString(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		if i := int(v); float64(i) == float64(v) {
			return i
		}
		a.fail("%s must be a whole number, not %s", key, v.String())
	default:
		a.fail("%s must be a number, not %s", key, shownArg(v))
	}
	return 0
}

// shownArg shows a value a script gave in a message: a string quoted (and
// capped), anything else as valueText does.
func shownArg(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q", capText(string(x), 60))
	case lua.LNumber:
		return luahost.NumberString(float64(x))
	}
	return valueText(v)
}

// tooMany is the message for a call of fn with got arguments, more than
// its params.
func tooMany(fn string, params []string, got int) string {
	return fmt.Sprintf("%s takes at most %d arguments (%s), got %d", fn, len(params), strings.Join(params, ", "), got)
}

// unknownKey is the first key of t (shown) that is not one of known, or "".
func unknownKey(t *lua.LTable, known ...string) string {
	bad := ""
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); bad == "" && (!ok || !slices.Contains(known, string(s))) {
			bad = shownArg(k)
		}
	})
	return bad
}
