package interp

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/luahost"
	lua "github.com/yuin/gopher-lua"
)

// Engine is a loaded game script: compiled once, then shared by every
// Match played with it, concurrently if need be.
type Engine struct {
	// Path is the script's path as the user gave it; errors name it.
	Path string
	// Hash is the hex SHA-256 of the script and every module it required
	// from its own folder while being described, so a save can tell when
	// the rules changed under it.
	Hash string
	// Info describes the game: title, player counts, options, bots.
	Info GameInfo
	// Limits bounds what a script may do in one step.
	Limits Limits

	dir     string
	stdlib  fs.FS
	mu      sync.Mutex
	protos  map[string]*luahost.Chunk // by module name; "" is the main script
	sources map[string]string         // module name → file path shown in errors
}

// GameInfo is what a script declares about its game.
type GameInfo struct {
	Title      string
	About      string
	MinPlayers int
	MaxPlayers int
	Options    []OptionDecl
	// Bots are the names of the bots the script provides, in its order.
	// "random" is always available as well.
	Bots []string
	// Tools are extra read-only REPL commands the script provides (e.g.
	// "notes"), run on a seat's view like a bot.
	Tools []string
}

// OptionDecl is one game option a script declares, with its default.
type OptionDecl struct {
	Name    string
	Default string
	Kind    string // "number", "string" or "boolean"
	Help    string
}

// Limits bound one step of a script (from one decision to the next
// prompt) and one call of a bot.
type Limits struct {
	// StepInstructions stops a step that runs more Lua instructions than
	// this: an endless loop ends after the same amount of work on every
	// machine, however busy, so a game that passes once always passes.
	// The default is about half a second of work.
	StepInstructions int64
	// StepTimeout is a wall-clock backstop for time spent outside Lua
	// instructions.
	StepTimeout time.Duration
	// MaxCallDepth stops deep recursion.
	MaxCallDepth int
	// MaxStringBytes is the longest string string.rep may build.
	MaxStringBytes int
}

// DefaultLimits are the limits a new Engine gets.
var DefaultLimits = Limits{StepInstructions: 50_000_000, StepTimeout: 30 * time.Second, MaxCallDepth: 200, MaxStringBytes: 1 << 20}

// ScriptError is an error raised by a script (or by the engine on behalf of
// a script call), carrying the script position as "file:line: message".
type ScriptError struct {
	Msg       string // "games/clubs.lua:42: message"
	Traceback string
}

func (e *ScriptError) Error() string { return e.Msg }

var modName = regexp.MustCompile(`^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$`)

// Load reads, compiles and describes the game script at path. stdlib is
// the file system of modules every script may require (see package
// stdlib); it may be nil.
func Load(path string, stdlib fs.FS) (*Engine, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loading game: %w", err)
	}
	return LoadSource(path, src, stdlib)
}

// LoadSource is Load with the script's content given.
func LoadSource(path string, src []byte, stdlib fs.FS) (*Engine, error) {
	e := &Engine{
		Path:    path,
		Limits:  DefaultLimits,
		dir:     filepath.Dir(path),
		stdlib:  stdlib,
		protos:  map[string]*luahost.Chunk{},
		sources: map[string]string{"": path},
	}
	proto, err := compile(src, path)
	if err != nil {
		return nil, err
	}
	e.protos[""] = proto
	sum := sha256.Sum256(src)
	e.Hash = hex.EncodeToString(sum[:])
	if err := e.describe(); err != nil {
		return nil, err
	}
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
// script's own folder is searched before the standard library, so a
// variant can require the game it changes.
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
	var src []byte
	var shown string
	local := filepath.Join(e.dir, filepath.FromSlash(rel))
	if b, err := os.ReadFile(local); err == nil {
		src, shown = b, local
	} else if e.stdlib != nil {
		if b, err := fs.ReadFile(e.stdlib, rel); err == nil {
			src, shown = b, "stdlib/"+rel
		}
	}
	if src == nil {
		return nil, "", fmt.Errorf("module %q not found beside %s or in stdlib", name, e.Path)
	}
	p, err := compile(src, shown)
	if err != nil {
		return nil, "", err
	}
	e.protos[name] = p
	e.sources[name] = shown
	return p, shown, nil
}

