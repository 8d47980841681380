package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/store"
)

// logBook keeps what a server logs, for tests that read it.
type logBook struct {
	t     testing.TB
	mu    sync.Mutex
	lines []string
}

func (l *logBook) logf(format string, a ...any) {
	s := fmt.Sprintf(format, a...)
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
	l.t.Log(s)
}

func (l *logBook) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// post sends body to POST /api/tables with the given headers (a JSON
// content type unless told otherwise) and returns the status and body.
func (f *fixture) post(body string, header map[string]string) (int, string) {
	f.t.Helper()
	return f.request("POST", "/api/tables", body, header)
}

// createdTable reads the response of a table created by post.
func createdTable(t testing.TB, code int, body string) *createResponse {
	t.Helper()
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var res createResponse
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	return &res
}

// frameSeed is the seed a frame shows ("" for none) and whether the
// table is an open deal, read from the raw message.
func frameSeed(b []byte) (string, bool) {
	var f struct {
		Seed     string `json:"seed"`
		OpenDeal bool   `json:"open_deal"`
	}
	json.Unmarshal(b, &f)
	return f.Seed, f.OpenDeal
}

// TestSeedIsSecret plays a short game at a table whose seed the server
// drew: the seed is in no log line, no response, no frame of a seat or a
// spectator and no error until the game is over, and then every frame
// shows it.
func TestSeedIsSecret(t *testing.T) {
	logs := &logBook{t: t}
	f := newFixture(t, "", Config{Rate: rate.Inf, Logf: logs.logf})
	code, body := f.post(`{"game":"clubs_short","players":3,"seats":[{"name":"ann"},{"bot":true},{"bot":true}]}`, nil)
	res := createdTable(t, code, body)
	st, err := f.store.Load(context.Background(), res.Table)
	if err != nil || st == nil {
		t.Fatal(err)
	}
	secret := strconv.FormatUint(st.Seed, 10)
	if strings.Contains(body, secret) || strings.Contains(body, "seed") {
		t.Fatalf("the lobby's response tells the seed: %s", body)
	}
	ann, watcher := f.join(res.Seats[0].Link), f.join(res.Watch)
	r, err := http.Get(f.http.URL + strings.Replace(res.Seats[0].Link, "/play/", "/save/", 1))
	if err != nil {
		t.Fatal(err)
	}
	saved, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusConflict || strings.Contains(string(saved), secret) {
		t.Fatalf("the save before the end: %s %q", r.Status, saved)
	}
	other := f.join(res.Seats[0].Link) // a second page of Ann's, for errors
	other.send(message{Type: "command", Text: "save x"})
	if e := other.errorText(); strings.Contains(e, secret) {
		t.Fatalf("an error tells the seed: %s", e)
	}
	// Ann plays her first option each time; every message before the end
	// is read for the seed
	var last []byte
	for done := false; !done; {
		b := ann.next("state")
		if seed, _ := frameSeed(b); !ann.last.Done && (seed != "" || strings.Contains(string(b), secret)) {
			t.Fatalf("a frame before the end tells the seed: %.300s", b)
		}
		fr := ann.last
		done, last = fr.Done, b
		if fr.Turn == 1 && len(fr.Options) > 0 && !fr.Done {
			ann.send(message{Type: "play", Option: fr.Options[0], At: &fr.Seq})
		}
	}
	if seed, _ := frameSeed(last); seed != secret {
		t.Fatalf("the last frame shows seed %q, the game's is %s", seed, secret)
	}
	for {
		b := watcher.next("state")
		seed, _ := frameSeed(b)
		if !watcher.last.Done {
			if seed != "" || strings.Contains(string(b), secret) {
				t.Fatalf("a spectator's frame before the end tells the seed: %.300s", b)
			}
			continue
		}
		if seed != secret {
			t.Fatalf("the spectator's last frame shows seed %q, the game's is %s", seed, secret)
		}
		break
	}
	if strings.Contains(logs.text(), secret) || strings.Contains(logs.text(), "seed") {
		t.Fatalf("the server's log tells the seed:\n%s", logs.text())
	}
}

// TestSeedsAreWide draws seeds from all 64 bits: from the cards of his own
// hand a player could otherwise try every seed of a small range and so
// learn every other hand.
func TestSeedsAreWide(t *testing.T) {
	f := newFixture(t, "", Config{})
	wide := false
	for range 8 {
		res, _, err := f.srv.Create(context.Background(), createRequest{Game: "clubs"})
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.store.Load(context.Background(), res.Table)
		wide = wide || st.Seed >= 1<<40
	}
	if !wide {
		t.Fatal("eight seeds drawn, all below 2^40")
	}
}

