package server

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

// TestFramesShowDice: at a table of Liar's Dice (docs/examples), each
// seat's frames show the dice under its own cup and not those under the
// other's, before and after a call lifts both cups and the dice are
// thrown again.
func TestFramesShowDice(t *testing.T) {
	e, err := interp.LoadFrom(interp.Source{Path: "../docs/examples/liars_dice/liars_dice.lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, "", Config{Games: []Game{{Name: "liars_dice", Engine: e}}})
	res := f.create(createRequest{Game: "liars_dice", Players: 2, Seed: seed(5), Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}}})
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link)
	hidden := []int{0, 0, 0, 0, 0}
	check := func(who string, fr *stateFrame, seat, mine int) {
		t.Helper()
		if len(fr.Dice) != 2 {
			t.Fatalf("%s's frame holds %d cups", who, len(fr.Dice))
		}
		for i, d := range fr.Dice {
			switch {
			case d.Owner != i+1 || d.Sides != 6:
				t.Errorf("%s's frame: cup %d is %+v", who, i+1, d)
			case d.Owner == seat && (len(d.Faces) != mine || slices.Contains(d.Faces, 0)):
				t.Errorf("%s does not see the dice under its cup: %v", who, d.Faces)
			case d.Owner != seat && !slices.Equal(d.Faces, hidden[:len(d.Faces)]):
				t.Errorf("%s sees the dice under %s: %v", who, d.Label, d.Faces)
			}
		}
	}
	fr := ann.until(myTurn(1))
	check("ann", fr, 1, 5)
	check("bob", bob.until(func(g *stateFrame) bool { return g.Seq == fr.Seq }), 2, 5)
	ann.send(message{Type: "play", Option: "bid 6 6", At: &fr.Seq})
	fb := bob.until(myTurn(2))
	bob.send(message{Type: "play", Option: "liar", At: &fb.Seq})
	fa := ann.until(func(g *stateFrame) bool { return g.Seq == 2 })
	shown := 0
	for _, l := range fa.Log {
		if strings.Contains(l.Text, " shows ") {
			shown++
		}
	}
	if shown != 2 {
		t.Errorf("ann read %d cups lifted: %v", shown, fa.Log)
	}
	check("ann", fa, 1, 4) // six 6s were a lie: ann loses a die
	check("bob", bob.until(func(g *stateFrame) bool { return g.Seq == 2 }), 2, 5)
}

// TestBrowserShowsDice: the table page draws a seat's own dice with their
// faces, under "my" zones, and the other seat's cup face down beside its
// name.
func TestBrowserShowsDice(t *testing.T) {
	bctx := browser(t)
	e, err := interp.LoadFrom(interp.Source{Path: "../docs/examples/liars_dice/liars_dice.lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, "", Config{Games: []Game{{Name: "liars_dice", Engine: e}}, Rate: rate.Inf})
	res := f.create(createRequest{Game: "liars_dice", Players: 2, Seed: seed(5), Seats: []seatRequest{{Name: "ann"}, {Bot: true}}})
	if err := chromedp.Do(bctx, chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible("#my-zones .die")); err != nil {
		t.Fatal(err)
	}
	mine, err := chromedp.Run(bctx, chromedp.Text("#my-zones .cup"))
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := chromedp.Run(bctx, chromedp.Text("#others .cup"))
	if err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("TABLETOP_DICE_SHOT"); out != "" {
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !regexp.MustCompile(`Ann.s cup\s*[1-6]\s*[1-6]\s*[1-6]\s*[1-6]\s*[1-6]`).MatchString(mine) {
		t.Errorf("ann's own cup reads %q", mine)
	}
	if !regexp.MustCompile(`cup\s*\?\s*\?\s*\?\s*\?\s*\?$`).MatchString(strings.TrimSpace(theirs)) {
		t.Errorf("the other cup reads %q", theirs)
	}
}
