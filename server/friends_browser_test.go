package server

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"
)

// person is one person's browser (a browser context of its own, so its
// own localStorage) in a browser test, with the uncaught errors of its
// pages.
type person struct {
	t    *testing.T
	name string
	ctx  context.Context
	mu   sync.Mutex
	errs []string
}

// newPerson opens a browser of its own at the given screen size (a phone
// when mobile). init runs in every page before its scripts.
func newPerson(t *testing.T, bctx context.Context, name string, w, h int64, mobile bool, init string) *person {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &person{t: t, name: name, ctx: ctx}
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatal(err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleException {
				p.mu.Lock()
				p.errs = append(p.errs, m.Text)
				p.mu.Unlock()
			}
		}
	}()
	if init != "" {
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: init}); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errs {
			t.Errorf("%s's page threw: %s", name, e)
		}
	})
	return p
}

func (p *person) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// waitFor polls a JavaScript expression on p's page until it is true.
func (p *person) waitFor(what, expr string) {
	p.t.Helper()
	var err error
	for try := 0; try < 20; try++ {
		// a page navigating away ends the poll: poll the next page
		_, err = chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(30*time.Second)))
		if err == nil || !strings.Contains(err.Error(), "(-32000)") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		text, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 1500) : ""`))
		p.t.Fatalf("%s: waiting for %s: %v\nthe page reads:\n%s", p.name, what, err, text)
	}
}

func (p *person) eval(expr string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, expr, err)
	}
	return s
}

func (p *person) text(sel string) string {
	p.t.Helper()
	return p.eval(fmt.Sprintf(`(document.querySelector(%q) || {}).innerText || ""`, sel))
}

// shoot pictures p's page on a desktop's screen (name) and, with phone,
// on a phone's too (name-phone), then gives it back its own screen.
func (p *person) shoot(name string, phone bool) {
	p.t.Helper()
	size := p.eval(`innerWidth + "x" + innerHeight + "x" + String(navigator.maxTouchPoints > 0)`)
	var w, h int64
	var mobile bool
	fmt.Sscanf(strings.ReplaceAll(size, "x", " "), "%d %d %t", &w, &h, &mobile)
	p.do(chromedp.EmulateViewport(1280, 860), chromedp.Sleep(300*time.Millisecond))
	screenshot(p.t, p.ctx, name)
	if phone {
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Sleep(300*time.Millisecond))
		if bad := p.eval(pageFits + `.slice(0, 5).join("; ")`); bad != "" {
			p.t.Errorf("%s on a phone: %s", name, bad)
		}
		screenshot(p.t, p.ctx, name+"-phone")
	}
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	p.do(chromedp.EmulateViewport(w, h, opts...), chromedp.Sleep(200*time.Millisecond))
}

// chooseSeat sets the lobby's seat row i (from 1) to who: @you, @friend
// or a bot's name.
func chooseSeat(i int, who string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
	  const w = document.querySelector("#seats .seat-row:nth-child(%d) .who");
	  w.value = %q;
	  w.dispatchEvent(new Event("change"));
	})()`, i, who))
}

