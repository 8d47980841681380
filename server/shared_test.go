package server

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
)

// A table of two or more people asks every seat an out-of-turn reaction
// may come from, whatever it holds: who the table waits for tells nobody
// what a hand holds. These tests play as the page does, over a WebSocket.

// loanAgainstBob finds an Andy Capp deal (always_ask=false, Ann and Bob
// in the first two seats, shared from the start) at which Ann decides
// first and may play a Loan, and Bob, holding no Fight, is then asked
// with nothing but pass. It returns the seed and Ann's Loan.
func loanAgainstBob(t *testing.T) (uint64, string) {
	t.Helper()
	eng, err := loadGame("andy_capp")
	if err != nil {
		t.Fatal(err)
	}
	for s := uint64(1); s <= 500; s++ {
		m, err := eng.NewMatch(interp.Config{Players: 4, Seed: s, Options: map[string]string{"always_ask": "false"},
			Names: []string{"ann", "bob", "", ""}, SharedFrom: 1})
		if err != nil {
			t.Fatal(err)
		}
		i, loan := -1, ""
		if p := m.Prompt(); p != nil && p.Seat == 1 {
			if i = slices.IndexFunc(p.Options, func(o string) bool { return strings.HasPrefix(o, "loan") }); i >= 0 {
				loan = p.Options[i]
			}
		}
		if i >= 0 && m.Step(i) == nil {
			if q := m.Prompt(); q != nil && q.Seat == 2 && slices.Equal(q.Options, []string{"pass"}) {
				m.Close()
				return s, loan
			}
		}
		m.Close()
	}
	t.Fatal("no Andy Capp deal of seeds 1 to 500 lets Ann lend from Bob, who holds no Fight, at her first move")
	return 0, ""
}

// TestSharedTableAsksEveryone is the web's Andy Capp with always_ask=false
// at a table of two people: Ann plays a Loan, and Bob, who holds no Fight,
// is asked all the same and may only pass — so the frames that show every
// seat whom the table waits for ("Waiting for Bob") tell nobody whether
// he could resist. A restart keeps the table asking so.
func TestSharedTableAsksEveryone(t *testing.T) {
	s, loan := loanAgainstBob(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "andy_capp", Players: 4, Seed: seed(s), Options: map[string]string{"always_ask": "false"},
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}, {Bot: true}}})
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link)
	fr := ann.until(myTurn(1))
	if fr.Seq != 0 {
		t.Fatalf("Ann does not decide first: decision %d", fr.Seq)
	}
	ann.send(message{Type: "play", Option: loan, At: &fr.Seq})
	asked := bob.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	if asked.Seq != fr.Seq+1 || asked.Turn != 2 || !slices.Equal(asked.Options, []string{"pass"}) || !strings.Contains(asked.Hint, "Fight") {
		t.Fatalf("after Ann's %s, Bob's frame: decision %d, turn %d, %q (%s)", loan, asked.Seq, asked.Turn, asked.Options, asked.Hint)
	}
	if seen := ann.until(func(g *stateFrame) bool { return g.Seq == asked.Seq }); seen.Turn != 2 || len(seen.Options) != 0 {
		t.Errorf("Ann's frame while Bob is asked: turn %d, %q", seen.Turn, seen.Options)
	}
	st, err := f.store.Load(context.Background(), res.Table)
	if err != nil || st.Record().Shared != 1 {
		t.Fatalf("the stored table does not say its people share it: %+v, %v", st, err)
	}

	// The server starts again: Bob is still asked, and his pass fits.
	f.stop()
	f = newFixture(t, f.db, Config{Rate: rate.Inf})
	bob = f.join(res.Seats[1].Link)
	again := bob.until(func(g *stateFrame) bool { return g.Seq == asked.Seq })
	if again.Turn != 2 || !slices.Equal(again.Options, []string{"pass"}) {
		t.Fatalf("after a restart Bob's frame: turn %d, %q", again.Turn, again.Options)
	}
	bob.send(message{Type: "play", Option: "pass", At: &again.Seq})
	if g := bob.until(func(g *stateFrame) bool { return g.Seq > again.Seq }); g.Error != "" {
		t.Fatalf("Bob's pass: %s", g.Error)
	}
}

// TestBrowserSharedTableWaitsForBob opens the pages of the table above
// once Ann has played her Loan: Ann's page and the spectators' say
// "Waiting for Bob", as they would if he held a Fight, and Bob's offers
// him pass alone.
func TestBrowserSharedTableWaitsForBob(t *testing.T) {
	bctx := browser(t)
	s, loan := loanAgainstBob(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "andy_capp", Players: 4, Seed: seed(s), Options: map[string]string{"always_ask": "false"},
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "play", Option: loan, At: &fr.Seq})
	ann.until(func(g *stateFrame) bool { return g.Seq > fr.Seq })
	for _, page := range []struct{ link, want string }{
		{res.Seats[0].Link, "Waiting for Bob"},
		{res.Watch, "Waiting for Bob"},
		{res.Seats[1].Link, "Your move"},
	} {
		ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		err := chromedp.Do(ctx, chromedp.Navigate(f.http.URL+page.link))
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("prompt").textContent.includes(`+strconv.Quote(page.want)+`)`, chromedp.WithPollingTimeout(20*time.Second)))
		}
		var moves []string
		if err == nil {
			moves, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#moves button")].map((b) => b.textContent)`))
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: the prompt never said %q: %v", page.link, page.want, err)
		}
		if want := page.want == "Your move"; want != slices.Equal(moves, []string{"pass"}) || !want && len(moves) > 0 {
			t.Errorf("%s: moves %q", page.link, moves)
		}
	}
}

// A table of one person and bots asks only the seats that can react, as
// the terminal does for one person alone (always_ask asks everyone).
func TestTableOfOnePersonIsNotShared(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "andy_capp", Players: 4, Seed: seed(1),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	st, err := f.store.Load(context.Background(), res.Table)
	if err != nil || st.Record().Shared != 0 {
		t.Fatalf("a table of one person is stored as shared: %+v, %v", st, err)
	}
}

// A web seat is its link's: the text box takes none of the terminal's
// commands that change who plays a seat or make another seat's move
// (bot, human, seat, step, run, load), so no seat can be handed to a bot
// and no bot's hand can be looked at.
func TestWebSeatsStayTheirs(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	for _, line := range []string{"bot", "bot 2", "human 3", "seat 3", "step", "run", "load game.save"} {
		ann.send(message{Type: "command", Text: line})
		if got := ann.errorText(); !strings.Contains(got, "is for the terminal, not for a web table") {
			t.Errorf("%s: %q", line, got)
		}
	}
	st, err := f.store.Load(context.Background(), res.Table)
	if err != nil || len(st.Decisions) != fr.Seq || !slices.Equal(st.Seats, []string{"ann", "bob", "bot", "bot:random"}) {
		t.Fatalf("the table changed: %+v, %v", st, err)
	}
}
