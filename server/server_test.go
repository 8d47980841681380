package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/store/storetest"
)

func seed(n uint64) *uint64 { return &n }

// clubsTable is a four-player Clubs table: Ann and Bob (North and East)
// and two bots.
func clubsTable(f *fixture) *createResponse {
	return f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}, {Bot: true, Name: "random"}}})
}

// until reads p's frames until one satisfies ok.
func (p *player) until(ok func(*stateFrame) bool) *stateFrame {
	p.t.Helper()
	for {
		if f := p.state(); ok(f) {
			return f
		}
	}
}

func myTurn(seat int) func(*stateFrame) bool {
	return func(f *stateFrame) bool { return f.Turn == seat && len(f.Options) > 0 || f.Done }
}

// TestTwoSeatsPlayAClubsHand plays the first hand of Clubs from two
// browsers' connections (the bots play the rest), by clicks and by typed
// moves, and checks that each sees its own hand only.
func TestTwoSeatsPlayAClubsHand(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	if len(res.Seats) != 4 || res.Seats[0].Link == "" || res.Seats[2].Link != "" || res.Seats[3].Bot != "random" {
		t.Fatalf("links: %+v", res.Seats)
	}
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link)
	players := map[int]*player{1: ann, 2: bob}
	typed := false
	handled := -1
	for hand := 0; hand < 60; hand++ {
		fa := ann.until(func(f *stateFrame) bool {
			return len(f.Pads) > 0 && len(f.Pads[0].Rows) > 0 || (f.Turn == 1 || f.Turn == 2) && f.Seq > handled
		})
		if len(fa.Pads) > 0 && len(fa.Pads[0].Rows) > 0 {
			t.Logf("hand 1 scored after %d decisions: %v", fa.Seq, fa.Pads[0].Totals)
			return
		}
		seat := fa.Turn
		p, fr := players[seat], fa
		handled = fa.Seq
		if seat == 2 {
			fr = p.until(func(f *stateFrame) bool { return f.Seq == fa.Seq })
		}
		if len(fr.Options) == 0 {
			t.Fatalf("seat %d to act but given no moves", seat)
		}
		own := ownHand(fr, seat)
		if own == nil || len(own.Cards) != own.Count {
			t.Fatalf("seat %d does not see its own hand at %d: %+v", seat, fr.Seq, fr.Zones)
		}
		if own.Count == 0 {
			// played out: what it is asked now (a declaration) ends the hand
			t.Logf("seat %d played out its hand after %d decisions; asked %v", seat, fr.Seq, fr.Options)
			return
		}
		for _, z := range fr.Zones {
			if z.Name == "hand" && z.Owner != seat && len(z.Cards) > 0 {
				t.Fatalf("seat %d sees %s", seat, z.Label)
			}
		}
		if !typed {
			typed = true
			// the REPL's language with its caret: an unknown card, then a prefix
			p.send(message{Type: "command", Text: "play 9X", At: &fr.Seq})
			if e := p.errorText(); !strings.Contains(e, "unknown card '9X' at column 6") || !strings.Contains(e, "\n       ^") {
				t.Fatalf("caret error: %q", e)
			}
			p.send(message{Type: "command", Text: strings.ToLower(fr.Options[0]), At: &fr.Seq})
		} else {
			p.send(message{Type: "play", Option: fr.Options[len(fr.Options)-1], At: &fr.Seq})
		}
	}
	t.Fatal("the first hand did not end")
}

// ownHand is the zone of seat's hand in f, or nil.
func ownHand(f *stateFrame, seat int) *zoneJSON {
	for i, z := range f.Zones {
		if z.Name == "hand" && z.Owner == seat {
			return &f.Zones[i]
		}
	}
	return nil
}

func handOf(f *stateFrame, seat int) []cardJSON {
	for _, z := range f.Zones {
		if z.Name == "hand" && z.Owner == seat {
			return z.Cards
		}
	}
	return nil
}

// TestTokens refuses a wrong or missing token with 403 on every route
// that takes one, and serves a good one.
func TestTokens(t *testing.T) {
	f := newFixture(t, "", Config{})
	res := clubsTable(f)
	good := res.Seats[0].Link
	for _, path := range []string{"/play/", "/watch/", "/ws/", "/save/", "/play/short", "/play/" + strings.Repeat("x", 43),
		"/watch/" + strings.Repeat("A", 43), "/ws/" + strings.Repeat("b", 43), "/save/" + strings.Repeat("c", 43), good + "x"} {
		r, err := http.Get(f.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s: %s, want 403", path, r.Status)
		}
	}
	_, r, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(f.http.URL, "http")+"/ws/"+strings.Repeat("z", 43), nil)
	if err == nil || r == nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("a WebSocket with a bad token: %v", err)
	}
	for _, path := range []string{good, res.Watch} {
		r, err := http.Get(f.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != http.StatusOK || !strings.Contains(string(body), "table.js") {
			t.Errorf("GET %s: %s", path, r.Status)
		}
	}
	// the save of a game in play would tell every hand
	r2, _ := http.Get(f.http.URL + strings.Replace(good, "/play/", "/save/", 1))
	r2.Body.Close()
	if r2.StatusCode != http.StatusConflict {
		t.Errorf("save of an unfinished game: %s", r2.Status)
	}
}

