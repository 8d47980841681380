package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/store"
)

// TestTokenPaths answers 403 to every path of the token routes that is
// not exactly a valid token: none, a token with a slash after it, more.
func TestTokenPaths(t *testing.T) {
	f := newFixture(t, "", Config{})
	res := clubsTable(f)
	tok := strings.TrimPrefix(res.Seats[0].Link, "/play/")
	watch := strings.TrimPrefix(res.Watch, "/watch/")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, path := range []string{"/play", "/watch", "/ws", "/save", "/play/" + tok + "/", "/watch/" + watch + "/",
		"/ws/" + tok + "/", "/save/" + tok + "/", "/play/" + tok + "/x", "/ws/" + tok + "/x/y"} {
		r, err := client.Get(f.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s: %s, want 403", path, r.Status)
		}
	}
}

// TestSecurityHeaders: every response forbids sniffing its type and
// being framed by another site.
func TestSecurityHeaders(t *testing.T) {
	f := newFixture(t, "", Config{})
	res := clubsTable(f)
	for _, path := range []string{"/", "/static/table.js", "/static/style.css", "/api/games", res.Seats[0].Link, res.Watch,
		"/play/" + strings.Repeat("x", 43), "/nothing", strings.Replace(res.Seats[0].Link, "/play/", "/save/", 1)} {
		r, err := http.Get(f.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		h := r.Header
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
			!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("GET %s (%s): nosniff %q, frame options %q, CSP %q", path, r.Status,
				h.Get("X-Content-Type-Options"), h.Get("X-Frame-Options"), h.Get("Content-Security-Policy"))
		}
	}
}

// get sends GET path to f's server naming host in its Host header.
func (f *fixture) getAs(host, path string) int {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.http.URL+path, nil)
	req.Host = host
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	r.Body.Close()
	return r.StatusCode
}

// TestHostChecked refuses a request for a name the server was not given
// (DNS rebinding: a page of evil.example whose name now points here, whose
// Origin matches its Host), and takes IP addresses, localhost, the names
// of Config.Hosts and the hosts of Config.Origins.
func TestHostChecked(t *testing.T) {
	f := newFixture(t, "", Config{Hosts: []string{"games.example.com"}, Origins: []string{"https://play.example.org"}})
	res := clubsTable(f)
	port := f.http.URL[strings.LastIndexByte(f.http.URL, ':'):]
	for host, want := range map[string]int{
		"evil.example" + port: 421, "evil.example": 421, "127.0.0.1" + port: 200, "localhost" + port: 200, "[::1]" + port: 200,
		"LOCALHOST.": 200, "games.example.com": 200, "Games.Example.Com:443": 200, "play.example.org": 200, "example.com": 421,
		"10.1.2.3:8080": 200,
	} {
		if got := f.getAs(host, res.Seats[0].Link); got != want {
			t.Errorf("Host %s: %d, want %d", host, got, want)
		}
	}
	// the rebinding page's WebSocket: its Origin is its Host
	u := "ws" + strings.TrimPrefix(f.http.URL, "http") + "/ws/" + strings.TrimPrefix(res.Seats[0].Link, "/play/")
	_, r, err := websocket.Dial(context.Background(), u, &websocket.DialOptions{Host: "evil.example" + port,
		HTTPHeader: http.Header{"Origin": {"http://evil.example" + port}}})
	if err == nil || r == nil || r.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a rebinding page's WebSocket: %v", err)
	}
	if _, err := New(context.Background(), Config{Store: f.store, Hosts: []string{"https://x.example/"}}); err == nil {
		t.Error("a host written as a URL is taken")
	}
}

// dialWS opens a WebSocket to a link's token.
func (f *fixture) dialWS(link string) *websocket.Conn {
	f.t.Helper()
	u := "ws" + strings.TrimPrefix(f.http.URL, "http") + "/ws/" + link[strings.LastIndexByte(link, '/')+1:]
	ws, _, err := websocket.Dial(context.Background(), u, nil)
	if err != nil {
		f.t.Fatalf("dial %s: %v", link, err)
	}
	f.t.Cleanup(func() { ws.CloseNow() })
	return ws
}

