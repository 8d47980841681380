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
// bots (clubs_bots.lua), their scenarios (clubs_test.lua) and their
// markdown files.
func FS() fs.FS { return files }

// Names lists the built-in game scripts by name ("clubs" for clubs.lua),
// sorted; scenarios and the games' bots are left out.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if IsScript(e.Name()) {
			names = append(names, strings.TrimSuffix(e.Name(), ".lua"))
		}
	}
	sort.Strings(names)
	return names
}

// IsScript reports whether a file of this folder is a game script (or a
// variant's): a .lua file that is neither a game's scenarios
// (clubs_test.lua) nor its bots (clubs_bots.lua, a module its script
// requires).
func IsScript(file string) bool {
	return strings.HasSuffix(file, ".lua") && !strings.HasSuffix(file, "_test.lua") && !strings.HasSuffix(file, "_bots.lua")
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
