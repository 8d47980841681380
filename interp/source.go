package interp

import (
	"io/fs"

	"github.com/tabletop/tabletop/gamefiles"
	"github.com/tabletop/tabletop/luahost"
)

// MaxScriptBytes is the largest script, module or test file tabletop
// reads (gamefiles.MaxScriptBytes).
const MaxScriptBytes = gamefiles.MaxScriptBytes

// Library is a file system of Lua modules that scripts may require
// (gamefiles.Library).
type Library = gamefiles.Library

// Source says where a game script is and where the modules it requires
// are searched: first in the script's own folder, then in each of Libs, in
// order, then in Stdlib.
type Source struct {
	// Path is the script: a file of the OS, or a slash-separated path in
	// Home.
	Path string
	// Home is the library holding the script (a built-in game); nil when
	// Path is a file of the OS.
	Home *Library
	// Name is how a save names the script (Engine.Script). By default
	// the absolute path of a file of the OS, or Path without ".lua" in
	// Home.
	Name string
	// Libs are searched, in order, after the script's own folder. Their
	// modules are part of the game: Engine.Hash covers the ones required.
	Libs []Library
	// Stdlib is the standard library (package stdlib), searched last and
	// shown as stdlib/NAME.lua. It may be nil.
	Stdlib fs.FS
	// Modules are the modules written in Go that scripts may require
	// (package lib's; lib.Modules lists them all), found before any module
	// of the same name written in Lua; of two of a name, the first.
	Modules []luahost.Module
}

// ReadScript reads a script file of the OS once: it must be a regular file
// of at most MaxScriptBytes (gamefiles.ReadScript).
func ReadScript(name string) ([]byte, error) { return gamefiles.ReadScript(name) }

// ReadFile reads a file from the script's own folder — on disk or built
// in — such as a rules text kept beside the script. name is a slash
// path relative to that folder; the file must be a regular file of at
// most MaxScriptBytes.
func (e *Engine) ReadFile(name string) ([]byte, error) { return e.files.ReadFile(name) }