// TestStaticOnlyEmbedded serves the embedded client and nothing else.
func TestStaticOnlyEmbedded(t *testing.T) {
	f := newFixture(t, "", Config{})
	for path, want := range map[string]int{
		"/static/style.css": 200, "/static/table.js": 200, "/static/../server.go": 404, "/static/%2e%2e/server.go": 404,
		"/static/": 404, "/static/embed.go": 404, "/static//etc/passwd": 404, "/server.go": 404, "/": 200,
	} {
		r, err := http.Get(f.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != want {
			t.Errorf("GET %s: %s, want %d", path, r.Status, want)
		}
	}
}

// TestBadMessages answers malformed, oversized and illegal messages with
// an error frame and changes nothing; too many messages are refused.
func TestBadMessages(t *testing.T) {
	f := newFixture(t, "", Config{Rate: 1000, Burst: 1000})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	first := ann.until(myTurn(1))
	stale := first.Seq - 1
	for _, bad := range []string{
		`not json`, `{"type":"play"`, `[1,2]`, `{"type":"fly"}`, `{"type":"play","option":"play 1C","at":` + itoa(first.Seq) + `}`,
		`{"type":"play","option":"` + first.Options[0] + `"}`, `{"type":"play","option":"` + first.Options[0] + `","at":` + itoa(stale) + `}`,
		`{"type":"command","text":"play"}`, `{"type":"command","text":"save x.save"}`, `{"type":"command","text":"run"}`,
		`{"type":"play","option":"x","at":0,"extra":1}`, `{"type":"say","text":""}`, `{"type":"undo_answer","accept":true}`,
		`{"type":"command","text":"` + strings.Repeat("a", MaxMessage) + `"}`, "{\"type\":\"command\",\"text\":\"\xff\"}",
	} {
		ann.sendRaw([]byte(bad))
		if e := ann.errorText(); e == "" {
			t.Errorf("%.40q: an empty error", bad)
		}
	}
	if err := ann.ws.Write(context.Background(), websocket.MessageBinary, []byte(`{"type":"undo"}`)); err != nil {
		t.Fatal(err)
	}
	ann.errorText()
	// nothing changed: the next state frame (after a legal move) follows
	// straight from the first one
	ann.send(message{Type: "play", Option: first.Options[0], At: &first.Seq})
	next := ann.state()
	if next.Seq != first.Seq+1 {
		t.Fatalf("after the bad messages and one move: decision %d, want %d", next.Seq, first.Seq+1)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if len(st.Decisions) < first.Seq+1 || st.Decisions[first.Seq].Text != first.Options[0] {
		t.Fatalf("stored: %v", st.Decisions)
	}

	// a flood: past the burst, messages are refused
	g := newFixture(t, "", Config{Rate: 1, Burst: 5})
	res = clubsTable(g)
	bob := g.join(res.Seats[1].Link)
	bob.state()
	replies, refused := answers(t, bob, 8)
	if replies != 5 || refused != 3 {
		t.Errorf("8 messages at a burst of 5: %d answered, %d refused", replies, refused)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestKillAndRestart stops a server mid-game and starts another on the
// same SQLite file: every table is back at its last decision, bots go on,
// and the same links open the same seats.
func TestKillAndRestart(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	other := f.create(createRequest{Game: "members_only", Players: 3, Seed: seed(3), Seats: []seatRequest{{}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	for i := 0; i < 5; i++ {
		ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
		prev := fr.Seq
		fr = ann.until(func(g *stateFrame) bool { return g.Seq > prev && myTurn(1)(g) })
	}
	before := fr
	bob := f.join(res.Watch)
	bobBefore := bob.until(func(g *stateFrame) bool { return g.Seq >= before.Seq })
	f.stop()

	g := newFixture(t, f.db, Config{Rate: rate.Inf})
	ann2 := g.join(res.Seats[0].Link)
	after := ann2.state()
	if after.Seq < before.Seq {
		t.Fatalf("after the restart: decision %d, before it %d", after.Seq, before.Seq)
	}
	st, _ := g.store.Load(context.Background(), res.Table)
	m, err := g.srv.tables[res.Table].eng.ReplayRecord(st.Record())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, want := handOf(after, 1), m.View(1); len(got) != len(handZone(want, 1)) {
		t.Fatalf("Ann's hand after the restart: %v", got)
	}
	if len(after.Log) == 0 || after.LogFrom != 0 || !after.LogReset {
		t.Fatalf("a new connection gets the whole log: from %d, %d lines", after.LogFrom, len(after.Log))
	}
	bob2 := g.join(res.Watch)
	bobAfter := bob2.state()
	if bobAfter.Seq == bobBefore.Seq && mustMarshal(bobAfter.Zones) != mustMarshal(bobBefore.Zones) {
		t.Fatalf("the spectator's table changed across the restart")
	}
	// the game goes on from there
	fr = ann2.until(myTurn(1))
	ann2.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	ann2.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	// and the other table, whose bots were to move, is back too
	w := g.join(other.Watch)
	if s := w.state(); s.Turn != 1 || s.Title != "Members Only" {
		t.Fatalf("the other table: %+v", s)
	}
}

func handZone(v *interp.View, seat int) []*interp.Card {
	for _, z := range v.Zones {
		if z.Name == "hand" && z.Owner == seat {
			return z.Cards
		}
	}
	return nil
}

func mustMarshal(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestUndo takes a move back alone while no other person has acted, and
// only by agreement after.
func TestUndo(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link)
	bob.state() // the whole state on connecting, whose log starts at 0 like the undo's
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	ann.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	// Bob has not acted yet: Ann takes it back alone
	ann.send(message{Type: "undo"})
	back := ann.until(func(g *stateFrame) bool { return g.Seq == fr.Seq && len(g.Options) > 0 })
	if len(back.Options) != len(fr.Options) {
		t.Fatalf("after undo: %v", back.Options)
	}
	ann.send(message{Type: "play", Option: fr.Options[0], At: &back.Seq})
	bob.until(func(g *stateFrame) bool { return g.Seq == back.Seq && g.LogReset }) // the undo
	fb := bob.until(myTurn(2))
	bob.send(message{Type: "play", Option: fb.Options[0], At: &fb.Seq})
	bob.until(func(g *stateFrame) bool { return g.Seq > fb.Seq })
	// now Bob has acted since Ann's move: she must ask
	ann.send(message{Type: "undo"})
	asked := bob.until(func(g *stateFrame) bool { return g.Undo != nil })
	if asked.Undo.By != 1 {
		t.Fatalf("undo request: %+v", asked.Undo)
	}
	bob.send(message{Type: "undo_answer", Accept: false})
	bob.until(func(g *stateFrame) bool { return g.Undo == nil })
	ann.send(message{Type: "undo"})
	bob.until(func(g *stateFrame) bool { return g.Undo != nil })
	bob.send(message{Type: "undo_answer", Accept: true})
	done := ann.until(func(g *stateFrame) bool { return g.Undo == nil && g.Seq <= fr.Seq })
	if done.Seq != fr.Seq || !done.LogReset {
		t.Fatalf("after the agreed undo: decision %d (want %d), log from %d", done.Seq, fr.Seq, done.LogFrom)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if len(st.Decisions) < fr.Seq || len(st.Decisions) > fr.Seq+2 {
		t.Fatalf("stored decisions after undo: %d (undo at %d)", len(st.Decisions), fr.Seq)
	}
}

// finishedGame is a short game of Clubs played to its end by Ann, at the
// first of her moves each time, and two bots; it returns her connection
// and its last frame.
func finishedGame(f *fixture) (*createResponse, *player, *stateFrame) {
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(11),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	for {
		last := ann.until(myTurn(1))
		if last.Done {
			return res, ann, last
		}
		ann.send(message{Type: "play", Option: last.Options[0], At: &last.Seq})
	}
}

// TestDownloadFinished lets bots finish a game and downloads it as a save
// that replays to the same result.
func TestDownloadFinished(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, _, last := finishedGame(f)
	r, err := http.Get(f.http.URL + strings.Replace(res.Seats[0].Link, "/play/", "/save/", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), ".save") {
		t.Fatalf("download: %s %s", r.Status, r.Header.Get("Content-Disposition"))
	}
	rec, err := savefile.Parse(r.Body, "download")
	if err != nil {
		t.Fatal(err)
	}
	eng, _ := loadGame("clubs_short")
	m, err := eng.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !m.Done() || len(m.Decisions()) != last.Seq || rec.Seats[0] != "ann" {
		t.Fatalf("the save replays to %d decisions (done %v), the table had %d; seats %v", len(m.Decisions()), m.Done(), last.Seq, rec.Seats)
	}
}

// TestMaxTables refuses a table past the limit.
func TestMaxTables(t *testing.T) {
	f := newFixture(t, "", Config{MaxTables: 1})
	clubsTable(f)
	_, code, err := f.srv.Create(context.Background(), createRequest{Game: "clubs"})
	if code != http.StatusServiceUnavailable || err == nil {
		t.Fatalf("a second table past the limit: %d %v", code, err)
	}
}

// TestPostgres runs the restart test against PostgreSQL when
// TABLETOP_TEST_POSTGRES names a database (postgres://…).
func TestPostgres(t *testing.T) {
	url := storetest.PostgresURL(t)
	if url == "" {
		t.Skip("TABLETOP_TEST_POSTGRES is not set")
	}
	f := newFixture(t, url, Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	ann.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	f.stop()
	g := newFixture(t, url, Config{Rate: rate.Inf})
	s := g.join(res.Seats[0].Link).state()
	if s.Seq <= fr.Seq {
		t.Fatalf("after the restart on PostgreSQL: decision %d, want more than %d", s.Seq, fr.Seq)
	}
	st, err := g.store.Load(context.Background(), res.Table)
	if err != nil || st.Decisions[fr.Seq].Text != fr.Options[0] {
		t.Fatalf("stored on PostgreSQL: %v %v", st, err)
	}
}

// TestFinishedTableLeavesMemory lets go of a finished table once its last
// page closes, and reads it back when a link of it is opened again.
func TestFinishedTableLeavesMemory(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, ann, last := finishedGame(f)
	ann.ws.Close(websocket.StatusNormalClosure, "")
	for i := 0; ; i++ {
		f.srv.mu.Lock()
		_, kept := f.srv.tables[res.Table]
		f.srv.mu.Unlock()
		if !kept {
			break
		}
		if i > 200 {
			t.Fatal("the finished table is still held")
		}
		time.Sleep(10 * time.Millisecond)
	}
	again := f.join(res.Seats[0].Link).state()
	if !again.Done || again.Seq != last.Seq || again.Result != last.Result {
		t.Fatalf("read back: done %v at %d (%s), was %d (%s)", again.Done, again.Seq, again.Result, last.Seq, last.Result)
	}
}

// TestSlowPageGetsOneFrame keeps a connection whose frames nobody takes
// while a game goes on: it holds one frame, of the table as it is, whose
// log carries every line since the last frame taken — the whole log again
// after an undo.
func TestSlowPageGetsOneFrame(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	f.srv.mu.Lock()
	tb := f.srv.tables[res.Table]
	f.srv.mu.Unlock()
	slow := &client{seat: 1, out: make(chan []byte, sendQueue), stale: make(chan struct{}, 1), gone: make(chan struct{})}
	tb.join(slow)
	take := func() *stateFrame {
		t.Helper()
		b := slow.takeFrame()
		if b == nil {
			t.Fatal("no frame pending")
		}
		var fr stateFrame
		if err := json.Unmarshal(b, &fr); err != nil {
			t.Fatal(err)
		}
		return &fr
	}
	whole := func(fr *stateFrame) []string {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		if fr.Seq != len(tb.m.Decisions()) {
			t.Fatalf("the frame is of decision %d, the table at %d", fr.Seq, len(tb.m.Decisions()))
		}
		var out []string
		for _, l := range tb.m.LogFor(1, 0) {
			out = append(out, l.Text)
		}
		return out
	}
	fr := ann.until(myTurn(1))
	play := func(n int) {
		for range n {
			ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
			at := fr.Seq
			if fr = ann.until(func(g *stateFrame) bool { return g.Seq > at }); !myTurn(1)(fr) {
				fr = ann.until(myTurn(1)) // the bots are done
			}
		}
	}
	var got []string
	check := func(from int) {
		t.Helper()
		fr := take()
		if fr.LogFrom != from {
			t.Fatalf("log from %d, want %d", fr.LogFrom, from)
		}
		got = got[:fr.LogFrom]
		for _, l := range fr.Log {
			got = append(got, l.Text)
		}
		if want := whole(fr); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("the page's log:\n%q\nits seat's:\n%q", got, want)
		}
		if slow.takeFrame() != nil {
			t.Fatal("a second frame was pending")
		}
	}
	play(3)
	check(0)
	before := len(got)
	play(2)
	check(before)
	ann.send(message{Type: "undo"})
	ann.until(func(g *stateFrame) bool { return g.Undo != nil }) // she saw the bots move: would it be practice?
	ann.send(message{Type: "undo_answer", Accept: true})
	ann.until(func(g *stateFrame) bool { return g.LogReset && myTurn(1)(g) })
	check(0)
}
