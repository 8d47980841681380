package repl

import (
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"

	"github.com/tabletop/tabletop/command"
)

// nearCommand returns the command a mistyped word most likely meant
// ("hlep" → "help"), or "" when it is not close to one or could be the
// start of a legal move.
func nearCommand(word string, options []string) string {
	w := strings.ToLower(word)
	for _, o := range options {
		for _, t := range strings.Fields(strings.ToLower(o)) {
			if strings.HasPrefix(t, w) || levenshtein.ComputeDistance(t, w) <= 1 {
				return ""
			}
		}
	}
	best, bestD := "", 3
	for _, k := range command.Keywords() {
		d := levenshtein.ComputeDistance(w, k.Name)
		limit := 1 // a swap of two letters counts 2: "hlep" is 2 from "help"
		if utf8.RuneCountInString(k.Name) >= 4 && utf8.RuneCountInString(w) >= 4 {
			limit = 2
		}
		if d <= limit && d < bestD {
			best, bestD = k.Name, d
		}
	}
	return best
}