// TestChosenSeedIsAnOpenDeal refuses a seed chosen by the table's creator
// unless the table is an open deal, whose seed every seat is shown from
// the start.
func TestChosenSeedIsAnOpenDeal(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	code, body := f.post(`{"game":"clubs","seed":7}`, nil)
	if code != http.StatusBadRequest || !strings.Contains(body, "open deal") {
		t.Fatalf("a chosen seed at a table that is not an open deal: %d %s", code, body)
	}
	code, body = f.post(`{"game":"clubs","players":4,"seed":7,"open_deal":true,"seats":[{"name":"ann"},{"name":"bob"},{"bot":true},{"bot":true}]}`, nil)
	res := createdTable(t, code, body)
	var shown struct {
		Seed     string `json:"seed"`
		OpenDeal bool   `json:"open_deal"`
	}
	if json.Unmarshal([]byte(body), &shown); shown.Seed != "7" || !shown.OpenDeal {
		t.Fatalf("the lobby's response to an open deal: %s", body)
	}
	res.Seats[1].Link = f.claim(res.Code, 2, "bob").Link
	for _, link := range []string{res.Seats[0].Link, res.Seats[1].Link, res.Watch} {
		p := f.join(link)
		if seed, open := frameSeed(p.next("state")); seed != "7" || !open {
			t.Errorf("%s: the frame of an open deal shows seed %q (open %v)", link[:6], seed, open)
		}
	}
	// an open deal without a seed gets a random one, shown too
	code, body = f.post(`{"game":"clubs","open_deal":true}`, nil)
	res = createdTable(t, code, body)
	st, _ := f.store.Load(context.Background(), res.Table)
	if seed, open := frameSeed(f.join(res.Seats[0].Link).next("state")); seed != strconv.FormatUint(st.Seed, 10) || !open || !st.OpenDeal {
		t.Errorf("an open deal with a random seed shows %q (open %v, stored %v)", seed, open, st.OpenDeal)
	}
}

// TestBotBudgetRefused refuses a bot that would think longer than the
// server allows, by time or by iterations, with a 400 that says why.
func TestBotBudgetRefused(t *testing.T) {
	f := newFixture(t, "", Config{})
	for bot, want := range map[string]int{
		"search:1h": 400, "search:10000000": 400, "search:6s": 400, "search:200ms:worlds=4": 201,
		"search:2s": 201, "search": 201, "search:1000:random": 201, "random": 201,
	} {
		code, body := f.post(`{"game":"clubs_short","players":3,"seats":[{},{"bot":true,"name":"`+bot+`"},{"bot":true}]}`, nil)
		if code != want {
			t.Errorf("bot %s: %d %s, want %d", bot, code, body, want)
			continue
		}
		if code == 400 && (!strings.Contains(body, "seat 2") || !strings.Contains(body, "at most")) {
			t.Errorf("bot %s refused with %s", bot, body)
		}
	}
}

// TestCrossSiteRequests refuses to create a table for a page of another
// site (a form or a fetch of text/plain, which needs no preflight), and
// takes JSON only.
func TestCrossSiteRequests(t *testing.T) {
	f := newFixture(t, "", Config{})
	body := `{"game":"clubs"}`
	for _, c := range []struct {
		header map[string]string
		want   int
	}{
		{map[string]string{"Origin": "http://evil.example", "Content-Type": "text/plain"}, 403},
		{map[string]string{"Origin": "http://evil.example"}, 403},
		{map[string]string{"Origin": "null"}, 403},
		{map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, 403},
		{map[string]string{"Content-Type": "text/plain"}, 415},
		{map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{map[string]string{"Origin": f.http.URL, "Sec-Fetch-Site": "same-origin"}, 201},
		{map[string]string{"Content-Type": "application/json; charset=utf-8"}, 201},
	} {
		if code, res := f.post(body, c.header); code != c.want {
			t.Errorf("%v: %d %s, want %d", c.header, code, res, c.want)
		}
	}
	if n, _ := f.store.CountUnfinished(context.Background()); n != 2 {
		t.Fatalf("%d tables created, want 2", n)
	}
}

// TestTablesPerClient caps the tables in play opened from one address.
func TestTablesPerClient(t *testing.T) {
	f := newFixture(t, "", Config{})
	for i := 0; i < 10; i++ {
		code, body := f.post(`{"game":"clubs"}`, nil)
		createdTable(t, code, body)
	}
	code, body := f.post(`{"game":"clubs"}`, nil)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "10 tables") {
		t.Fatalf("an 11th table from one address: %d %s", code, body)
	}
}

