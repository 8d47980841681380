package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
)

// Taking moves back at a web table follows the table's policy (package
// takeback): these tests play as the page does, over a WebSocket.

// TestUndoAfterTheEnd asks to take a move back once the game is over, by
// the button and by the text box: the game stays over.
func TestUndoAfterTheEnd(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, ann, last := finishedGame(f)
	ann.send(message{Type: "undo"})
	if got := ann.errorText(); !strings.Contains(got, "the game is over: nothing can be taken back") {
		t.Errorf("undo after the end: %q", got)
	}
	ann.send(message{Type: "command", Text: "undo"})
	if got := ann.errorText(); !strings.Contains(got, "the game is over: nothing can be taken back") {
		t.Errorf("undo typed after the end: %q", got)
	}
	st, err := f.store.Load(context.Background(), res.Table)
	if err != nil || !st.Finished || len(st.Decisions) != last.Seq || len(st.Takebacks) != 0 {
		t.Fatalf("the stored game changed: %+v %v", st, err)
	}
}

// TestUndoOwnMovesOnly: Bob cannot take back Ann's move.
func TestUndoOwnMovesOnly(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link)
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	fb := bob.until(myTurn(2))
	bob.send(message{Type: "undo"})
	if got := bob.errorText(); got != "you have no move to take back" {
		t.Errorf("Bob's undo: %q", got)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if len(st.Decisions) != fb.Seq {
		t.Errorf("stored decisions: %d, want %d", len(st.Decisions), fb.Seq)
	}
}

