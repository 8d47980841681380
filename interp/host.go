package interp

import (
	"fmt"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Limits bound what a script may do: see luahost.Limits.
type Limits = luahost.Limits

// DefaultLimits are the limits a new Engine gets.
var DefaultLimits = luahost.DefaultLimits

// MaxErrorBytes caps the text of a script error (message and traceback
// each): an error() with a 300 MB message must not reach a terminal, a log
// or a save whole.
const MaxErrorBytes = 4 << 10

// ScriptError is an error raised by a script (or by the engine on behalf of
// a script call), carrying the script position as "file:line: message".
type ScriptError struct {
	Msg       string // "games/clubs.lua:42: message"
	Traceback string
}

func (e *ScriptError) Error() string { return e.Msg }

// guarded is the one door through which the engine runs script code:
// loading a script, each step of play, on_say, a bot's choice, a tool, a
// scenario. It runs one step under meter g, turns a Go panic into an error
// instead of a crash, and converts a Lua error into a ScriptError that
// names the script line, says which budget stopped the script if one did,
// and is capped at MaxErrorBytes. L is the state whose error it is: an
// error value's __tostring runs there (see errorText).
func guarded(g *luahost.Meter, L *lua.LState, where string, run func() error) (err error) {
	g.Begin()
	defer g.End()
	defer func() {
		if r := recover(); r != nil {
			err = &ScriptError{
				Msg:       errText(fmt.Sprintf("internal error in %s: %v", where, r)),
				Traceback: capText(string(debug.Stack()), MaxErrorBytes),
			}
		}
	}()
	if err := run(); err != nil {
		return stopErr(g, scriptError(L, where, err))
	}
	return nil
}

// newMeter returns a meter for state L that measures what L keeps,
// counting also the extra roots (values the engine holds for the script).
func newMeter(lim Limits, L *lua.LState, roots ...lua.LValue) *luahost.Meter {
	g := luahost.NewMeter(lim)
	luahost.SetContext(L, g)
	g.SetMeasure(func(limit int64) int64 { return luahost.Measure(limit, L, roots...) })
	return g
}

// stopErr names the meter's reason in a script error when a budget
// stopped the script.
func stopErr(g *luahost.Meter, se *ScriptError) error {
	if why := g.Stopped(); why != "" && !strings.Contains(se.Msg, why) {
		se = &ScriptError{Msg: errText(se.Msg + " (" + why + ")"), Traceback: se.Traceback}
	}
	return se
}

// valueText is how an error message shows a value the script gave: a
// string or number as it is, nil and booleans by name, an object by its
// kind ("a table") — its address would differ from run to run.
func valueText(v lua.LValue) string {
	if isObject(v) {
		return "a " + v.Type().String()
	}
	return v.String()
}

// errText makes an error's text fit for a terminal: printable, and capped.
func errText(s string) string { return capText(printable.Block(s), MaxErrorBytes) }

// capText cuts s to at most n bytes, at a character boundary, saying how
// much was left out.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d more bytes)", s[:cut], len(s)-cut)
}

// shortTraceback keeps the script frames of a gopher-lua traceback.
func shortTraceback(tb string) string {
	var keep []string
	for _, line := range strings.Split(tb, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || l == "stack traceback:" || strings.HasPrefix(l, "[G]") || strings.Contains(l, "<prelude>") {
			continue
		}
		keep = append(keep, "  "+l)
		if len(keep) == 8 {
			keep = append(keep, "  …")
			break
		}
	}
	return strings.Join(keep, "\n")
}
