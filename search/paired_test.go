package search

import (
	"math"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/table"
)

// TestPairedChoice: a paired decision departs from its guide only for an
// option that beat the guide's in the same worlds, in at least minPaired
// of them, by a clear margin.
func TestPairedChoice(t *testing.T) {
	options := []string{"g", "b", "c"}
	for _, c := range []struct {
		name   string
		b, c   []float64 // gains over the guide's, world by world
		margin float64
		want   int
	}{
		{"better in every world", []float64{0.2, 0.1, 0.15, 0.3}, nil, 1.5, 1},
		{"the better of two", []float64{0.2, 0.1, 0.15, 0.3}, []float64{0.4, 0.3, 0.35, 0.5}, 1.5, 2},
		{"too few worlds", []float64{0.2, 0.1, 0.3}, nil, 1.5, 0},
		{"a lead within the noise", []float64{0.5, -0.4, 0.3, -0.2, 0.1}, nil, 1.5, 0},
		{"worse", []float64{-0.2, -0.1, -0.15, -0.3}, nil, 1.5, 0},
		{"a hair better proves nothing", []float64{0.001, 0.001, 0.001, 0.001}, nil, 1.5, 0},
		// mean 0.1, sd 0.058, 4 worlds: t = 3.5, past t(3)'s 2.0 for z 1.5, short of its 5.4 for z 2.5
		{"clear at 1.5", []float64{0.05, 0.15, 0.05, 0.15}, nil, 1.5, 1},
		{"not at 2.5", []float64{0.05, 0.15, 0.05, 0.15}, nil, 2.5, 0},
	} {
		pr := newPaired("g", 2, 3)
		pr.diffs["b"], pr.diffs["c"] = c.b, c.c
		if got := pr.choice(options, 0, c.margin); got != c.want {
			t.Errorf("%s: played %s, want %s", c.name, options[got], options[c.want])
		}
	}
}

// TestPairedWorlds: each world plays the guide's option first, then those
// never tried, then the one that gained most on the guide; a world's
// options pair only with its own guide's reward, a world played again
// changes nothing, and a world is complete once it played the guide's and
// k others.
func TestPairedWorlds(t *testing.T) {
	rng := table.NewRNG(1)
	p := &interp.Prompt{Options: []string{"a", "g", "b", "c", "d"}}
	pr := newPaired("g", 2, 5)
	w1, w2 := &world{}, &world{}
	if i := pr.next(w1, p, nil, rng); p.Options[i] != "g" {
		t.Fatalf("a new world played %s first, want the guide's g", p.Options[i])
	}
	pr.record(w1, "g", 0.5)
	pr.record(w2, "g", 0.2)
	played := map[string]bool{}
	for range 2 {
		o := p.Options[pr.next(w1, p, nil, rng)]
		if o == "g" || played[o] {
			t.Fatalf("world 1 played %s again before the untried options", o)
		}
		played[o] = true
		pr.record(w1, o, 0.5+0.1*float64(len(played)))
	}
	if !pr.complete(w1) || pr.complete(w2) {
		t.Fatalf("complete: world 1 %v (want true), world 2 %v (want false)", pr.complete(w1), pr.complete(w2))
	}
	for o := range played {
		if len(pr.diffs[o]) != 1 {
			t.Errorf("%s has %d differences, want 1", o, len(pr.diffs[o]))
		}
	}
	// Two options remain untried: world 2 plays them before any other.
	for range 2 {
		o := p.Options[pr.next(w2, p, nil, rng)]
		if played[o] || o == "g" {
			t.Fatalf("world 2 played %s while an option was untried", o)
		}
		played[o] = true
		pr.record(w2, o, 0.1) // 0.1 below world 2's guide
	}
	// All tried: world 3 plays the guide's, then the best gain so far.
	w3 := &world{}
	pr.record(w3, "g", 0.3)
	var top string
	for o, d := range pr.diffs {
		if top == "" || d[0] > pr.diffs[top][0] {
			top = o
		}
	}
	if o := p.Options[pr.next(w3, p, nil, rng)]; o != top {
		t.Errorf("world 3 played %s, want %s, the best gain on the guide so far", o, top)
	}
	before := len(pr.diffs[top])
	pr.record(w1, top, 0.9) // world 1 again: already paired
	if len(pr.diffs[top]) != before {
		t.Errorf("a world played again added a difference")
	}
	// allow limits the options; g is always among them.
	if o := p.Options[pr.next(&world{}, p, map[string]bool{"g": true, "d": true}, rng)]; o != "g" {
		t.Errorf("with allow, a new world played %s first", o)
	}
}

// TestTCritical: the critical values of Student's t as stats' quantile
// gives them (stats.TestDistributions checks that against gonum's
// distuv), and z itself for many degrees of freedom.
func TestTCritical(t *testing.T) {
	for _, c := range []struct{ nu, z, want float64 }{
		{3, 1.5, 2.043357425313693},
		{20, 1.5, 1.5635260826018518},
		{3, 2.5, 5.404545159622822},
		{20, 2.5, 2.7473204412803103},
		{1e6, 1.5, 1.5},
		{5, 0, 0},
	} {
		if got := tCritical(c.nu, c.z); math.Abs(got-c.want) > 1e-5 {
			t.Errorf("t(%g) for z %g: %v, want %v", c.nu, c.z, got, c.want)
		}
	}
}
