package ladder

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/sim"
)

// Config says what to play.
type Config struct {
	Engine  *interp.Engine
	Options map[string]string
	// Bots are the bots to rate, each once: "random", the script's, a
	// kind with its arguments (search:100ms, exec:python3 agent.py).
	Bots []string
	// Players is the number of seats (0: four if the game allows it, else
	// its minimum).
	Players int
	// Games is how many games at least: the ladder plays whole cycles.
	Games int
	Seed  uint64
	// Jobs is the number of workers (0: one per CPU).
	Jobs int
	// Resamples is the bootstrap's (0: 1000).
	Resamples    int
	MaxDecisions int
	Progress     func(done, total int)
}

// Report is a ladder's table, and what `tabletop ladder --json` prints.
type Report struct {
	Title     string            `json:"title"`
	Script    string            `json:"script"`
	Options   map[string]string `json:"options"`
	Players   int               `json:"players"`
	Seed      uint64            `json:"seed"`
	Asked     int               `json:"asked"` // -n
	Games     int               `json:"games"` // played: whole cycles
	Deals     int               `json:"deals"` // games sharing a seed, the lineup rotated
	Cycle     int               `json:"cycle"` // games a cycle: every bot sits every seat equally often
	Finished  int               `json:"finished"`
	Resamples int               `json:"resamples"`
	Seconds   float64           `json:"seconds"`
	// Standings are the bots, the best rated first.
	Standings []Standing `json:"standings"`
	// HeadToHead[i][j] is what the i-th standing's bot scored in its
	// pairwise results against the j-th's (a share; NaN where they never
	// met).
	HeadToHead [][]sim.Num   `json:"head_to_head"`
	Failures   []sim.Failure `json:"failures,omitempty"`
}

// Standing is one bot's line of the table.
type Standing struct {
	Bot    string  `json:"bot"`
	Rating float64 `json:"rating"` // Elo scale, the bots' mean 1500
	Low    float64 `json:"low"`    // of its 95% bootstrap interval
	High   float64 `json:"high"`
	Seats  int     `json:"seats"` // seats played in finished games
	Wins   float64 `json:"wins"`  // a win shared by n counts 1/n
	// Pairwise is the share of its pairwise results it won (a tie half).
	Pairwise float64 `json:"pairwise"`
}

// Run plays the ladder and rates the bots.
func Run(cfg Config) (*Report, error) {
	if err := check(&cfg); err != nil {
		return nil, err
	}
	k := len(cfg.Bots)
	p := plan(k, cfg.Players, cfg.Games, cfg.Seed)
	games := p.games(cfg.Bots, cfg.Seed)
	start := time.Now()
	outcomes := sim.Play(cfg.Engine, cfg.Options, games, cfg.Jobs, cfg.MaxDecisions, cfg.Progress)
	rep := &Report{Title: cfg.Engine.Info.Title, Script: cfg.Engine.Script, Options: optionsInForce(cfg.Engine, cfg.Options),
		Players: cfg.Players, Seed: cfg.Seed, Asked: cfg.Games, Games: len(games), Deals: p.Deals, Cycle: p.Cycle * p.Players,
		Resamples: cfg.Resamples, Seconds: time.Since(start).Seconds()}

	deals := make([]tally, p.Deals)
	seats, wins := make([]int, k), make([]float64, k)
	for d := range deals {
		deals[d] = newTally(k)
		for r := 0; r < p.Players; r++ {
			g := d*p.Players + r
			o := outcomes[g]
			if o.Err != nil {
				rep.Failures = append(rep.Failures, sim.Failure{Game: g, Seed: games[g].Seed, Error: o.Err.Error()})
				continue
			}
			rep.Finished++
			bots := p.seats(d, r)
			deals[d].addGame(bots, o.Winners, o.Scores)
			for _, b := range bots {
				seats[b]++
			}
			for _, w := range o.Winners {
				wins[bots[w-1]] += 1 / float64(len(o.Winners))
			}
		}
	}
	if rep.Finished == 0 {
		return rep, nil
	}
	all := newTally(k)
	for _, t := range deals {
		all.add(t)
	}
	rating := fit(all)
	low, high := bootstrap(deals, k, cfg.Resamples, table.DeriveSeed(cfg.Seed^0xb0075, 0))
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rating[order[a]] > rating[order[b]] })
	for _, i := range order {
		st := Standing{Bot: cfg.Bots[i], Rating: rating[i], Low: low[i], High: high[i], Seats: seats[i], Wins: wins[i]}
		won, met := 0.0, 0.0
		for j := range all.wins[i] {
			won += all.wins[i][j]
			met += all.met[i][j]
		}
		st.Pairwise = won / met
		rep.Standings = append(rep.Standings, st)
		row := make([]sim.Num, k)
		for c, j := range order {
			row[c] = sim.Num(math.NaN())
			if all.met[i][j] > 0 {
				row[c] = sim.Num(all.wins[i][j] / all.met[i][j])
			}
		}
		rep.HeadToHead = append(rep.HeadToHead, row)
	}
	return rep, nil
}

// check fills in the defaults and refuses what cannot be played.
func check(cfg *Config) error {
	e := cfg.Engine
	if e == nil {
		return fmt.Errorf("ladder: no engine")
	}
	if len(cfg.Bots) < 2 {
		return fmt.Errorf("a ladder rates two bots or more, not %d", len(cfg.Bots))
	}
	seen := map[string]bool{}
	for _, b := range cfg.Bots {
		if seen[b] {
			return fmt.Errorf("%s is named twice: name each bot once", b)
		}
		seen[b] = true
		bot, err := e.NewBot(b, 1, 0)
		if err != nil {
			return err
		}
		bot.Close()
	}
	if cfg.Players == 0 {
		cfg.Players = e.Info.MinPlayers
		if e.Info.MinPlayers <= 4 && e.Info.MaxPlayers >= 4 {
			cfg.Players = 4
		}
	}
	if cfg.Players < max(2, e.Info.MinPlayers) || cfg.Players > e.Info.MaxPlayers {
		return fmt.Errorf("%s is for %d to %d players, not %d", e.Info.Title, e.Info.MinPlayers, e.Info.MaxPlayers, cfg.Players)
	}
	if cfg.Games < 1 {
		return fmt.Errorf("a ladder plays one game or more")
	}
	if cfg.Resamples <= 0 {
		cfg.Resamples = 1000
	}
	return nil
}

// optionsInForce are every option's value, defaults included.
func optionsInForce(e *interp.Engine, set map[string]string) map[string]string {
	out, err := e.ParseOptions(nil)
	if err != nil {
		out = map[string]string{}
	}
	for k, v := range set {
		out[k] = v
	}
	return out
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
