package chart

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/tabletop/tabletop/sim"
)

// Formats are the file kinds WritePlot writes, by extension.
var Formats = []string{".svg", ".png", ".html"}

// CheckFile says whether WritePlot can write a file of this name.
func CheckFile(path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats {
		if ext == f {
			return nil
		}
	}
	return fmt.Errorf("%s: a plot is written as %s, by the file's extension", path, strings.Join(Formats, ", "))
}

// The sides' colours: A blue, B orange, half transparent so that the
// overlaid histograms show through each other.
var sideColors = []color.NRGBA{{R: 31, G: 119, B: 180, A: 150}, {R: 255, G: 127, B: 14, A: 150}}

// WritePlot draws the report into the file path: .svg, .png, or .html (a
// page with the report's table and the SVG).
func WritePlot(path string, r *sim.Report) error {
	return writeChart(path, func(w io.Writer, format string) error { return drawGrid(r, w, format) },
		func(w io.Writer) error { return writeHTML(w, r) })
}

// writeChart writes a chart into the file path, by its extension: draw
// draws it as "svg" or "png", page writes the .html page.
func writeChart(path string, draw func(w io.Writer, format string) error, page func(w io.Writer) error) error {
	if err := CheckFile(path); err != nil {
		return err
	}
	var buf bytes.Buffer
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		err = draw(&buf, "png")
	case ".svg":
		err = draw(&buf, "svg")
	case ".html":
		err = page(&buf)
	}
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// canvas is an SVG or PNG canvas of the given size.
func canvas(format string, width, height vg.Length) interface {
	vg.CanvasSizer
	io.WriterTo
} {
	if format == "png" {
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(110), vgimg.UseBackgroundColor(color.White))}
	}
	return vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(false))
}

// panelSize is the size of one chart of the grid.
const (
	panelWidth  = 11 * vg.Centimeter
	panelHeight = 7.5 * vg.Centimeter
)

// draw_ draws every panel into a grid on a canvas of the given format.
func drawGrid(r *sim.Report, w io.Writer, format string) error {
	plots, err := panels(r)
	if err != nil {
		return err
	}
	cols := 2
	if len(plots) > 6 {
		cols = 3
	}
	rows := (len(plots) + cols - 1) / cols
	c := canvas(format, vg.Length(cols)*panelWidth, vg.Length(rows)*panelHeight)
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for i, p := range plots {
		grid[i/cols][i%cols] = p
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[i/cols][i%cols])
	}
	_, err = c.WriteTo(w)
	return err
}

// panels builds the charts: each distribution, then the win rate by seat
// (and the first bot's, when bots rotate).
func panels(r *sim.Report) ([]*plot.Plot, error) {
	names := sideNames(r)
	var out []*plot.Plot
	for _, s := range distributions(r) {
		p, err := histogramPanel(s, names)
		if err != nil {
			return nil, err
		}
		if p != nil {
			out = append(out, p)
		}
	}
	p, err := seatPanel(r, "win rate by seat", func(seat int) string { return "seat-win:" + strconv.Itoa(seat) }, names)
	if err != nil {
		return nil, err
	}
	out = append(out, p)
	if bots, _ := r.Setup.Bots(); r.Setup.Rotate && len(bots) > 1 {
		b := bots[0]
		p, err := seatPanel(r, b+" win rate by seat", func(seat int) string { return fmt.Sprintf("win:%s@%d", b, seat) }, names)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// histogramPanel overlays the histograms of one row.
func histogramPanel(s series, names []string) (*plot.Plot, error) {
	b, ok := binsFor(30, s.hists...)
	if !ok {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = s.title
	p.Y.Label.Text = "% of games"
	p.Y.Min = 0
	p.Legend.Top = true
	p.X.Tick.Marker = plainTicks
	top := 0.0
	for i, h := range s.hists {
		shares := b.shares(h)
		for _, v := range shares {
			top = math.Max(top, v)
		}
		hist := &plotter.Histogram{Width: b.width, FillColor: sideColors[i]}
		hist.LineStyle = draw.LineStyle{Color: opaque(sideColors[i]), Width: vg.Points(0.8)}
		for k, v := range shares {
			lo := b.lo + float64(k)*b.width
			hist.Bins = append(hist.Bins, plotter.HistogramBin{Min: lo, Max: lo + b.width, Weight: v})
		}
		p.Add(hist)
		p.Legend.Add(names[i], hist)
	}
	p.Y.Max = headroom(top, len(s.hists))
	return p, nil
}

// plainTicks are gonum's default ticks labelled without trailing zeros
// (2.5, not 2.50; 0, not 0.00).
var plainTicks = plot.TickerFunc(func(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', -1, 64)
		}
	}
	return ticks
})

// headroom is the top of a chart's y axis: room above the highest bar for
// the legend's lines.
func headroom(top float64, lines int) float64 {
	return math.Max(top, 1) * (1.12 + 0.1*float64(lines))
}

// seatPanel draws bars of a share by seat, A's and B's side by side.
func seatPanel(r *sim.Report, title string, key func(seat int) string, names []string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = "% of games"
	p.Y.Min = 0
	p.Legend.Top = true
	labels := make([]string, r.Setup.Players)
	for s := 1; s <= r.Setup.Players; s++ {
		labels[s-1] = "seat " + strconv.Itoa(s)
		if s <= len(r.Labels) {
			labels[s-1] = r.Labels[s-1]
		}
	}
	sides := len(names)
	width := vg.Points(14)
	top := 0.0
	for side := 0; side < sides; side++ {
		vals := make(plotter.Values, r.Setup.Players)
		for s := 1; s <= r.Setup.Players; s++ {
			row := r.Row(key(s))
			st := row.A
			if side == 1 {
				st = *row.B
			}
			vals[s-1] = 100 * float64(st.Mean)
			if math.IsNaN(vals[s-1]) {
				vals[s-1] = 0 // no game had that seat
			}
			top = math.Max(top, vals[s-1])
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, err
		}
		bars.Color = sideColors[side]
		bars.LineStyle.Color = opaque(sideColors[side])
		bars.Offset = width * vg.Length(float64(side)-float64(sides-1)/2)
		p.Add(bars)
		p.Legend.Add(names[side], bars)
	}
	p.NominalX(labels...)
	p.Y.Max = headroom(top, sides)
	return p, nil
}

func opaque(c color.NRGBA) color.NRGBA { c.A = 255; return c }

// page is the HTML page of a plot: the report's table and the charts.
var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>body { font-family: sans-serif; margin: 2em; } pre { background: #f6f6f6; padding: 1em; overflow-x: auto; }</style>
</head>
<body>
<h1>{{.Title}}</h1>
<pre>{{.Table}}</pre>
{{.SVG}}
</body>
</html>
`))

func writeHTML(w io.Writer, r *sim.Report) error {
	var svg, table bytes.Buffer
	if err := drawGrid(r, &svg, "svg"); err != nil {
		return err
	}
	r.WriteTable(&table)
	title := r.Setup.Scripts[0].Title
	if r.Kind == "compare" {
		title = r.Setup.Scripts[0].Title + " against " + r.Setup.Scripts[1].Title
	}
	return writePage(w, title, table.String(), svg.String())
}

// writePage writes the HTML page of a chart: its title, a table and the
// SVG.
func writePage(w io.Writer, title, table, svg string) error {
	if i := strings.Index(svg, "<svg"); i > 0 {
		svg = svg[i:] // drop the XML declaration inside HTML
	}
	return page.Execute(w, struct {
		Title, Table string
		SVG          template.HTML
	}{title, table, template.HTML(svg)})
}
