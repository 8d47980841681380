package luahost

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// corpusDir holds the differential corpus against PUC-Rio Lua 5.1: each
// program's expected output (.out) was produced by Debian's lua5.1, run in
// that folder as "lua5.1 name.lua". This runner covers the library's share
// (string, pattern, table and format programs); interp runs the whole
// corpus through the sandbox.
const corpusDir = "../interp/testdata/lua51"

var corpusGlobs = []string{"string_*.lua", "pattern_*.lua", "table_*.lua", "format_*.lua"}

func corpusFiles(t *testing.T) []string {
	var files []string
	for _, g := range corpusGlobs {
		m, err := filepath.Glob(filepath.Join(corpusDir, g))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatalf("no corpus programs in %s", corpusDir)
	}
	return files
}

// newTestState returns a state with OpenLibs, Print writing to out, and a
// meter with the default limits.
func newTestState(t testing.TB, out *bytes.Buffer, l Limits) (*lua.LState, *Meter) {
	L := lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    l.MaxCallDepth,
		RegistrySize:     1024,
		RegistryGrowStep: 1024,
		RegistryMaxSize:  1024 * 1024,
	})
	OpenLibs(L)
	L.SetGlobal("print", L.NewFunction(Print(out)))
	m := NewMeter(l)
	L.SetContext(m)
	t.Cleanup(func() { m.Close(); L.Close() })
	return L, m
}

// runChunk runs source named name in L, one step of m.
func runChunk(L *lua.LState, m *Meter, name, source string) error {
	fn, err := L.Load(strings.NewReader(source), name)
	if err != nil {
		return err
	}
	m.Begin()
	defer m.End()
	L.Push(fn)
	return L.PCall(0, 0, nil)
}

func TestCorpus(t *testing.T) {
	for _, file := range corpusFiles(t) {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".lua"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(file, ".lua") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			L, m := newTestState(t, &out, DefaultLimits)
			if err := runChunk(L, m, name, string(src)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("%s: output differs from Lua 5.1's\n%s", name, firstDifference(got, string(want)))
			}
		})
	}
}

// TestCorpusGoldensAreCurrent checks the committed outputs against
// lua5.1, where it is installed, so that a program edited without
// regenerating its output is caught.
func TestCorpusGoldensAreCurrent(t *testing.T) {
	lua51, err := exec.LookPath("lua5.1")
	if err != nil {
		t.Skip("lua5.1 is not installed")
	}
	for _, file := range corpusFiles(t) {
		cmd := exec.Command(lua51, filepath.Base(file))
		cmd.Dir = corpusDir
		got, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("lua5.1 %s: %v", file, err)
			continue
		}
		want, err := os.ReadFile(strings.TrimSuffix(file, ".lua") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the committed output is stale; regenerate it with lua5.1\n%s", file, firstDifference(string(got), string(want)))
		}
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + itoa(i+1) + ":\n got: " + quoteLine(gl) + "\nwant: " + quoteLine(wl)
		}
	}
	return "(no line differs)"
}

func itoa(i int) string { return string(appendNumber(nil, float64(i))) }

func quoteLine(s string) string {
	if len(s) > 400 {
		s = s[:400] + "..."
	}
	return strings.ReplaceAll(s, "\x00", `\0`)
}
