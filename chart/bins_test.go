package chart

import (
	"math"
	"testing"

	"github.com/tabletop/tabletop/stats"
)

func hist(xs ...float64) *stats.Hist {
	var h stats.Hist
	for _, x := range xs {
		h.Add(x)
	}
	return &h
}

func TestBinsFitTheData(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hists []*stats.Hist
		want  binning
	}{
		{"few whole numbers: one bin each", []*stats.Hist{hist(0, 1, 1, 3), hist(2)}, binning{lo: -0.5, width: 1, n: 4}},
		{"many whole numbers: whole widths", []*stats.Hist{hist(100, 250, 731)}, binning{lo: 99.5, width: 50, n: 13}},
		{"fractions", []*stats.Hist{hist(0.25, 0.5, 1.75)}, binning{lo: 0.2, width: 0.1, n: 16}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := binsFor(30, tc.hists...)
			if !ok || b.n != tc.want.n || math.Abs(b.lo-tc.want.lo) > 1e-9 || b.width != tc.want.width {
				t.Fatalf("bins %+v, want %+v", b, tc.want)
			}
			for _, h := range tc.hists {
				total := 0.0
				for _, s := range b.shares(h) {
					total += s
				}
				if math.Abs(total-100) > 1e-9 {
					t.Errorf("shares add up to %v%%", total)
				}
			}
		})
	}
	if _, ok := binsFor(30, hist()); ok {
		t.Error("bins for no values")
	}
}