// refusal is why the server closes a connection at once ("" when it
// sends a frame instead).
func refusal(t *testing.T, ws *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	if err == nil {
		if !strings.Contains(string(b), `"type":"state"`) {
			t.Fatalf("the first message: %.80s", b)
		}
		return ""
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation {
		t.Fatalf("the connection ended: %v", err)
	}
	return ce.Reason
}

// TestConnectionsPerSeat opens a seat's link in more windows than a seat
// may have: the one too many is closed with the reason, and once a
// window closes another opens.
func TestConnectionsPerSeat(t *testing.T) {
	f := newFixture(t, "", Config{SeatConns: 2, Rate: rate.Inf})
	res := clubsTable(f)
	link := res.Seats[0].Link
	a, b := f.dialWS(link), f.dialWS(link)
	for _, ws := range []*websocket.Conn{a, b} {
		if why := refusal(t, ws); why != "" {
			t.Fatalf("the first two windows: %s", why)
		}
	}
	if why := refusal(t, f.dialWS(link)); !strings.Contains(why, "too many windows") {
		t.Fatalf("a third window: %q", why)
	}
	if why := refusal(t, f.dialWS(res.Seats[1].Link)); why != "" {
		t.Fatalf("Bob's window: %s", why)
	}
	a.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "a window of Ann's once one closed", func() bool { return refusal(t, f.dialWS(link)) == "" })
}

// TestConnectionsPerClient opens more connections from one address, over
// several seats and the spectators' link, than an address may have.
func TestConnectionsPerClient(t *testing.T) {
	f := newFixture(t, "", Config{ClientConns: 3, Rate: rate.Inf})
	res := clubsTable(f)
	for _, link := range []string{res.Seats[0].Link, res.Seats[1].Link, res.Watch} {
		if why := refusal(t, f.dialWS(link)); why != "" {
			t.Fatalf("%s: %s", link, why)
		}
	}
	if why := refusal(t, f.dialWS(res.Watch)); !strings.Contains(why, "too many windows") {
		t.Fatalf("a fourth connection from one address: %q", why)
	}
}

// answers sends n help commands on p and counts those answered and
// those refused for going too fast.
func answers(t *testing.T, p *player, n int) (replies, refused int) {
	t.Helper()
	for i := 0; i < n; i++ {
		p.send(message{Type: "command", Text: "help"})
	}
	for replies+refused < n {
		var head struct{ Type, Error string }
		json.Unmarshal(p.next2(), &head)
		switch head.Type {
		case "reply":
			replies++
		case "error":
			if !strings.Contains(head.Error, "slow down") {
				t.Fatalf("error: %s", head.Error)
			}
			refused++
		}
	}
	return replies, refused
}

// next2 is the next reply or error of p.
func (p *player) next2() []byte {
	p.t.Helper()
	for {
		select {
		case b, ok := <-p.raw:
			if !ok {
				p.t.Fatal("connection closed")
			}
			if !strings.Contains(string(b), `"type":"state"`) {
				return b
			}
		case <-time.After(10 * time.Second):
			p.t.Fatal("no answer within 10s")
		}
	}
}

// TestSeatBudgetOutlivesItsConnections spends a seat's burst of messages,
// then reconnects, and on a second window: the budget is the seat's, not
// the connection's.
func TestSeatBudgetOutlivesItsConnections(t *testing.T) {
	f := newFixture(t, "", Config{Rate: 0.5, Burst: 5, ClientRate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	ann.state()
	if ok, no := answers(t, ann, 7); ok != 5 || no != 2 {
		t.Fatalf("7 messages at a burst of 5: %d answered, %d refused", ok, no)
	}
	ann.ws.Close(websocket.StatusNormalClosure, "")
	again, other := f.join(res.Seats[0].Link), f.join(res.Seats[0].Link)
	again.state()
	other.state()
	if ok, _ := answers(t, again, 3); ok > 1 {
		t.Fatalf("after reconnecting: %d of 3 messages answered", ok)
	}
	if ok, _ := answers(t, other, 3); ok > 1 {
		t.Fatalf("from a second window: %d of 3 messages answered", ok)
	}
	bob := f.join(res.Seats[1].Link)
	bob.state()
	if ok, _ := answers(t, bob, 3); ok != 3 {
		t.Fatalf("Bob, at the same table: %d of 3 messages answered", ok)
	}
}

// TestClientBudget spends one address's budget from two seats.
func TestClientBudget(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, ClientRate: 0.5, ClientBurst: 8})
	res := clubsTable(f)
	ann, bob := f.join(res.Seats[0].Link), f.join(res.Seats[1].Link) // two of the eight
	ann.state()
	bob.state()
	ok1, _ := answers(t, ann, 4)
	ok2, no := answers(t, bob, 4)
	if ok1 != 4 || ok2 != 2 || no != 2 {
		t.Fatalf("8 messages from one address with 6 left: Ann %d answered, Bob %d answered and %d refused", ok1, ok2, no)
	}
}

