package server

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"
)

// browser starts headless Chromium for a test, or skips the test: it runs
// when TABLETOP_TEST_BROWSER is set and a Chromium is found.
func browser(t *testing.T) context.Context {
	if os.Getenv("TABLETOP_TEST_BROWSER") == "" {
		t.Skip("TABLETOP_TEST_BROWSER is not set")
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium found")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1440, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	tctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return tctx
}

// clickOnce clicks the first playable card or move button of the page,
// once per decision; it reports "over" when the game has ended.
const clickOnce = `(() => {
  if (document.querySelector(".banner.over")) return "over";
  if (typeof state === "undefined" || !state) return "wait";
  if (state.seq <= (window.__clicked ?? -1)) return "wait";
  const b = document.querySelector("button.card.playable") || document.querySelector("#moves button.move");
  if (!b) return "wait";
  window.__clicked = state.seq;
  b.click();
  return "clicked";
})()`

// TestBrowserPlaysAShortGame plays Clubs (short) from two browser
// contexts, one per person, to the end, with a typed move and a caret
// error on the way, and downloads nothing it should not.
func TestBrowserPlaysAShortGame(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(5),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}}})
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := 0; i < 2; i++ {
		ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		defer cancel()
		url := f.http.URL + res.Seats[i].Link
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = playInBrowser(ctx, url, i == 0)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", i+1, err)
		}
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if !st.Finished {
		t.Fatal("the game is not over in the store")
	}
	t.Logf("a game of %d decisions played in two browsers", len(st.Decisions))
}

func playInBrowser(ctx context.Context, url string, typeFirst bool) error {
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible("#hand .card")); err != nil {
		return err
	}
	if typeFirst {
		if err := chromedp.Do(ctx, chromedp.SendKeys("#cmd", "play 9X\n"), chromedp.WaitVisible("#output.error")); err != nil {
			return err
		}
		out, err := chromedp.Run(ctx, chromedp.Text("#output"))
		if err != nil {
			return err
		}
		if !strings.Contains(out, "unknown card '9X'") || !strings.Contains(out, "^") {
			return fmt.Errorf("the caret error reads %q", out)
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys("#say", "good luck\n")); err != nil {
			return err
		}
	} else {
		// the other page hears it
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("#log li")].some((li) => li.textContent === "Ann says: good luck")`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			return fmt.Errorf("waiting for Ann's words: %w", err)
		}
	}
	for deadline := time.Now().Add(150 * time.Second); time.Now().Before(deadline); {
		r, err := chromedp.Run(ctx, chromedp.Evaluate[string](clickOnce))
		if err != nil {
			return err
		}
		if r == "over" {
			result, err := chromedp.Run(ctx, chromedp.Text(".banner.over"))
			if err != nil {
				return err
			}
			if !strings.Contains(result, "Game over") {
				return fmt.Errorf("the end reads %q", result)
			}
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("the game did not end")
}

// TestScreenshots opens a table of each game at the first decision of
// its first person and takes a picture of the page. With
// TABLETOP_SCREENSHOTS=DIR the pictures are written there (docs/ keeps
// them: TABLETOP_SCREENSHOTS=$PWD/docs).
func TestScreenshots(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	shoot := func(ctx context.Context, name string) { t.Helper(); screenshot(t, ctx, name) }
	shootLobby(bctx, t, f, shoot)
	for _, c := range []screenshotGame{
		{"clubs", 4, 0, 7, true}, {"cluedo", 4, 3, 7, true}, {"members_only", 4, 1, 7, true}, {"andy_capp", 4, 1, 7, true},
		{"das_regeln_wir_schon", 4, 1, 7, true},
	} {
		shootGame(bctx, t, f, c, shoot)
	}
}

// shootLobby pictures the lobby, with a table of Clubs being set up, then
// its links, then the lobby on a phone.
func shootLobby(bctx context.Context, t *testing.T, f *fixture, shoot func(context.Context, string)) {
	lobby, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	err := chromedp.Do(lobby, chromedp.EmulateViewport(1200, 800), chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible("#seats .seat-row"),
		chromedp.Click(`.game-button[data-game="clubs"]`), chromedp.SetValue("#seats .seat-row:nth-child(1) .name", "ann"),
		chromedp.Evaluate[chromedp.Void](`(() => { const w = document.querySelector("#seats .seat-row:nth-child(2) .who"); w.selectedIndex = 0; w.dispatchEvent(new Event("change")); })()`),
		chromedp.SetValue("#seats .seat-row:nth-child(2) .name", "bob"))
	if err != nil {
		t.Fatal(err)
	}
	shoot(lobby, "web-lobby")
	if err := chromedp.Do(lobby, chromedp.Click("#create"), chromedp.WaitVisible("#seat-links .link")); err != nil {
		t.Fatal(err)
	}
	shoot(lobby, "web-links")
	if err := chromedp.Do(lobby, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Click("#again"),
		chromedp.WaitVisible("#seats .seat-row"), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	shoot(lobby, "web-lobby-phone")
}

// screenshotGame is a table TestScreenshots pictures.
type screenshotGame struct {
	game    string
	players int
	moves   int // the person's moves before the picture
	seed    uint64
	phone   bool // a picture on a phone's screen too
}

// shootGame opens a table of c's game with a person in seat 1, plays the
// person's first moves and pictures the page on a desktop and, if asked,
// on a phone, where it also checks the tip pointing to the moves.
func shootGame(bctx context.Context, t *testing.T, f *fixture, c screenshotGame, shoot func(context.Context, string)) {
	seats := []seatRequest{{Name: "ann"}}
	for len(seats) < c.players {
		seats = append(seats, seatRequest{Bot: true})
	}
	res := f.create(createRequest{Game: c.game, Players: c.players, Seats: seats, Seed: &c.seed})
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	// a desktop screen tall enough to show the moves: the tip that
	// points to them when they are off screen stays out of the picture
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 1400), chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible(".prompt.yours"))
	for i := 0; i < c.moves && err == nil; i++ {
		if _, err = chromedp.Run(ctx, chromedp.Evaluate[string](clickOnce)); err == nil {
			err = chromedp.Do(ctx, chromedp.Sleep(150*time.Millisecond), chromedp.WaitVisible(".prompt.yours"))
		}
	}
	name := "web-" + strings.ReplaceAll(c.game, "_", "-")
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
	}
	if err != nil {
		t.Fatalf("%s: %v", c.game, err)
	}
	shoot(ctx, name)
	if !c.phone {
		return
	}
	// a phone held upright: the page as its width lays it out, and the tip
	// at the foot of the screen pointing to the moves
	err = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Sleep(200*time.Millisecond))
	var tip string
	if err == nil {
		tip, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		  const r = document.getElementById("prompt").getBoundingClientRect();
		  const off = r.bottom < 0 || r.top > innerHeight;
		  return off === !document.getElementById("turn-tip").hidden ? "" : (off ? "hidden, the moves off screen" : "shown, the moves in sight");
		})()`))
	}
	if err != nil || tip != "" {
		t.Fatalf("%s on a phone: the tip to the moves is wrong: %s (%v)", c.game, tip, err)
	}
	shoot(ctx, name+"-phone")
}