// TestBrowserInvitation has Ann open a table of Clubs (short) from the
// lobby with two seats for friends, listed publicly; Bob, on his phone,
// finds it in the lobby, takes a seat with his name, and is taken back
// to it by the invitation later and found in his tables; Ann gives the
// last seat to a bot and the game begins on both pages; Zoe watches under
// her name, which the seats see; the chat goes to every page and not to
// the game's log.
func TestBrowserInvitation(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	ann := newPerson(t, bctx, "Ann", 1280, 860, false, "")
	ann.do(chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible("#seats .seat-row"),
		chromedp.Click(`.game-button[data-game="clubs_short"]`),
		chromedp.SetValue("#players", "3"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#players").dispatchEvent(new Event("change"))`),
		chooseSeat(1, "@you"), chromedp.SetValue("#seats .seat-row:nth-child(1) .name", "ann"),
		chooseSeat(2, "@friend"), chooseSeat(3, "@friend"), chromedp.Click("#public"))
	ann.do(chromedp.Click("#create"), chromedp.WaitVisible("#invite"))
	invite := ann.eval(`document.querySelector("#invite").value`)
	code := invite[strings.LastIndexByte(invite, '/')+1:]
	if !regexp.MustCompile(`/join/[2-9A-Z]{8}$`).MatchString(invite) || strings.Contains(ann.text("#links"), "/play/") {
		t.Fatalf("the host is shown %q and %q", invite, ann.text("#links"))
	}
	ann.do(chromedp.Click("#my-seat"))
	ann.waitFor("the seats being taken", `document.querySelector("#friends h2")?.innerText === "Waiting for 2 more players"`)
	if !strings.Contains(ann.text("#friends"), code) || ann.eval(`String(document.querySelector(".felt").offsetParent === null)`) != "true" {
		t.Fatalf("Ann's page while the seats are taken:\n%s", ann.text("#friends"))
	}

	bob := newPerson(t, bctx, "Bob", 390, 844, true, "")
	bob.do(chromedp.Navigate(f.http.URL + "/"))
	bob.waitFor("the public table in the lobby", `!!document.querySelector("#open .open-item a")`)
	if got := bob.text("#open"); !strings.Contains(got, "Clubs (short)") || !strings.Contains(got, "with Ann") || !strings.Contains(got, "2 free seats of 3") {
		t.Fatalf("the open tables read %q", got)
	}
	bob.do(chromedp.Click("#open .open-item a"), chromedp.WaitVisible(`#seats button[data-seat="2"]`))
	bob.shoot("web-join", true)
	bob.do(chromedp.SetValue("#name", "bob"), chromedp.Click(`#seats button[data-seat="2"]`))
	bob.waitFor("his seat's page", `location.pathname.startsWith("/play/") && document.querySelector("#friends h2")?.innerText === "Waiting for one more player"`)
	bob.shoot("web-gathering", true)
	ann.waitFor("Bob in seat 2", `document.querySelector('.gather-seat[data-seat="2"] .who')?.innerText === "Bob"`)
	ann.shoot("web-gathering-host", true)
	ann.do(chromedp.Click(`.gather-seat[data-seat="3"] .host-bot`))
	for _, p := range []*person{ann, bob} {
		p.waitFor("the game to begin", `!document.body.classList.contains("gathering") && document.querySelectorAll("#hand .card").length > 0`)
	}
	bobSeat := bob.eval(`location.pathname`)
	// the invitation again leads Bob to his seat; his tables list it
	bob.do(chromedp.Navigate(f.http.URL + "/join/" + strings.ToLower(code)))
	bob.waitFor("his seat again", fmt.Sprintf(`location.pathname === %q && document.querySelectorAll("#hand .card").length > 0`, bobSeat))
	bob.do(chromedp.Navigate(f.http.URL + "/"))
	bob.waitFor("his tables", `document.querySelector("#mine .mine-item")?.innerText.includes("as Bob")`)
	bob.shoot("web-lobby-mine", true)
	bob.do(chromedp.Click("#mine .mine-item a"))
	bob.waitFor("his seat from his tables", fmt.Sprintf(`location.pathname === %q`, bobSeat))

	zoe := newPerson(t, bctx, "Zoe", 1280, 860, false, "")
	zoe.do(chromedp.Navigate(f.http.URL+"/watch/"+code), chromedp.WaitVisible("#watch-name-input"),
		chromedp.SetValue("#watch-name-input", "Zoe"), chromedp.Click("#watch-name button"))
	ann.waitFor("Zoe watching", `document.querySelector("#watchers")?.innerText === "1 watching: Zoe"`)
	zoe.waitFor("herself among the watchers", `document.querySelector("#watchers")?.innerText.includes("Zoe")`)
	bob.waitFor("Zoe watching", `document.querySelector("#watchers")?.innerText.includes("Zoe")`)
	ann.do(chromedp.SendKeys("#chat-input", "good luck, Bob\n"))
	zoe.do(chromedp.SendKeys("#chat-input", "go Bob\n"))
	for _, p := range []*person{ann, bob, zoe} {
		p.waitFor("the chat", `(() => { const t = document.querySelector("#chat-log").innerText; return t.includes("Ann: good luck, Bob") && t.includes("Zoe (watching): go Bob"); })()`)
		if log := p.text("#log"); strings.Contains(log, "good luck") || strings.Contains(log, "go Bob") {
			t.Fatalf("%s's game log holds the chat:\n%s", p.name, log)
		}
	}
	if zoe.eval(`String(document.querySelector("#say-form").hidden && !document.querySelector("#chat-form").hidden)`) != "true" {
		t.Fatal("the spectator's page offers to speak in the game, or not to chat")
	}
	ann.shoot("web-chat", true)
	zoe.shoot("web-watching", true)
}

// notifyStub stands for the browser's notifications (granted) and for a
// hidden page (window.__hidden), recording each notification made.
const notifyStub = `
window.__notes = [];
window.Notification = class {
  constructor(title, opts) { window.__notes.push(title + " | " + (opts && opts.body || "")); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(Document.prototype, "hidden", { get() { return !!window.__hidden; } });
`

// TestBrowserTurnAndRematch plays Clubs (short) between Ann and Bob: Bob
// turns on the chime and the notifications, and with his page hidden is
// notified and chimed at his move; the clock says how long the table has
// waited on whom; at the end Ann offers a rematch with the seats moved on,
// Bob accepts, and both pages go to their seats at the new table; there
// Bob leaves, Ann lets a bot play for him, and Bob, back, takes his seat
// back.
func TestBrowserTurnAndRematch(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf, AwayAfter: 1500 * time.Millisecond})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(5),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}}})
	ann := newPerson(t, bctx, "Ann", 1280, 900, false, "")
	bob := newPerson(t, bctx, "Bob", 1280, 900, false, notifyStub)
	ann.do(chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible("#hand .card"))
	bob.do(chromedp.Navigate(f.http.URL+res.Seats[1].Link), chromedp.WaitVisible("#hand .card"),
		chromedp.Click("#alert-sound"), chromedp.Click("#alert-notify"))
	bob.waitFor("the alerts on", `document.querySelector("#alert-sound").innerText.includes("Sound on") && document.querySelector("#alert-notify").innerText.includes("Notifications on")`)
	bob.eval(`String(window.__hidden = true)`)
	clock := regexp.MustCompile(`^(your move|waiting for \w+) · \d+:\d\d$`)
	if c := ann.text("#clock"); !clock.MatchString(c) {
		t.Fatalf("Ann's clock reads %q", c)
	}
	var wg sync.WaitGroup
	for _, p := range []*person{ann, bob} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for deadline := time.Now().Add(150 * time.Second); time.Now().Before(deadline); {
				r, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](clickOnce))
				if err != nil || r == "over" {
					return
				}
				time.Sleep(30 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	notes := bob.eval(`window.__notes.join("\n")`)
	if !strings.Contains(notes, "Your move — Clubs (short)") || bob.eval(`String(friends.beeps() >= 2)`) != "true" {
		t.Fatalf("Bob, his page hidden, was notified %q and chimed %s times", notes, bob.eval(`String(friends.beeps())`))
	}
	for _, p := range []*person{ann, bob} {
		p.waitFor("the end", `!!document.querySelector(".banner.over") && !!document.querySelector("#rematch")`)
	}
	oldAnn, oldBob := ann.eval(`location.pathname`), bob.eval(`location.pathname`)
	ann.do(chromedp.Click("#rematch-rotate"), chromedp.Click("#rematch"))
	bob.waitFor("the offer", `document.querySelector("#friends .rematch")?.innerText.includes("Ann offers a rematch, every seat moved on by one")`)
	bob.shoot("web-rematch", true)
	bob.do(chromedp.Click("#friends .rematch button.primary"))
	for _, c := range []struct {
		p    *person
		old  string
		seat string
	}{{ann, oldAnn, "2"}, {bob, oldBob, "3"}} {
		c.p.waitFor("the rematch", fmt.Sprintf(`location.pathname !== %q && typeof state !== "undefined" && state && state.seat === %s && state.friends.started`, c.old, c.seat))
	}
	if !strings.Contains(ann.text("#seats"), "Bob") || ann.eval(`String(state.seed || "")`) != "" {
		t.Fatalf("the rematch reads %q, seed %q", ann.text("#seats"), ann.eval(`String(state.seed || "")`))
	}
	// Bob leaves; after a while Ann lets a bot play for him
	newBob := bob.eval(`location.pathname`)
	bob.do(chromedp.Navigate("about:blank"))
	ann.waitFor("the offer to let a bot play for Bob", `!!document.querySelector("#friends button.away-bot")`)
	ann.shoot("web-away", true)
	ann.do(chromedp.Click("#friends button.away-bot"))
	ann.waitFor("a bot for Bob", `document.querySelector('.seat-chip[data-who="away"]')?.innerText.includes("bot for him")`)
	bob.do(chromedp.Navigate(f.http.URL + newBob))
	bob.waitFor("his seat, played by a bot", `!!document.querySelector("#friends .away-row.mine button")`)
	bob.do(chromedp.Click("#friends .away-row.mine button"))
	ann.waitFor("Bob back", `document.querySelector(".seat-chip:nth-child(3)")?.dataset.who === "person"`)
}

