package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tabletop/tabletop/ladder"
)

// WriteLadderPlot draws a ladder's ratings, each with its 95% interval,
// the best at the top, into the file path: .svg, .png, or .html (a page
// with the ladder's table and the SVG).
func WriteLadderPlot(path string, r *ladder.Report) error {
	return writeChart(path, func(w io.Writer, format string) error { return drawLadder(r, w, format) },
		func(w io.Writer) error { return writeLadderHTML(w, r) })
}

// ratings are a ladder's standings as points with horizontal error bars,
// the best at the top (the highest y).
type ratings []ladder.Standing

func (r ratings) Len() int                    { return len(r) }
func (r ratings) XY(i int) (float64, float64) { return r[i].Rating, float64(len(r) - 1 - i) }
func (r ratings) XError(i int) (float64, float64) {
	return r[i].Rating - r[i].Low, r[i].High - r[i].Rating
}

// ladderPlot is the chart of the ratings.
func ladderPlot(r *ladder.Report) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: ratings with 95%% intervals (%d games)", r.Title, r.Games)
	p.X.Label.Text = "rating (Elo scale, the bots' mean 1500)"
	p.X.Tick.Marker = plainTicks
	pts := ratings(r.Standings)
	bars, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return nil, err
	}
	bars.LineStyle = draw.LineStyle{Color: opaque(sideColors[0]), Width: vg.Points(1.5)}
	bars.CapWidth = vg.Points(6)
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: opaque(sideColors[1]), Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
	mean, err := plotter.NewLine(plotter.XYs{{X: 1500, Y: -0.6}, {X: 1500, Y: float64(len(pts)) - 0.4}})
	if err != nil {
		return nil, err
	}
	mean.LineStyle = draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	p.Add(plotter.NewGrid(), mean, bars, dots)
	names := make([]string, len(pts))
	for i, s := range pts {
		names[len(pts)-1-i] = s.Bot
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(len(pts))-0.4
	lo, hi := 1500.0, 1500.0
	for _, s := range pts {
		lo, hi = min(lo, s.Low), max(hi, s.High)
	}
	pad := max(20, (hi-lo)*0.08)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	return p, nil
}

// drawLadder draws the chart onto a canvas of the given format, its
// height by the number of bots.
func drawLadder(r *ladder.Report, w io.Writer, format string) error {
	p, err := ladderPlot(r)
	if err != nil {
		return err
	}
	c := canvas(format, 16*vg.Centimeter, vg.Length(3+len(r.Standings))*vg.Centimeter)
	p.Draw(draw.Crop(draw.New(c), 3*vg.Millimeter, -3*vg.Millimeter, 0, 0)) // room for long names
	_, err = c.WriteTo(w)
	return err
}

func writeLadderHTML(w io.Writer, r *ladder.Report) error {
	var svg, table bytes.Buffer
	if err := drawLadder(r, &svg, "svg"); err != nil {
		return err
	}
	r.WriteTable(&table)
	return writePage(w, r.Title+": a ladder", table.String(), svg.String())
}
