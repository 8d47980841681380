package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/stats"
)

// Report is what Run found, and what `tabletop sim --json`, `compare
// --json` and `merge --json` print. It holds, beside the figures a person
// reads, the exact sums and value counts they come from, so the reports of
// the shards of a series merge into the report of the whole (see Merge).
type Report struct {
	// Kind is "sim" (one script) or "compare" (a game and its variant).
	Kind  string `json:"kind"`
	Setup Setup  `json:"setup"`
	// Shard is set on the report of one shard of the series.
	Shard *Shard `json:"shard,omitempty"`
	// Played is the number of games this report covers (of each script).
	Played int    `json:"played"`
	Timing Timing `json:"timing"`
	// Sides are the scripts' games: one for sim, the game (A) and the
	// variant (B) for compare.
	Sides []Side `json:"sides"`
	// Labels are the seats' names, by seat.
	Labels []string `json:"labels"`
	// Pairs is the number of games every script finished: the games the
	// rows count.
	Pairs int64 `json:"pairs"`
	// Rows are the quantities measured: game length, each bot's win rate
	// and score, each seat's, and each metric the scripts declare.
	Rows []*Row `json:"rows"`
	// SeatTests, one per side, test whether the seat a player sits in
	// changes the wins (only when every bot plays every seat).
	SeatTests []SeatTest `json:"seat_tests,omitempty"`
	// Correction says how compare's tests were corrected for their number.
	Correction *Correction `json:"correction,omitempty"`
}

// SeatTest is Pearson's chi-square test of "every seat wins as often":
// fair seats, when every bot played every seat equally often (--rotate,
// or the same bot everywhere).
type SeatTest struct {
	ChiSquare Num `json:"chi_square"`
	DF        int `json:"df"`
	P         Num `json:"p"`
}

// Setup is what was played. Shards of one series have the same Setup.
type Setup struct {
	Tool         string   `json:"tool,omitempty"` // the program that played it
	Games        int      `json:"games"`
	Players      int      `json:"players"`
	Seed         uint64   `json:"seed"`
	Lineup       []string `json:"lineup"` // the bot of each seat in game 0
	Rotate       bool     `json:"rotate"`
	MaxDecisions int      `json:"max_decisions"`
	Scripts      []Script `json:"scripts"`
}

// Script is one script of a series, with every option's value.
type Script struct {
	Title   string            `json:"title"`
	Path    string            `json:"path"`
	Hash    string            `json:"hash"`
	Options map[string]string `json:"options"`
}

// Timing is how fast the games were played. In a merged report it adds up
// the shards' times.
type Timing struct {
	Seconds            float64 `json:"seconds"`
	GamesPerSecond     float64 `json:"games_per_second"`
	DecisionsPerSecond float64 `json:"decisions_per_second"`
}

// Side is how one script's games went.
type Side struct {
	Finished  int64     `json:"finished"`
	Decisions int64     `json:"decisions"` // in every game played, failed ones included
	Failures  []Failure `json:"failures,omitempty"`
}

// Failure is a game that did not finish properly.
type Failure struct {
	Game  int    `json:"game"`
	Seed  uint64 `json:"seed"`
	Error string `json:"error"`
}

// Row kinds: a mean (lengths, scores, metrics) or a share (win rates: a
// win counts 1, a win shared by k counts 1/k).
const (
	KindMean  = "mean"
	KindShare = "share"
)

