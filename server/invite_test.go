package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"golang.org/x/time/rate"
)

// request sends a request to the server (a body in JSON, and headers)
// and returns its status and body.
func (f *fixture) request(method, path, body string, header ...map[string]string) (int, string) {
	f.t.Helper()
	req, err := http.NewRequest(method, f.http.URL+path, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range header {
		for k, v := range h {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// invitation reads the table of a join code as its page does.
func (f *fixture) invitation(code string) invitationJSON {
	f.t.Helper()
	status, body := f.request("GET", "/api/join/"+code, "")
	var j invitationJSON
	if status != http.StatusOK || json.Unmarshal([]byte(body), &j) != nil {
		f.t.Fatalf("the invitation %s: %d %s", code, status, body)
	}
	return j
}

// friendsClubs opens Clubs for Ann, the host, in seat 1, with seats 2 and
// 3 left to friends and a bot in seat 4, and claims none of them.
func friendsClubs(f *fixture, public bool) (*createResponse, string) {
	f.t.Helper()
	pub := "false"
	if public {
		pub = "true"
	}
	code, body := f.post(`{"game":"clubs","players":4,"public":`+pub+`,"seats":[{"name":"ann"},{"open":true},{"open":true},{"bot":true}]}`, nil)
	return createdTable(f.t, code, body), body
}

func tokenOf(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }

func whoSits(fr *stateFrame) string {
	if fr.Friends == nil {
		return "no friends"
	}
	var who []string
	for _, s := range fr.Friends.Seats {
		who = append(who, s.Who)
	}
	return strings.Join(who, " ")
}

// TestInvitation opens a table whose friends claim their seats with its
// join code: the host gets his own seat's token and a host token, no
// other; nothing of the game is shown until every seat is taken; a seat
// is claimed once; the host gives the last seat to a bot and the game
// begins; no page ever gets another person's token.
func TestInvitation(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, body := friendsClubs(f, false)
	if res.Seats[0].Link == "" || res.Seats[1].Link != "" || !res.Seats[1].Open || !res.Seats[2].Open || res.Seats[3].Bot == "" ||
		len(res.Code) != codeLen || res.Join != "/join/"+res.Code || res.Host == "" {
		t.Fatalf("the host's answer: %s", body)
	}
	if n := strings.Count(body, "/play/"); n != 1 {
		t.Fatalf("the host is given %d seats' links: %s", n, body)
	}
	// the host's seat is a person's: a name that makes it a bot's is not one
	if code, body := f.post(`{"game":"clubs","players":4,"seats":[{"name":"ann=bot","host":true},{"open":true},{"bot":true},{"bot":true}]}`, nil); code != http.StatusBadRequest {
		t.Fatalf("the host in a bot's seat: %d %s", code, body)
	}
	ann := f.join(res.Seats[0].Link)
	fa := ann.state()
	if fa.Friends == nil || fa.Friends.Started || fa.Friends.Code != res.Code || whoSits(fa) != "person free free bot" {
		t.Fatalf("Ann's first frame: %+v", fa.Friends)
	}
	if len(fa.Zones) != 0 || len(fa.Options) != 0 || len(fa.Log) != 0 || fa.Turn != 0 {
		t.Fatalf("before the game begins Ann is shown some of it: zones %v, options %v, log %v, turn %d", fa.Zones, fa.Options, fa.Log, fa.Turn)
	}
	for _, cmd := range []string{"view", "legal", "play 2C", "undo"} {
		ann.send(message{Type: "command", Text: cmd})
		if e := ann.errorText(); !strings.Contains(e, "every seat is taken") {
			t.Fatalf("%s before the game begins: %q", cmd, e)
		}
	}
	// the invitation as typed: lower case, with a dash
	typed := strings.ToLower(res.Code[:4] + "-" + res.Code[4:])
	if inv := f.invitation(typed); inv.Started || len(inv.Seats) != 4 || inv.Seats[1].Who != "free" || inv.Seats[0].Label != "Ann" || inv.Watch != "/watch/"+res.Code {
		t.Fatalf("the invitation: %+v", inv)
	}
	bob := f.claim(res.Code, 2, "bob")
	if bob.Seat != 2 || bob.Label != "Bob" || bob.Link != "/play/"+bob.Token {
		t.Fatalf("Bob's claim: %+v", bob)
	}
	for _, c := range []struct {
		body string
		want int
	}{
		{`{"seat":2,"name":"carl"}`, http.StatusConflict},   // taken
		{`{"seat":3,"name":"Ann"}`, http.StatusBadRequest},  // Ann's name
		{`{"seat":3,"name":"a b"}`, http.StatusBadRequest},  // not a word
		{`{"seat":9,"name":"carl"}`, http.StatusBadRequest}, // no such seat
		{`{"seat":4,"name":"carl"}`, http.StatusConflict},   // the bot's
		{`{"seat":3,"name":"carl","x":1}`, http.StatusBadRequest},
		{`{"seat":3,"name":"carl=bot"}`, http.StatusBadRequest}, // a bot's seat, whose hand the token would show
		{`{"seat":3,"name":"bot:random"}`, http.StatusBadRequest},
	} {
		if status, body := f.request("POST", "/api/join/"+res.Code, c.body); status != c.want {
			t.Errorf("claim %s: %d %s, want %d", c.body, status, body, c.want)
		}
	}
	ann.until(func(fr *stateFrame) bool {
		return whoSits(fr) == "person person free bot" && fr.Seats[1].Label == "Bob"
	})
	bp := f.join(bob.Link)
	w := f.join("/watch/" + strings.ToLower(res.Code))
	if fw := w.state(); fw.Seat != 0 || fw.Friends.Code != "" {
		t.Fatalf("a spectator by the code: seat %d, given the code %q", fw.Seat, fw.Friends.Code)
	}
	// the host's powers: his token only
	ann.send(message{Type: "host", Host: bob.Token, Do: "bot", Seat: 3})
	if e := ann.errorText(); !strings.Contains(e, "only the table's host") {
		t.Fatalf("Bob's token as the host's: %q", e)
	}
	bp.send(message{Type: "host", Host: res.Host, Do: "bot", Seat: 3, Bot: "random"})
	fb := bp.until(func(fr *stateFrame) bool { return fr.Friends.Started && fr.Turn > 0 })
	if len(handOf(fb, 2)) == 0 || whoSits(fb) != "person person bot bot" || fb.Seats[2].Bot != "random" {
		t.Fatalf("the game begins: Bob sees %v, seats %s", handOf(fb, 2), whoSits(fb))
	}
	fa = ann.until(func(fr *stateFrame) bool { return fr.Friends.Started })
	if len(handOf(fa, 1)) == 0 || len(handOf(fa, 2)) != 0 {
		t.Fatalf("Ann's hand %v, Bob's as she sees it %v", handOf(fa, 1), handOf(fa, 2))
	}
	if status, body := f.request("POST", "/api/join/"+res.Code, `{"seat":3,"name":"carl"}`); status != http.StatusConflict || !strings.Contains(body, "begun") {
		t.Fatalf("a claim once the game has begun: %d %s", status, body)
	}
	ann.send(message{Type: "host", Host: res.Host, Do: "free", Seat: 2})
	if e := ann.errorText(); !strings.Contains(e, "begun") {
		t.Fatalf("the host frees a seat once the game has begun: %q", e)
	}
	st, _ := f.store.Load(context.Background(), res.Table)
	if strings.Join(st.Seats, " ") != "ann bob bot:random bot" || st.Shared != 1 {
		t.Fatalf("stored seats %v, shared %d", st.Seats, st.Shared)
	}
	// nobody's token reaches another page
	for _, c := range []struct {
		who      string
		p        *player
		mustNots []string
	}{
		{"Ann", ann, []string{bob.Token, hashToken(bob.Token)}},
		{"the spectator", w, []string{bob.Token, tokenOf(res.Seats[0].Link), res.Host, hashToken(bob.Token)}},
		{"Bob", bp, []string{tokenOf(res.Seats[0].Link), res.Host, hashToken(res.Host)}},
	} {
		got := c.p.received()
		for _, tok := range c.mustNots {
			if strings.Contains(got, tok) {
				t.Errorf("%s was sent another's token %.8s…", c.who, tok)
			}
		}
	}
}

// TestFreedSeat frees a claimed seat before the game begins: its page
// watches from then on and its token opens nothing; whoever claims it next
// sees the game from its beginning, and the first holder had seen none.
func TestFreedSeat(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	code, body := f.post(`{"game":"clubs_short","players":3,"seats":[{"name":"ann","host":true},{"open":true},{"open":true}]}`, nil)
	res := createdTable(t, code, body)
	bob := f.claim(res.Code, 0, "bob") // the first free seat
	if bob.Seat != 2 {
		t.Fatalf("the first free seat is %d", bob.Seat)
	}
	bp := f.join(bob.Link)
	bp.until(func(fr *stateFrame) bool { return fr.Seat == 2 })
	ann := f.join(res.Seats[0].Link)
	ann.send(message{Type: "host", Host: res.Host, Do: "free", Seat: 2})
	fb := bp.until(func(fr *stateFrame) bool { return fr.Seat == 0 })
	if fb.Friends.Unseated == "" || fb.Friends.Code != "" {
		t.Fatalf("Bob's page after his seat was freed: %+v", fb.Friends)
	}
	if status, _ := f.request("GET", bob.Link, ""); status != http.StatusForbidden {
		t.Fatalf("Bob's link after his seat was freed: %d", status)
	}
	// a person leaves his seat himself
	carl := f.claim(res.Code, 2, "carl")
	cp := f.join(carl.Link)
	cp.until(func(fr *stateFrame) bool { return fr.Seat == 2 })
	cp.send(message{Type: "leave_seat"})
	cp.until(func(fr *stateFrame) bool { return fr.Seat == 0 && fr.Friends.Unseated != "" })
	dan := f.claim(res.Code, 2, "dan")
	dp := f.join(dan.Link)
	f.claim(res.Code, 3, "eve")
	fd := dp.until(func(fr *stateFrame) bool { return fr.Friends.Started })
	if len(handOf(fd, 2)) == 0 || fd.Seats[1].Label != "Dan" || fd.LogFrom != 0 {
		t.Fatalf("Dan's seat: hand %v, label %s", handOf(fd, 2), fd.Seats[1].Label)
	}
	for _, p := range []*player{bp, cp} {
		for _, line := range strings.Split(p.received(), "\n") {
			var fr stateFrame
			if json.Unmarshal([]byte(line), &fr) == nil && fr.Type == "state" && fr.Seat == 2 && (len(fr.Zones) > 0 || len(fr.Log) > 0) {
				t.Fatalf("a first holder of seat 2 was shown the game: %s", line)
			}
		}
	}
}

// TestGatheringRestart stops the server while a table's seats are being
// taken: started again, its claims and its code hold.
func TestGatheringRestart(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, _ := friendsClubs(f, true)
	bob := f.claim(res.Code, 2, "bob")
	f.stop()
	g := newFixture(t, f.db, Config{Rate: rate.Inf})
	if inv := g.invitation(res.Code); inv.Started || inv.Seats[1].Label != "Bob" || inv.Seats[1].Who != "person" || inv.Seats[2].Who != "free" || !inv.Public {
		t.Fatalf("after a restart: %+v", inv)
	}
	g.claim(res.Code, 3, "carl")
	fb := g.join(bob.Link).until(func(fr *stateFrame) bool { return fr.Friends.Started })
	if len(handOf(fb, 2)) == 0 {
		t.Fatal("Bob's seat has no hand once the game began")
	}
}

// TestWrongCodes answers a wrong code with 404, and a client past its
// wrong codes with 429, even for a right one.
func TestWrongCodes(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	res, _ := friendsClubs(f, false)
	if status, _ := f.request("GET", "/api/join/ZZZZ2222", ""); status != http.StatusNotFound {
		t.Fatalf("a wrong code: %d", status)
	}
	for i := 0; i < missBurst; i++ {
		f.request("GET", "/api/join/ZZZZ2222", "")
	}
	if status, _ := f.request("GET", "/api/join/"+res.Code, ""); status != http.StatusTooManyRequests {
		t.Fatalf("a right code after %d wrong ones: %d", missBurst+1, status)
	}
	if status, _ := f.request("GET", "/watch/"+res.Code, ""); status != http.StatusForbidden {
		t.Fatalf("watching by a right code after %d wrong ones: %d", missBurst+1, status)
	}
}

// TestOpenTablesAndMine lists the public tables with free seats in the
// lobby, and the state of a browser's tables by its tokens.
func TestOpenTablesAndMine(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf})
	pub, _ := friendsClubs(f, true)
	friendsClubs(f, false)
	list := func() []openTableJSON {
		t.Helper()
		_, body := f.request("GET", "/api/open", "")
		var out []openTableJSON
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(body)
		}
		return out
	}
	if l := list(); len(l) != 1 || l[0].Code != pub.Code || l[0].Free != 2 || strings.Join(l[0].Seated, ",") != "Ann" || l[0].Game != "clubs" {
		t.Fatalf("the open tables: %+v", l)
	}
	bob := f.claim(pub.Code, 2, "bob")
	ann := f.join(pub.Seats[0].Link)
	ann.state()
	ann.send(message{Type: "host", Host: pub.Host, Do: "private"})
	ann.until(func(fr *stateFrame) bool { return !fr.Friends.Public })
	if l := list(); len(l) != 0 {
		t.Fatalf("a private table is listed: %+v", l)
	}
	ann.send(message{Type: "host", Host: pub.Host, Do: "public"})
	ann.until(func(fr *stateFrame) bool { return fr.Friends.Public })
	f.claim(pub.Code, 3, "carl")
	if l := list(); len(l) != 0 {
		t.Fatalf("a table without free seats is listed: %+v", l)
	}
	b, _ := json.Marshal(mineRequest{Tokens: []string{tokenOf(pub.Seats[0].Link), bob.Token, strings.Repeat("x", 43)}})
	_, body := f.request("POST", "/api/mine", string(b))
	var mine struct{ Seats []mineJSON }
	json.Unmarshal([]byte(body), &mine)
	if len(mine.Seats) != 3 || !mine.Seats[0].OK || mine.Seats[0].Label != "Ann" || !mine.Seats[0].Started || mine.Seats[0].Code != pub.Code ||
		!mine.Seats[1].OK || mine.Seats[1].Seat != 2 || mine.Seats[2].OK || mine.Seats[0].Waiting == "" {
		t.Fatalf("my tables: %s", body)
	}
	// a finished table, let go of by the server, is read from the store
	res, fin, _ := finishedGame(f)
	fin.ws.CloseNow()
	waitFor(t, "the finished table let go of", func() bool {
		f.srv.mu.Lock()
		defer f.srv.mu.Unlock()
		return f.srv.tables[res.Table] == nil
	})
	b, _ = json.Marshal(mineRequest{Tokens: []string{tokenOf(res.Seats[0].Link)}})
	_, body = f.request("POST", "/api/mine", string(b))
	json.Unmarshal([]byte(body), &mine)
	if !mine.Seats[0].OK || !mine.Seats[0].Done || mine.Seats[0].Title != "Clubs (short)" {
		t.Fatalf("a finished table in my tables: %s", body)
	}
}