// TestBrowserWordsGivenBack speaks in the game at Das Regeln Wir Schon!
// from a page that had not seen the table move (its decision made one
// older, as when a bot plays while Ann types): the server refuses the
// words, and they are back in the box to say again, not lost; said
// again, they are a decision of the game. A move typed late is given back
// the same way.
func TestBrowserWordsGivenBack(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "das_regeln_wir_schon", Players: 3, Seed: seed(3),
		Seats: []seatRequest{{Name: "ann"}, {Name: "bob"}, {Bot: true}}})
	ann := newPerson(t, bctx, "Ann", 390, 844, true, "")
	ann.do(chromedp.Navigate(f.http.URL+res.Seats[0].Link), chromedp.WaitVisible("#say"))
	ann.waitFor("the table", `typeof state !== "undefined" && !!state && state.friends.started`)
	before := f.stored(res.Table)
	late := func(form, box, text string) {
		ann.eval(fmt.Sprintf(`(() => {
		  const seq = state.seq;
		  state.seq = seq - 1; // the page had not seen the last decision
		  document.querySelector(%q).value = %q;
		  document.querySelector(%q).requestSubmit();
		  state.seq = seq;
		  return "";
		})()`, box, text, form))
		ann.waitFor("the words given back", fmt.Sprintf(`document.querySelector(%q).value === %q && /moved on/.test(document.querySelector("#output").innerText)`, box, text))
	}
	late("#say-form", "#say", "quiet please")
	if n := f.stored(res.Table); n != before {
		t.Fatalf("words said late were taken: %d decisions, %d before", n, before)
	}
	ann.do(chromedp.Click("#say-form button"))
	waitFor(t, "the words said again", func() bool { return f.stored(res.Table) == before+1 })
	ann.waitFor("the box emptied", `document.querySelector("#say").value === ""`)
	late("#cmd-form", "#cmd", "say hello")
}
