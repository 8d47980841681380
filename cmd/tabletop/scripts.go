package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tabletop/tabletop/savefile"

	kongcompletion "github.com/jotaen/kong-completion"
	"github.com/posener/complete"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/stdlib"
)

// builtin is the library of the games built into tabletop: a script
// anywhere may require them.
var builtin = interp.Library{Name: "games", FS: games.FS()}

// isBuiltinName reports whether arg names a built-in game as the command
// line and saves name it: "clubs", not "clubs.lua" nor a path.
func isBuiltinName(arg string) bool {
	return !strings.ContainsAny(arg, `/\`) && !strings.HasSuffix(arg, ".lua") && games.Has(arg)
}

// isScriptArg reports whether a command-line argument names a game: a
// built-in game's name or a .lua file.
func isScriptArg(arg string) bool {
	return !strings.HasPrefix(arg, "-") && (strings.HasSuffix(arg, ".lua") || isBuiltinName(arg))
}

// sourceOf says where the game arg names is: a built-in game by its name
// ("clubs"), else a script file. A relative path to a file that is not
// there, whose name is a built-in game's (games/clubs.lua outside a
// checkout, or in an old save), is that built-in game.
func sourceOf(arg string) (interp.Source, error) {
	name := strings.TrimSuffix(filepath.Base(arg), ".lua")
	if isBuiltinName(arg) {
		return builtinSource(arg), nil
	}
	_, err := os.Stat(arg)
	switch {
	case err == nil:
		return interp.Source{Path: arg, Libs: []interp.Library{builtin}, Stdlib: stdlib.FS(), Modules: lib.Modules()}, nil
	case errors.Is(err, fs.ErrNotExist) && !filepath.IsAbs(arg) && games.Has(name):
		return builtinSource(name), nil
	case errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(arg, `/\.`):
		return interp.Source{}, usagef("no game called %q: tabletop list shows the games that come with tabletop (a script of your own is named by its file, e.g. %s.lua)", arg, arg)
	}
	return interp.Source{Path: arg, Libs: []interp.Library{builtin}, Stdlib: stdlib.FS(), Modules: lib.Modules()}, nil
}

func builtinSource(name string) interp.Source {
	return interp.Source{Path: name + ".lua", Home: &builtin, Name: name, Libs: []interp.Library{builtin}, Stdlib: stdlib.FS(), Modules: lib.Modules()}
}

// loadScript loads the game arg names: a built-in game or a script file
// (see sourceOf).
func loadScript(arg string) (*interp.Engine, error) {
	src, err := sourceOf(arg)
	if err != nil {
		return nil, err
	}
	return interp.LoadFrom(src)
}

// reloadScript loads the script a game's reload reads: as loadScript,
// and it may seat the programs the command line seated (bot:exec).
func reloadScript(arg string) (*interp.Engine, error) {
	eng, err := loadScript(arg)
	if err != nil {
		return nil, err
	}
	allowPrograms(eng)
	return eng, nil
}

// gameName names a game for its autosave: a built-in game's name, or the
// script file's name.
func gameName(eng *interp.Engine) string {
	return strings.TrimSuffix(filepath.Base(eng.Script), ".lua")
}

// openRecord loads a save file and the game it names (or script, when
// given instead), and who sat where. A save made before games were built
// in names its script by a path relative to where tabletop ran: that path
// is tried from here, then from the save's folder, then as the built-in
// game of that name. A save's seats never start a program: what becomes
// of a program's seat is the caller's to say (see savedSeats).
func openRecord(e *env, path, script string, how savedSeats) (*interp.Record, *interp.Engine, []seating.Seat, error) {
	rec, err := savefile.Load(path)
	if err != nil {
		return nil, nil, nil, err
	}
	if script == "" {
		script = rec.Script
		if beside := filepath.Join(filepath.Dir(path), script); !filepath.IsAbs(script) && !exists(script) && exists(beside) {
			script = beside
		}
	}
	eng, err := loadScript(script)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("%w (give the script with --script PATH)", err)
		}
		return nil, nil, nil, err
	}
	var seats []seating.Seat
	switch how {
	case readSeats:
		if seats, err = seating.FromRecord(eng, rec); err != nil {
			return nil, nil, nil, savedProgram(eng, rec, err)
		}
	case botForPrograms:
		if seats, err = seating.FromRecord(eng, withoutPrograms(e, eng, rec)); err != nil {
			return nil, nil, nil, err
		}
	}
	noteChanged(e.stdout, rec, eng)
	return rec, eng, seats, nil
}

// noteChanged says when a game's rules changed since it was saved (its
// decisions may still fit: replaying tells).
func noteChanged(w io.Writer, rec *interp.Record, eng *interp.Engine) {
	if rec.Hash != "" && rec.Hash != eng.Hash {
		fmt.Fprintf(w, "Note: %s has changed since this game was saved.\n", eng.Path)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// completionPredictors complete the arguments kong cannot know: game
// names and script files, save files.
var completionPredictors = []kongcompletion.Option{
	kongcompletion.WithPredictor("game", complete.PredictOr(complete.PredictSet(games.Names()...), gameFiles)),
	kongcompletion.WithPredictor("save", complete.PredictFiles("*.save")),
}

// gameFiles completes the Lua files a game can be played from: folders
// and *.lua, but not a game's scenarios (*_test.lua) or its bots
// (*_bots.lua), which are no game of their own.
var gameFiles = complete.PredictFunc(func(a complete.Args) []string {
	var out []string
	for _, f := range complete.PredictFiles("*.lua").Predict(a) {
		if strings.HasSuffix(f, "/") || games.IsScript(filepath.Base(f)) {
			out = append(out, f)
		}
	}
	return out
})
