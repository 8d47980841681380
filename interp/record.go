package interp

import (
	"fmt"

	"github.com/tabletop/tabletop/savefile"
)

// Takebacks returns the decisions taken back in the match's game (see
// SetTakebacks).
func (m *Match) Takebacks() []Takeback { return m.takebacks }

// SetTakebacks sets what was taken back before the game reached this
// match: a match replayed after an undo is a new match of the game, which
// keeps its history. A save keeps them (NewRecord, ReplayRecord).
func (m *Match) SetTakebacks(tb []Takeback) { m.takebacks = append([]Takeback(nil), tb...) }

// Practice reports whether the game is practice (savefile.IsPractice).
func (m *Match) Practice() bool { return savefile.IsPractice(m.takebacks) }

// RecordConfig returns the match configuration record r describes.
func RecordConfig(r *Record) Config {
	return Config{Players: r.Players, Seed: r.Seed, Options: r.Options, Names: savefile.SeatNames(r.Seats), SharedFrom: r.Shared}
}

// NewRecord describes match m (with the given seat specs) as a record.
func (m *Match) NewRecord(seats []string) *Record {
	opts := map[string]string{}
	for k, v := range m.Config.Options {
		opts[k] = v
	}
	return &Record{
		Version:   savefile.Version,
		Script:    m.Engine.Script,
		Hash:      m.Engine.Hash,
		Players:   len(m.Seats),
		Seats:     seats,
		Seed:      m.Config.Seed,
		Options:   opts,
		Shared:    m.Config.SharedFrom,
		Takebacks: append([]Takeback(nil), m.takebacks...),
		Decisions: append([]Decision(nil), m.record...),
	}
}

// ReplayRecord replays a record with this engine. A record made with a
// different script is refused unless every decision still fits; then the
// error says which decision no longer does. Where the game went on after
// a takeback, the log has a public line that says so (TakebackText).
func (e *Engine) ReplayRecord(r *Record) (*Match, error) {
	for k := range r.Options {
		if _, ok := e.Info.Option(k); !ok {
			return nil, fmt.Errorf("the save sets option %q, which %s does not have", k, e.Path)
		}
	}
	m, err := e.ReplayTakebacks(RecordConfig(r), r.Decisions, r.Takebacks)
	if err != nil {
		if r.Hash != "" && r.Hash != e.Hash {
			return nil, fmt.Errorf("%s has changed since this game was saved, and the save no longer fits it: %w", e.Path, err)
		}
		return nil, err
	}
	return m, nil
}

// ReplayTakebacks is Replay of a game in which decisions were taken back
// (tbs, as SetTakebacks): the match keeps them, and its log has the line
// of each (TakebackText) before the decision it went back to, or at the
// end.
func (e *Engine) ReplayTakebacks(cfg Config, decisions []Decision, tbs []Takeback) (*Match, error) {
	if len(tbs) == 0 {
		return e.Replay(cfg, decisions)
	}
	m, err := e.NewMatch(cfg)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		for _, tb := range tbs {
			if tb.At == i || i == len(decisions) && tb.At > i {
				m.addLog(LogLine{Text: m.TakebackText(tb), To: AllSeats})
			}
		}
		if i == len(decisions) {
			m.SetTakebacks(tbs)
			return m, nil
		}
		if err := m.replayOne(i, decisions[i]); err != nil {
			m.Close()
			return nil, err
		}
	}
}

// TakebackText is the line that tells every seat of a takeback
// (savefile.Takeback.Text).
func (m *Match) TakebackText(tb Takeback) string { return tb.Text(m.SeatLabel(tb.Seat)) }
