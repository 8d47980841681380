package gameinfo

import (
	"fmt"
	"math"
	"testing"
)

func bound(f float64) *float64 { return &f }

// TestOptionValues: what each kind of option says it takes, and what it
// says of a value outside it.
func TestOptionValues(t *testing.T) {
	for _, c := range []struct {
		opt          Option
		values       string
		value, wrong string
	}{
		{Option{Kind: OptionNumber, Min: bound(1), Max: bound(9), Integer: true}, "a whole number from 1 to 9", "2.5", "2.5 is not a whole number from 1 to 9"},
		{Option{Kind: OptionNumber, Min: bound(0)}, "a number from 0 up", "-0.1", "-0.1 is not a number from 0 up"},
		{Option{Kind: OptionNumber, Max: bound(0.5)}, "a number up to 0.5", "x", `"x" is not a number (a number up to 0.5)`},
		{Option{Kind: OptionNumber, Max: bound(math.Inf(1))}, "a number up to inf", "nan", `"nan" is not a number (a number up to inf)`},
		{Option{Kind: OptionNumber, Max: bound(1e15)}, "a number up to 1e+15", "1e16", "1e16 is not a number up to 1e+15"},
		{Option{Kind: OptionBoolean}, "true or false", "yes", `"yes" must be true or false`},
		{Option{Kind: OptionChoice, Choices: []string{"slow", "fast"}}, "one of slow, fast", "medium", `"medium" is not one of slow, fast`},
		{Option{Kind: OptionText}, "any text", "", ""},
	} {
		if got := c.opt.Values(); got != c.values {
			t.Errorf("%+v: Values() = %q, want %q", c.opt, got, c.values)
		}
		if got := c.opt.Check(c.value); got != c.wrong {
			t.Errorf("%+v: Check(%q) = %q, want %q", c.opt, c.value, got, c.wrong)
		}
	}
}

// TestParseOptions: assignments fill in the defaults, and a mistake names
// what is wrong.
func TestParseOptions(t *testing.T) {
	info := Info{Title: "G", Options: []Option{
		{Name: "pace", Default: "slow", Kind: OptionChoice, Choices: []string{"slow", "fast"}},
		{Name: "loud", Default: "false", Kind: OptionBoolean},
	}}
	got, err := info.ParseOptions([]string{" pace = fast "})
	if err != nil || got["pace"] != "fast" || got["loud"] != "false" || len(got) != 2 {
		t.Errorf("got %v, %v", got, err)
	}
	for set, want := range map[string]string{
		"pace":       `option "pace": write it as name=value`,
		"speed=1":    `unknown option "speed" for G (options: pace, loud)`,
		"loud=maybe": `option loud: "maybe" must be true or false`,
	} {
		if _, err := info.ParseOptions([]string{set}); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", set, err, want)
		}
	}
	if err := (Info{Title: "H"}).UnknownOption("x"); err.Error() != `unknown option "x" for H (options: none)` {
		t.Errorf("got %v", err)
	}
}

// TestPlayers: how many may play, in words, and how many a game gets
// when nobody says.
func TestPlayers(t *testing.T) {
	for _, c := range []struct {
		min, max int
		words    string
		usual    int
	}{{2, 2, "2", 2}, {3, 6, "3 to 6", 4}, {5, 8, "5 to 8", 5}, {2, 3, "2 to 3", 2}} {
		i := Info{MinPlayers: c.min, MaxPlayers: c.max}
		if i.Players() != c.words || i.UsualPlayers() != c.usual {
			t.Errorf("%d..%d: %q, %d; want %q, %d", c.min, c.max, i.Players(), i.UsualPlayers(), c.words, c.usual)
		}
	}
}

// TestFillOptions: an option named in braces in a rules text reads as its
// value in force, else its default; numbers as Lua prints them.
func TestFillOptions(t *testing.T) {
	info := Info{Options: []Option{
		{Name: "target", Default: "-100", Kind: OptionNumber},
		{Name: "pace", Default: "slow", Kind: OptionChoice, Choices: []string{"slow", "fast"}},
	}}
	got := info.FillOptions([]string{"First to {target}, {pace}ly.", "{target} {other}"}, map[string]string{"target": "-40.0"})
	if want := []string{"First to -40, slowly.", "-40 {other}"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (Info{}).FillOptions([]string{"{x}"}, nil); got[0] != "{x}" {
		t.Errorf("no options: %q", got)
	}
}
