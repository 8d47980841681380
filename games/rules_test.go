package games

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/stdlib"
)

// TestRules checks that every game and variant has rules to show (rules,
// rules TOPIC): a title of its own, a summary and topics.
func TestRules(t *testing.T) {
	scripts, err := filepath.Glob("*.lua")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range scripts {
		if !IsScript(f) {
			continue
		}
		eng, err := interp.Load(f, stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		texts, err := eng.RulesTexts()
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			if brace := optionBrace.FindString(text); brace != "" {
				t.Errorf("%s: the rules write %s, which names none of the game's options", f, brace)
			}
		}
		r := render.ParseRules(texts...)
		switch {
		case r.Title != eng.Info.Title:
			t.Errorf("%s: the rules are titled %q, the game %q", f, r.Title, eng.Info.Title)
		case len(r.Summary) == 0 || len(r.Topics()) < 3:
			t.Errorf("%s: the rules have no summary or few topics (%q)", f, r.Topics())
		}
	}
}

// optionBrace is an option's name in braces, as rules texts write one.
var optionBrace = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*\}`)

// TestRulesFollowOptions: the rules say the values of the options a game
// is played with, and a variant's defaults.
func TestRulesFollowOptions(t *testing.T) {
	for _, tc := range []struct {
		script  string
		options map[string]string
		topic   string
		want    []string
		not     string
	}{
		{"clubs.lua", nil, "winning", []string{"once any total is -100 or lower"}, "-40"},
		{"clubs.lua", map[string]string{"target": "-40"}, "winning", []string{"once any total is -40 or lower"}, "-100"},
		{"clubs.lua", map[string]string{"scramble_at": "-20.0"}, "scramble", []string{"tally for the hand is -20 or worse"}, "-26"},
		{"clubs_short.lua", nil, "winning", []string{"once any total is -50 or lower"}, "-100"},
		{"clubs_short.lua", nil, "scramble", []string{"is -30 or worse"}, "-26 or worse"},
		{"andy_capp.lua", map[string]string{"target": "150", "max_rounds": "9"}, "winning", []string{"once any total is 150 or more", "After 9\nrounds"}, "200"},
		{"cluedo.lua", map[string]string{"max_rounds": "12"}, "winning", []string{"If nobody has won after\n12 rounds"}, "100"},
	} {
		eng, err := interp.Load(tc.script, stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		m, err := eng.NewMatch(interp.Config{Players: 4, Seed: 1, Options: tc.options})
		if err != nil {
			t.Fatal(err)
		}
		texts, err := m.RulesTexts()
		m.Close()
		if err != nil {
			t.Fatal(err)
		}
		found := render.ParseRules(texts...).Find(tc.topic)
		if len(found) == 0 {
			t.Fatalf("%s: no rules on %s", tc.script, tc.topic)
		}
		body := strings.Join(found[0].Body, "\n")
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s %v: rules %s lack %q:\n%s", tc.script, tc.options, tc.topic, w, body)
			}
		}
		if strings.Contains(body, tc.not) {
			t.Errorf("%s %v: rules %s say %q:\n%s", tc.script, tc.options, tc.topic, tc.not, body)
		}
	}
}

// TestDasRegelnCards: rules S1 ... rules I10 explain each card, and the
// Wortgeld variant's I1 replaces the game's.
func TestDasRegelnCards(t *testing.T) {
	rules := func(script string) *render.Rules {
		eng, err := interp.Load(script, stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		texts, err := eng.RulesTexts()
		if err != nil {
			t.Fatal(err)
		}
		return render.ParseRules(texts...)
	}
	r := rules("das_regeln_wir_schon.lua")
	for kind, n := range map[string]int{"S": 7, "P": 5, "C": 16, "V": 10, "I": 10} {
		for i := 1; i <= n; i++ {
			card := fmt.Sprintf("%s%d", kind, i)
			if found := r.Find(card); len(found) != 1 || !strings.HasPrefix(found[0].Title, card+" ") {
				t.Errorf("rules %s finds %v", card, found)
			}
		}
	}
	w := rules("das_regeln_wir_schon_wortgeld.lua")
	if found := w.Find("I1"); len(found) != 1 || found[0].Title != "I1 a chip a word" {
		t.Errorf("Wortgeld: rules I1 finds %v", found)
	}
}
