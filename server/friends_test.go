package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// upTo returns p's last frame if it satisfies ok, else the next that
// does.
func (p *player) upTo(ok func(*stateFrame) bool) *stateFrame {
	p.t.Helper()
	if p.last != nil && ok(p.last) {
		return p.last
	}
	return p.until(ok)
}

// heard reads p's chat messages until one has a line that says text.
func (p *player) heard(text string) {
	p.t.Helper()
	for {
		lines, _ := p.chatLines()
		if slices.ContainsFunc(lines, func(l chatJSON) bool { return l.Text == text }) {
			return
		}
	}
}

// chatLines reads p's next chat message.
func (p *player) chatLines() (lines []chatJSON, replace bool) {
	p.t.Helper()
	var m struct {
		Lines   []chatJSON
		Replace bool
	}
	if err := json.Unmarshal(p.next("chat"), &m); err != nil {
		p.t.Fatal(err)
	}
	return m.Lines, m.Replace
}

// TestChatIsNotAMove has the seats and a spectator talk at the table's
// chat: every page reads every line, with its speaker's name; no line is
// a decision, in a frame's log or in the save; a page that connects gets
// the last lines; at Clubs say goes to the chat.
func TestChatIsNotAMove(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann, bob, w := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link), f.join(res.Watch)
	for _, p := range []*player{ann, bob, w} {
		if lines, replace := p.chatLines(); len(lines) != 0 || !replace {
			t.Fatalf("a new table's chat: %+v", lines)
		}
	}
	w.send(message{Type: "name", Text: "Zoe"})
	bob.until(func(fr *stateFrame) bool { return slices.Equal(fr.Friends.Watching.Names, []string{"Zoe"}) })
	for _, c := range []struct {
		p    *player
		msg  message
		want chatJSON
	}{
		{ann, message{Type: "chat", Text: "hello  there\n"}, chatJSON{N: 0, Seat: 1, Name: "Ann", Text: "hello  there"}},
		{w, message{Type: "chat", Text: "go Ann"}, chatJSON{N: 1, Seat: 0, Name: "Zoe", Text: "go Ann"}},
		{bob, message{Type: "command", Text: "say good luck"}, chatJSON{N: 2, Seat: 2, Name: "Bob", Text: "good luck"}},
	} {
		c.p.send(c.msg)
		for who, p := range map[string]*player{"Ann": ann, "Bob": bob, "the spectator": w} {
			got, replace := p.chatLines()
			l := c.want
			if len(got) != 1 || replace || got[0].N != l.N || got[0].Seat != l.Seat || got[0].Name != l.Name || got[0].Text != l.Text || got[0].At == 0 {
				t.Fatalf("%s reads %+v, want %+v", who, got, l)
			}
		}
	}
	for _, bad := range []string{"", "   ", strings.Repeat("é", MaxChat+1)} {
		ann.send(message{Type: "chat", Text: bad})
		if e := ann.errorText(); e == "" {
			t.Fatalf("%.10q: no error", bad)
		}
	}
	again := f.join(res.Seats[1].Link)
	if lines, replace := again.chatLines(); len(lines) != 3 || !replace || lines[2].Text != "good luck" {
		t.Fatalf("a page connecting gets %+v", lines)
	}
	stored, total, err := f.store.Chat(context.Background(), res.Table, 10)
	if err != nil || total != 3 || stored[1].Name != "Zoe" {
		t.Fatalf("the stored chat: %+v %v", stored, err)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	for _, d := range st.Decisions {
		if d.Say {
			t.Fatalf("a chat line is a decision: %+v", d)
		}
	}
	var b strings.Builder
	st.Record().Write(&b)
	for _, p := range []*player{ann, bob, w} {
		for _, line := range strings.Split(p.received(), "\n") {
			var fr stateFrame
			if json.Unmarshal([]byte(line), &fr) == nil && fr.Type == "state" {
				for _, l := range fr.Log {
					if strings.Contains(l.Text, "hello") || strings.Contains(l.Text, "luck") {
						t.Fatalf("a chat line is in the game's log: %q", l.Text)
					}
				}
			}
		}
	}
	if strings.Contains(b.String(), "hello") || strings.Contains(b.String(), "luck") {
		t.Fatalf("a chat line is in the save:\n%s", b.String())
	}
}

