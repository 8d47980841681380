package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"
)

// phoneLayout checks the page as a phone held upright shows it: nothing
// wider than the screen (the page, and no part of it that scrolls
// sideways), the bar of seats no taller than a tenth of the screen, and
// each of the person's moves in reach: inside the screen's width, and
// the thing a tap on its middle touches once it is scrolled into view. It
// returns what is wrong, or "".
const phoneLayout = `(() => {
  const bad = [];
  const w = innerWidth;
  if (document.scrollingElement.scrollWidth > w) bad.push("the page is " + document.scrollingElement.scrollWidth + " px wide");
  for (const e of document.querySelectorAll("body *")) {
    const cs = getComputedStyle(e);
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && e.scrollWidth > e.clientWidth + 1)
      bad.push((e.id || e.className) + " scrolls sideways (" + e.scrollWidth + " in " + e.clientWidth + ")");
  }
  const bar = document.querySelector(".bar").getBoundingClientRect().height;
  if (bar > innerHeight / 10) bad.push("the bar is " + Math.round(bar) + " px high");
  const moves = [...document.querySelectorAll("#moves button, button.card.playable")];
  for (const b of moves.slice(0, 40)) {
    b.scrollIntoView({ block: "center" });
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (r.left < 0 || r.right > w || r.height < 20 || !hit || !b.contains(hit))
      bad.push("the move " + b.textContent + " is out of reach (" + Math.round(r.left) + "-" + Math.round(r.right) + ", " + Math.round(r.height) + " px high)");
  }
  scrollTo(0, 0);
  return bad.slice(0, 5).join("; ");
})()`

// TestBrowserPhoneEveryGame plays the first moves of each game with taps
// on a phone's screen (390×844) and checks the layout at each of them.
func TestBrowserPhoneEveryGame(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf, BotDelay: time.Millisecond})
	for _, c := range []struct {
		game  string
		seats int
	}{{"clubs", 4}, {"clubs_short", 3}, {"cluedo", 6}, {"members_only", 5}, {"andy_capp", 4}, {"das_regeln_wir_schon", 5}} {
		t.Run(c.game, func(t *testing.T) {
			seats := []seatRequest{{Name: "ann"}}
			for len(seats) < c.seats {
				seats = append(seats, seatRequest{Bot: true, Name: "random"})
			}
			res := f.create(createRequest{Game: c.game, Players: c.seats, Seats: seats, Seed: seed(11)})
			ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
			defer cancel()
			err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(f.http.URL+res.Seats[0].Link))
			if err != nil {
				t.Fatal(err)
			}
			for move := 0; move < 8; move++ {
				over, err := chromedp.Run(ctx, chromedp.Poll[string](`document.querySelector(".banner.over") ? "over" : document.querySelector(".prompt.yours") && state.seq > (window.__clicked ?? -1) ? "move" : ""`,
					chromedp.WithPollingTimeout(30*time.Second)))
				if err != nil {
					t.Fatalf("move %d: %v", move, err)
				}
				bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](phoneLayout))
				if err != nil || bad != "" {
					t.Fatalf("move %d on a phone: %s (%v)", move, bad, err)
				}
				if over == "over" {
					break
				}
				if r, err := chromedp.Run(ctx, chromedp.Evaluate[string](clickOnce)); err != nil || r != "clicked" {
					t.Fatalf("move %d: %s (%v)", move, r, err)
				}
			}
		})
	}
}

// gate is a handler that refuses the pages' WebSockets while shut.
type gate struct {
	next http.Handler
	shut atomic.Bool
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if g.shut.Load() && strings.HasPrefix(r.URL.Path, "/ws/") {
		http.Error(w, "down for a moment", http.StatusServiceUnavailable)
		return
	}
	g.next.ServeHTTP(w, r)
}

// dropConnections closes every connection to a table, as a network that
// fails would.
func (f *fixture) dropConnections(id string) {
	f.srv.mu.Lock()
	tb := f.srv.tables[id]
	f.srv.mu.Unlock()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for c := range tb.conns {
		c.close()
	}
}

