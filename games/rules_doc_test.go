package games

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestGameRulesDocIsComplete: docs/game-rules.md lists every rule function
// of each built-in game — every function of its game table the script
// defines — with the parameters the script gives it, and nothing the script
// does not define, so that a variant's writer can trust what it says a
// function receives.
func TestGameRulesDocIsComplete(t *testing.T) {
	doc, err := os.ReadFile("../docs/game-rules.md")
	if err != nil {
		t.Fatal(err)
	}
	heading := regexp.MustCompile("(?m)^## .*\\(`games/(\\w+)\\.lua`\\)$")
	listed := regexp.MustCompile("`((?:Clubs|Game)\\.[\\w.]+)\\(([^)]*)\\)`")
	defined := regexp.MustCompile(`(?m)^[ \t]*function ((?:Clubs|Game)\.[\w.]+)\(([^)]*)\)`)
	sections := heading.FindAllSubmatchIndex(doc, -1)
	if len(sections) != 5 {
		t.Fatalf("%d games in docs/game-rules.md, want 5", len(sections))
	}
	for i, sec := range sections {
		name := string(doc[sec[2]:sec[3]])
		end := len(doc)
		if i+1 < len(sections) {
			end = sections[i+1][0]
		}
		docFns := map[string]string{}
		for _, m := range listed.FindAllSubmatch(doc[sec[1]:end], -1) {
			docFns[string(m[1])] = string(m[2])
		}
		// A game's functions are in its script, and its bots' in a file
		// of their own when it has one.
		src, err := os.ReadFile(name + ".lua")
		if err != nil {
			t.Fatal(err)
		}
		if bots, err := os.ReadFile(name + "_bots.lua"); err == nil {
			src = append(src, bots...)
		}
		srcFns := map[string]string{}
		for _, m := range defined.FindAllSubmatch(src, -1) {
			srcFns[string(m[1])] = string(m[2])
		}
		for fn, params := range srcFns {
			got, ok := docFns[fn]
			switch {
			case !ok:
				t.Errorf("%s.lua defines %s(%s); docs/game-rules.md does not list it", name, fn, params)
			case got != params:
				t.Errorf("docs/game-rules.md lists %s(%s); %s.lua defines it (%s)", fn, got, name, params)
			}
		}
		for fn, params := range docFns {
			if _, ok := srcFns[fn]; !ok && !strings.HasPrefix(fn, "Game.bots") {
				t.Errorf("docs/game-rules.md lists %s(%s) under %s, which %s.lua does not define", fn, params, name, name)
			}
		}
	}
}
