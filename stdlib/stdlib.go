// Package stdlib holds the Lua modules every game script may require —
// a standard deck of cards and card notation, helpers for lists, the test
// helpers scenarios use — and the LuaLS annotation file (tabletop.meta.lua)
// that documents the whole script API for editors.
package stdlib

import (
	"embed"
	"io/fs"
)

//go:embed *.lua
var files embed.FS

// FS returns the modules, named as require sees them ("cards" is cards.lua).
func FS() fs.FS { return files }
