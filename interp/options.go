package interp

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/gameinfo"
	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Game options. A script declares the options a player may set, each with
// its default and what it means, and — so that a person can read what
// values make sense, a lobby can offer them and a mistyped value is
// refused before a game starts — its kind:
//
//	options = {
//	  target     = { default = -100, min = -1000, max = -1, integer = true, help = "..." }, -- a number in a range
//	  always_ask = { default = false, help = "..." },                                      -- true or false
//	  mode       = { default = "short", choices = { "short", "long" }, help = "..." },     -- one of a list
//	  characters = { default = "ask", help = "..." },                                      -- any text
//	}
//
// The kind follows from the default (a number, a boolean, a string) and
// choices; kind = "number" | "boolean" | "choice" | "text" may say it as
// well, and must agree. Bounds and choices are checked against the
// default when the script loads, and every value set (--set, a lobby, a
// scenario's options) against the declaration (ParseOptions).

// optionFields are the fields of an option's declaration.
var optionFields = []string{"default", "help", "kind", "choices", "min", "max", "integer"}

// readOptions reads game.options: the declarations, sorted by name.
func (e *Engine) readOptions(v lua.LValue) ([]gameinfo.Option, error) {
	if v == lua.LNil {
		return nil, nil
	}
	opts, ok := v.(*lua.LTable)
	if !ok {
		return nil, e.optionError("", "a table { name = { default = ..., help = ... } } expected, not %s", shownArg(v))
	}
	var names []string
	var bad lua.LValue
	opts.ForEach(func(k, _ lua.LValue) {
		if ks, ok := k.(lua.LString); ok {
			names = append(names, string(ks))
		} else if bad == nil {
			bad = k
		}
	})
	if bad != nil {
		return nil, e.optionError("", "named by strings, not %s", shownArg(bad))
	}
	sort.Strings(names)
	var out []gameinfo.Option
	for _, n := range names {
		spec, ok := opts.RawGetString(n).(*lua.LTable)
		if !ok {
			return nil, e.optionError(n, "a table {default = ..., help = ...} expected")
		}
		d, err := e.readOption(n, spec)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// readOption reads one option's declaration.
func (e *Engine) readOption(name string, spec *lua.LTable) (gameinfo.Option, error) {
	d := gameinfo.Option{Name: name}
	if bad := unknownKey(spec, optionFields...); bad != "" {
		return d, e.optionError(name, "no field %s (its fields: %s)", bad, strings.Join(optionFields, ", "))
	}
	def := spec.RawGetString("default")
	switch def.Type() {
	case lua.LTNumber:
		d.Kind, d.Default = gameinfo.OptionNumber, luahost.NumberString(float64(def.(lua.LNumber)))
	case lua.LTBool:
		d.Kind, d.Default = gameinfo.OptionBoolean, def.String()
	case lua.LTString:
		d.Kind, d.Default = gameinfo.OptionText, def.String()
	default:
		return d, e.optionError(name, "a default number, string or boolean is needed")
	}
	help, ok := spec.RawGetString("help").(lua.LString)
	if !ok && spec.RawGetString("help") != lua.LNil {
		return d, e.optionError(name, "help must be a string")
	}
	d.Help = capText(printable.Line(string(help)), 1000)
	if err := e.readKind(&d, spec); err != nil {
		return d, err
	}
	if problem := d.Check(d.Default); problem != "" {
		return d, e.optionError(name, "its default %s", problem)
	}
	return d, nil
}

// readKind reads what an option's declaration says of its kind: choices,
// bounds, and an explicit kind, which must agree with the default.
func (e *Engine) readKind(d *gameinfo.Option, spec *lua.LTable) error {
	if c := spec.RawGetString("choices"); c != lua.LNil {
		list, ok := c.(*lua.LTable)
		if !ok || d.Kind != gameinfo.OptionText || list.Len() == 0 {
			return e.optionError(d.Name, "choices must be a non-empty list of strings, with a string default")
		}
		for i := 1; i <= list.Len(); i++ {
			s, ok := list.RawGetInt(i).(lua.LString)
			if !ok || s == "" || strings.ContainsAny(string(s), " =,\n") || slices.Contains(d.Choices, string(s)) {
				return e.optionError(d.Name, "choice %d must be a distinct word, not %s", i, shownArg(list.RawGetInt(i)))
			}
			d.Choices = append(d.Choices, string(s))
		}
		d.Kind = gameinfo.OptionChoice
	}
	for _, b := range []struct {
		key string
		to  **float64
	}{{"min", &d.Min}, {"max", &d.Max}} {
		switch v := spec.RawGetString(b.key).(type) {
		case *lua.LNilType:
		case lua.LNumber:
			if d.Kind != gameinfo.OptionNumber {
				return e.optionError(d.Name, "%s is for a number option (its default is %s)", b.key, d.Default)
			}
			f := float64(v)
			*b.to = &f
		default:
			return e.optionError(d.Name, "%s must be a number, not %s", b.key, shownArg(v))
		}
	}
	if d.Min != nil && d.Max != nil && *d.Min > *d.Max {
		return e.optionError(d.Name, "min must not be above max")
	}
	switch v := spec.RawGetString("integer").(type) {
	case *lua.LNilType:
	case lua.LBool:
		if v && d.Kind != gameinfo.OptionNumber {
			return e.optionError(d.Name, "integer is for a number option")
		}
		d.Integer = bool(v)
	default:
		return e.optionError(d.Name, "integer must be true or false")
	}
	switch k := spec.RawGetString("kind").(type) {
	case *lua.LNilType:
	case lua.LString:
		if string(k) != d.Kind {
			return e.optionError(d.Name, "declared kind %q, but its default and fields make it %q", string(k), d.Kind)
		}
	default:
		return e.optionError(d.Name, "kind must be \"number\", \"boolean\", \"choice\" or \"text\"")
	}
	return nil
}

// optionError is a script error about option name's declaration.
func (e *Engine) optionError(name, format string, args ...any) error {
	what := "options"
	if name != "" {
		what = fmt.Sprintf("option %q", name)
	}
	return &ScriptError{Msg: fmt.Sprintf("%s: %s: %s", e.Path, what, fmt.Sprintf(format, args...))}
}
