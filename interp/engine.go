package interp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tabletop/tabletop/board"
	"github.com/tabletop/tabletop/gamefiles"
	"github.com/tabletop/tabletop/gameinfo"
	"github.com/tabletop/tabletop/gamelog"
	"github.com/tabletop/tabletop/printable"

	"github.com/tabletop/tabletop/luahost"
	lua "github.com/yuin/gopher-lua"
)

// Engine is a loaded game script: compiled once, then shared by every
// Match played with it, concurrently if need be.
type Engine struct {
	// Path is the script's path as the user gave it (a built-in game's
	// as games/NAME.lua); errors name it.
	Path string
	// Script is how a save names the script: a built-in game's name
	// ("clubs") or the absolute path of the script file.
	Script string
	// Hash is the hex SHA-256 of the script and of every module of the
	// game (not of the stdlib) it required while being described, so a
	// save can tell when the rules changed under it.
	Hash string
	// Info describes the game: title, player counts, options, bots.
	Info gameinfo.Info
	// Limits bounds what a script may do in one step.
	Limits Limits

	files    gamefiles.Folders // where the script's modules and rules texts are
	modules  []luahost.Module  // written in Go, found first (Source.Modules)
	mu       sync.Mutex
	protos   map[string]*luahost.Chunk // by module name; "" is the main script
	sources  map[string]string         // module name → file path shown in errors
	modSums  map[string]string         // module name → SHA-256 of the game's modules
	texts    map[string]string         // file path shown in errors → the source compiled (SourceLines)
	logHint  gamelog.Hint              // how long the last game's log grew
	boards   board.Maps                // the boards' maps parsed
	programs bool                      // may seat bots that start programs (AllowPrograms)
}

// GameFields are the fields of the table a script returns that the engine
// reads (title, play, the hooks): what stdlib/tabletop.meta.lua annotates
// as class Game. A test keeps the list to what the engine's code reads.
var GameFields = []string{"about", "belief", "bots", "determinize", "on_say", "options", "play", "players", "search", "seats", "title", "tools"}

var modName = regexp.MustCompile(`^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$`)

// Load reads, compiles and describes the game script at path, a file of
// the OS. stdlib is the file system of modules every script may require
// (see package stdlib); it may be nil; modules are those written in Go
// (see package lib). LoadFrom says more.
func Load(path string, stdlib fs.FS, modules ...luahost.Module) (*Engine, error) {
	return LoadFrom(Source{Path: path, Stdlib: stdlib, Modules: modules})
}

// LoadFrom reads, compiles and describes a game script: a file of the OS
// or one in a library (a built-in game). The script must be a regular file
// of at most MaxScriptBytes, read once.
func LoadFrom(s Source) (*Engine, error) {
	e := newEngine(s)
	var src []byte
	var err error
	if s.Home != nil {
		src, err = gamefiles.ReadScriptFS(s.Home.FS, s.Path, e.Path)
	} else {
		src, err = gamefiles.ReadScript(s.Path)
	}
	if err != nil {
		return nil, fmt.Errorf("loading game: %w", err)
	}
	return e.load(src)
}

// LoadSource is Load with the script's content given; path names it in
// errors and saves, and its folder is searched for modules.
func LoadSource(path string, src []byte, stdlib fs.FS, modules ...luahost.Module) (*Engine, error) {
	e := newEngine(Source{Path: path, Name: path, Stdlib: stdlib, Modules: modules})
	return e.load(src)
}

// newEngine is an engine for the script s names, not loaded yet.
func newEngine(s Source) *Engine {
	e := &Engine{
		Path:    s.Path,
		Script:  s.Name,
		Limits:  DefaultLimits,
		files:   gamefiles.Folders{Dir: filepath.Dir(s.Path), Libs: s.Libs, Stdlib: s.Stdlib},
		modules: s.Modules,
		protos:  map[string]*luahost.Chunk{},
		modSums: map[string]string{},
		texts:   map[string]string{},
	}
	if s.Home != nil {
		e.files.Home, e.files.HomeName, e.files.Dir = s.Home.FS, s.Home.Name, path.Dir(s.Path)
		e.Path = s.Home.Name + "/" + s.Path
		if e.Script == "" {
			e.Script = strings.TrimSuffix(s.Path, ".lua")
		}
	} else if e.Script == "" {
		e.Script = s.Path
		if abs, err := filepath.Abs(s.Path); err == nil {
			e.Script = abs
		}
	}
	e.files.Path = e.Path
	e.sources = map[string]string{"": e.Path}
	return e
}

