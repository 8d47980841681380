package sim

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tabletop/tabletop/render"
)

// WriteTable prints the report for a person. The timing line starts with
// "time:" so tests can drop it; everything else depends only on the inputs.
func (r *Report) WriteTable(w io.Writer) { r.WriteTableWidth(w, 0) }

// WriteTableWidth is WriteTable for a terminal of width columns (0: a file
// or a pipe): a table that would not fit leaves out or shortens what
// matters least (see diffLayouts) rather than let its lines break.
func (r *Report) WriteTableWidth(w io.Writer, width int) {
	r.writeHeader(w)
	if r.Kind == "compare" {
		r.writeComparison(w, width)
	} else {
		r.writeSim(w, width)
	}
	r.writeFailures(w)
}

func (r *Report) writeHeader(w io.Writer) {
	s := r.Setup
	shard := ""
	if r.Shard != nil {
		shard = fmt.Sprintf(" (shard %s: %d of them)", r.Shard, r.Played)
	}
	seats := "seats " + strings.Join(s.Lineup, ", ")
	if s.Rotate {
		seats += " (rotated each game)"
	}
	if r.Kind == "compare" {
		fmt.Fprintf(w, "A: %s (%s)\nB: %s (%s)\n", s.Scripts[0].Title, s.Scripts[0].Path, s.Scripts[1].Title, s.Scripts[1].Path)
		fmt.Fprintf(w, "%d games of each%s, %d players, seed %d, %s\n", s.Games, shard, s.Players, s.Seed, seats)
		fmt.Fprintf(w, "game i of A and of B: same seed, same seats\n")
		fmt.Fprintf(w, "decisions: A %d, B %d\n", r.Sides[0].Decisions, r.Sides[1].Decisions)
	} else {
		fmt.Fprintf(w, "%s: %d games%s, %d players, seed %d\n", s.Scripts[0].Title, s.Games, shard, s.Players, s.Seed)
		fmt.Fprintf(w, "%s\n", seats)
		fmt.Fprintf(w, "decisions: %d (%.1f per game)\n", r.Sides[0].Decisions, float64(r.Sides[0].Decisions)/float64(max(r.Played, 1)))
	}
	fmt.Fprintf(w, "time: %.2fs, %.0f games/s, %.0f decisions/s\n", r.Timing.Seconds, r.Timing.GamesPerSecond, r.Timing.DecisionsPerSecond)
}

func (r *Report) writeSim(w io.Writer, width int) {
	if r.Pairs == 0 {
		return
	}
	length := r.Row("length")
	fmt.Fprintf(w, "game length: mean %s, median %s, 10%% %s, 90%% %s decisions\n",
		meanCI(length.A, KindMean), num(length.A.Median), num(length.A.P10), num(length.A.P90))
	names, seats := r.Setup.Bots()
	if len(names) > 1 || r.Setup.Rotate {
		fmt.Fprintln(w)
		rows := [][]string{{"bot", "seats", "win rate (95%)", "mean score (95%)"}}
		for _, b := range names {
			rows = append(rows, []string{b, strconv.Itoa(seats[b]), meanCI(r.Row("win:"+b).A, KindShare), meanCI(r.Row("score:"+b).A, KindMean)})
		}
		writeTable(w, rows, width)
	}
	fmt.Fprintln(w)
	rows := [][]string{{"seat", "bot", "wins", "win rate (95%)", "mean score (95%)"}}
	for s := 1; s <= r.Setup.Players; s++ {
		bot := r.Setup.Lineup[s-1]
		if r.Setup.Rotate {
			bot = "(rotating)"
		}
		win := r.Row("seat-win:" + strconv.Itoa(s)).A
		rows = append(rows, []string{r.seatLabel(strconv.Itoa(s)), bot, trimFloat(win.Sum.Float64()),
			meanCI(win, KindShare), meanCI(r.Row("seat-score:"+strconv.Itoa(s)).A, KindMean)})
	}
	writeTable(w, rows, width)
	r.writeSeatTests(w)
	r.writeBotSeats(w, width)
	r.writeMetrics(w, width)
}

// writeSeatTests says whether the seats win evenly.
func (r *Report) writeSeatTests(w io.Writer) {
	if len(r.SeatTests) == 0 {
		return
	}
	var parts []string
	for side, t := range r.SeatTests {
		who := ""
		if r.Kind == "compare" {
			who = fmt.Sprintf("%c: ", 'A'+side)
		}
		parts = append(parts, fmt.Sprintf("%schi-square %s on %d df, p %s", who, fixed(t.ChiSquare), t.DF, pValue(t.P)))
	}
	fmt.Fprintf(w, "seats win evenly? %s\n", strings.Join(parts, "; "))
}