// TestBrowserReconnecting loses a page's connection while it is Ann's
// move and keeps the server out of reach a while: the page says so, its
// moves and text boxes are disabled, and a tap on a move makes nothing
// (it would answer a table that may have moved on). Once the server is
// back the page is live again and a tap makes the move.
func TestBrowserReconnecting(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	g := &gate{next: f.srv.Handler()}
	hs := httptest.NewServer(g)
	t.Cleanup(hs.Close)
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	for _, size := range []struct {
		name string
		w, h int64
		opts []chromedp.EmulateViewportOption
	}{{"web-reconnecting-phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}}, {"web-reconnecting", 1200, 900, nil}} {
		ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		defer cancel()
		err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, size.opts...), chromedp.Navigate(hs.URL+res.Seats[0].Link),
			chromedp.WaitVisible(".prompt.yours"))
		if err != nil {
			t.Fatal(err)
		}
		before := f.stored(res.Table)
		g.shut.Store(true)
		f.dropConnections(res.Table)
		paused := `(() => {
		  const note = document.getElementById("offline");
		  const controls = [...document.querySelectorAll("#moves button, button.card.playable, #undo, #cmd, #say")];
		  if (!document.body.classList.contains("offline") || note.hidden || !/reconnecting/.test(note.textContent)) return "no note: " + note.hidden + " " + note.textContent;
		  const on = controls.filter((c) => !c.disabled);
		  if (controls.length < 4 || on.length) return "a control is live: " + on.map((c) => c.id || c.textContent).join(", ");
		  const b = document.querySelector("button.card.playable") || document.querySelector("#moves button");
		  b.click();
		  return "";
		})()`
		why := ""
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.body.classList.contains("offline")`, chromedp.WithPollingTimeout(10*time.Second)))
		if err == nil {
			why, err = chromedp.Run(ctx, chromedp.Evaluate[string](paused))
		}
		if err != nil || why != "" {
			t.Fatalf("%s, while reconnecting: %s (%v)", size.name, why, err)
		}
		screenshot(t, ctx, size.name)
		time.Sleep(time.Second)
		if n := f.stored(res.Table); n != before {
			t.Fatalf("%s: a tap while reconnecting made a move (%d decisions, %d before)", size.name, n, before)
		}
		g.shut.Store(false)
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`!document.body.classList.contains("offline") && document.getElementById("offline").hidden && !document.querySelector("#moves button, button.card.playable").disabled`,
			chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			t.Fatalf("%s: the page is not live again: %v", size.name, err)
		}
		if n := f.stored(res.Table); n != before {
			t.Fatalf("%s: the tap made while reconnecting was sent later (%d decisions, %d before)", size.name, n, before)
		}
		if r, err := chromedp.Run(ctx, chromedp.Evaluate[string](clickOnce)); err != nil || r != "clicked" {
			t.Fatalf("%s: tapping again: %s (%v)", size.name, r, err)
		}
		waitFor(t, "the move made once the page is back", func() bool { return f.stored(res.Table) > before })
		waitFor(t, "Ann's turn again", func() bool {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector(".prompt.yours") || !!document.querySelector(".banner.over")`))
			return err == nil && ok
		})
	}
}

// screenshot takes a picture of the page, kept in TABLETOP_SCREENSHOTS if set.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLETOP_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s (%d bytes)", path, len(png))
}

// TestBrowserEarlierLines opens a table where 500 long lines were said:
// the log shows the last ones and a button for the earlier ones, which
// brings them, a window at a time, back to the first.
func TestBrowserEarlierLines(t *testing.T) {
	bctx := browser(t)
	db, tok := talkativeTable(t, 500)
	f := newFixture(t, db, Config{Rate: rate.Inf})
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 900), chromedp.Navigate(f.http.URL+"/play/"+tok), chromedp.WaitVisible("#earlier"))
	if err != nil {
		t.Fatal(err)
	}
	first, err := chromedp.Run(ctx, chromedp.Text("#earlier"))
	if err != nil || !strings.HasSuffix(first, "earlier lines") {
		t.Fatalf("the button reads %q (%v)", first, err)
	}
	for i := 0; i < 200; i++ {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const b = document.getElementById("earlier"); if (b.hidden) return true; b.click(); return false; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	top, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#log li")].slice(0, 3).map((li) => li.textContent.slice(0, 20)).join(" | ")`))
	if err != nil || !strings.HasPrefix(top, "Hand 1: Ann deals") || !strings.Contains(top, "Ann says: 0 blah") {
		t.Fatalf("the first lines of the log after asking for all: %q (%v)", top, err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li").length`))
	if err != nil || n < 500 {
		t.Fatalf("%d lines shown (%v)", n, err)
	}
	t.Logf("%q at first; %d lines shown after asking", first, n)
}

// TestBrowserTooManyWindows opens a seat in one window more than the
// server allows: that window says why it was refused and keeps its
// controls off, while the first one plays on.
func TestBrowserTooManyWindows(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf, SeatConns: 1})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	first, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(first, chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible(".prompt.yours")); err != nil {
		t.Fatal(err)
	}
	second, cancel2 := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel2()
	if err := chromedp.Do(second, chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible("#offline")); err != nil {
		t.Fatal(err)
	}
	note, err := chromedp.Run(second, chromedp.Text("#offline"))
	if err != nil || !strings.Contains(note, "refused this window: too many windows") {
		t.Fatalf("the second window says %q (%v)", note, err)
	}
	if live, err := chromedp.Run(first, chromedp.Evaluate[bool](`!document.body.classList.contains("offline") && !document.querySelector("button.card.playable").disabled`)); err != nil || !live {
		t.Fatalf("the first window is not live (%v)", err)
	}
}
