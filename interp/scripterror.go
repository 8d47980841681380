package interp

import (
	"errors"
	"regexp"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// What a person reads of a script's error. Every error names the file
// and line it came from, whatever the script raised: a string without a
// position (error(msg, 0), error(msg, 2) in a function the engine called,
// an error from the prelude on behalf of t:ask) gets the place of the
// innermost frame of the script's own code where it was raised; a value
// that is not a string is described, through its __tostring when it has
// one (run under the step's budget, so one that never returns is stopped
// and reported with its place too). No message shows an object's address.

// ErrorText renders an error for a person: a script error as
// "file:line: message" followed by its short traceback.
func ErrorText(err error) string {
	msg := err.Error()
	var se *ScriptError
	if errors.As(err, &se) && se.Traceback != "" {
		msg += "\n" + strings.TrimRight(se.Traceback, "\n")
	}
	return msg
}

// scriptError turns an error of a step into a ScriptError whose message
// names a place in the script (where is the script's path, the place of
// last resort). L is the state the error was raised in, or the main state
// of its thread.
func scriptError(L *lua.LState, where string, err error) *ScriptError {
	var se *ScriptError
	if errors.As(err, &se) {
		return &ScriptError{Msg: errText(luahost.ScrubAddresses(se.Msg)), Traceback: errText(se.Traceback)}
	}
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		trace := shortTraceback(ae.StackTrace)
		msg := placed(errorText(L, ae.Object), trace, where)
		return &ScriptError{Msg: errText(luahost.ScrubAddresses(msg)), Traceback: errText(trace)}
	}
	return &ScriptError{Msg: errText(luahost.ScrubAddresses(err.Error()))}
}

// errorText is the text of an error value: a string as it is, a number
// as Lua writes it, a table or userdata through its __tostring, anything
// else described.
func errorText(L *lua.LState, v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return luahost.NumberString(float64(x))
	case nil, *lua.LNilType:
		return "error called with nil: the error has no message (is the variable given to error misspelt?)"
	case lua.LBool:
		return "an error that is not a string (the boolean " + x.String() + ")"
	case *lua.LUserData:
		if e, ok := x.Value.(error); ok {
			return e.Error()
		}
	}
	kind := v.Type().String()
	var mm lua.LValue = lua.LNil
	if L != nil {
		mm = L.GetMetaField(v, "__tostring")
	}
	fn, ok := mm.(*lua.LFunction)
	if !ok {
		return "an error that is not a string (a " + kind + ")"
	}
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, v); err != nil {
		return "an error value (a " + kind + ") whose __tostring failed: " + errorText(nil, errValue(err))
	}
	s, ok := L.Get(-1).(lua.LString)
	L.Pop(1)
	if !ok {
		return "an error value (a " + kind + ") whose __tostring did not return a string"
	}
	return string(s)
}

// errValue is the Lua value of a failed call.
func errValue(err error) lua.LValue {
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		return ae.Object
	}
	return lua.LString(err.Error())
}

// A position at the start of a message or a line of a traceback:
// "games/clubs.lua:42:". A source in angle brackets or "[G]" is the
// engine's own code, not a place in the script.
var (
	leadingPlace = regexp.MustCompile(`^([^\s<\[:][^:\n]*\.lua):(\d+):( |$)`)
	enginePlace  = regexp.MustCompile(`^(<[^>\n]*>|\[G\]):([-?0-9]*:)?\s*`)
)

// placed returns msg with a place in the script at its start: its own,
// else the innermost script frame of trace, else the script's path.
func placed(msg, trace, where string) string {
	if leadingPlace.MatchString(msg) {
		return msg
	}
	msg = enginePlace.ReplaceAllString(msg, "")
	for _, line := range strings.Split(trace, "\n") {
		if m := leadingPlace.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			return m[1] + ":" + m[2] + ": " + msg
		}
	}
	return where + ": " + msg
}