// waitFor polls ok until it holds, for at most 30 seconds.
func waitFor(t testing.TB, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 30s", what)
		}
	}
}

// stored is how many decisions the store holds of a table.
func (f *fixture) stored(id string) int {
	st, err := f.store.Load(context.Background(), id)
	if err != nil || st == nil {
		f.t.Fatalf("table %s: %v", id, err)
	}
	return len(st.Decisions)
}

// TestBotCutShortAtTheBudget resumes a table stored with bots that were
// given an hour a decision (as an older server allowed): each decision is
// cut short at the server's budget.
func TestBotCutShortAtTheBudget(t *testing.T) {
	db := filepath.Join(t.TempDir(), "web.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	eng, _ := loadGame("clubs_short")
	bot := "bot:search:1h:random"
	err = st.Create(context.Background(), &store.Table{ID: "old", Created: time.Now(), Script: eng.Script, Hash: eng.Hash,
		Players: 3, Seed: 5, Seats: []string{bot, bot, bot}, Tokens: []string{}, Watch: hashToken(newToken())})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, db, Config{BotBudget: 100 * time.Millisecond})
	waitFor(t, "six decisions by bots given an hour each", func() bool { return f.stored("old") >= 6 })
}

// TestStopStopsThinkingBots closes a server while a bot given an hour a
// decision thinks: it stops at once and its decision is not made.
func TestStopStopsThinkingBots(t *testing.T) {
	f := newFixture(t, "", Config{BotBudget: time.Hour})
	res, _, err := f.srv.Create(context.Background(), createRequest{Game: "clubs_short", Players: 3,
		Seats: []seatRequest{{Bot: true, Name: "search:1h:random"}, {Bot: true, Name: "search:1h:random"}, {Bot: true, Name: "search:1h:random"}}})
	if err != nil {
		t.Fatal(err)
	}
	// the bot thinks in a slot of the bot pool: held for 100 ms running
	held := func() bool {
		p := f.srv.bots
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.free < p.slots
	}
	waitFor(t, "a bot thinking", func() bool {
		for i := 0; i < 10; i++ {
			if !held() {
				return false
			}
			time.Sleep(10 * time.Millisecond)
		}
		return true
	})
	before := f.stored(res.Table)
	closed := make(chan struct{})
	go func() {
		f.srv.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("the server still waits for its bot 30 s after Close")
	}
	if after := f.stored(res.Table); after != before {
		t.Fatalf("%d decisions stored while the server stopped (%d before)", after-before, before)
	}
}

// TestBotSeedsApart plays an open deal with random bots: their play does
// not follow from the table's seed, as a bot seeded from it would play.
func TestBotSeedsApart(t *testing.T) {
	f := newFixture(t, "", Config{})
	res := f.create(createRequest{Game: "clubs_short", Players: 3, Seed: seed(7), OpenDeal: true,
		Seats: []seatRequest{{Bot: true, Name: "random"}, {Bot: true, Name: "random"}, {Bot: true, Name: "random"}}})
	f.join(res.Watch).until(func(g *stateFrame) bool { return g.Done })
	st, _ := f.store.Load(context.Background(), res.Table)
	eng, _ := loadGame("clubs_short")
	m, err := eng.NewMatch(interp.RecordConfig(st.Record()))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	// each seat's bot as the table's seed would make it, asked at every
	// prompt of its seat as the server asks, while the game follows the
	// stored decisions
	bots := map[int]interp.Bot{}
	agree, choices := 0, 0
	for _, d := range st.Decisions {
		p := m.Prompt()
		if bots[p.Seat] == nil {
			bots[p.Seat] = interp.NewRandomBot(interp.BotSeed(7, p.Seat))
		}
		i, err := bots[p.Seat].Choose(m)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Options) > 1 {
			choices++
			if p.Options[i] == d.Text {
				agree++
			}
		}
		if err := m.Apply(d.Seat, d.Text); err != nil {
			t.Fatal(err)
		}
	}
	if agree == choices {
		t.Fatalf("the bots made all %d of their choices as bots seeded from the table's seed", choices)
	}
	t.Logf("%d of %d choices as bots seeded from the table's seed would make them", agree, choices)
}

