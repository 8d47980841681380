package interp

import (
	"sort"
	"strings"
)

// RulesTexts returns the game's rules summary as markdown texts, from the
// game a variant builds on to the variant: each script may have a file
// beside it named like it with .rules.md (games/clubs.rules.md), and a
// module it required from its folder or a library of games has one beside
// it too. A variant's file, if any, amends the rules of the game it
// requires (see render.ParseRules). None at all gives an empty list.
// Options are at their defaults: an option's name in braces ({target})
// reads as its default value.
func (e *Engine) RulesTexts() ([]string, error) { return e.rulesTexts(nil) }

// RulesTexts returns the rules texts of the game as m plays it: an option's
// name in braces ({target}) reads as its value in force (--set target=-40
// makes the rules say -40).
func (m *Match) RulesTexts() ([]string, error) { return m.Engine.rulesTexts(m.Config.Options) }

// rulesTexts reads the rules texts and fills in the options' values,
// those in options or else the defaults.
func (e *Engine) rulesTexts(options map[string]string) ([]string, error) {
	texts, err := e.readRulesTexts()
	if err != nil {
		return nil, err
	}
	return e.Info.FillOptions(texts, options), nil
}

// readRulesTexts reads the rules files, options unfilled: those of the
// modules the game required (the standard library's aside) and its own.
func (e *Engine) readRulesTexts() ([]string, error) {
	e.mu.Lock()
	var mods []string
	for name, shown := range e.sources {
		if name != "" && !strings.HasPrefix(shown, "stdlib/") {
			mods = append(mods, name)
		}
	}
	e.mu.Unlock()
	sort.Strings(mods)
	return e.files.RulesTexts(mods)
}
