package chart

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/guptarohit/asciigraph"

	"github.com/tabletop/tabletop/sim"
)

// WriteHistograms prints compact text histograms of the game length and
// of the main metric (the first the script names): the share of games per
// bin, A and B overlaid when comparing (in colour when color is set).
func WriteHistograms(w io.Writer, r *sim.Report, color bool) {
	rows := []*sim.Row{r.Row("length")}
	if m := r.MainMetric(); m != nil {
		rows = append(rows, m)
	}
	names := sideNames(r)
	for _, row := range rows {
		if row == nil || row.A.Hist == nil {
			continue
		}
		hists := histsOf(row)
		b, ok := binsFor(40, hists...)
		if !ok {
			continue
		}
		if b.n == 1 {
			fmt.Fprintf(w, "\n%s: %s in every game\n", title(row), strconv.FormatFloat(b.center(0), 'g', 6, 64))
			continue
		}
		var data [][]float64
		for _, h := range hists {
			data = append(data, b.shares(h))
		}
		opts := []asciigraph.Option{
			asciigraph.Height(6),
			asciigraph.Caption(title(row) + ", % of games"),
			asciigraph.XAxisRange(b.center(0), b.center(b.n-1)),
			asciigraph.XAxisTickCount(5),
			asciigraph.XAxisValueFormatter(axisLabel(b.width)),
			asciigraph.Precision(0),
		}
		legend := ""
		switch {
		case len(data) == 2 && color:
			opts = append(opts, asciigraph.SeriesLegends(names...), asciigraph.SeriesColors(asciigraph.Blue, asciigraph.Red))
		case len(data) == 2:
			// Without colour B is drawn in dots, and the legend says so
			// (asciigraph's own legend is made of colours).
			opts = append(opts, asciigraph.SeriesChars(asciigraph.DefaultCharSet, asciigraph.CreateCharSet("•")))
			legend = fmt.Sprintf("\n    ── %s   •• %s", names[0], names[1])
		}
		// asciigraph draws one column per value: widen short series.
		if b.n < 40 {
			opts = append(opts, asciigraph.Width(2*b.n))
		}
		fmt.Fprintf(w, "\n%s%s\n", asciigraph.PlotMany(data, opts...), legend)
	}
}

// axisLabel formats the x axis's values: whole numbers for bins of whole
// numbers.
func axisLabel(width float64) func(float64) string {
	return func(x float64) string {
		if width >= 1 {
			return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
		}
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
}
