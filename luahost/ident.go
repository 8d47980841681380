package luahost

import (
	"regexp"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Identities: what tostring shows of a table, function, userdata or
// thread.
//
// Lua 5.1 shows such an object by its address ("table: 0x8d5e2c0"), which
// differs from run to run: an option text, a bot's key or a log line built
// from one would make the same game, from the same seed and decisions,
// play or read differently each time (and an autosave would not replay).
// Here an object is shown by a number instead, "table: 7": the objects of
// a state are numbered in the order it first shows them. The same script
// given the same seed and decisions shows the same objects in the same
// order, so it gets the same numbers; a copy of the state (a fork) goes on
// numbering where the original was.
//
// The numbers live in a table of the state's registry (object → number,
// and under "n" the last number given), so that forks copy them, the
// memory measure counts them, and the collector keeps every object that
// was shown: a number is never given twice. A scratch overlay
// (ScratchIdents) numbers what code that must not change the state shows,
// such as a note drawn for a view.

// identsKey is the registry field holding a state's numbers. Registry keys
// are not reachable from scripts.
const identsKey = "tabletop.idents"

// identBytes is what one number costs the step's allocation budget: the
// entry in the table of numbers.
const identBytes = 64

// Ident returns how tostring shows v, a value that is not a string, a
// number, a boolean or nil: its type and its number in the state.
func Ident(L *lua.LState, v lua.LValue) string {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState, lua.LChannel:
		return v.Type().String() + ": " + strconv.Itoa(identOf(L, v))
	}
	return v.String()
}

// identOf returns v's number in L, giving it the next one if it has none.
func identOf(L *lua.LState, v lua.LValue) int {
	reg := L.G.Registry
	ids, _ := reg.RawGetString(identsKey).(*lua.LTable)
	if ids == nil {
		ids = L.NewTable()
		reg.RawSetString(identsKey, ids)
	}
	for t := ids; t != nil; t, _ = t.RawGetString("base").(*lua.LTable) {
		if n, ok := t.RawGet(v).(lua.LNumber); ok {
			return int(n)
		}
	}
	MeterOf(L).Charge(L, identBytes)
	n := lua.LVAsNumber(ids.RawGetString("n")) + 1
	ids.RawSetString("n", n)
	ids.RawSet(v, n)
	return int(n)
}

// ScratchIdents makes the objects L shows from now on numbered in a
// scratch overlay, which restore drops: objects shown before keep their
// numbers, new ones get the numbers that would come next, and afterwards
// the state numbers as if nothing had been shown meanwhile.
func ScratchIdents(L *lua.LState) (restore func()) {
	reg := L.G.Registry
	base, _ := reg.RawGetString(identsKey).(*lua.LTable)
	over := L.NewTable()
	if base != nil {
		over.RawSetString("base", base)
		over.RawSetString("n", base.RawGetString("n"))
	}
	reg.RawSetString(identsKey, over)
	return func() {
		if base != nil {
			reg.RawSetString(identsKey, base)
		} else {
			reg.RawSetString(identsKey, lua.LNil)
		}
	}
}

// addressPattern matches what gopher-lua writes for an object where it
// formats one into a message itself ("with key 'table: 0xc000123456'").
var addressPattern = regexp.MustCompile(`\b(table|function|userdata|thread|channel): 0x[0-9a-f]+`)

// ScrubAddresses replaces the objects' addresses gopher-lua wrote into an
// error message by their kinds ("a table"), so that the message is the
// same in every run. Messages without one (all but a few) are returned as
// they are after one search.
func ScrubAddresses(s string) string {
	if !strings.Contains(s, ": 0x") {
		return s
	}
	return addressPattern.ReplaceAllString(s, "a $1")
}

// scrubError is v, an error value caught by pcall, with its addresses
// scrubbed when it is a string.
func scrubError(v lua.LValue) lua.LValue {
	if s, ok := v.(lua.LString); ok {
		if c := ScrubAddresses(string(s)); c != string(s) {
			return lua.LString(c)
		}
	}
	return v
}