// TestFirstFrameHoldsTheLastLines opens a table at which 2,000 long lines
// were said: a page's first frame holds only the last lines, and the page
// gets the earlier ones a window at a time by asking.
func TestFirstFrameHoldsTheLastLines(t *testing.T) {
	const said = 2000
	db, tok := talkativeTable(t, said)
	f := newFixture(t, db, Config{Rate: rate.Inf})
	ann := f.join("/play/" + tok)
	first := <-ann.raw
	var fr stateFrame
	json.Unmarshal(first, &fr)
	if len(first) > 100<<10 || !fr.LogReset || fr.LogFrom == 0 || len(fr.Log) == 0 || len(fr.Log) > maxLogLines {
		t.Fatalf("the first frame: %d bytes, %d log lines from line %d (reset %v)", len(first), len(fr.Log), fr.LogFrom, fr.LogReset)
	}
	total := fr.LogFrom + len(fr.Log)
	if last := fr.Log[len(fr.Log)-1].Text; !strings.Contains(last, itoa(said-1)+" blah") {
		t.Fatalf("the last line: %.40q", last)
	}
	// the page asks back to the start
	have, asks := fr.LogFrom, 0
	for have > 0 {
		ann.send(message{Type: "history", Before: &have})
		var h struct {
			Type string
			From int
			Log  []logJSON
		}
		json.Unmarshal(ann.next("history"), &h)
		if h.From+len(h.Log) != have || len(h.Log) == 0 || len(h.Log) > maxLogLines {
			t.Fatalf("history before %d: %d lines from %d", have, len(h.Log), h.From)
		}
		have, asks = h.From, asks+1
	}
	if asks < said/maxLogLines {
		t.Fatalf("the whole log in %d requests", asks)
	}
	bad := total + 1
	ann.send(message{Type: "history", Before: &bad})
	if e := ann.errorText(); !strings.Contains(e, "before") {
		t.Fatalf("history past the end: %q", e)
	}
	// the text box's log too
	ann.send(message{Type: "command", Text: "log"})
	var r struct{ Lines []string }
	json.Unmarshal(ann.next("reply"), &r)
	if len(r.Lines) > maxLogLines+1 || !strings.Contains(r.Lines[0], "earlier lines left out") {
		t.Fatalf("log: %d lines, the first %.60q", len(r.Lines), r.Lines[0])
	}
	t.Logf("first frame %d bytes, %d of %d lines; the rest in %d requests", len(first), len(fr.Log), total, asks)
}

// talkativeTable stores a Clubs table of four people at which n lines of
// nearly 4 KB were said (line i begins "i blah"), and returns the
// database and Ann's token.
func talkativeTable(t *testing.T, n int) (db, tok string) {
	db = filepath.Join(t.TempDir(), "web.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	eng, _ := loadGame("clubs")
	tok = newToken()
	err = st.Create(context.Background(), &store.Table{ID: "talk", Created: time.Now(), Script: eng.Script, Hash: eng.Hash,
		Players: 4, Seed: 5, Seats: []string{"ann", "bob", "cat", "dan"}, Watch: hashToken(newToken()),
		Tokens: []string{hashToken(tok), hashToken(newToken()), hashToken(newToken()), hashToken(newToken())}})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("blah ", 780)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ { // at once: the store commits them together
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- st.Append(context.Background(), "talk", i, interp.Decision{Seat: 1 + i%4, Say: true, Text: itoa(i) + " " + long})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return db, tok
}

// TestTypedMoveCarriesItsDecision types a move with the decision it was
// made at: without one, or once the table moved on (the same message
// sent again), it is refused, as a click is.
func TestTypedMoveCarriesItsDecision(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res := clubsTable(f)
	ann := f.join(res.Seats[0].Link)
	fr := ann.until(myTurn(1))
	ann.send(message{Type: "command", Text: fr.Options[0]})
	if e := ann.errorText(); !strings.Contains(e, `needs "at"`) {
		t.Fatalf("a typed move without its decision: %q", e)
	}
	stale := fr.Seq - 1
	ann.send(message{Type: "command", Text: fr.Options[0], At: &stale})
	if e := ann.errorText(); !strings.Contains(e, "moved on") {
		t.Fatalf("a typed move of an earlier decision: %q", e)
	}
	typed := message{Type: "command", Text: strings.ToLower(fr.Options[0]), At: &fr.Seq}
	ann.send(typed)
	ann.until(func(s *stateFrame) bool { return s.Seq > fr.Seq })
	ann.send(typed) // sent again
	if e := ann.errorText(); !strings.Contains(e, "moved on") {
		t.Fatalf("the same typed move again: %q", e)
	}
	// an undo made at an earlier decision (a second click) is refused too
	ann.send(message{Type: "undo", At: &stale})
	if e := ann.errorText(); !strings.Contains(e, "moved on") {
		t.Fatalf("an undo of an earlier decision: %q", e)
	}
	if n := f.stored(res.Table); n < fr.Seq+1 {
		t.Fatalf("%d decisions stored", n)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if got := st.Decisions[fr.Seq].Text; got != fr.Options[0] || len(st.Decisions) > fr.Seq+1 && st.Decisions[fr.Seq+1].Seat == 1 {
		t.Fatalf("stored: %v", st.Decisions[fr.Seq:])
	}
}