// dialOrigin opens a WebSocket of link as a page of origin would; it
// returns the HTTP status of a refusal (0 when it opened).
func (f *fixture) dialOrigin(link, origin string) int {
	f.t.Helper()
	tok := link[strings.LastIndexByte(link, '/')+1:]
	u := "ws" + strings.TrimPrefix(f.http.URL, "http") + "/ws/" + tok
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, res, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
	if err != nil {
		if res == nil {
			f.t.Fatal(err)
		}
		return res.StatusCode
	}
	ws.CloseNow()
	return 0
}

// TestOrigins lets the pages of the server's own site, and of the origins
// it is told of, open tables and seats' WebSockets; no other site's.
func TestOrigins(t *testing.T) {
	if _, err := New(context.Background(), Config{Store: &store.Store{}, Origins: []string{"games.example.com"}}); err == nil {
		t.Fatal("an origin without its scheme was taken")
	}
	f := newFixture(t, "", Config{Origins: []string{"https://games.example.com/"}})
	body := `{"game":"clubs"}`
	for origin, want := range map[string]int{
		"https://games.example.com": 201, "https://Games.Example.com": 201, f.http.URL: 201,
		"http://games.example.com": 403, "https://games.example.com:8443": 403, "https://evil.example": 403,
	} {
		if code, res := f.post(body, map[string]string{"Origin": origin}); code != want {
			t.Errorf("a table from a page of %s: %d %s, want %d", origin, code, res, want)
		}
	}
	link := clubsTable(f).Seats[0].Link
	for origin, want := range map[string]int{
		"https://games.example.com": 0, f.http.URL: 0, "http://evil.example": 403, "https://games.example.com.evil.example": 403,
	} {
		if got := f.dialOrigin(link, origin); got != want {
			t.Errorf("a WebSocket from a page of %s: %d, want %d", origin, got, want)
		}
	}
}

// TestTablesPerClientBehindProxy counts the tables of each client by the
// address the proxy reports, when told to trust it, and of an IPv6 client
// by its /64; otherwise X-Forwarded-For is the client's word and ignored.
func TestTablesPerClientBehindProxy(t *testing.T) {
	f := newFixture(t, "", Config{TrustProxy: true, MaxTablesPerClient: 2})
	for i, c := range []struct {
		from string
		want int
	}{
		{"203.0.113.5", 201}, {"203.0.113.5", 201}, {"203.0.113.5", 429},
		{"198.51.100.1, 203.0.113.5", 429}, // a client's claim before the proxy's
		{"203.0.113.6", 201},
		{"2001:db8::1", 201}, {"2001:db8::2", 201}, {"2001:db8::3", 429},
		{"2001:db8:0:1::1", 201},
	} {
		if code, body := f.post(`{"game":"clubs"}`, map[string]string{"X-Forwarded-For": c.from}); code != c.want {
			t.Errorf("table %d from %s: %d %s, want %d", i+1, c.from, code, body, c.want)
		}
	}
	g := newFixture(t, "", Config{MaxTablesPerClient: 2})
	for i, from := range []string{"203.0.113.7", "203.0.113.8", "203.0.113.9"} {
		code, _ := g.post(`{"game":"clubs"}`, map[string]string{"X-Forwarded-For": from})
		if want := []int{201, 201, 429}[i]; code != want {
			t.Errorf("without a trusted proxy, table %d claiming to be from %s: %d, want %d", i+1, from, code, want)
		}
	}
}

