package games

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// The scripts, their scenarios and the markdown beside them (card lists,
// rules texts) are built into the binary, so that tabletop plays them
// from any folder.
//
//go:embed *.lua *.md
var files embed.FS

// FS returns the built-in games: the game scripts (clubs.lua), their
// scenarios (clubs_test.lua) and their markdown files.
func FS() fs.FS { return files }

// Names lists the built-in game scripts by name ("clubs" for clubs.lua),
// scenarios left out, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasSuffix(n, ".lua") && !strings.HasSuffix(n, "_test.lua") {
			names = append(names, strings.TrimSuffix(n, ".lua"))
		}
	}
	sort.Strings(names)
	return names
}

// Has reports whether name is a built-in game script.
func Has(name string) bool {
	names := Names()
	i := sort.SearchStrings(names, name)
	return i < len(names) && names[i] == name
}

// VariantOf returns the game a built-in variant changes — by convention a
// variant's name is its game's name, an underscore and the variant's
// ("clubs_short" changes "clubs") — or "" for a game.
func VariantOf(name string) string {
	best := ""
	for _, g := range Names() {
		if strings.HasPrefix(name, g+"_") && len(g) > len(best) {
			best = g
		}
	}
	return best
}