// dasRegelnAlone is a table of Das Regeln Wir Schon! for Ann and three
// bots. Ann answers each of her prompts with its first option until she
// has voted on a rule and seen the votes; it returns her connection and
// the frame of her next decision.
func dasRegelnAlone(f *fixture) (*createResponse, *player, *stateFrame) {
	f.t.Helper()
	res := f.create(createRequest{Game: "das_regeln_wir_schon", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	voted := false
	for {
		fr := ann.until(myTurn(1))
		if voted {
			return res, ann, fr
		}
		voted = strings.HasPrefix(fr.Hint, "vote on ")
		ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
	}
}

// TestUndoAfterATally votes on a rule against bots, sees the votes, and
// asks to take the vote back: it is not taken back at once, but only once
// Ann accepts that the game becomes practice, which the table then keeps.
func TestUndoAfterATally(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, ann, fr := dasRegelnAlone(f)
	ann.send(message{Type: "undo"})
	asked := ann.until(func(g *stateFrame) bool { return g.Undo != nil || g.Seq != fr.Seq })
	if asked.Undo == nil || asked.Seq != fr.Seq {
		t.Fatalf("the vote was taken back at once: decision %d, was %d", asked.Seq, fr.Seq)
	}
	if u := asked.Undo; !u.Practice || len(u.Waiting) != 1 || u.Waiting[0] != 1 || !strings.Contains(u.Text, "the secret choices revealed") {
		t.Fatalf("the request: %+v", u)
	}
	ann.send(message{Type: "undo_answer", Accept: false})
	stood := ann.until(func(g *stateFrame) bool { return g.Undo == nil })
	if stood.Seq != fr.Seq {
		t.Fatalf("declined, the vote went anyway: %d", stood.Seq)
	}
	ann.send(message{Type: "undo"})
	ann.until(func(g *stateFrame) bool { return g.Undo != nil })
	ann.send(message{Type: "undo_answer", Accept: true})
	back := ann.until(func(g *stateFrame) bool { return g.Undo == nil && g.Seq < fr.Seq })
	if !strings.HasPrefix(back.Hint, "vote on ") || back.Turn != 1 {
		t.Fatalf("not back at the vote: %q", back.Hint)
	}
	said := false
	for _, n := range back.Notices {
		said = said || strings.Contains(n, "this game is practice")
	}
	if !said {
		t.Errorf("the takeback was not announced: %v", back.Notices)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if len(st.Takebacks) != 1 || st.Takebacks[0].How != interp.Practice || len(st.Decisions) != back.Seq {
		t.Fatalf("stored: %+v, %d decisions", st.Takebacks, len(st.Decisions))
	}
	// The server starts again: the table still knows, and its log says so.
	f.stop()
	f = newFixture(t, f.db, Config{Rate: rate.Inf})
	ann = f.join(res.Seats[0].Link)
	back = ann.state()
	told := false
	for _, l := range back.Log {
		told = told || strings.HasPrefix(l.Text, "Ann takes back ") && strings.HasSuffix(l.Text, "this game is practice.")
	}
	if !told {
		t.Errorf("after a restart the log does not tell of the takeback: %v", back.Log)
	}
	// A practice game stays practice: the next takeback asks nothing.
	ann.send(message{Type: "play", Option: back.Options[0], At: &back.Seq})
	again := ann.until(func(g *stateFrame) bool { return g.Seq > back.Seq && g.Turn == 1 && len(g.Options) > 0 })
	ann.send(message{Type: "undo"})
	ann.until(func(g *stateFrame) bool { return g.Seq < again.Seq && g.Undo == nil })
}

// TestPracticeResult plays a short game alone against bots, takes a move
// back after seeing the bots' answers, and finishes: the result and the
// save say that it was practice.
func TestPracticeResult(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(11),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	first := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: first.Options[0], At: &first.Seq})
	ann.until(func(g *stateFrame) bool { return g.Seq > first.Seq && myTurn(1)(g) })
	ann.send(message{Type: "undo"})
	ann.until(func(g *stateFrame) bool { return g.Undo != nil })
	ann.send(message{Type: "undo_answer", Accept: true})
	last := ann.until(func(g *stateFrame) bool { return g.Seq == first.Seq })
	for !last.Done {
		ann.send(message{Type: "play", Option: last.Options[0], At: &last.Seq})
		last = ann.until(myTurn(1))
	}
	if !strings.HasPrefix(last.Practice, "A practice game: Ann took back a move") {
		t.Errorf("the result does not say it was practice: %q / %q", last.Result, last.Practice)
	}
	r, err := http.Get(f.http.URL + strings.Replace(res.Seats[0].Link, "/play/", "/save/", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if !strings.Contains(string(b), "\ntakeback 1 ") || !strings.Contains(string(b), " practice\n") {
		t.Errorf("the save does not say it was practice:\n%s", b)
	}
}

// TestBrowserPracticeUndo takes a move back in a page, alone against
// bots, after they answered: the page asks first, and the game becomes
// practice once the person accepts.
func TestBrowserPracticeUndo(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(11),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}}})
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible(".prompt.yours")); err != nil {
		t.Fatal(err)
	}
	seq, err := chromedp.Run(ctx, chromedp.Evaluate[int](`state.seq`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](clickOnce)); err != nil {
		t.Fatal(err)
	}
	wait := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Text("body"))
			t.Fatalf("waiting for %s: %v\n%s", js, err, text)
		}
	}
	wait(fmt.Sprintf(`state.seq > %d && state.turn === 1 && !!document.querySelector(".prompt.yours")`, seq))
	if err := chromedp.Do(ctx, chromedp.Click("#undo")); err != nil {
		t.Fatal(err)
	}
	wait(`[...document.querySelectorAll(".banner button")].some((b) => b.textContent === "Take it back")`)
	banner, _ := chromedp.Run(ctx, chromedp.Text(".banner"))
	if !strings.Contains(banner, "taking it back makes this a practice game") {
		t.Errorf("the banner reads %q", banner)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll(".banner button")].find((b) => b.textContent === "Take it back").click()`)); err != nil {
		t.Fatal(err)
	}
	wait(fmt.Sprintf(`state.seq === %d && [...document.querySelectorAll(".banner .notice")].some((n) => n.textContent.includes("this game is practice"))`, seq))
}