// Row is one quantity measured in every game: its statistics in A (and
// B), and for compare their difference.
type Row struct {
	// Key names the row: "length", "win:BOT", "score:BOT", "seat-win:N",
	// "seat-score:N", "win:BOT@N" (BOT's wins in seat N) or "metric:NAME".
	Key   string `json:"key"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Order places a metric: the first game that named it, and where in
	// that game (A's metrics before B's).
	Order *[2]int `json:"order,omitempty"`
	// Reported says, for a metric, which scripts ever named it.
	Reported []bool `json:"reported,omitempty"`
	A        Stat   `json:"a"`
	B        *Stat  `json:"b,omitempty"`
	// Paired holds what compare's tests need beyond the two sides.
	Paired *Paired `json:"paired,omitempty"`
	Diff   *Diff   `json:"diff,omitempty"`
}

// Stat is one quantity of one script over the games: the figures, then the
// exact sums and counts they come from.
type Stat struct {
	N      int64       `json:"n"`
	Mean   Num         `json:"mean"`
	Low    Num         `json:"low"`  // of the 95% interval of the mean
	High   Num         `json:"high"` // (Wilson's for a share)
	Median Num         `json:"median,omitzero"`
	P10    Num         `json:"p10,omitzero"`
	P90    Num         `json:"p90,omitzero"`
	Sum    stats.Exact `json:"sum"`
	SumSq  stats.Exact `json:"sum_sq"`
	Hist   *stats.Hist `json:"hist,omitempty"`
}

// Paired is what a comparison keeps of the pairs beyond each side's sums.
type Paired struct {
	SumAB stats.Exact `json:"sum_ab"`
	Up    int64       `json:"up"`   // games where B's value is higher
	Down  int64       `json:"down"` // and lower
}

// Diff is B − A for one row, with its 95% interval and test.
type Diff struct {
	Estimate    Num    `json:"estimate"`
	Low         Num    `json:"low"`
	High        Num    `json:"high"`
	P           Num    `json:"p"`
	Test        string `json:"test"`
	PAdjusted   Num    `json:"p_adjusted"`
	Significant bool   `json:"significant"`
}

// Correction describes the multiple-comparison correction of a compare.
type Correction struct {
	Method string  `json:"method"`
	Alpha  float64 `json:"alpha"`
	Tests  int     `json:"tests"`
}

// Alpha is the level at which compare flags a difference.
const Alpha = 0.05

// Num is a figure that may be missing (NaN, written as null).
type Num float64

// MarshalJSON writes NaN and infinities as null.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(f, 'g', -1, 64)), nil
}

// UnmarshalJSON reads null as NaN.
func (n *Num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = Num(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	*n = Num(f)
	return err
}

// IsZero lets omitzero drop a figure that is missing.
func (n Num) IsZero() bool { return math.IsNaN(float64(n)) }

// WriteJSON prints the report as one JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadJSON reads a report written by WriteJSON.
func ReadJSON(rd io.Reader) (*Report, error) {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	var r Report
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if r.Kind != "sim" && r.Kind != "compare" {
		return nil, fmt.Errorf("not a tabletop sim or compare report (kind %q)", r.Kind)
	}
	if len(r.Sides) != len(r.Setup.Scripts) || len(r.Sides) != map[string]int{"sim": 1, "compare": 2}[r.Kind] {
		return nil, fmt.Errorf("a %s report with %d sides and %d scripts", r.Kind, len(r.Sides), len(r.Setup.Scripts))
	}
	for _, row := range r.Rows {
		if (row.B == nil) != (r.Kind == "sim") || (row.Paired == nil) != (r.Kind == "sim") {
			return nil, fmt.Errorf("row %q does not fit a %s report", row.Key, r.Kind)
		}
	}
	return &r, nil
}

// Failures returns the failed games of every side, A's first.
func (r *Report) Failures() []Failure {
	var out []Failure
	for _, s := range r.Sides {
		out = append(out, s.Failures...)
	}
	return out
}

// Row returns the row with the given key, or nil.
func (r *Report) Row(key string) *Row {
	for _, row := range r.Rows {
		if row.Key == key {
			return row
		}
	}
	return nil
}

// Bots returns the distinct bots of the lineup, in its order, and how many
// seats each takes.
func (s Setup) Bots() (names []string, seats map[string]int) {
	seats = map[string]int{}
	for _, b := range s.Lineup {
		if seats[b] == 0 {
			names = append(names, b)
		}
		seats[b]++
	}
	return names, seats
}

// MainMetric returns the first metric row (the game's main metric), or
// nil.
func (r *Report) MainMetric() *Row {
	for _, row := range r.Rows {
		if strings.HasPrefix(row.Key, "metric:") {
			return row
		}
	}
	return nil
}

// sortRows puts the rows in their order: the fixed rows as newReport made
// them, then the metrics by where they were first named.
func (r *Report) sortRows() {
	slices.SortStableFunc(r.Rows, func(a, b *Row) int {
		switch {
		case a.Order == nil && b.Order == nil:
			return 0
		case a.Order == nil:
			return -1
		case b.Order == nil:
			return 1
		case a.Order[0] != b.Order[0]:
			return a.Order[0] - b.Order[0]
		}
		return a.Order[1] - b.Order[1]
	})
}
