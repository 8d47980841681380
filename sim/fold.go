package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stats"
)

// newReport starts the report of a series (or of its shard) with its fixed
// rows: game length, each bot's win rate and score, each seat's, and,
// when the bots rotate, each bot's win rate in each seat.
func newReport(setup Setup, shard *Shard, played int) *Report {
	r := &Report{Kind: "sim", Setup: setup, Shard: shard, Played: played, Sides: make([]Side, len(setup.Scripts))}
	if len(setup.Scripts) == 2 {
		r.Kind = "compare"
	}
	r.addRow("length", KindMean, true)
	bots, _ := setup.Bots()
	for _, b := range bots {
		r.addRow("win:"+b, KindShare, false)
		r.addRow("score:"+b, KindMean, true)
	}
	for s := 1; s <= setup.Players; s++ {
		r.addRow("seat-win:"+strconv.Itoa(s), KindShare, false)
		r.addRow("seat-score:"+strconv.Itoa(s), KindMean, false)
	}
	if setup.Rotate && len(bots) > 1 {
		for _, b := range bots {
			for s := 1; s <= setup.Players; s++ {
				r.addRow(fmt.Sprintf("win:%s@%d", b, s), KindShare, false)
			}
		}
	}
	return r
}

// addRow appends an empty row; hist says whether it counts its values.
func (r *Report) addRow(key, kind string, hist bool) *Row {
	row := &Row{Key: key, Kind: kind}
	if hist {
		row.A.Hist = &stats.Hist{}
	}
	if r.Kind == "compare" {
		row.B = &Stat{}
		if hist {
			row.B.Hist = &stats.Hist{}
		}
		row.Paired = &Paired{}
	}
	r.Rows = append(r.Rows, row)
	return row
}

// value is what one game contributes to one row.
type value struct {
	key string
	x   float64
}

// add counts game i, played by each side.
func (r *Report) add(i int, games []outcome) {
	finished := true
	for s, o := range games {
		side := &r.Sides[s]
		side.Decisions += int64(o.decisions)
		if o.err != nil {
			side.Failures = append(side.Failures, Failure{Game: i, Seed: GameSeed(r.Setup.Seed, i), Error: o.err.Error()})
			finished = false
			continue
		}
		side.Finished++
		if r.Labels == nil {
			r.Labels = o.labels
		}
	}
	if !finished {
		return
	}
	r.Pairs++
	bots := r.Setup.seatBots(i)
	names, _ := r.Setup.Bots()
	botSeats := r.Setup.Rotate && len(names) > 1
	vals := make([][]value, len(games))
	for s, o := range games {
		vals[s] = gameValues(o, bots, botSeats)
		r.noteMetrics(i, s, o.metrics)
	}
	for k, v := range vals[0] {
		row := r.Row(v.key)
		if r.Kind == "sim" {
			row.A.add(v.x)
			continue
		}
		row.addPair(v.x, vals[1][k].x)
	}
	r.addMetrics(games)
}

// gameValues is what one finished game says about each fixed row, in the
// same order for every script. botSeats adds each bot's wins in its seat.
func gameValues(o outcome, bots []string, botSeats bool) []value {
	vals := []value{{"length", float64(o.decisions)}}
	share := make([]float64, len(bots)+1)
	for _, w := range o.winners {
		share[w] += 1 / float64(len(o.winners))
	}
	score := func(s int) float64 {
		if s < len(o.scores) {
			return o.scores[s]
		}
		return 0
	}
	names, _ := (Setup{Lineup: bots}).Bots()
	for _, b := range names {
		wins, sum, n := 0.0, 0.0, 0
		for s, sb := range bots {
			if sb == b {
				wins += share[s+1]
				sum += score(s + 1)
				n++
			}
		}
		vals = append(vals, value{"win:" + b, wins}, value{"score:" + b, sum / float64(n)})
	}
	for s := 1; s <= len(bots); s++ {
		vals = append(vals, value{"seat-win:" + strconv.Itoa(s), share[s]}, value{"seat-score:" + strconv.Itoa(s), score(s)})
	}
	if botSeats {
		for s, b := range bots {
			vals = append(vals, value{fmt.Sprintf("win:%s@%d", b, s+1), share[s+1]})
		}
	}
	return vals
}