// TestChatGreetingCapped fills a table's chat with a hundred lines of 300
// characters that JSON escapes (<, 6 bytes each): a page that connects is
// sent the last lines that fit 64 KiB, not 180 KB.
func TestChatGreetingCapped(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, ChatRate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	ann.chatLines()
	long := strings.Repeat("<", MaxChat)
	for i := range chatHistory {
		ann.send(message{Type: "chat", Text: itoa(i) + long[len(itoa(i)):]})
		ann.chatLines()
	}
	again := f.join(res.Seats[0].Link)
	b := again.next("chat")
	var m struct{ Lines []chatJSON }
	json.Unmarshal(b, &m)
	if len(b) > maxLogBytes+1024 || len(m.Lines) == 0 || len(m.Lines) == chatHistory || m.Lines[len(m.Lines)-1].N != chatHistory-1 {
		t.Fatalf("a page connecting is sent %d bytes, %d lines", len(b), len(m.Lines))
	}
}

// TestChatLimit refuses the chat lines of a seat past its rate, whatever
// page they come from.
func TestChatLimit(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, ChatRate: rate.Every(time.Hour), ChatBurst: 2})
	res := clubsTable(f)
	a1, a2 := f.join(res.Seats[0].Link), f.join(res.Seats[0].Link)
	a1.send(message{Type: "chat", Text: "one"})
	a2.heard("one")
	a2.send(message{Type: "chat", Text: "two"})
	a2.heard("two")
	a2.send(message{Type: "chat", Text: "three"})
	if e := a2.errorText(); !strings.Contains(e, "too many chat lines") {
		t.Fatalf("a third line: %q", e)
	}
	// the spectators are limited by their address, not their page
	w1, w2 := f.join(res.Watch), f.join(res.Watch)
	for _, text := range []string{"four", "five"} {
		w1.send(message{Type: "chat", Text: text})
		w2.heard(text)
	}
	w2.send(message{Type: "chat", Text: "six"})
	if e := w2.errorText(); !strings.Contains(e, "too many chat lines") {
		t.Fatalf("a spectator's third line from the same address: %q", e)
	}
}

