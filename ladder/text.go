package ladder

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// WriteTable writes the report for a person: what was played, the
// standings with their intervals, the head-to-head shares and the games
// that failed. Only the line that starts "time:" depends on the machine.
func (r *Report) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "%s: a ladder of %d bots, %d games (%d deals of %d, the lineup moved a seat each game), %d players, seed %d\n",
		r.Title, len(r.Standings), r.Games, r.Deals, r.Players, r.Players, r.Seed)
	if r.Games != r.Asked {
		fmt.Fprintf(w, "-n %d is rounded up to whole cycles of %d games, in which every bot sits every seat equally often\n", r.Asked, r.Cycle)
	}
	fmt.Fprintf(w, "time: %.2fs, %.1f games/s\n", r.Seconds, float64(r.Games)/math.Max(r.Seconds, 1e-9))
	if r.Finished == 0 {
		fmt.Fprintf(w, "\nNo game finished: there is nothing to rate.\n")
		r.writeFailures(w)
		return
	}
	fmt.Fprintf(w, "rating: Bradley–Terry on the pairwise results of each game, on the Elo scale (the bots' mean is 1500),\n")
	fmt.Fprintf(w, "with 95%% intervals from %d bootstrap resamples of the deals\n\n", r.Resamples)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "rank\tbot\trating\t(95%%)\tseats\twins\twin rate\tpairwise\n")
	for i, s := range r.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t(%.0f to %.0f)\t%d\t%s\t%s\t%s\n", i+1, s.Bot, s.Rating, s.Low, s.High, s.Seats, trim(s.Wins), percent(s.Wins/float64(s.Seats)), percent(s.Pairwise))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nhead to head: the share of its pairwise results against the column's bot that the row's bot won\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "\t%s\n", strings.Join(r.botNames(), "\t"))
	for i, s := range r.Standings {
		cells := make([]string, len(r.HeadToHead[i]))
		for j, x := range r.HeadToHead[i] {
			cells[j] = "·"
			if !math.IsNaN(float64(x)) {
				cells[j] = percent(float64(x))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\n", s.Bot, strings.Join(cells, "\t"))
	}
	tw.Flush()
	r.writeSweeps(w)
	r.writeFailures(w)
}

// writeSweeps notes the pairs of bots where one won every result: the
// gap between them is the prior's, a lower bound, not a measure.
func (r *Report) writeSweeps(w io.Writer) {
	for i, row := range r.HeadToHead {
		for j, x := range row {
			if float64(x) == 1 {
				fmt.Fprintf(w, "%s won every pairwise result against %s: the gap between their ratings is only a lower bound (set by the prior)\n", r.Standings[i].Bot, r.Standings[j].Bot)
			}
		}
	}
}

// writeFailures lists the games that did not finish: they count nowhere.
func (r *Report) writeFailures(w io.Writer) {
	if len(r.Failures) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d of %d games failed and count nowhere:\n", len(r.Failures), r.Games)
	for i, f := range r.Failures {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more\n", len(r.Failures)-10)
			break
		}
		first, _, _ := strings.Cut(f.Error, "\n")
		fmt.Fprintf(w, "  game %d (seed %d): %s\n", f.Game, f.Seed, first)
	}
}

func (r *Report) botNames() []string {
	out := make([]string, len(r.Standings))
	for i, s := range r.Standings {
		out[i] = s.Bot
	}
	return out
}

func percent(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// trim writes x without trailing zeros.
func trim(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
