package scenario

import (
	_ "embed"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/printable"
)

// Result is the outcome of one scenario of a test file.
type Result struct {
	File     string
	Name     string
	Err      error // nil when the scenario passed
	Duration time.Duration
}

//go:embed prelude.lua
var prelude []byte

const preludeName = "<scenario prelude>"

// limits are a test file's limits. A scenario is one step, and may play
// whole games in it: the instructions its games' scripts run are charged
// to it with its own, and what the games it holds keep counts against its
// memory (a scenario of Das Regeln wir schon keeps 38 games, 23 MB), but
// an endless loop still ends. The scenarios of a file have no budget
// together (TotalInstructions): each has its own.
var limits = func() interp.Limits {
	l := interp.DefaultLimits
	l.StepInstructions = 2_000_000_000
	l.TotalInstructions = 0
	l.Memory = 128 << 20
	l.Timeout = 10 * time.Minute
	return l
}()

// runner runs one test file.
type runner struct {
	path      string
	libs      []interp.Library
	stdlib    fs.FS
	modules   []luahost.Module // written in Go
	host      *interp.Host
	engines   map[string]*interp.Engine // by script path
	open      []*interp.Match           // the running scenario's matches
	scenarios []scenarioDecl
	handleMT  *lua.LTable // the metatable of game handles
}

type scenarioDecl struct {
	name string
	fn   *lua.LFunction
}

// RunFile runs the scenarios of a Lua test file. stdlib is the module file
// system scripts and tests may require (see package stdlib), modules those
// written in Go (see package lib). The error is for a file that cannot run
// at all; each scenario's failure is in its Result.
func RunFile(path string, stdlib fs.FS, modules ...luahost.Module) ([]Result, error) {
	return RunFileWith(path, nil, stdlib, modules...)
}

// RunFileWith is RunFile where the test file and the scripts it plays may
// also require the modules of libs (the built-in games).
func RunFileWith(path string, libs []interp.Library, stdlib fs.FS, modules ...luahost.Module) ([]Result, error) {
	src, err := interp.ReadScript(path)
	if err != nil {
		return nil, err
	}
	r := &runner{path: path, libs: libs, stdlib: stdlib, modules: modules, engines: map[string]*interp.Engine{}}
	r.host = interp.NewHost(interp.Source{Path: path, Libs: libs, Stdlib: stdlib, Modules: modules}, limits, printable.Writer(os.Stderr))
	defer r.host.Close()
	r.host.KeepAlso(r.kept)
	if err := r.declare(src); err != nil {
		return nil, err
	}
	results := make([]Result, 0, len(r.scenarios))
	for _, s := range r.scenarios {
		results = append(results, r.runScenario(s))
	}
	return results, nil
}

// declare sets up the globals, runs the prelude and the file, which
// declares its scenarios.
func (r *runner) declare(src []byte) error {
	L := r.host.L
	L.SetGlobal("scenario", L.NewFunction(r.luaScenario))
	L.SetGlobal("game", L.NewFunction(r.luaGame))
	r.handleMT = L.NewTable()
	// In the order of their names: pairs over a table follows the order
	// it was filled in, which must be the same in every run.
	methods := L.CreateTable(0, len(handleMethods))
	for _, name := range slices.Sorted(maps.Keys(handleMethods)) {
		methods.RawSetString(name, L.NewFunction(charged(handleMethods[name])))
	}
	r.handleMT.RawSetString("__index", methods)
	r.handleMT.RawSetString("__tostring", L.NewFunction(handleString))
	pre, err := r.host.Load(preludeName, prelude)
	if err != nil {
		return fmt.Errorf("the scenario prelude: %w", err)
	}
	if err := r.host.Call(pre); err != nil {
		return fmt.Errorf("the scenario prelude: %w", err)
	}
	file, err := r.host.Load(r.path, src)
	if err != nil {
		return err
	}
	return r.host.Call(file)
}

// kept is what the running scenario's games keep: a test file is charged
// for them as for its own tables, so that a loop of g:clone() stops with
// the test's line instead of taking the process down.
func (r *runner) kept() int64 {
	var n int64
	for _, m := range r.open {
		n += m.Kept()
	}
	return n
}

// luaScenario implements scenario(name, fn).
func (r *runner) luaScenario(L *lua.LState) int {
	r.scenarios = append(r.scenarios, scenarioDecl{name: L.CheckString(1), fn: L.CheckFunction(2)})
	return 0
}

// runScenario runs one scenario and closes the matches it started.
func (r *runner) runScenario(s scenarioDecl) Result {
	start := time.Now()
	err := r.host.Call(s.fn)
	res := Result{File: r.path, Name: s.name, Duration: time.Since(start)}
	if err != nil {
		msg := err.Error()
		if se, ok := err.(*interp.ScriptError); ok {
			if tb := testFrames(se.Traceback); tb != "" {
				msg += "\n" + tb
			}
		}
		res.Err = fmt.Errorf("%s", msg)
	}
	for _, m := range r.open {
		m.Close()
	}
	r.open = nil
	return res
}

// testFrames drops the prelude's frames from a traceback: a failed
// expectation is reported at the test's line.
func testFrames(tb string) string {
	lines := strings.Split(tb, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if l != "" && !strings.Contains(l, preludeName) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}