// writeBotSeats prints each bot's win rate in each seat, when the bots
// rotate.
func (r *Report) writeBotSeats(w io.Writer, width int) {
	names, _ := r.Setup.Bots()
	if !r.Setup.Rotate || len(names) < 2 {
		return
	}
	fmt.Fprintln(w)
	head := []string{"win rate in seat"}
	for s := 1; s <= r.Setup.Players; s++ {
		head = append(head, r.seatLabel(strconv.Itoa(s)))
	}
	rows := [][]string{head}
	for _, b := range names {
		for side := range r.Sides {
			label := b
			if r.Kind == "compare" {
				label = fmt.Sprintf("%s (%c)", b, 'A'+side)
			}
			row := []string{label}
			for s := 1; s <= r.Setup.Players; s++ {
				row = append(row, share(r.Row(fmt.Sprintf("win:%s@%d", b, s)).side(side)))
			}
			rows = append(rows, row)
		}
	}
	writeTable(w, rows, width)
}

func (r *Report) writeMetrics(w io.Writer, width int) {
	if r.MainMetric() == nil {
		return
	}
	fmt.Fprintln(w)
	rows := [][]string{{"metric", "mean (95%)", "median", "10%", "90%"}}
	for _, row := range r.Rows {
		if row.Order != nil {
			rows = append(rows, []string{row.Label, meanCI(row.A, KindMean), num(row.A.Median), num(row.A.P10), num(row.A.P90)})
		}
	}
	writeTable(w, rows, width)
}

func (r *Report) writeComparison(w io.Writer, width int) {
	fmt.Fprintf(w, "finished: A %d, B %d; both: %d\n", r.Sides[0].Finished, r.Sides[1].Finished, r.Pairs)
	if r.Pairs == 0 {
		return
	}
	fmt.Fprintln(w)
	r.writeDifferences(w, width)
	fmt.Fprintln(w)
	rows := [][]string{{"seat", "win rate A", "B", "mean score A", "B"}}
	for s := 1; s <= r.Setup.Players; s++ {
		win, score := r.Row("seat-win:"+strconv.Itoa(s)), r.Row("seat-score:"+strconv.Itoa(s))
		rows = append(rows, []string{r.seatLabel(strconv.Itoa(s)), share(win.A), share(*win.B), fixed(score.A.Mean), fixed(score.B.Mean)})
	}
	writeTable(w, rows, width)
	r.writeSeatTests(w)
	r.writeBotSeats(w, width)
	c := r.Correction
	fmt.Fprintln(w)
	note := fmt.Sprintf("* significant at %g%% after Holm's correction for the %d tests above (it bounds the chance of any "+
		"false alarm among them, however they depend on each other). Tests: lengths, scores and metrics "+
		"by the paired t-test on the per-game differences; win rates by the exact sign test on the games "+
		"one side won and the other lost (McNemar's), with Newcombe's interval for paired proportions.", 100*c.Alpha, c.Tests)
	if width <= 0 {
		width = proseWidth
	}
	for _, l := range (render.Style{Width: width}).Wrap(note, "  ") {
		fmt.Fprintln(w, l)
	}
}

// proseWidth is the width of the report's prose when no terminal says.
const proseWidth = 80

// diffLayout is a form of the table of differences. A table too wide for
// the terminal takes the next form, so its figures stay whole: first the
// rows of medians and deciles go (sim shows them), then the intervals of
// B − A (p and * still say whether a difference is significant), and last
// the labels are shortened.
type diffLayout struct{ spread, interval bool }

var diffLayouts = []diffLayout{{true, true}, {false, true}, {false, false}}

// writeDifferences prints the rows compare tested, A and B side by side
// with their difference, in the fullest form that fits width (0: any).
func (r *Report) writeDifferences(w io.Writer, width int) {
	var rows [][]string
	var l diffLayout
	for i := range diffLayouts {
		l = diffLayouts[i]
		rows = r.differences(l)
		if width <= 0 || tableWidth(rows) <= width {
			break
		}
		if i == len(diffLayouts)-1 {
			shortenLabels(rows, tableWidth(rows)-width)
		}
	}
	writeTable(w, rows, 0)
	switch {
	case !l.interval:
		fmt.Fprintln(w, "(too narrow here for the intervals of B − A and the medians: a wider terminal, or a file, gets them)")
	case !l.spread:
		fmt.Fprintln(w, "(too narrow here for the medians and 10%–90% ranges: a wider terminal, or a file, gets them)")
	}
}

// differences are the cells of the table of differences in layout l.
func (r *Report) differences(l diffLayout) [][]string {
	head := "B − A"
	if l.interval {
		head = "B − A (95% interval)"
	}
	rows := [][]string{{"", "A", "B", head, "p", ""}}
	for _, row := range r.Rows {
		if !r.tested(row) && row.Order == nil {
			continue
		}
		a, b := mean(row.A, row.Kind), mean(*row.B, row.Kind)
		if len(row.Reported) == 2 {
			if !row.Reported[0] {
				a = "—"
			}
			if !row.Reported[1] {
				b = "—"
			}
		}
		diff, p, flag := "", "", ""
		if d := row.Diff; d != nil {
			diff, p = difference(d, row.Kind, l.interval), pValue(d.P)
			if d.Significant {
				flag = "*"
			}
		}
		rows = append(rows, []string{row.Label, a, b, diff, p, flag})
		if row.A.Hist != nil && row.Key != "length" && !strings.HasPrefix(row.Key, "metric:") {
			continue
		}
		if row.A.Hist != nil && l.spread {
			rows = append(rows, []string{"  median, 10%–90%", spread(row.A), spread(*row.B), "", "", ""})
		}
	}
	return rows
}

