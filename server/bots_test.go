package server

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// thinker is a Cluedo table whose first decision is a search bot's, given
// think to choose a character among seven: it thinks all that time. Ann
// plays seat 2.
func thinker(f *fixture, think string) *createResponse {
	return f.create(createRequest{Game: "cluedo", Players: 3, Seed: seed(3),
		Seats: []seatRequest{{Bot: true, Name: "search:" + think}, {Name: "ann"}, {Bot: true, Name: "random"}}})
}

// answeredWithin sends Ann's legal and returns how long its answer (an
// error: she has nothing to decide) took, and the decision her page then
// showed.
func answeredWithin(t *testing.T, ann *player) (time.Duration, int) {
	t.Helper()
	start := time.Now()
	ann.send(message{Type: "command", Text: "legal"})
	if e := ann.errorText(); !strings.Contains(e, "no decision") {
		t.Fatalf("legal while the bot thinks: %q", e)
	}
	return time.Since(start), ann.last.Seq
}

// TestLegalWhileABotThinks asks for legal moves at a table where a search
// bot thinks for two seconds: the answer comes at once, before the bot's
// move, which comes after its think.
func TestLegalWhileABotThinks(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := thinker(f, "2s")
	ann := f.join(res.Seats[1].Link)
	start := time.Now()
	if s := ann.state(); s.Seq != 0 || s.Turn != 1 {
		t.Fatalf("the first frame: decision %d, turn %d", s.Seq, s.Turn)
	}
	took, seq := answeredWithin(t, ann)
	if seq != 0 || took > 500*time.Millisecond {
		t.Fatalf("legal answered in %v, at decision %d: the bot's think held the table", took, seq)
	}
	ann.until(func(s *stateFrame) bool { return s.Seq > 0 })
	if d := time.Since(start); d < 1500*time.Millisecond {
		t.Fatalf("the bot moved after %v: it did not think (the test proves nothing)", d)
	}
}

// TestBotsOfAnotherTableGoOn opens a table where a search bot thinks for
// three seconds, then a table whose random bots are to move, on a server
// of two cores (one for the bots): the second table's bots move while the
// first one's still thinks.
func TestBotsOfAnotherTableGoOn(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	f := newFixture(t, "", Config{Rate: rate.Inf})
	slow := thinker(f, "3s")
	time.Sleep(200 * time.Millisecond) // the search bot has its core
	start := time.Now()
	quick := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Bot: true, Name: "random"}, {Bot: true, Name: "random"}, {Bot: true, Name: "random"}, {Name: "ann"}}})
	ann := f.join(quick.Seats[3].Link)
	ann.until(func(s *stateFrame) bool { return s.Turn == 4 || s.Done })
	// The search bot thinks for three seconds: had the quick bots waited
	// for it, its decision would be stored by now. (How long they took is
	// not checked against a clock: a busy machine is slow, not wrong.)
	if n := f.stored(slow.Table); n != 0 {
		t.Fatalf("the quick bots reached Ann after %v, with the search bot's table at decision %d: they waited for it", time.Since(start), n)
	}
	waitFor(t, "the search bot's move", func() bool { return f.stored(slow.Table) > 0 })
}

// TestBotMoveNotMadeOnAMovedTable has Ann choose her character and take
// it back while the search bot that follows thinks: her move alone is
// taken back, at once, and the bot's choice, made for a position that is
// gone, is not played on the table that moved.
func TestBotMoveNotMadeOnAMovedTable(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "cluedo", Players: 3, Seed: seed(3),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true, Name: "search:1s"}, {Bot: true, Name: "random"}}})
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	ann.until(func(s *stateFrame) bool { return s.Seq == 1 && s.Turn == 2 })
	time.Sleep(300 * time.Millisecond) // the bot thinks
	ann.send(message{Type: "undo"})
	back := ann.until(func(s *stateFrame) bool { return s.Seq == 0 })
	if back.Turn != 1 || back.Undo != nil || strings.Join(back.Notices, " ") != "Ann takes back a decision." {
		t.Fatalf("the undo: turn %d, request %+v, %q: it waited for the bot", back.Turn, back.Undo, back.Notices)
	}
	time.Sleep(1500 * time.Millisecond) // the bot's think is over
	if n := f.stored(res.Table); n != 0 {
		t.Fatalf("%d decisions stored after the takeback: the bot played on the table that moved", n)
	}
}

// TestBotChoiceForASeatTakenBack has a bot play Ann's seat (she let one
// play for her) and think, as the bot runner does, outside the table's
// lock; meanwhile Ann takes her seat back. The bot's choice is not played
// for her, though no decision was made meanwhile; and once she hands the
// seat to a bot again, that is a new bot, not the one made for the seat's
// earlier hand.
func TestBotChoiceForASeatTakenBack(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true, Name: "random"}, {Bot: true, Name: "random"}, {Bot: true, Name: "random"}}})
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	f.srv.mu.Lock()
	tb := f.srv.tables[res.Table]
	f.srv.mu.Unlock()
	ctx := context.Background()
	// a bot runner is on, thinking (so the hand-over starts none)
	tb.mu.Lock()
	tb.botsOn = true
	if err := tb.botForMe(ctx, 1); err != nil {
		t.Fatal(err)
	}
	tb.mu.Unlock()
	job, ok := tb.botJob()
	if !ok || job.seat != 1 {
		t.Fatalf("the bot's job: %+v, %v", job, ok)
	}
	first, err := tb.bot(job)
	if err != nil {
		t.Fatal(err)
	}
	tb.mu.Lock()
	if err := tb.takeSeat(ctx, 1); err != nil {
		t.Fatal(err)
	}
	tb.mu.Unlock()
	if !tb.botCommit(job, 0, nil) {
		t.Fatal("the runner stopped")
	}
	if n := f.stored(res.Table); n != fr.Seq {
		t.Fatalf("%d decisions stored, %d before: the bot played the seat Ann took back", n, fr.Seq)
	}
	tb.mu.Lock()
	if err := tb.botForMe(ctx, 1); err != nil {
		t.Fatal(err)
	}
	tb.mu.Unlock()
	job, ok = tb.botJob()
	if !ok || job.seat != 1 {
		t.Fatalf("the next job: %+v, %v", job, ok)
	}
	again, err := tb.bot(job)
	if err != nil {
		t.Fatal(err)
	}
	if again == first {
		t.Fatal("the seat's new hand is played by the bot made for its earlier one")
	}
	if !tb.botCommit(job, 0, nil) || f.stored(res.Table) != fr.Seq+1 {
		t.Fatalf("the bot of the seat's new hand did not play: %d decisions", f.stored(res.Table))
	}
	tb.mu.Lock()
	tb.botsOff()
	tb.mu.Unlock()
	tb.kick()
}