// load compiles and describes the script src, and sums up its content.
func (e *Engine) load(src []byte) (*Engine, error) {
	proto, err := compile(src, e.Path)
	if err != nil {
		return nil, err
	}
	e.protos[""] = proto
	e.texts[e.Path] = string(src)
	if err := e.describe(); err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.Hash = gamefiles.Hash(src, e.modSums)
	e.mu.Unlock()
	return e, nil
}

// compile compiles a script, module or test file through the script
// host's compile pass (see luahost.Compile).
func compile(src []byte, name string) (*luahost.Chunk, error) {
	c, err := luahost.Compile(src, name, luahost.DefaultLimits)
	if err != nil {
		return nil, &ScriptError{Msg: err.Error()}
	}
	return c, nil
}

// module returns the compiled module name, compiling it on first use. The
// script's own folder is searched first, so a variant can require the game
// it changes, then the libraries (the built-in games), then the stdlib.
func (e *Engine) module(name string) (*luahost.Chunk, string, error) {
	if !modName.MatchString(name) {
		return nil, "", fmt.Errorf("module %q not found: names are letters, digits and _ separated by dots", name)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if p, ok := e.protos[name]; ok {
		return p, e.sources[name], nil
	}
	rel := strings.ReplaceAll(name, ".", "/") + ".lua"
	src, shown, hashed, err := e.files.FindModule(name, rel)
	if err != nil {
		return nil, "", err
	}
	p, err := compile(src, shown)
	if err != nil {
		return nil, "", err
	}
	e.protos[name] = p
	e.sources[name] = shown
	e.texts[shown] = string(src)
	if hashed {
		if e.modSums == nil {
			e.modSums = map[string]string{}
		}
		sum := sha256.Sum256(src)
		e.modSums[name] = hex.EncodeToString(sum[:])
	}
	return p, shown, nil
}

// SourceLines returns the lines of a file the engine compiled — the
// script, or a module it required — as they were then, by the name errors
// and log places (Place.File) give it: tabs expanded (to every fourth
// column) and each line made printable like every text a script shows, so
// no line of a script can drive the terminal that shows it.
func (e *Engine) SourceLines(file string) ([]string, bool) {
	e.mu.Lock()
	text, ok := e.texts[file]
	e.mu.Unlock()
	if !ok {
		return nil, false
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = printable.Line(printable.ExpandTabs(strings.TrimSuffix(l, "\r")))
	}
	return lines, true
}

// describe runs the script once in a scratch state and reads its game table.
func (e *Engine) describe() error {
	L := e.newState(nil, nil)
	defer L.Close()
	g := newMeter(e.Limits, L)
	defer g.Close()
	var game *lua.LTable
	if err := guarded(g, L, e.Path, func() (err error) { game, err = e.runMain(L); return err }); err != nil {
		return err
	}
	info := gameinfo.Info{MinPlayers: 2, MaxPlayers: 6}
	info.Title = capText(printable.Line(lua.LVAsString(game.RawGetString("title"))), 200)
	if info.Title == "" {
		info.Title = strings.TrimSuffix(filepath.Base(e.Path), ".lua")
	}
	info.About = capText(printable.Block(lua.LVAsString(game.RawGetString("about"))), 4096)
	if p, ok := game.RawGetString("players").(*lua.LTable); ok {
		info.MinPlayers = int(lua.LVAsNumber(p.RawGetInt(1)))
		info.MaxPlayers = int(lua.LVAsNumber(p.RawGetInt(2)))
		if info.MaxPlayers == 0 {
			info.MaxPlayers = info.MinPlayers
		}
	}
	if info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers || info.MaxPlayers > 16 {
		return &ScriptError{Msg: fmt.Sprintf("%s: game.players must be {min, max} with 1 <= min <= max <= 16", e.Path)}
	}
	if _, ok := game.RawGetString("play").(*lua.LFunction); !ok {
		return &ScriptError{Msg: fmt.Sprintf("%s: the script must return a game table with a play(t) function", e.Path)}
	}
	opts, err := e.readOptions(game.RawGetString("options"))
	if err != nil {
		return err
	}
	info.Options = opts
	info.Bots = sortedFuncKeys(game.RawGetString("bots"))
	info.Tools = sortedFuncKeys(game.RawGetString("tools"))
	_, info.OnSay = game.RawGetString("on_say").(*lua.LFunction)
	_, info.Determinize = game.RawGetString("determinize").(*lua.LFunction)
	_, info.Belief = game.RawGetString("belief").(*lua.LFunction)
	if err := e.readSearch(game.RawGetString("search"), &info); err != nil {
		return err
	}
	e.Info = info
	return nil
}

// readSearch reads game.search, the script's advice to search bots:
// rollout, the policy they play games out with ("random" or one of the
// game's bots), and steps, how many decisions a rollout plays at most.
func (e *Engine) readSearch(v lua.LValue, info *gameinfo.Info) error {
	if v == lua.LNil {
		return nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return &ScriptError{Msg: fmt.Sprintf("%s: search must be a table {rollout = ...}, not a %s", e.Path, v.Type())}
	}
	if st := t.RawGetString("steps"); st != lua.LNil {
		n, ok := st.(lua.LNumber)
		if !ok || float64(int(n)) != float64(n) || n < 1 || n > 1_000_000 {
			return &ScriptError{Msg: fmt.Sprintf("%s: search.steps must be a whole number of decisions from 1 to 1000000, not %s", e.Path, capText(st.String(), 40))}
		}
		info.SearchSteps = int(n)
	}
	r := t.RawGetString("rollout")
	if r == lua.LNil {
		return nil
	}
	name, ok := r.(lua.LString)
	if ok && (name == "random" || slices.Contains(info.Bots, string(name))) {
		info.SearchRollout = string(name)
		return nil
	}
	return &ScriptError{Msg: fmt.Sprintf("%s: search.rollout must be \"random\" or the name of one of the game's bots (%s), not %s", e.Path, strings.Join(info.Bots, ", "), capText(valueText(r), 40))}
}

// sortedFuncKeys lists the string keys of a table of functions, in the
// order given by an optional "order" list, else alphabetically.
func sortedFuncKeys(v lua.LValue) []string {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil
	}
	var names []string
	seen := map[string]bool{}
	if order, ok := t.RawGetString("order").(*lua.LTable); ok {
		for i := 1; i <= order.Len(); i++ {
			n := lua.LVAsString(order.RawGetInt(i))
			if _, ok := t.RawGetString(n).(*lua.LFunction); ok && !seen[n] {
				names = append(names, n)
				seen[n] = true
			}
		}
	}
	var rest []string
	t.ForEach(func(k, v lua.LValue) {
		if ks, ok := k.(lua.LString); ok && !seen[string(ks)] {
			if _, ok := v.(*lua.LFunction); ok {
				rest = append(rest, string(ks))
			}
		}
	})
	sort.Strings(rest)
	return append(names, rest...)
}

// runMain runs the compiled main script in L and returns its game table.
func (e *Engine) runMain(L *lua.LState) (*lua.LTable, error) {
	fn := luahost.Load(L, e.protos[""])
	L.Push(fn)
	if err := L.PCall(0, 1, nil); err != nil {
		return nil, err
	}
	game, ok := L.Get(-1).(*lua.LTable)
	L.Pop(1)
	if !ok {
		return nil, &ScriptError{Msg: fmt.Sprintf("%s: the script must return its game table (return Game at the end)", e.Path)}
	}
	return game, nil
}

// ParseOptions checks option assignments ("target=-50") against the
// script's declarations and returns the full set, defaults filled in
// (gameinfo.Info.ParseOptions).
func (e *Engine) ParseOptions(assign []string) (map[string]string, error) {
	return e.Info.ParseOptions(assign)
}
