package scenario

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/stdlib"
)

// TestPassing runs the runner's own scenarios, which use every method.
func TestPassing(t *testing.T) {
	for _, f := range []string{"testdata/deck_test.lua", "testdata/deck_more_test.lua", "testdata/dice_test.lua"} {
		results, err := RunFile(f, stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		if len(results) == 0 {
			t.Fatalf("%s: no scenarios", f)
		}
		for _, r := range results {
			if r.Err != nil {
				t.Errorf("%s: %s: %v", f, r.Name, r.Err)
			}
		}
	}
}

// TestFailures checks that each scenario of deck_errors_test.lua and
// dice_errors_test.lua fails with the message its name gives after ###.
func TestFailures(t *testing.T) {
	var results []Result
	for _, f := range []string{"testdata/deck_errors_test.lua", "testdata/dice_errors_test.lua"} {
		rs, err := RunFile(f, stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) < 10 {
			t.Fatalf("%s: only %d scenarios", f, len(rs))
		}
		results = append(results, rs...)
	}
	for _, r := range results {
		_, want, ok := strings.Cut(r.Name, "### ")
		if !ok {
			t.Errorf("scenario %q has no ### message", r.Name)
			continue
		}
		switch {
		case r.Err == nil:
			t.Errorf("%q passed", r.Name)
		case !strings.Contains(r.Err.Error(), want):
			t.Errorf("want an error containing %q, got:\n%v", want, r.Err)
		case !strings.HasPrefix(r.Err.Error(), strings.TrimSuffix(r.File, ".lua")+".lua:"):
			t.Errorf("the error does not name the test's line:\n%v", r.Err)
		case strings.Contains(r.Err.Error(), preludeName):
			t.Errorf("the traceback shows the prelude:\n%v", r.Err)
		}
	}
}

// TestFileErrors: a file that cannot run is an error of RunFile.
func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ path, want string }{
		{write("syntax_test.lua", "scenario(\"x\", function()\n  local = 1\nend)\n"), "syntax_test.lua:2:"},
		{write("top_test.lua", "error('boom')\n"), "top_test.lua:1: boom"},
		{filepath.Join(dir, "missing_test.lua"), "no such file"},
	} {
		_, err := RunFile(tc.path, stdlib.FS())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: want an error containing %q, got %v", filepath.Base(tc.path), tc.want, err)
		}
	}
}

func TestScriptUnderTest(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"cluedo.lua", "andy_capp.lua", "andy_capp_thirsty.lua"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ test, want string }{
		{"cluedo_test.lua", "cluedo.lua"},
		{"cluedo_characters_test.lua", "cluedo.lua"},
		{"andy_capp_test.lua", "andy_capp.lua"},
		{"andy_capp_end_of_round_test.lua", "andy_capp.lua"},
		{"andy_capp_thirsty_test.lua", "andy_capp_thirsty.lua"},
		{"andy_capp_thirsty_more_test.lua", "andy_capp_thirsty.lua"},
		{"clubs_test.lua", "error: no script for clubs_test.lua (tried clubs.lua)"},
		{"clubs_short_test.lua", "error: no script for clubs_short_test.lua (tried clubs_short.lua, clubs.lua)"},
	} {
		got, err := scriptUnderTest(filepath.Join(dir, tc.test))
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = filepath.Base(got)
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.test, got, tc.want)
		}
	}
}

// TestMetaAnnotatesTheAPI fails when the handle gains a method, or the
// prelude a function, that tabletop.meta.lua does not annotate.
func TestMetaAnnotatesTheAPI(t *testing.T) {
	meta, err := fs.ReadFile(stdlib.FS(), "tabletop.meta.lua")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for name := range handleMethods {
		want = append(want, "GameHandle:"+name)
	}
	for _, m := range regexp.MustCompile(`(?m)^function (\w+)\(`).FindAllSubmatch(prelude, -1) {
		want = append(want, string(m[1]))
	}
	sort.Strings(want)
	for _, w := range want {
		if !regexp.MustCompile(`(?m)^function ` + regexp.QuoteMeta(w) + `\(`).Match(meta) {
			t.Errorf("tabletop.meta.lua does not annotate %s", w)
		}
	}
}

// TestAbsoluteScript: game{script=} takes an absolute path as it is, not
// joined to the test file's folder.
func TestAbsoluteScript(t *testing.T) {
	script, err := filepath.Abs("testdata/deck.lua")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	test := filepath.Join(dir, "elsewhere_test.lua")
	src := fmt.Sprintf("scenario(\"an absolute script\", function()\n  expect_eq(tostring(game { script = %q, players = 2 }), \"game of Deck\")\nend)\n", script)
	if err := os.WriteFile(test, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results, err := RunFile(test, stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("got %+v, want the scenario to pass", results)
	}
}
