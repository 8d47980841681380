package interp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// builtin is a library of two games, as the games package embeds them: a
// game and a variant that requires it.
var builtin = fstest.MapFS{
	"base.lua":    {Data: []byte(`return { title = "Base", players = {2, 2}, origin = "builtin", play = function(t) end }`)},
	"variant.lua": {Data: []byte(`local G = require "base"; G.title = "Variant"; return G`)},
	"base.md":     {Data: []byte("# Base\nThe rules.\n")},
}

var stdlibFS = fstest.MapFS{
	"helper.lua": {Data: []byte(`return { origin = "stdlib" }`)},
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoadBuiltinGame(t *testing.T) {
	lib := Library{Name: "games", FS: builtin}
	e, err := LoadFrom(Source{Path: "variant.lua", Home: &lib, Libs: []Library{lib}, Stdlib: stdlibFS})
	if err != nil {
		t.Fatal(err)
	}
	if e.Info.Title != "Variant" || e.Path != "games/variant.lua" || e.Script != "variant" {
		t.Errorf("title %q, path %q, script %q", e.Info.Title, e.Path, e.Script)
	}
	if b, err := e.ReadFile("base.md"); err != nil || !strings.Contains(string(b), "The rules.") {
		t.Errorf("ReadFile beside a built-in game: %q, %v", b, err)
	}
	if _, err := e.ReadFile("../etc/passwd"); err == nil {
		t.Error("ReadFile reached outside the script's folder")
	}
}

// TestModulesWrittenInGo: a script requires only the modules written in Go
// that its engine's builder gave, and finds one before a module of the same
// name written in Lua; the same table every time in a state.
func TestModulesWrittenInGo(t *testing.T) {
	const script = `local m = require "base"; assert(rawequal(m, require "base"))
return { title = m.origin, players = {2, 2}, play = function(t) end }`
	goBase := luahost.Module{Name: "base", Open: func(L *lua.LState) *lua.LTable {
		t := L.NewTable()
		t.RawSetString("origin", lua.LString("go"))
		return t
	}}
	libs := []Library{{Name: "games", FS: builtin}}
	for _, tc := range []struct {
		modules []luahost.Module
		want    string
	}{
		{nil, "builtin"},
		{[]luahost.Module{goBase}, "go"},
		{[]luahost.Module{{Name: "other", Open: goBase.Open}}, "builtin"},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "mine.lua"), script)
		e, err := LoadFrom(Source{Path: filepath.Join(dir, "mine.lua"), Libs: libs, Modules: tc.modules})
		if err != nil {
			t.Fatal(err)
		}
		if e.Info.Title != tc.want {
			t.Errorf("with %d modules, base came from %q, want %q", len(tc.modules), e.Info.Title, tc.want)
		}
	}
	_, err := LoadSource("tricky.lua", []byte(`local tricks = require "tricks"
return { players = {2, 2}, play = function(t) end }`), nil)
	if err == nil || !strings.Contains(err.Error(), `module "tricks" not found`) {
		t.Errorf("a module written in Go that was not given: %v", err)
	}
}

// A script of the user's own finds modules beside it first, then in the
// built-in games, then in the stdlib; the hash covers the game's modules.
func TestModuleSearchOrder(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "mine.lua")
	writeFile(t, script, `
local base = require "base"
local helper = require "helper"
return { title = base.origin .. "+" .. helper.origin, players = {2, 2}, play = function(t) end }`)
	src := Source{Path: script, Libs: []Library{{Name: "games", FS: builtin}}, Stdlib: stdlibFS}
	e, err := LoadFrom(src)
	if err != nil {
		t.Fatal(err)
	}
	if e.Info.Title != "builtin+stdlib" {
		t.Errorf("title %q: modules came from the wrong places", e.Info.Title)
	}
	if want, _ := filepath.Abs(script); e.Script != want {
		t.Errorf("script %q, want the absolute path %q", e.Script, want)
	}
	builtinHash := e.Hash

	// A module beside the script wins over the built-in one, and the hash
	// follows the module's content.
	writeFile(t, filepath.Join(dir, "base.lua"), `return { origin = "local" }`)
	e, err = LoadFrom(src)
	if err != nil {
		t.Fatal(err)
	}
	if e.Info.Title != "local+stdlib" {
		t.Errorf("title %q: the module beside the script should win", e.Info.Title)
	}
	if e.Hash == builtinHash {
		t.Error("the hash does not change with the game's modules")
	}
	// The stdlib is not part of the game's hash.
	other := fstest.MapFS{"helper.lua": {Data: []byte(`return { origin = "stdlib" } -- changed`)}}
	src.Stdlib = other
	e2, err := LoadFrom(src)
	if err != nil {
		t.Fatal(err)
	}
	if e2.Hash != e.Hash {
		t.Error("a change in the stdlib changed the game's hash")
	}

	writeFile(t, script, `require "nowhere"`)
	_, err = LoadFrom(src)
	if err == nil || !strings.Contains(err.Error(), `module "nowhere" not found beside `+script+", in games or in stdlib") {
		t.Errorf("got %v", err)
	}
}

// Scripts and modules are regular files of at most 1 MiB: a device, a
// folder or a huge file is a clear error, never a hang or a crash.
func TestScriptFilesAreBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.lua")
	writeFile(t, big, "return {}\n"+strings.Repeat("-- padding\n", MaxScriptBytes/10))
	cases := []struct{ path, want string }{
		{big, "a script may be at most 1 MiB"},
		{dir, "not a regular file (a folder)"},
		{filepath.Join(dir, "missing.lua"), "no such file"},
	}
	if runtime.GOOS != "windows" {
		cases = append(cases, struct{ path, want string }{"/dev/zero", "/dev/zero is not a regular file (a character device)"})
	}
	for _, tc := range cases {
		_, err := Load(tc.path, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%s): got %v, want %q", tc.path, err, tc.want)
		}
	}
	if runtime.GOOS == "windows" {
		return
	}
	// a module that is a device
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.lua")); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "main.lua")
	writeFile(t, main, `require "zero"`)
	_, err := Load(main, nil)
	if err == nil || !strings.Contains(err.Error(), `module "zero": `) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("require of a device: got %v", err)
	}
}