// describe runs the script once in a scratch state and reads its game table.
func (e *Engine) describe() error {
	L := e.newState(nil, nil)
	defer L.Close()
	game, err := e.runMain(L)
	if err != nil {
		return err
	}
	info := GameInfo{MinPlayers: 2, MaxPlayers: 6}
	info.Title = lua.LVAsString(game.RawGetString("title"))
	if info.Title == "" {
		info.Title = strings.TrimSuffix(filepath.Base(e.Path), ".lua")
	}
	info.About = lua.LVAsString(game.RawGetString("about"))
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
	if opts, ok := game.RawGetString("options").(*lua.LTable); ok {
		var names []string
		opts.ForEach(func(k, v lua.LValue) {
			if ks, ok := k.(lua.LString); ok {
				names = append(names, string(ks))
			}
		})
		sort.Strings(names)
		for _, n := range names {
			d := OptionDecl{Name: n}
			spec, ok := opts.RawGetString(n).(*lua.LTable)
			if !ok {
				return &ScriptError{Msg: fmt.Sprintf("%s: option %q must be a table {default = ..., help = ...}", e.Path, n)}
			}
			def := spec.RawGetString("default")
			switch def.Type() {
			case lua.LTNumber:
				d.Kind = "number"
			case lua.LTBool:
				d.Kind = "boolean"
			case lua.LTString:
				d.Kind = "string"
			default:
				return &ScriptError{Msg: fmt.Sprintf("%s: option %q needs a default number, string or boolean", e.Path, n)}
			}
			d.Default = def.String()
			d.Help = lua.LVAsString(spec.RawGetString("help"))
			info.Options = append(info.Options, d)
		}
	}
	info.Bots = sortedFuncKeys(game.RawGetString("bots"))
	info.Tools = sortedFuncKeys(game.RawGetString("tools"))
	e.Info = info
	return nil
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
		return nil, scriptError(err)
	}
	game, ok := L.Get(-1).(*lua.LTable)
	L.Pop(1)
	if !ok {
		return nil, &ScriptError{Msg: fmt.Sprintf("%s: the script must return its game table (return Game at the end)", e.Path)}
	}
	return game, nil
}

// ParseOptions checks option assignments ("target=-50") against the
// script's declarations and returns the full set, defaults filled in.
func (e *Engine) ParseOptions(assign []string) (map[string]string, error) {
	out := map[string]string{}
	for _, d := range e.Info.Options {
		out[d.Name] = d.Default
	}
	for _, a := range assign {
		k, v, ok := strings.Cut(a, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: write it as name=value", a)
		}
		d, found := e.option(k)
		if !found {
			return nil, fmt.Errorf("unknown option %q for %s (options: %s)", k, e.Info.Title, e.optionNames())
		}
		switch d.Kind {
		case "number":
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return nil, fmt.Errorf("option %s: %q is not a number", k, v)
			}
		case "boolean":
			if v != "true" && v != "false" {
				return nil, fmt.Errorf("option %s: %q must be true or false", k, v)
			}
		}
		out[k] = v
	}
	return out, nil
}

func (e *Engine) option(name string) (OptionDecl, bool) {
	for _, d := range e.Info.Options {
		if d.Name == name {
			return d, true
		}
	}
	return OptionDecl{}, false
}

func (e *Engine) optionNames() string {
	if len(e.Info.Options) == 0 {
		return "none"
	}
	var ns []string
	for _, d := range e.Info.Options {
		ns = append(ns, d.Name)
	}
	return strings.Join(ns, ", ")
}

// scriptError turns a gopher-lua error into a ScriptError.
func scriptError(err error) error {
	var se *ScriptError
	if errors.As(err, &se) {
		return se
	}
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		msg := ae.Object.String()
		if inner, ok := ae.Object.(*lua.LUserData); ok {
			if e, ok := inner.Value.(error); ok {
				msg = e.Error()
			}
		}
		return &ScriptError{Msg: msg, Traceback: shortTraceback(ae.StackTrace)}
	}
	return &ScriptError{Msg: err.Error()}
}

// shortTraceback keeps the script frames of a gopher-lua traceback.
func shortTraceback(tb string) string {
	var keep []string
	for _, line := range strings.Split(tb, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || l == "stack traceback:" || strings.HasPrefix(l, "[G]") || strings.Contains(l, "<prelude>") {
			continue
		}
		keep = append(keep, "  "+l)
		if len(keep) == 8 {
			keep = append(keep, "  …")
			break
		}
	}
	return strings.Join(keep, "\n")
}
