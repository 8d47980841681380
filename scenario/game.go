package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/printable"
)

// luaGame implements game{script=, players=, seed=, options=, stack=, rolls=}:
// it starts a match of the script under test and returns its handle.
func (r *runner) luaGame(L *lua.LState) int {
	spec := L.OptTable(1, L.NewTable())
	checkFields(L, spec, "game{}", "script", "players", "seed", "options", "stack", "rolls")
	e, err := r.engine(L, spec)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	cfg := readConfig(L, spec)
	opts, err := e.ParseOptions(optionList(cfg.Options))
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	cfg.Options = opts
	m, err := e.NewMatch(cfg)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	L.Push(r.newHandle(&handle{run: r, engine: e, cfg: cfg, m: m}))
	return 1
}

// engine loads the script a game{} names, or the one the test file is
// about, once per file.
func (r *runner) engine(L *lua.LState, spec *lua.LTable) (*interp.Engine, error) {
	var script string
	if s, ok := spec.RawGetString("script").(lua.LString); ok {
		script = string(s)
		if !filepath.IsAbs(script) {
			script = filepath.Join(filepath.Dir(r.path), script)
		}
	} else if v := spec.RawGetString("script"); v != lua.LNil {
		return nil, fmt.Errorf("game{}: script must be a file name, not a %s", v.Type())
	} else {
		var err error
		if script, err = scriptUnderTest(r.path); err != nil {
			return nil, err
		}
	}
	if e, ok := r.engines[script]; ok {
		return e, nil
	}
	e, err := interp.LoadFrom(interp.Source{Path: script, Libs: r.libs, Stdlib: r.stdlib, Modules: r.modules})
	if err != nil {
		return nil, err
	}
	r.engines[script] = e
	return e, nil
}

// scriptUnderTest finds the script a test file is about: NAME_test.lua
// tests NAME.lua, and NAME_something_test.lua tests NAME_something.lua if
// there is one, else NAME.lua (words are dropped from the end until a
// script is found).
func scriptUnderTest(testPath string) (string, error) {
	dir := filepath.Dir(testPath)
	base := strings.TrimSuffix(filepath.Base(testPath), ".lua")
	base = strings.TrimSuffix(base, "_test")
	var tried []string
	for name := base; name != ""; {
		path := filepath.Join(dir, name+".lua")
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			return path, nil
		}
		tried = append(tried, name+".lua")
		i := strings.LastIndexByte(name, '_')
		if i < 0 {
			break
		}
		name = name[:i]
	}
	return "", fmt.Errorf("no script for %s (tried %s): name one with game { script = \"...\" }",
		filepath.Base(testPath), strings.Join(tried, ", "))
}

// readConfig reads players, seed, options, stack and rolls from a game{} spec.
func readConfig(L *lua.LState, spec *lua.LTable) interp.Config {
	cfg := interp.Config{Seed: 1, Options: map[string]string{}, Out: printable.Writer(os.Stderr)}
	if n, ok := spec.RawGetString("players").(lua.LNumber); ok {
		cfg.Players = int(n)
	}
	if n, ok := spec.RawGetString("seed").(lua.LNumber); ok {
		cfg.Seed = uint64(n)
	}
	if o, ok := spec.RawGetString("options").(*lua.LTable); ok {
		o.ForEach(func(k, v lua.LValue) { cfg.Options[k.String()] = v.String() })
	}
	if st, ok := spec.RawGetString("stack").(*lua.LTable); ok {
		cfg.Stack = readStacks(L, st)
	}
	if rl, ok := spec.RawGetString("rolls").(*lua.LTable); ok {
		cfg.Rolls = readRolls(L, rl, "game{}: rolls")
	}
	return cfg
}

// readRolls reads a list of die results, whole numbers from 1 up.
func readRolls(L *lua.LState, rl *lua.LTable, what string) []int {
	out := make([]int, 0, rl.Len())
	for i := 1; i <= rl.Len(); i++ {
		n, ok := rl.RawGetInt(i).(lua.LNumber)
		if !ok || float64(int(n)) != float64(n) || n < 1 {
			L.RaiseError("%s: roll %d is %s, not a die's face (a whole number from 1)", what, i, rl.RawGetInt(i).String())
		}
		out = append(out, int(n))
	}
	return out
}

// checkFields refuses a field of a table of named arguments that is not
// one of known: a misspelt option must not be read as "absent".
func checkFields(L *lua.LState, t *lua.LTable, what string, known ...string) {
	bad := ""
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); bad == "" && (!ok || !slices.Contains(known, string(s))) {
			bad = k.String()
		}
	})
	if bad != "" {
		L.RaiseError("%s has no field %q (its fields: %s)", what, bad, strings.Join(known, ", "))
	}
}

// readStacks reads stack = { zone = {names} or {{names}, {names}} }.
func readStacks(L *lua.LState, st *lua.LTable) map[string][][]string {
	out := map[string][][]string{}
	st.ForEach(func(k, v lua.LValue) {
		lists, ok := v.(*lua.LTable)
		if !ok {
			L.RaiseError("stack.%s must be a list of card names (or a list of such lists)", k.String())
		}
		if _, nested := lists.RawGetInt(1).(*lua.LTable); !nested {
			wrap := L.NewTable()
			wrap.Append(lists)
			lists = wrap
		}
		for i := 1; i <= lists.Len(); i++ {
			l, _ := lists.RawGetInt(i).(*lua.LTable)
			out[k.String()] = append(out[k.String()], names(l))
		}
	})
	return out
}

// names reads a list of card names; nil reads as none.
func names(l *lua.LTable) []string {
	if l == nil {
		return nil
	}
	out := make([]string, 0, l.Len())
	for j := 1; j <= l.Len(); j++ {
		out = append(out, lua.LVAsString(l.RawGetInt(j)))
	}
	return out
}

// optionList turns options into name=value assignments, sorted so errors
// come out the same every run.
func optionList(o map[string]string) []string {
	out := make([]string, 0, len(o))
	for k, v := range o {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