// noteMetrics creates the rows of metrics side s names for the first time
// in game i, and keeps the earliest place each was named.
func (r *Report) noteMetrics(i, s int, ms []interp.Metric) {
	for rank, m := range ms {
		key := "metric:" + m.Name
		row := r.Row(key)
		if row == nil {
			row = r.addRow(key, KindMean, true)
			row.Reported = make([]bool, len(r.Sides))
		}
		row.Reported[s] = true
		at := [2]int{i, s*interp.MaxMetrics + rank}
		if row.Order == nil || at[0] < row.Order[0] || (at[0] == row.Order[0] && at[1] < row.Order[1]) {
			row.Order = &at
		}
	}
}

// addMetrics counts each metric row for a finished game: a metric a script
// did not name in this game counts 0. Rows made since earlier games get
// their zeros when the report is finished (fillMetrics).
func (r *Report) addMetrics(games []outcome) {
	for _, row := range r.Rows {
		if row.Order == nil {
			continue
		}
		name := strings.TrimPrefix(row.Key, "metric:")
		a := metricValue(games[0].metrics, name)
		if r.Kind == "sim" {
			row.A.add(a)
			continue
		}
		row.addPair(a, metricValue(games[1].metrics, name))
	}
}

func metricValue(ms []interp.Metric, name string) float64 {
	for _, m := range ms {
		if m.Name == name {
			return m.Value
		}
	}
	return 0
}

// add counts one value.
func (s *Stat) add(x float64) {
	s.N++
	s.Sum.Add(x)
	s.SumSq.AddProduct(x, x)
	if s.Hist != nil {
		s.Hist.Add(x)
	}
}

// addZeros counts n zeros.
func (s *Stat) addZeros(n int64) {
	s.N += n
	if s.Hist != nil {
		s.Hist.AddCount(0, n)
	}
}

// addPair counts one game of A and of B.
func (row *Row) addPair(a, b float64) {
	row.A.add(a)
	row.B.add(b)
	row.Paired.SumAB.AddProduct(a, b)
	switch {
	case b > a:
		row.Paired.Up++
	case b < a:
		row.Paired.Down++
	}
}

// sample returns the stats.Sample of s (sharing its sums: read only).
func (s *Stat) sample() stats.Sample { return stats.Sample{N: s.N, Sum: s.Sum, SumSq: s.SumSq} }

// finish fills in every figure from the sums: means, intervals, quantiles,
// labels, and for compare the tests and Holm's correction.
func (r *Report) finish() {
	r.sortRows()
	for _, row := range r.Rows {
		if row.Order != nil && row.A.N < r.Pairs { // a metric named after the first games
			row.A.addZeros(r.Pairs - row.A.N)
			if row.B != nil {
				row.B.addZeros(r.Pairs - row.B.N)
			}
		}
		row.Label = r.rowLabel(row.Key)
		row.A.finish(row.Kind)
		if row.B != nil {
			row.B.finish(row.Kind)
		}
	}
	played := float64(r.Played * len(r.Sides))
	var decisions int64
	for _, s := range r.Sides {
		decisions += s.Decisions
	}
	r.Timing.GamesPerSecond, r.Timing.DecisionsPerSecond = 0, 0
	if r.Timing.Seconds > 0 {
		r.Timing.GamesPerSecond = played / r.Timing.Seconds
		r.Timing.DecisionsPerSecond = float64(decisions) / r.Timing.Seconds
	}
	r.testSeats()
	if r.Kind == "compare" {
		r.compare()
	}
}

// testSeats tests each side's wins by seat for evenness, when every bot
// played every seat: the bots rotated (each seat saw each bot within one
// game's difference) or the same bot sat everywhere.
func (r *Report) testSeats() {
	r.SeatTests = nil
	bots, _ := r.Setup.Bots()
	if !r.Setup.Rotate && len(bots) > 1 {
		return
	}
	for side := range r.Sides {
		wins := make([]float64, r.Setup.Players)
		for s := range wins {
			wins[s] = r.Row("seat-win:" + strconv.Itoa(s+1)).side(side).Sum.Float64()
		}
		chi2, p := stats.Uniform(wins)
		r.SeatTests = append(r.SeatTests, SeatTest{ChiSquare: Num(chi2), DF: len(wins) - 1, P: Num(p)})
	}
}