// TestSayInDasRegeln keeps say a decision at a table whose game hears it
// (Das Regeln Wir Schon! fines speaking), and its chat apart. Being a
// decision, a say carries the decision it was said at, as a move does:
// without it, or sent twice, it is refused.
func TestSayInDasRegeln(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "das_regeln_wir_schon", Players: 3, Seed: seed(3),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	if fr := ann.state(); !fr.Friends.Speech {
		t.Fatal("the frame does not say Das Regeln hears what is said")
	}
	ann.send(message{Type: "chat", Text: "a word off the record"})
	for {
		if lines, replace := ann.chatLines(); !replace {
			if lines[0].Text != "a word off the record" {
				t.Fatalf("the chat reads %+v", lines)
			}
			break
		}
	}
	ann.send(message{Type: "say", Text: "quiet please"})
	if e := ann.errorText(); !strings.Contains(e, `needs "at"`) {
		t.Fatalf("a say without its decision: %q", e)
	}
	at := ann.last.Seq // the table waits for Bob, who is not here: it stays there
	say := message{Type: "say", Text: "quiet please", At: &at}
	ann.send(say)
	fr := ann.until(func(fr *stateFrame) bool {
		return slices.ContainsFunc(fr.Log, func(l logJSON) bool { return l.Text == "Ann says: quiet please" })
	})
	ann.send(say) // sent again
	if e := ann.errorText(); !strings.Contains(e, "moved on") {
		t.Fatalf("the same say again: %q", e)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	var said []string
	for _, d := range st.Decisions {
		if d.Say {
			said = append(said, d.Text)
		}
	}
	if strings.Join(said, "|") != "quiet please" || fr.Seq != len(st.Decisions) {
		t.Fatalf("the decisions said: %q", said)
	}
	if fc := f.join(clubsTable(f).Seats[0].Link).state(); fc.Friends.Speech {
		t.Fatal("Clubs is said to hear what is said")
	}
}

// TestWatchers shows every page who watches: how many, and the names
// given.
func TestWatchers(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	w1, w2 := f.join(res.Watch), f.join(res.Watch)
	w1.send(message{Type: "name", Text: " Zoe "})
	watched := func(fr *stateFrame) bool {
		return fr.Friends.Watching.Count == 2 && slices.Equal(fr.Friends.Watching.Names, []string{"Zoe"})
	}
	ann.until(watched)
	w2.until(watched)
	ann.send(message{Type: "name", Text: "Queen"})
	if e := ann.errorText(); !strings.Contains(e, "seat's name") {
		t.Fatalf("a seat renames itself: %q", e)
	}
	w2.send(message{Type: "name", Text: "<b>"})
	if e := w2.errorText(); e == "" {
		t.Fatal("a name of markup is taken")
	}
	w1.ws.CloseNow()
	ann.until(func(fr *stateFrame) bool {
		return fr.Friends.Watching.Count == 1 && len(fr.Friends.Watching.Names) == 0
	})
}

// TestTurnClock tells how long the table has waited on its prompt, from
// when the prompt was put.
func TestTurnClock(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	first := ann.until(myTurn(1))
	time.Sleep(120 * time.Millisecond)
	f.join(res.Watch) // a change: a new frame
	later := ann.until(func(fr *stateFrame) bool { return fr.Friends.Watching.Count == 1 })
	if later.Seq != first.Seq || later.Friends.Waited < 120 {
		t.Fatalf("after 120 ms the table has waited %d ms on Ann", later.Friends.Waited)
	}
	sent := time.Now()
	ann.send(message{Type: "play", Option: first.Options[0], At: &first.Seq})
	next := ann.until(func(fr *stateFrame) bool { return fr.Seq > first.Seq })
	if d := time.Since(sent).Milliseconds(); next.Friends.Waited > d {
		t.Fatalf("%d ms after Ann's move the table has waited %d ms on its next prompt", d, next.Friends.Waited)
	}
}

// playOut plays random legal moves for every player until the game is
// over, and returns each one's last frame.
func playOut(t *testing.T, players map[int]*player) map[int]*stateFrame {
	t.Helper()
	var wg sync.WaitGroup
	views := map[int]*seen{}
	for seat, p := range players {
		views[seat] = &seen{seat: seat}
		wg.Add(1)
		go drive(t, p, seat, 1, views[seat], &wg)
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	last := map[int]*stateFrame{}
	for seat, v := range views {
		last[seat] = v.frames[len(v.frames)-1]
	}
	return last
}

// TestAwayBot gives the seat of a person who left to a bot: not before
// Config.AwayAfter, only if every other person with a page open agrees;
// the bot plays under his name, his consent is still asked to take moves
// back, and he takes his seat back with his link, after a restart too. A
// person hands his own seat to a bot and takes it back at will.
func TestAwayBot(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, AwayAfter: 300 * time.Millisecond})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Name: "carl"}, {Bot: true}}})
	ann, bob, carl := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link), f.join(res.Seats[2].Link)
	bob.state()
	ann.until(func(fr *stateFrame) bool { return fr.Seats[1].Online })
	bob.ws.CloseNow()
	fa := ann.until(func(fr *stateFrame) bool { return !fr.Seats[1].Online })
	if fa.Friends.Seats[1].Away <= 0 || fa.Friends.AwayAfter != 300 {
		t.Fatalf("Bob left: away %d ms (after %d)", fa.Friends.Seats[1].Away, fa.Friends.AwayAfter)
	}
	ann.send(message{Type: "away_bot", Seat: 2})
	if e := ann.errorText(); !strings.Contains(e, "away for") {
		t.Fatalf("asked at once: %q", e)
	}
	time.Sleep(350 * time.Millisecond)
	ann.send(message{Type: "away_bot", Seat: 1})
	if e := ann.errorText(); !strings.Contains(e, "bot_for_me") {
		t.Fatalf("Ann asks for her own seat: %q", e)
	}
	ann.send(message{Type: "away_bot", Seat: 3})
	if e := ann.errorText(); !strings.Contains(e, "page open") {
		t.Fatalf("Ann asks for Carl's seat, open: %q", e)
	}
	ann.send(message{Type: "away_bot", Seat: 2})
	fc := carl.until(func(fr *stateFrame) bool { return fr.Friends.Vote != nil })
	if v := fc.Friends.Vote; v.Seat != 2 || v.By != 1 || !slices.Equal(v.Waiting, []int{3}) || !slices.Equal(v.Accepted, []int{1}) {
		t.Fatalf("the vote: %+v", v)
	}
	carl.send(message{Type: "away_answer", Accept: false})
	ann.until(func(fr *stateFrame) bool {
		return fr.Friends.Vote == nil && slices.Contains(fr.Notices, "Carl declines: Bob keeps his seat.")
	})
	ann.send(message{Type: "away_bot", Seat: 2})
	carl.until(func(fr *stateFrame) bool { return fr.Friends.Vote != nil })
	carl.send(message{Type: "away_answer", Accept: true})
	fa = ann.until(func(fr *stateFrame) bool { return whoSits(fr) == "person away person bot" })
	if fa.Seats[1].Label != "Bob" || fa.Seats[1].Bot == "" {
		t.Fatalf("Bob's seat with a bot: %+v", fa.Seats[1])
	}
	// Ann plays until the bot has played for Bob; taking that back asks
	// Bob (and Carl), though a bot plays his seat
	for {
		fr := ann.upTo(func(fr *stateFrame) bool { return fr.Turn == 1 || fr.Turn == 3 })
		if st, _ := f.store.Load(context.Background(), res.Table); len(st.Decisions) > 0 && st.Decisions[len(st.Decisions)-1].Seat == 2 {
			break
		}
		p := map[int]*player{1: ann, 3: carl}[fr.Turn]
		fr = p.upTo(func(g *stateFrame) bool { return g.Seq == fr.Seq })
		p.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
		ann.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	}
	ann.send(message{Type: "undo"})
	fu := ann.until(func(fr *stateFrame) bool { return fr.Undo != nil })
	if !slices.Contains(fu.Undo.Waiting, 2) {
		t.Fatalf("taking back a move Bob's bot saw does not ask Bob: %+v", fu.Undo)
	}
	ann.send(message{Type: "undo_answer", Accept: false})
	ann.until(func(fr *stateFrame) bool { return fr.Undo == nil })
	// a restart keeps the bot on Bob's seat
	f.stop()
	f = newFixture(t, f.db, Config{Rate: rate.Inf, AwayAfter: 300 * time.Millisecond})
	bob = f.join(res.Seats[1].Link)
	if fb := bob.state(); whoSits(fb) != "person away person bot" || fb.Seat != 2 || len(handOf(fb, 2)) == 0 {
		t.Fatalf("Bob back after a restart: %s, seat %d", whoSits(fb), fb.Seat)
	}
	bob.send(message{Type: "take_seat"})
	bob.until(func(fr *stateFrame) bool { return whoSits(fr) == "person person person bot" })
	st, _ := f.store.Load(context.Background(), res.Table)
	if st.Seats[1] != "bob" {
		t.Fatalf("Bob's seat stored as %q", st.Seats[1])
	}
	bob.send(message{Type: "take_seat"})
	if e := bob.errorText(); !strings.Contains(e, "no bot") {
		t.Fatalf("taking back a seat played by its person: %q", e)
	}
	// Carl must go: a bot plays for him until he takes his seat back
	carl = f.join(res.Seats[2].Link)
	carl.send(message{Type: "bot_for_me"})
	carl.until(func(fr *stateFrame) bool { return whoSits(fr) == "person person away bot" })
	carl.send(message{Type: "take_seat"})
	carl.until(func(fr *stateFrame) bool { return whoSits(fr) == "person person person bot" })
	w := f.join(res.Watch)
	w.send(message{Type: "bot_for_me"})
	if e := w.errorText(); !strings.Contains(e, "no seat") {
		t.Fatalf("a spectator hands a seat to a bot: %q", e)
	}
}

