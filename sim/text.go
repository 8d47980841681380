package sim

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// WriteTable prints the report for a person. The timing line starts with
// "time:" so tests can drop it; everything else depends only on the inputs.
func (r *Report) WriteTable(w io.Writer) {
	r.writeHeader(w)
	if r.Kind == "compare" {
		r.writeComparison(w)
	} else {
		r.writeSim(w)
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

func (r *Report) writeSim(w io.Writer) {
	if r.Pairs == 0 {
		return
	}
	length := r.Row("length")
	fmt.Fprintf(w, "game length: mean %s, median %s, 10%% %s, 90%% %s decisions\n",
		meanCI(length.A, KindMean), num(length.A.Median), num(length.A.P10), num(length.A.P90))
	names, seats := r.Setup.Bots()
	if len(names) > 1 || r.Setup.Rotate {
		fmt.Fprintln(w)
		tw := table(w)
		fmt.Fprintf(tw, "bot\tseats\twin rate (95%%)\tmean score (95%%)\n")
		for _, b := range names {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", b, seats[b], meanCI(r.Row("win:"+b).A, KindShare), meanCI(r.Row("score:"+b).A, KindMean))
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	tw := table(w)
	fmt.Fprintf(tw, "seat\tbot\twins\twin rate (95%%)\tmean score (95%%)\n")
	for s := 1; s <= r.Setup.Players; s++ {
		bot := r.Setup.Lineup[s-1]
		if r.Setup.Rotate {
			bot = "(rotating)"
		}
		win := r.Row("seat-win:" + strconv.Itoa(s)).A
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.seatLabel(strconv.Itoa(s)), bot, trimFloat(win.Sum.Float64()),
			meanCI(win, KindShare), meanCI(r.Row("seat-score:"+strconv.Itoa(s)).A, KindMean))
	}
	tw.Flush()
	r.writeSeatTests(w)
	r.writeBotSeats(w)
	r.writeMetrics(w)
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
func (r *Report) writeBotSeats(w io.Writer) {
	names, _ := r.Setup.Bots()
	if !r.Setup.Rotate || len(names) < 2 {
		return
	}
	fmt.Fprintln(w)
	tw := table(w)
	fmt.Fprintf(tw, "win rate in seat")
	for s := 1; s <= r.Setup.Players; s++ {
		fmt.Fprintf(tw, "\t%s", r.seatLabel(strconv.Itoa(s)))
	}
	fmt.Fprintln(tw)
	for _, b := range names {
		for side := range r.Sides {
			label := b
			if r.Kind == "compare" {
				label = fmt.Sprintf("%s (%c)", b, 'A'+side)
			}
			fmt.Fprintf(tw, "%s", label)
			for s := 1; s <= r.Setup.Players; s++ {
				st := r.Row(fmt.Sprintf("win:%s@%d", b, s)).side(side)
				fmt.Fprintf(tw, "\t%s", share(st))
			}
			fmt.Fprintln(tw)
		}
	}
	tw.Flush()
}

func (r *Report) writeMetrics(w io.Writer) {
	if r.MainMetric() == nil {
		return
	}
	fmt.Fprintln(w)
	tw := table(w)
	fmt.Fprintf(tw, "metric\tmean (95%%)\tmedian\t10%%\t90%%\n")
	for _, row := range r.Rows {
		if row.Order != nil {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", row.Label, meanCI(row.A, KindMean), num(row.A.Median), num(row.A.P10), num(row.A.P90))
		}
	}
	tw.Flush()
}

func (r *Report) writeComparison(w io.Writer) {
	fmt.Fprintf(w, "finished: A %d, B %d; both: %d\n", r.Sides[0].Finished, r.Sides[1].Finished, r.Pairs)
	if r.Pairs == 0 {
		return
	}
	fmt.Fprintln(w)
	tw := table(w)
	fmt.Fprintf(tw, "\tA\tB\tB − A (95%% interval)\tp\t\n")
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
			diff, p = difference(d, row.Kind), pValue(d.P)
			if d.Significant {
				flag = "*"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", row.Label, a, b, diff, p, flag)
		if row.A.Hist != nil && row.Key != "length" && !strings.HasPrefix(row.Key, "metric:") {
			continue
		}
		if row.A.Hist != nil {
			fmt.Fprintf(tw, "  median, 10%%–90%%\t%s\t%s\t\t\t\n", spread(row.A), spread(*row.B))
		}
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = table(w)
	fmt.Fprintf(tw, "seat\twin rate A\tB\tmean score A\tB\n")
	for s := 1; s <= r.Setup.Players; s++ {
		win, score := r.Row("seat-win:"+strconv.Itoa(s)), r.Row("seat-score:"+strconv.Itoa(s))
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.seatLabel(strconv.Itoa(s)), share(win.A), share(*win.B), fixed(score.A.Mean), fixed(score.B.Mean))
	}
	tw.Flush()
	r.writeSeatTests(w)
	r.writeBotSeats(w)
	c := r.Correction
	fmt.Fprintf(w, "\n* significant at %g%% after Holm's correction for the %d tests above (it bounds the chance of any\n", 100*c.Alpha, c.Tests)
	fmt.Fprintf(w, "  false alarm among them, however they depend on each other). Tests: lengths, scores and metrics\n")
	fmt.Fprintf(w, "  by the paired t-test on the per-game differences; win rates by the exact sign test on the games\n")
	fmt.Fprintf(w, "  one side won and the other lost (McNemar's), with Newcombe's interval for paired proportions.\n")
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

func table(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }

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

// difference is "+1.23 (0.50 to 1.96)", in points for shares.
func difference(d *Diff, kind string) string {
	if math.IsNaN(float64(d.Estimate)) {
		return "—"
	}
	scale, unit := 1.0, ""
	if kind == KindShare {
		scale, unit = 100, " pts"
	}
	est := signed(scale * float64(d.Estimate))
	if math.IsNaN(float64(d.Low)) {
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
