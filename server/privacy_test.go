package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
)

// seen is every state frame one connection received, in order.
type seen struct {
	seat   int
	frames []*stateFrame
}

// drive answers the prompts of p's seat with random legal options (by
// clicking, or now and then by typing the move) until the game is over,
// keeping every frame it receives.
func drive(t testing.TB, p *player, seat int, seed uint64, out *seen, wg *sync.WaitGroup) {
	defer wg.Done()
	rng := rand.New(rand.NewPCG(seed, uint64(seat)))
	sentAt := -1
	var cur *stateFrame
	var f stateFrame
	deadline := time.After(120 * time.Second)
	for {
		var b []byte
		var ok bool
		select {
		case b, ok = <-p.raw:
		case <-deadline:
			t.Errorf("seat %d: the game did not end within 120s", seat)
			return
		}
		if !ok {
			t.Errorf("seat %d: connection closed", seat)
			return
		}
		var head struct{ Type, Error string }
		json.Unmarshal(b, &head)
		if head.Type == "error" && cur != nil {
			t.Logf("seat %d: error frame: %s", seat, head.Error)
			sentAt = -1 // try again
			f = *cur
		} else if head.Type != "state" {
			continue
		} else {
			nf := &stateFrame{}
			if err := json.Unmarshal(b, nf); err != nil {
				t.Error(err)
				return
			}
			out.frames = append(out.frames, nf)
			cur, f = nf, *nf
		}
		if f.Error != "" {
			t.Errorf("seat %d: %s", seat, f.Error)
			return
		}
		if f.Done {
			return
		}
		if seat > 0 && f.Turn == seat && len(f.Options) > 0 && f.Seq > sentAt {
			sentAt = f.Seq
			i := rng.IntN(len(f.Options))
			if rng.IntN(4) == 0 {
				p.send(message{Type: "command", Text: strconv.Itoa(i + 1), At: &f.Seq})
			} else {
				p.send(message{Type: "play", Option: f.Options[i], At: &f.Seq})
			}
		}
	}
}

// checkFrames replays the stored game and checks every frame a seat got
// against the engine's own knowledge at that decision: each card it names
// is one the seat may see then, its log is exactly the lines the seat may
// read, it lists moves only when the seat is to act, and it tells the
// seed only once the game is over (the table is not an open deal).
func checkFrames(t *testing.T, eng *interp.Engine, rec *interp.Record, views []*seen) {
	t.Helper()
	m, err := eng.NewMatch(interp.RecordConfig(rec))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	next := make([]int, len(views)) // next frame to check, per view
	logs := make([][]logJSON, len(views))
	for n := 0; ; n++ {
		for k, v := range views {
			for next[k] < len(v.frames) && v.frames[next[k]].Seq == n {
				checkFrame(t, m, v.seat, v.frames[next[k]], &logs[k])
				next[k]++
			}
		}
		if n == len(rec.Decisions) {
			break
		}
		d := rec.Decisions[n]
		if d.Say {
			err = m.Say(d.Seat, d.Text)
		} else {
			err = m.Apply(d.Seat, d.Text)
		}
		if err != nil {
			t.Fatalf("replaying decision %d: %v", n+1, err)
		}
	}
	for k, v := range views {
		if next[k] != len(v.frames) {
			t.Errorf("seat %d: frame %d (seq %d) is out of order", v.seat, next[k], v.frames[next[k]].Seq)
		}
	}
	if leaks := m.Leaks(); len(leaks) > 0 {
		t.Errorf("the engine saw a leak: %s", leaks[0])
	}
}

func checkFrame(t *testing.T, m *interp.Match, seat int, f *stateFrame, log *[]logJSON) {
	t.Helper()
	where := fmt.Sprintf("seat %d, frame at decision %d", seat, f.Seq)
	if seed := fmt.Sprint(m.Config.Seed); f.Done != (f.Seed == seed) || f.OpenDeal {
		t.Fatalf("%s: the frame tells the seed %q (the game is over: %v)", where, f.Seed, f.Done)
	}
	for _, z := range f.Zones {
		for _, c := range z.Cards {
			if c.ID < 1 || c.ID > len(m.Cards) {
				t.Fatalf("%s: no card %d", where, c.ID)
			}
			card := m.Cards[c.ID-1]
			if card.Name != c.Name {
				t.Fatalf("%s: card %d is %s, not %s", where, c.ID, card.Name, c.Name)
			}
			if !card.VisibleTo(seat) {
				t.Fatalf("%s: zone %s shows %s, which this seat may not see (it is in %s)", where, z.Label, c.Name, card.Zone.Label)
			}
		}
	}
	for _, x := range f.Extras {
		for _, id := range x.Cards {
			if !m.Cards[id-1].VisibleTo(seat) {
				t.Fatalf("%s: %s shows %s, which this seat may not see", where, x.Name, m.Cards[id-1].Name)
			}
		}
	}
	// notes and boards may be drawn for the seat (a notepad, a history
	// of what it was shown): exactly its own, as of this decision
	v := m.View(seat)
	var notes []string
	for _, n := range v.Notes {
		notes = append(notes, n.Text)
	}
	if fmt.Sprint(notes) != fmt.Sprint(f.Notes) {
		t.Fatalf("%s: the notes read %q, the seat's are %q", where, f.Notes, notes)
	}
	if len(v.Extras) != len(f.Extras) {
		t.Fatalf("%s: %d boards sent, the seat sees %d", where, len(f.Extras), len(v.Extras))
	}
	for i, x := range v.Extras {
		if want, got := mustMarshal(extraView(x)), mustMarshal(f.Extras[i]); want != got {
			t.Fatalf("%s: board %s is not the one drawn for this seat", where, x.Name)
		}
	}
	p := m.Prompt()
	if len(f.Options) > 0 && (p == nil || p.Seat != seat || len(p.Options) != len(f.Options)) {
		t.Fatalf("%s: the frame lists moves of another seat", where)
	}
	if f.LogReset {
		// the last lines only: those before are left unsent
		if len(f.Log) > maxLogLines {
			t.Fatalf("%s: %d log lines in one frame", where, len(f.Log))
		}
		*log = make([]logJSON, f.LogFrom)
		for i := range *log {
			(*log)[i].Text = unsent
		}
	}
	if f.LogFrom != len(*log) {
		t.Fatalf("%s: the log goes on from line %d, but %d were sent", where, f.LogFrom, len(*log))
	}
	*log = append(*log, f.Log...)
	may := m.LogFor(seat, 0)
	if len(may) != len(*log) {
		t.Fatalf("%s: %d log lines sent, the seat may read %d", where, len(*log), len(may))
	}
	for i, l := range *log {
		if l.Text == unsent {
			continue
		}
		if l.Text != may[i].Text || fmt.Sprint(l.Cards) != fmt.Sprint(nonNil(may[i].Cards)) {
			t.Fatalf("%s: log line %d is %q, the seat's is %q", where, i+1, l.Text, may[i].Text)
		}
	}
}