// TestRematch plays Clubs (short) to its end and has Ann offer a rematch
// with the seats moved on, which Bob accepts: each gets his own seat at
// the new table, begun, with a new secret seed; a page that opens the old
// table later is led to its seat; no page gets another's new token; the
// spectators are led to watch it.
func TestRematch(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(11),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true, Name: "random"}}})
	ann, bob, w := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link), f.join(res.Watch)
	w.state()
	playOut(t, map[int]*player{1: ann, 2: bob})
	w.send(message{Type: "rematch"})
	if e := w.errorText(); !strings.Contains(e, "only the players") {
		t.Fatalf("a spectator offers a rematch: %q", e)
	}
	ann.send(message{Type: "rematch", Rotate: true})
	fb := bob.until(func(fr *stateFrame) bool { return fr.Friends.Rematch != nil })
	if r := fb.Friends.Rematch; r.By != 1 || !r.Rotate || !slices.Equal(r.Waiting, []int{2}) || r.Link != "" {
		t.Fatalf("the offer: %+v", r)
	}
	bob.send(message{Type: "rematch_answer", Accept: true})
	links := map[string]string{}
	for who, p := range map[string]*player{"Ann": ann, "Bob": bob, "the spectator": w} {
		r := p.until(func(fr *stateFrame) bool { return fr.Friends.Rematch != nil && fr.Friends.Rematch.Table != "" }).Friends.Rematch
		if r.Watch == "" || (r.Link == "") != (who == "the spectator") {
			t.Fatalf("%s is led to the rematch by %+v", who, r)
		}
		links[who] = r.Link
	}
	if links["Ann"] == links["Bob"] {
		t.Fatal("Ann and Bob have one link")
	}
	na, nb := f.join(links["Ann"]), f.join(links["Bob"])
	fa, fb := na.state(), nb.state()
	if fa.Seat != 2 || fb.Seat != 3 || !fa.Friends.Started || fa.Seats[0].Bot != "random" || fa.Seats[1].Label != "Ann" || fa.Seed != "" || fa.Table == res.Table {
		t.Fatalf("the rematch: Ann in seat %d, Bob in %d, seats %+v, seed %q", fa.Seat, fb.Seat, fa.Seats, fa.Seed)
	}
	old, _ := f.store.Load(context.Background(), res.Table)
	st, _ := f.store.Load(context.Background(), fa.Table)
	if st.Seed == old.Seed || st.OpenDeal || strings.Join(st.Seats, " ") != "bot:random ann bob" {
		t.Fatalf("the rematch stored: seed %d (was %d), seats %v", st.Seed, old.Seed, st.Seats)
	}
	if inv, _ := f.store.LoadInvite(context.Background(), res.Table); inv.Rematch != fa.Table {
		t.Fatalf("the old table leads to %q", inv.Rematch)
	}
	// Bob opens his old seat again after the server let the table go
	bob.ws.CloseNow()
	ann.ws.CloseNow()
	w.ws.CloseNow()
	waitFor(t, "the finished table let go of", func() bool {
		f.srv.mu.Lock()
		defer f.srv.mu.Unlock()
		return f.srv.tables[res.Table] == nil
	})
	again := f.join(res.Seats[1].Link).state()
	if r := again.Friends.Rematch; r == nil || r.Link != links["Bob"] {
		t.Fatalf("Bob's old seat later leads to %+v", r)
	}
	// nobody got another's token at the new table
	for who, p := range map[string]*player{"Ann": ann, "Bob": bob, "the spectator": w} {
		got := p.received()
		for other, link := range links {
			if other != who && link != "" && strings.Contains(got, tokenOf(link)) {
				t.Errorf("%s was sent %s's new token", who, other)
			}
		}
	}
	// the rematch is played (a spectator by its link joins first: the
	// players' pages get a frame to act on); at its end, Bob declines the
	// next one
	if fw := f.join(again.Friends.Rematch.Watch).state(); fw.Seat != 0 || fw.Table != fa.Table {
		t.Fatalf("the rematch's spectators' link opens seat %d of %s", fw.Seat, fw.Table)
	}
	last := playOut(t, map[int]*player{2: na, 3: nb})
	if !last[2].Done {
		t.Fatal("the rematch did not end")
	}
	na.send(message{Type: "rematch"})
	nb.until(func(fr *stateFrame) bool { return fr.Friends.Rematch != nil })
	nb.send(message{Type: "rematch_answer", Accept: false})
	na.until(func(fr *stateFrame) bool {
		return fr.Friends.Rematch == nil && slices.Contains(fr.Notices, "Bob declines the rematch.")
	})
}

// TestJSONLen counts a string as encoding/json writes it, which the
// budgets of the log and the chat a frame replays are counted in.
func TestJSONLen(t *testing.T) {
	for _, s := range []string{"", "plain", "<b>&amp;</b>", "\"quoted\" \\ back", "tab\tline\nret\r", "\x01\x1f", "é and 🂡", "\u2028\u2029", "bad \xff byte", "\xef\xbf\xbd real", "\xe2\x82"} {
		b, _ := json.Marshal(s)
		if got := jsonLen(s); got != len(b) {
			t.Errorf("jsonLen(%q) = %d, encoding/json writes %d bytes", s, got, len(b))
		}
	}
}
