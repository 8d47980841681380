package gameinfo

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The kinds of option (Option.Kind).
const (
	OptionNumber  = "number"
	OptionBoolean = "boolean"
	OptionChoice  = "choice"
	OptionText    = "text"
)

// Option is one game option a script declares, with its default and the
// values it takes.
type Option struct {
	Name    string
	Default string
	Kind    string // OptionNumber, OptionBoolean, OptionChoice or OptionText
	Help    string
	// Choices are a choice option's values, in the script's order.
	Choices []string
	// Min and Max bound a number option (nil: no bound); Integer says it
	// takes whole numbers only.
	Min, Max *float64
	Integer  bool
}

// Check says what is wrong with value as a setting of option d, or "".
func (d Option) Check(value string) string {
	switch d.Kind {
	case OptionNumber:
		f, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%q is not a number (%s)", value, d.Values())
		}
		if d.Integer && f != math.Trunc(f) || d.Min != nil && f < *d.Min || d.Max != nil && f > *d.Max {
			return fmt.Sprintf("%s is not %s", value, d.Values())
		}
	case OptionBoolean:
		if value != "true" && value != "false" {
			return fmt.Sprintf("%q must be true or false", value)
		}
	case OptionChoice:
		if !slices.Contains(d.Choices, value) {
			return fmt.Sprintf("%q is not one of %s", value, strings.Join(d.Choices, ", "))
		}
	}
	return ""
}

// Values says in words what values option d takes: "a whole number from
// 1 to 1000", "true or false", "one of short, long", "any text".
func (d Option) Values() string {
	switch d.Kind {
	case OptionBoolean:
		return "true or false"
	case OptionChoice:
		return "one of " + strings.Join(d.Choices, ", ")
	case OptionText:
		return "any text"
	}
	what := "a number"
	if d.Integer {
		what = "a whole number"
	}
	switch {
	case d.Min != nil && d.Max != nil:
		return fmt.Sprintf("%s from %s to %s", what, luaNumber(*d.Min), luaNumber(*d.Max))
	case d.Min != nil:
		return fmt.Sprintf("%s from %s up", what, luaNumber(*d.Min))
	case d.Max != nil:
		return fmt.Sprintf("%s up to %s", what, luaNumber(*d.Max))
	}
	return what
}

// luaNumber writes a bound as the script's Lua would (tostring, "%.14g"),
// so that the words match the declaration.
func luaNumber(f float64) string {
	word := ""
	switch {
	case math.IsNaN(f):
		word = "nan"
	case math.IsInf(f, 0):
		word = "inf"
	default:
		return strconv.FormatFloat(f, 'g', 14, 64)
	}
	if math.Signbit(f) {
		return "-" + word
	}
	return word
}
