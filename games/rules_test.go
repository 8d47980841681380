package games

import (
	"fmt"
	"path/filepath"
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
		if strings.HasSuffix(f, "_test.lua") {
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
		r := render.ParseRules(texts...)
		switch {
		case r.Title != eng.Info.Title:
			t.Errorf("%s: the rules are titled %q, the game %q", f, r.Title, eng.Info.Title)
		case len(r.Summary) == 0 || len(r.Topics()) < 3:
			t.Errorf("%s: the rules have no summary or few topics (%q)", f, r.Topics())
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