// columnGap is the room between two columns.
const columnGap = 2

// tableWidth is the width of the widest line of rows in columns.
func tableWidth(rows [][]string) int {
	widest := 0
	for _, l := range columnLines(rows) {
		widest = max(widest, utf8.RuneCountInString(l))
	}
	return widest
}

// shortenLabels cuts the first column by by characters (to no fewer than
// eight), marking each label cut with "…".
func shortenLabels(rows [][]string, by int) {
	widest := 0
	for _, r := range rows {
		widest = max(widest, utf8.RuneCountInString(r[0]))
	}
	keep := max(8, widest-by)
	for _, r := range rows {
		if rs := []rune(r[0]); len(rs) > keep {
			r[0] = string(rs[:keep-1]) + "…"
		}
	}
}

// writeTable prints rows of cells in columns, columnGap apart; when they
// would be wider than width (0: any), the first column's labels are cut.
func writeTable(w io.Writer, rows [][]string, width int) {
	if over := tableWidth(rows) - width; width > 0 && over > 0 {
		shortenLabels(rows, over)
	}
	for _, l := range columnLines(rows) {
		fmt.Fprintln(w, l)
	}
}

// columnLines lays rows of cells out in columns, columnGap apart, with no
// blanks at the ends of the lines.
func columnLines(rows [][]string) []string {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	out := make([]string, len(rows))
	for k, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+columnGap))
			}
		}
		out[k] = strings.TrimRight(b.String(), " ")
	}
	return out
}

func (r *Report) writeFailures(w io.Writer) {
	for s, side := range r.Sides {
		if len(side.Failures) == 0 {
			continue
		}
		who := ""
		if r.Kind == "compare" {
			who = fmt.Sprintf(" of %c", 'A'+s)
		}
		fmt.Fprintf(w, "%d games%s failed:\n", len(side.Failures), who)
		for i, f := range side.Failures {
			if i == 10 {
				fmt.Fprintf(w, "  …\n")
				break
			}
			fmt.Fprintf(w, "  game %d (seed %d): %s\n", f.Game, f.Seed, firstLine(f.Error))
		}
	}
}

// side returns the Stat of side 0 (A) or 1 (B).
func (row *Row) side(s int) Stat {
	if s == 1 {
		return *row.B
	}
	return row.A
}

// mean is a Stat's mean: a percentage for a share.
func mean(s Stat, kind string) string {
	if kind == KindShare {
		return share(s)
	}
	return fixed(s.Mean)
}

func share(s Stat) string {
	if math.IsNaN(float64(s.Mean)) {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(s.Mean))
}

// meanCI is "mean (low to high)".
func meanCI(s Stat, kind string) string {
	if math.IsNaN(float64(s.Low)) {
		return mean(s, kind)
	}
	if kind == KindShare {
		return fmt.Sprintf("%s (%.1f–%.1f)", share(s), 100*float64(s.Low), 100*float64(s.High))
	}
	return fmt.Sprintf("%s (%s to %s)", fixed(s.Mean), fixed(s.Low), fixed(s.High))
}

func spread(s Stat) string {
	return fmt.Sprintf("%s, %s–%s", num(s.Median), num(s.P10), num(s.P90))
}

// difference is "+1.23 (0.50 to 1.96)", in points for shares; without
// interval, "+1.23".
func difference(d *Diff, kind string, interval bool) string {
	if math.IsNaN(float64(d.Estimate)) {
		return "—"
	}
	scale, unit := 1.0, ""
	if kind == KindShare {
		scale, unit = 100, " pts"
	}
	est := signed(scale * float64(d.Estimate))
	if math.IsNaN(float64(d.Low)) || !interval {
		return est + unit
	}
	return fmt.Sprintf("%s%s (%s to %s)", est, unit, signed(scale*float64(d.Low)), signed(scale*float64(d.High)))
}

func signed(x float64) string {
	s := fixed(Num(x))
	if x > 0 {
		return "+" + s
	}
	return s
}

func pValue(p Num) string {
	switch f := float64(p); {
	case math.IsNaN(f):
		return "—"
	case f < 0.001:
		return "<0.001"
	case f < 0.01:
		return fmt.Sprintf("%.3f", f)
	default:
		return fmt.Sprintf("%.2f", f)
	}
}

// num prints a figure with at most two decimals (none for a whole
// number), "—" when it is missing.
func num(n Num) string {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return "—"
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

// fixed prints a mean with two decimals, "—" when it is missing.
func fixed(n Num) string {
	f := float64(n)
	if math.IsNaN(f) {
		return "—"
	}
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

func trimFloat(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.1f", f)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
