package games

import (
	"slices"
	"testing"
)

func TestBuiltinGames(t *testing.T) {
	names := Names()
	for _, n := range []string{"clubs", "clubs_short", "cluedo", "members_only", "andy_capp", "das_regeln_wir_schon"} {
		if !slices.Contains(names, n) || !Has(n) {
			t.Errorf("%s is not built in: %v", n, names)
		}
	}
	if Has("clubs_test") || Has("clubs_bots") || Has("nosuch") {
		t.Error("Has accepts what is not a game")
	}
	for name, want := range map[string]string{"clubs": "", "clubs_short": "clubs", "members_only_no_risk": "members_only", "das_regeln_wir_schon_wortgeld": "das_regeln_wir_schon"} {
		if got := VariantOf(name); got != want {
			t.Errorf("VariantOf(%s) = %q, want %q", name, got, want)
		}
	}
}
