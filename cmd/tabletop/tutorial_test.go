package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The tutorial (docs/tutorial.md) writes a game step by step; its finished
// files are in docs/tutorial/. A code block of the tutorial whose fence
// names a file after its language ("```lua goofspiel.lua") is a piece of
// that file: the pieces, in the order shown and a blank line apart, are the
// file, so what a reader types is what is tested.

const tutorialDir = "../../docs/tutorial"

var fence = regexp.MustCompile("(?ms)^```\\w+ ([\\w.]+)\\n(.*?)^```$")

// TestTutorialShowsItsFiles: the code the tutorial shows is exactly the
// text of its files, and it shows every one of them.
func TestTutorialShowsItsFiles(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(tutorialDir, "..", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	pieces := map[string][]string{}
	for _, m := range fence.FindAllSubmatch(doc, -1) {
		pieces[string(m[1])] = append(pieces[string(m[1])], string(m[2]))
	}
	files, err := os.ReadDir(tutorialDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no files in docs/tutorial")
	}
	for _, f := range files {
		want, err := os.ReadFile(filepath.Join(tutorialDir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		shown, ok := pieces[f.Name()]
		if !ok {
			t.Errorf("the tutorial shows nothing of %s", f.Name())
			continue
		}
		delete(pieces, f.Name())
		if got := strings.Join(shown, "\n"); got != string(want) {
			t.Errorf("the tutorial's pieces of %s are not the file:\n%s", f.Name(), firstDifference(got, string(want)))
		}
	}
	for name := range pieces {
		t.Errorf("the tutorial shows %s, which docs/tutorial does not have", name)
	}
}

// firstDifference shows where two texts part, line by line.
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
			return "line " + strconv.Itoa(i+1) + ":\n  shown: " + gl + "\n  file:  " + wl
		}
	}
	return "(the same lines)"
}

// TestTutorialGamePasses: the tutorial's game passes tabletop check and
// its scenarios pass tabletop test, as the tutorial says they do.
func TestTutorialGamePasses(t *testing.T) {
	for _, args := range [][]string{
		{"check", filepath.Join(tutorialDir, "goofspiel.lua"), "-n", "60", "--save-dir", t.TempDir()},
		{"test", filepath.Join(tutorialDir, "goofspiel_test.lua")},
		{"sim", filepath.Join(tutorialDir, "goofspiel.lua"), "--seats", "bot:matcher,bot:random", "-n", "40", "--histograms", "never"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errs); code != 0 {
			t.Errorf("tabletop %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errs.String())
		}
	}
}

// TestTutorialLinksResolve: the links of the tutorial, the rules
// reference (docs/game-rules.md) and the script writer's guide lead to
// files that exist and to headings of them, as a reader following them
// expects.
func TestTutorialLinksResolve(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)#\s]*)(#[^)\s]*)?\)`)
	for _, page := range []string{"tutorial.md", "game-rules.md", "scripting.md"} {
		from := filepath.Join(tutorialDir, "..", page)
		doc, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllSubmatch(doc, -1) {
			target, anchor := string(m[1]), strings.TrimPrefix(string(m[2]), "#")
			if strings.Contains(target, "://") {
				continue
			}
			path := from
			if target != "" {
				path = filepath.Join(filepath.Dir(from), target)
			}
			body, err := os.ReadFile(path)
			if err != nil {
				if st, serr := os.Stat(path); serr == nil && st.IsDir() && anchor == "" {
					continue
				}
				t.Errorf("%s links to %s, which is not there", page, target)
				continue
			}
			if anchor != "" && !hasHeading(string(body), anchor) {
				t.Errorf("%s links to %s#%s, which has no such heading", page, target, anchor)
			}
		}
	}
}

// hasHeading says whether markdown text has a heading whose anchor (as
// GitHub makes it: lower case, punctuation dropped, spaces to hyphens) is
// anchor.
func hasHeading(text, anchor string) bool {
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range title {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				b.WriteRune(r)
			}
		}
		if b.String() == anchor {
			return true
		}
	}
	return false
}
