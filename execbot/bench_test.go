package execbot

import (
	"io"
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// BenchmarkDecideMessage builds and encodes the decide message of a seat
// in Cluedo, whose view is the largest of the five (a board with its
// distance tables), a few dozen decisions in.
func BenchmarkDecideMessage(b *testing.B) {
	e := loadGame(b, "cluedo")
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	for i := 0; i < 40 && m.Prompt() != nil; i++ {
		if err := m.Step(0); err != nil {
			b.Fatal(err)
		}
	}
	p := m.Prompt()
	bytes := 0
	for b.Loop() {
		msg := decide{Type: "decide", Decision: 1, Options: make([]optionJSON, len(p.Options)), View: makeView(m, p.Seat)}
		for i, o := range p.Options {
			msg.Options[i] = optionJSON{Index: i, Text: o}
		}
		line, err := marshal(msg)
		if err != nil {
			b.Fatal(err)
		}
		bytes = len(line)
	}
	b.ReportMetric(float64(bytes), "bytes/msg")
}

// BenchmarkDecision is one decision of a program in Clubs, the round trip
// included: a game with the test agent in one seat, per decision it made.
func BenchmarkDecision(b *testing.B) {
	old := SetOutput(io.Discard)
	defer SetOutput(old)
	e := loadGame(b, "clubs")
	name := agentCommand(b, "first")
	decisions := 0
	for b.Loop() {
		m, err := e.NewMatch(interp.Config{Players: 4, Seed: 5})
		if err != nil {
			b.Fatal(err)
		}
		bots := []interp.Bot{nil, nil, nil, nil}
		if bots[0], err = e.NewBot(name, 1, 1); err != nil {
			b.Fatal(err)
		}
		for s := 2; s <= 4; s++ {
			bots[s-1] = interp.NewRandomBot(uint64(s))
		}
		for m.Prompt() != nil {
			seat := m.Prompt().Seat
			i, err := bots[seat-1].Choose(m)
			if err != nil {
				b.Fatal(err)
			}
			if seat == 1 {
				decisions++
			}
			if err := m.Step(i); err != nil {
				b.Fatal(err)
			}
		}
		bots[0].Close()
		m.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(decisions), "µs/decision")
}
