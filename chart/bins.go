// Package chart draws the reports of sim and compare: the distributions
// of game length, scores and metrics of a game (and its variant, overlaid)
// and the win rate by seat, as an SVG, PNG or HTML file (gonum/plot), and
// compact text histograms for a terminal (asciigraph).
package chart

import (
	"math"

	"github.com/tabletop/tabletop/sim"
	"github.com/tabletop/tabletop/stats"
)

// binning is a common set of bins for the histograms of one row: bin k
// holds the values in [lo + k·width, lo + (k+1)·width).
type binning struct {
	lo, width float64
	n         int
}

// binsFor chooses at most maxBins bins that cover every value the
// histograms count. Whole-number data get whole-number bins, one per value
// when there are few enough values.
func binsFor(maxBins int, hists ...*stats.Hist) (binning, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	whole := true
	for _, h := range hists {
		if h == nil {
			continue
		}
		xs, _ := h.Values()
		for _, x := range xs {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
			whole = whole && x == math.Trunc(x)
		}
	}
	if math.IsInf(lo, 1) {
		return binning{}, false
	}
	if whole && hi-lo+1 <= float64(maxBins) {
		return binning{lo: lo - 0.5, width: 1, n: int(hi-lo) + 1}, true
	}
	width := niceWidth((hi - lo) / float64(maxBins-1))
	if whole {
		width = math.Max(1, math.Ceil(width))
	}
	start := math.Floor(lo/width) * width
	if whole {
		start -= 0.5
	}
	n := int(math.Floor((hi-start)/width)) + 1
	return binning{lo: start, width: width, n: n}, true
}

// niceWidth rounds w up to 1, 2 or 5 times a power of ten.
func niceWidth(w float64) float64 {
	if w <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(w)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= w {
			return m * p
		}
	}
	return 10 * p
}

// shares returns the share of values (in %) in each bin.
func (b binning) shares(h *stats.Hist) []float64 {
	out := make([]float64, b.n)
	if h == nil {
		return out
	}
	xs, counts := h.Values()
	total := 0.0
	for _, c := range counts {
		total += float64(c)
	}
	for i, x := range xs {
		k := min(b.n-1, max(0, int(math.Floor((x-b.lo)/b.width))))
		out[k] += 100 * float64(counts[i]) / total
	}
	return out
}

// center returns the middle of bin k.
func (b binning) center(k int) float64 { return b.lo + (float64(k)+0.5)*b.width }

// series is one row's histograms: A's and, for compare, B's.
type series struct {
	row   *sim.Row
	title string
	hists []*stats.Hist
}

// distributions lists the rows worth a histogram: game length, each bot's
// score, each metric, in the report's order.
func distributions(r *sim.Report) []series {
	var out []series
	for _, row := range r.Rows {
		if row.A.Hist == nil {
			continue
		}
		out = append(out, series{row: row, title: title(row), hists: histsOf(row)})
	}
	return out
}

// histsOf returns a row's histograms: A's and, for compare, B's.
func histsOf(row *sim.Row) []*stats.Hist {
	if row.B != nil {
		return []*stats.Hist{row.A.Hist, row.B.Hist}
	}
	return []*stats.Hist{row.A.Hist}
}

// title names a row's chart.
func title(row *sim.Row) string {
	switch {
	case row.Key == "length":
		return "game length (decisions)"
	case row.Order != nil:
		return "metric: " + row.Label
	}
	return row.Label
}

// sideNames are the legend's names of the sides: the script titles, or A
// and B with them when comparing.
func sideNames(r *sim.Report) []string {
	if r.Kind == "sim" {
		return []string{r.Setup.Scripts[0].Title}
	}
	return []string{"A: " + r.Setup.Scripts[0].Title, "B: " + r.Setup.Scripts[1].Title}
}
