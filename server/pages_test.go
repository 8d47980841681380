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
