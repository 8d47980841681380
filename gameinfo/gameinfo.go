// Package gameinfo is what a game script declares about its game, in plain
// Go: its title and blurb, how many may play, the options a player may set
// and the bots and tools it brings (Info). The runtime (package interp)
// reads the declarations from the script's game table; lobbies, the
// command line, saves and the lab read them here, without Lua.
//
// An option (Option) has a default, a help text and a kind, which says
// what values make sense so that a person can read them, a lobby can offer
// them and a mistyped value is refused before a game starts:
//
//	number   a number, perhaps whole, perhaps between bounds
//	boolean  true or false
//	choice   one word of a list
//	text     any text
//
// Values are text, as a player types them ("target=-50"): Option.Check
// says what is wrong with one, Option.Values says in words which it takes,
// and Info.ParseOptions reads a list of assignments into a full setting,
// defaults filled in. A game's rules texts may name an option in braces
// ({target}), which reads as its value in force (Info.FillOptions).
package gameinfo

import (
	"fmt"
	"strconv"
	"strings"
)

// Info is what a script declares about its game.
type Info struct {
	Title      string
	About      string
	MinPlayers int
	MaxPlayers int
	Options    []Option
	// Bots are the names of the bots the script provides, in its order.
	// "random" is always available as well.
	Bots []string
	// Tools are extra read-only REPL commands the script provides (e.g.
	// "notes"), run on a seat's view like a bot.
	Tools []string
	// OnSay says whether the game reacts to what seats say (game.on_say).
	OnSay bool
	// Determinize says whether the script helps search bots imagine
	// hidden cards (game.determinize; see interp's Match.Determinize).
	Determinize bool
	// Belief says whether the script states what a seat's view tells of
	// the cards it cannot see (game.belief; see interp's Engine.NewBelief).
	Belief bool
	// SearchRollout is the policy the script asks bot:search to play its
	// rollouts with unless told otherwise (game.search.rollout): "random"
	// or one of Bots; "" leaves it to the search bot (the default bot).
	SearchRollout string
	// SearchSteps, when not 0, is how many decisions the script asks
	// bot:search's rollouts to play at most (game.search.steps).
	SearchSteps int
}

// Players says how many may play: "4", or "3 to 6".
func (i Info) Players() string {
	if i.MinPlayers == i.MaxPlayers {
		return fmt.Sprint(i.MinPlayers)
	}
	return fmt.Sprintf("%d to %d", i.MinPlayers, i.MaxPlayers)
}

// UsualPlayers is the player count a game gets when none is chosen: four
// when it allows four, else its smallest.
func (i Info) UsualPlayers() int {
	if i.MinPlayers <= 4 && i.MaxPlayers >= 4 {
		return 4
	}
	return i.MinPlayers
}

// Option returns the declaration of the option called name.
func (i Info) Option(name string) (Option, bool) {
	for _, d := range i.Options {
		if d.Name == name {
			return d, true
		}
	}
	return Option{}, false
}

// UnknownOption is the error for setting an option the game does not
// declare: it lists those it does.
func (i Info) UnknownOption(name string) error {
	names := "none"
	if len(i.Options) > 0 {
		var ns []string
		for _, d := range i.Options {
			ns = append(ns, d.Name)
		}
		names = strings.Join(ns, ", ")
	}
	return fmt.Errorf("unknown option %q for %s (options: %s)", name, i.Title, names)
}

// ParseOptions checks option assignments ("target=-50") against the
// declarations and returns the full set, defaults filled in.
func (i Info) ParseOptions(assign []string) (map[string]string, error) {
	out := map[string]string{}
	for _, d := range i.Options {
		out[d.Name] = d.Default
	}
	for _, a := range assign {
		k, v, ok := strings.Cut(a, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: write it as name=value", a)
		}
		d, found := i.Option(k)
		if !found {
			return nil, i.UnknownOption(k)
		}
		if problem := d.Check(v); problem != "" {
			return nil, fmt.Errorf("option %s: %s", k, problem)
		}
		out[k] = v
	}
	return out, nil
}

// FillOptions fills in the options' values in a game's rules texts: an
// option's name in braces ({target}) reads as its value in options, else
// as its default; a number as Lua prints it (-40, not -40.0).
func (i Info) FillOptions(texts []string, options map[string]string) []string {
	var pairs []string
	for _, d := range i.Options {
		v, ok := options[d.Name]
		if !ok {
			v = d.Default
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil && d.Kind == OptionNumber {
			v = strconv.FormatFloat(f, 'f', -1, 64)
		}
		pairs = append(pairs, "{"+d.Name+"}", v)
	}
	if len(pairs) == 0 {
		return texts
	}
	fill := strings.NewReplacer(pairs...)
	for n, t := range texts {
		texts[n] = fill.Replace(t)
	}
	return texts
}
