package interp

import (
	"errors"
	"io/fs"
	"os"
	"sort"
	"strings"
)

// RulesTexts returns the game's rules summary as markdown texts, from the
// game a variant builds on to the variant: each script may have a file
// beside it named like it with .rules.md (games/clubs.rules.md). A
// variant's file, if any, amends the rules of the game it requires (see
// render.ParseRules). None at all gives an empty list.
func (e *Engine) RulesTexts() ([]string, error) {
	var bases []string
	e.mu.Lock()
	defer e.mu.Unlock()
	for name, src := range e.sources {
		if name != "" && !strings.HasPrefix(src, "stdlib/") {
			bases = append(bases, src)
		}
	}
	sort.Strings(bases)
	var texts []string
	for _, path := range append(bases, e.Path) {
		b, err := os.ReadFile(strings.TrimSuffix(path, ".lua") + ".rules.md")
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, err
		default:
			texts = append(texts, string(b))
		}
	}
	return texts, nil
}