// finish computes a Stat's figures from its sums.
func (s *Stat) finish(kind string) {
	nan := Num(math.NaN())
	s.Mean, s.Low, s.High, s.Median, s.P10, s.P90 = nan, nan, nan, nan, nan, nan
	if s.N == 0 {
		return
	}
	smp := s.sample()
	s.Mean = Num(smp.Mean())
	var lo, hi float64
	if kind == KindShare {
		lo, hi = smp.ShareCI()
	} else {
		lo, hi = smp.MeanCI()
	}
	s.Low, s.High = Num(lo), Num(hi)
	if s.Hist != nil {
		s.Median, s.P10, s.P90 = Num(s.Hist.Quantile(0.5)), Num(s.Hist.Quantile(0.1)), Num(s.Hist.Quantile(0.9))
	}
}

// tested says whether a row's difference is tested: the game length, the
// bots' win rates (when there are several bots: one bot everywhere wins
// every game someone wins) and scores, and the metrics both scripts
// report. Seat rows are shown, not tested, so that the family Holm
// corrects for is the few questions a designer asks.
func (r *Report) tested(row *Row) bool {
	switch {
	case row.Key == "length", row.Order != nil:
		return len(row.Reported) == 0 || (row.Reported[0] && row.Reported[1])
	case strings.HasPrefix(row.Key, "win:"):
		bots, _ := r.Setup.Bots()
		return len(bots) > 1 && !strings.Contains(row.Key, "@")
	case strings.HasPrefix(row.Key, "score:"):
		return !strings.Contains(row.Key, "@")
	}
	return false
}

// compare tests every tested row's difference and flags the significant
// ones after Holm's correction.
func (r *Report) compare() {
	var ps []float64
	var diffs []*Diff
	for _, row := range r.Rows {
		row.Diff = nil
		if !r.tested(row) {
			continue
		}
		pair := stats.Pair{A: row.A.sample(), B: row.B.sample(), SumAB: row.Paired.SumAB, Up: row.Paired.Up, Down: row.Paired.Down}
		var t stats.Test
		if row.Kind == KindShare {
			t = pair.ShareDiff()
		} else {
			t = pair.MeanDiff()
		}
		if row.Paired.Up == 0 && row.Paired.Down == 0 {
			t.P = math.NaN() // the same in every game: nothing to test
		}
		d := &Diff{Estimate: Num(t.Diff), Low: Num(t.Low), High: Num(t.High), P: Num(t.P), Test: t.Method}
		row.Diff = d
		diffs = append(diffs, d)
		ps = append(ps, t.P)
	}
	adjusted, significant := stats.Holm(ps, Alpha)
	n := 0
	for i, d := range diffs {
		d.PAdjusted, d.Significant = Num(adjusted[i]), significant[i]
		if !math.IsNaN(ps[i]) {
			n++
		}
	}
	r.Correction = &Correction{Method: "holm", Alpha: Alpha, Tests: n}
}

// rowLabel names a row for a person.
func (r *Report) rowLabel(key string) string {
	kind, what, _ := strings.Cut(key, ":")
	switch kind {
	case "length":
		return "game length"
	case "metric":
		return what
	case "win", "score":
		label := "win rate"
		if kind == "score" {
			label = "mean score"
		}
		if bot, seat, ok := strings.Cut(what, "@"); ok {
			return fmt.Sprintf("%s %s in %s", bot, label, r.seatLabel(seat))
		}
		return what + " " + label
	case "seat-win":
		return r.seatLabel(what) + " win rate"
	case "seat-score":
		return r.seatLabel(what) + " mean score"
	}
	return key
}

func (r *Report) seatLabel(seat string) string {
	s, err := strconv.Atoi(seat)
	if err == nil && s >= 1 && s <= len(r.Labels) && r.Labels[s-1] != "" {
		return r.Labels[s-1]
	}
	return "seat " + seat
}