// TestAbandonedTablesExpire closes a table nobody plays at nor looks at:
// its links then say why, it no longer counts against its client or the
// server, and it is not resumed. A table with a page open stays.
func TestAbandonedTablesExpire(t *testing.T) {
	f := newFixture(t, "", Config{Expire: 300 * time.Millisecond, MaxTablesPerClient: 1})
	code, body := f.post(`{"game":"clubs","players":4,"seats":[{"name":"ann"},{"bot":true},{"bot":true},{"bot":true}]}`, nil)
	left := createdTable(t, code, body)
	if code, _ := f.post(`{"game":"clubs"}`, nil); code != http.StatusTooManyRequests {
		t.Fatalf("a second table from one address: %d", code)
	}
	kept, _, err := f.srv.Create(context.Background(), createRequest{Game: "clubs"})
	if err != nil {
		t.Fatal(err)
	}
	bob := f.join(kept.Seats[0].Link)
	expired := func(id string) bool {
		st, _ := f.store.Load(context.Background(), id)
		return st.Expired
	}
	waitFor(t, "the abandoned table expires", func() bool { return expired(left.Table) })
	if expired(kept.Table) {
		t.Fatal("a table with a page open expired")
	}
	if n, _ := f.store.CountUnfinished(context.Background()); n != 1 {
		t.Fatalf("%d tables in play, want 1", n)
	}
	code, body = f.post(`{"game":"clubs"}`, nil)
	createdTable(t, code, body)
	ann := f.join(left.Seats[0].Link)
	fr := ann.state()
	if !strings.Contains(fr.Error, "closed") || len(fr.Options) > 0 {
		t.Fatalf("the expired table's page: %q, moves %v", fr.Error, fr.Options)
	}
	ann.send(message{Type: "command", Text: "legal"})
	if e := ann.errorText(); !strings.Contains(e, "closed") {
		t.Fatalf("a command at the expired table: %s", e)
	}
	bob.ws.CloseNow()
	waitFor(t, "the table whose page closed expires", func() bool { return expired(kept.Table) })
}

// TestBrowserFairPlay opens tables from the lobby in Chromium: an open
// deal with its seed, shown in the lobby and on a seat's page, and a
// table whose seed neither shows; then a page of another site posts a
// table as text/plain, as the attack did, and no table is made.
func TestBrowserFairPlay(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf})
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible("#seats .seat-row"),
		chromedp.Click(`.game-button[data-game="clubs_short"]`), chromedp.Click("#open-deal"), chromedp.WaitVisible("#seed"),
		chromedp.SendKeys("#seed", "7"), chromedp.Click("#create"), chromedp.WaitVisible("#invite"))
	if err != nil {
		t.Fatal(err)
	}
	note, err := chromedp.Run(ctx, chromedp.Text("#deal-note"))
	if err != nil || !strings.Contains(note, "seed 7") {
		t.Fatalf("the lobby says %q of an open deal (%v)", note, err)
	}
	deal := func(link string) string {
		t.Helper()
		page, cancel := chromedp.NewContext(ctx)
		defer cancel()
		err := chromedp.Do(page, chromedp.Navigate(link), chromedp.WaitVisible("#hand .card"))
		var shown string
		if err == nil {
			shown, err = chromedp.Run(page, chromedp.Evaluate[string](`document.getElementById("deal").hidden ? "" : document.getElementById("deal").textContent`))
		}
		if err != nil {
			t.Fatal(err)
		}
		return shown
	}
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#my-seat").href`))
	if err != nil {
		t.Fatal(err)
	}
	if shown := deal(link); shown != "open deal · seed 7" {
		t.Fatalf("an open deal's page shows %q", shown)
	}
	// the same game, not an open deal
	err = chromedp.Do(ctx, chromedp.Click("#again"), chromedp.WaitVisible("#seats .seat-row"), chromedp.Click("#open-deal"),
		chromedp.WaitNotVisible("#seed"), chromedp.Click("#create"), chromedp.WaitVisible("#invite"))
	if err != nil {
		t.Fatal(err)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("deal-note").hidden`)); !hidden {
		t.Fatal("the lobby shows a note of an open deal for a table that is not one")
	}
	if link, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#my-seat").href`)); err != nil {
		t.Fatal(err)
	}
	if shown := deal(link); shown != "" {
		t.Fatalf("a secret table's page shows %q", shown)
	}
	// a page of another site
	before, _ := f.store.CountUnfinished(context.Background())
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>evil</title><script>
fetch(%q, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: '{"game":"clubs"}'})
  .then(() => { document.title = "sent"; }, (e) => { document.title = "failed " + e; });
</script>`, f.http.URL+"/api/tables")
	}))
	defer evil.Close()
	// another site: the same address by another name
	evilURL := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)
	var title string
	if err = chromedp.Do(ctx, chromedp.Navigate(evilURL)); err == nil {
		title, err = chromedp.Run(ctx, chromedp.Poll[string](`document.title.startsWith("sent") || document.title.startsWith("failed") ? document.title : ""`, chromedp.WithPollingTimeout(20*time.Second)))
	}
	if err != nil || title != "sent" {
		t.Fatalf("the other site's page: %q %v", title, err)
	}
	if after, _ := f.store.CountUnfinished(context.Background()); after != before {
		t.Fatalf("a page of another site opened %d tables", after-before)
	}
}