// unsent marks a log line a page was not sent (it asks for it if wanted).
const unsent = "\x00unsent"

func nonNil(ids []int) []int {
	if len(ids) == 0 {
		return nil
	}
	return ids
}

// TestPrivacyEveryFrame plays a full game of each of the five games with
// two people (A and B) and bots at the other seats, while a spectator
// watches, and checks every frame each of them received.
func TestPrivacyEveryFrame(t *testing.T) {
	cases := []struct {
		game    string
		players int
		options map[string]string
	}{
		{"clubs", 4, nil},
		{"cluedo", 3, nil},
		{"members_only", 3, nil},
		{"andy_capp", 3, nil},
		{"das_regeln_wir_schon", 3, nil},
	}
	for i, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			f := newFixture(t, "", Config{Rate: rate.Inf})
			seats := []seatRequest{{Name: "ann"}, {Name: "bob"}}
			for len(seats) < c.players {
				seats = append(seats, seatRequest{Bot: true})
			}
			seed := uint64(40 + i)
			res := f.create(createRequest{Game: c.game, Players: c.players, Seats: seats, Options: c.options, Seed: &seed})
			a, b, w := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link), f.join(res.Watch)
			// the table's chat and a named spectator, beside the game
			w.send(message{Type: "name", Text: "Zoe"})
			a.send(message{Type: "chat", Text: "good luck, Bob"})
			w.send(message{Type: "chat", Text: "go Ann"})
			views := []*seen{{seat: 1}, {seat: 2}, {seat: 0}}
			var wg sync.WaitGroup
			wg.Add(3)
			go drive(t, a, 1, seed, views[0], &wg)
			go drive(t, b, 2, seed, views[1], &wg)
			go drive(t, w, 0, seed, views[2], &wg)
			wg.Wait()
			if t.Failed() {
				return
			}
			st, err := f.store.Load(context.Background(), res.Table)
			if err != nil {
				t.Fatal(err)
			}
			if !st.Finished {
				t.Fatal("the store does not know the game ended")
			}
			eng, _ := loadGame(c.game)
			checkFrames(t, eng, st.Record(), views)
			checkBeside(t, st.Record(), map[int]*player{1: a, 2: b, 0: w}, map[int]string{1: res.Seats[0].Link, 2: res.Seats[1].Link})
			t.Logf("%s: %d decisions; frames: A %d, B %d, spectator %d", c.game, len(st.Decisions), len(views[0].frames), len(views[1].frames), len(views[2].frames))
		})
	}
}

// checkBeside checks what the pages got beside the game: every page read
// the table's chat, which is in no frame's log and no decision of the
// game; only the seats were given the join code; no page got another
// seat's token; every frame says who watches.
func checkBeside(t *testing.T, rec *interp.Record, pages map[int]*player, links map[int]string) {
	t.Helper()
	for _, d := range rec.Decisions {
		if d.Say && (d.Text == "good luck, Bob" || d.Text == "go Ann") {
			t.Fatalf("a chat line is a decision: %+v", d)
		}
	}
	for seat, p := range pages {
		got := p.received()
		for _, said := range []string{`"name":"Ann","text":"good luck, Bob"`, `"seat":0,"name":"Zoe","text":"go Ann"`} {
			if !strings.Contains(got, said) {
				t.Errorf("seat %d did not read %s", seat, said)
			}
		}
		for other, link := range links {
			if other != seat && strings.Contains(got, tokenOf(link)) {
				t.Errorf("seat %d was sent seat %d's token", seat, other)
			}
		}
		for _, line := range strings.Split(got, "\n") {
			var f stateFrame
			if json.Unmarshal([]byte(line), &f) != nil || f.Type != "state" {
				continue
			}
			for _, l := range f.Log {
				if strings.Contains(l.Text, "good luck, Bob") || strings.Contains(l.Text, "go Ann") {
					t.Fatalf("seat %d: a chat line is in the game's log: %q", seat, l.Text)
				}
			}
			if f.Friends == nil || (f.Friends.Code != "") != (seat > 0) || f.Friends.Watching.Count != 1 && f.Friends.Watching.Count != 0 {
				t.Fatalf("seat %d: the frame's friends: %+v", seat, f.Friends)
			}
		}
	}
}
