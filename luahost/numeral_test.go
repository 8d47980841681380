package luahost

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestChunkCorpus runs each corpus of testdata/lua51 (a list of chunks:
// numerals.lua has every numeral form of the Lua 5.1 manual, in
// expressions, strings, long strings and comments, and the malformed ones)
// through driver.lua, as regen.sh ran it under PUC-Rio Lua 5.1, and
// compares with what 5.1 printed. The chunks are compiled by Compile; a
// chunk 5.1 refuses must be refused on the same line, and with the same
// message where the refusal is the prescan's (a malformed number, a ';'
// where 5.1 wants a statement). gopher-lua's parser words its own syntax
// errors ("syntax error near '.8'" where 5.1 says "'<eof>' expected near
// '.8'"). semicolons.lua has the chunks with ';' 5.1 takes and refuses.
func TestChunkCorpus(t *testing.T) {
	corpora, _ := filepath.Glob(filepath.Join("testdata", "lua51", "*.lua"))
	driver, err := os.ReadFile(filepath.Join("testdata", "lua51", "driver.lua"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range corpora {
		if filepath.Base(path) == "driver.lua" {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".lua"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".lua") + ".out")
			if err != nil {
				t.Fatalf("no golden output (run testdata/lua51/regen.sh): %v", err)
			}
			got := runDriver(t, driver, src)
			compareCorpus(t, string(want), got)
		})
	}
}

// TestChunkCorpusGoldensAreCurrent runs every corpus under lua5.1, where
// it is installed, so that a corpus edited without running regen.sh is
// caught.
func TestChunkCorpusGoldensAreCurrent(t *testing.T) {
	lua51, err := exec.LookPath("lua5.1")
	if err != nil {
		t.Skip("lua5.1 is not installed")
	}
	corpora, _ := filepath.Glob(filepath.Join("testdata", "lua51", "*.lua"))
	for _, path := range corpora {
		name := filepath.Base(path)
		if name == "driver.lua" {
			continue
		}
		cmd := exec.Command(lua51, "-e", "CORPUS = io.open('"+name+"'):read('*a')", "driver.lua")
		cmd.Dir = filepath.Dir(path)
		got, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("lua5.1 %s: %v\n%s", name, err, got)
			continue
		}
		want, err := os.ReadFile(strings.TrimSuffix(path, ".lua") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: the committed output is stale (run regen.sh)", path)
		}
	}
}

// syntaxError matches a driver line for a chunk refused by the parser:
// its number and the line of the refusal.
var syntaxError = regexp.MustCompile(`^(\d+)\terror\tcase:(\d+):`)

func compareCorpus(t *testing.T, want, got string) {
	t.Helper()
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(w) != len(g) {
		t.Fatalf("%d lines, want %d:\n%s", len(g), len(w), got)
	}
	for i := range w {
		if w[i] == g[i] {
			continue
		}
		ws, gs := syntaxError.FindStringSubmatch(w[i]), syntaxError.FindStringSubmatch(g[i])
		if ws != nil && gs != nil && ws[1] == gs[1] && ws[2] == gs[2] && strings.Contains(g[i], ": syntax error") {
			continue // refused where 5.1 refuses it, by gopher-lua's parser in its words
		}
		t.Errorf("Lua 5.1: %s\nhere:    %s", w[i], g[i])
	}
}

// runDriver runs driver.lua on a corpus in a state with the sandbox's
// libraries and a loadstring that compiles with Compile.
func runDriver(t *testing.T, driver, corpus []byte) string {
	t.Helper()
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	OpenLibs(L)
	var out strings.Builder
	L.SetGlobal("print", L.NewFunction(Print(&out)))
	L.SetGlobal("loadstring", L.NewFunction(testLoadString))
	L.SetGlobal("CORPUS", lua.LString(corpus))
	m := NewMeter(DefaultLimits)
	defer m.Close()
	L.SetContext(m)
	m.Begin()
	defer m.End()
	c, err := Compile(driver, "driver.lua", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	L.Push(Load(L, c))
	if err := L.PCall(0, 0, nil); err != nil {
		t.Fatalf("driver: %v\nprinted:\n%s", err, out.String())
	}
	return out.String()
}

// testLoadString is Lua 5.1's loadstring, compiling with Compile: the
// chunk is named as 5.1 names it in messages (luaO_chunkid).
func testLoadString(L *lua.LState) int {
	src := L.CheckString(1)
	c, err := Compile([]byte(src), chunkID(L.OptString(2, src)), DefaultLimits)
	if err != nil {
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	L.Push(Load(L, c))
	return 1
}

// chunkID is the name Lua 5.1 shows for a chunk: "=name" as name,
// "@file" as file, a source string as [string "its first line..."].
func chunkID(name string) string {
	switch {
	case strings.HasPrefix(name, "="):
		return name[1:]
	case strings.HasPrefix(name, "@"):
		return name[1:]
	}
	line, cut := name, false
	if i := strings.IndexAny(name, "\n\r"); i >= 0 {
		line, cut = name[:i], true
	}
	const room = 60 - len(` [string "..."] `)
	if len(line) > room {
		line, cut = line[:room], true
	}
	if cut {
		return fmt.Sprintf(`[string "%s..."]`, line)
	}
	return fmt.Sprintf(`[string "%s"]`, line)
}
