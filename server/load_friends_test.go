package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
)

// The load test's friends' tables (TABLETOP_WEB_LOAD_FRIENDS, a quarter
// of TABLETOP_WEB_LOAD by default): Clubs (short) for two people and a
// bot. The host opens it, the friend claims his seat with the invitation,
// both play random moves and chat now and then (at most a line a second
// each, within the chat's limit), and at the end the host offers a
// rematch, which the friend accepts; then both play the rematch until the
// test stops. It times the claims, the chat (from a line sent to the other
// person's page showing it) and the rematches (from the offer to the new
// table's link on the host's page).

// friendsLoad collects the friends' tables' times.
type friendsLoad struct {
	mu        sync.Mutex
	claims    []time.Duration
	chats     []time.Duration
	rematches []time.Duration
	said      map[string]time.Time // chat lines in flight, by text
	refused   map[string]int       // messages refused, by why
	tables    []*loadTable         // each table and rematch, for checkStored
}

func (fl *friendsLoad) add(list *[]time.Duration, d time.Duration) {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	*list = append(*list, d)
}

// openFriendsTables opens n friends' tables and claims the friends'
// seats.
func (fl *friendsLoad) openFriendsTables(f *fixture, n int) [][2]*loadTable {
	fl.said, fl.refused = map[string]time.Time{}, map[string]int{}
	out := make([][2]*loadTable, n)
	for i := range out {
		code, body := f.post(`{"game":"clubs_short","players":3,"seats":[{"name":"ann"},{"open":true},{"bot":true}]}`, nil)
		res := createdTable(f.t, code, body)
		start := time.Now()
		bob := f.claim(res.Code, 2, "bob")
		fl.add(&fl.claims, time.Since(start))
		out[i] = [2]*loadTable{{id: res.Table, link: res.Seats[0].Link}, {id: res.Table, link: bob.Link}}
		fl.tables = append(fl.tables, out[i][0])
	}
	return out
}

// playFriends is one person at a friends' table until stop: random moves,
// a chat line at most every second, and at the end of the game the
// rematch (the host offers, the friend accepts), whose table he goes on
// at.
func (fl *friendsLoad) playFriends(f *fixture, tb *loadTable, seat int, rng *rand.Rand, stop time.Time) {
	p := f.join(tb.link)
	at, lastChat, offered := -1, time.Time{}, time.Time{}
	for time.Now().Before(stop) {
		var b []byte
		select {
		case b = <-p.raw:
		case <-time.After(time.Until(stop)):
			return
		}
		var head struct{ Type string }
		json.Unmarshal(b, &head)
		switch head.Type {
		case "error":
			var e struct{ Error string }
			json.Unmarshal(b, &e)
			fl.mu.Lock()
			fl.refused[e.Error]++
			fl.mu.Unlock()
			at = -1
			continue
		case "chat":
			fl.heard(b, seat)
			continue
		case "state":
		default:
			continue
		}
		var fr stateFrame
		json.Unmarshal(b, &fr)
		tb.seen = fr.Seq
		if fr.Error != "" {
			return
		}
		if fr.Done {
			r := fr.Friends.Rematch
			switch {
			case r != nil && r.Link != "":
				next := &loadTable{id: r.Table, link: r.Link}
				if seat == 1 {
					fl.add(&fl.rematches, time.Since(offered))
					fl.mu.Lock()
					fl.tables = append(fl.tables, next)
					fl.mu.Unlock()
				}
				p.ws.CloseNow()
				fl.playFriends(f, next, seat, rng, stop)
				return
			case seat == 1 && r == nil && offered.IsZero():
				offered = time.Now()
				p.send(message{Type: "rematch"})
			case seat == 2 && r != nil && len(r.Waiting) > 0 && r.Waiting[0] == 2:
				p.send(message{Type: "rematch_answer", Accept: true})
			}
			continue
		}
		if time.Since(lastChat) > time.Second {
			lastChat = time.Now()
			text := fmt.Sprintf("%s %d %d", tb.id, seat, fr.Seq)
			fl.mu.Lock()
			fl.said[text] = lastChat
			fl.mu.Unlock()
			p.send(message{Type: "chat", Text: text})
		}
		if fr.Turn == seat && len(fr.Options) > 0 && fr.Seq > at {
			at = fr.Seq
			p.send(message{Type: "play", Option: fr.Options[rng.IntN(len(fr.Options))], At: &fr.Seq})
		}
	}
}

// heard times a chat line the other person said, from when it was sent.
func (fl *friendsLoad) heard(b []byte, seat int) {
	var m struct {
		Lines   []chatJSON
		Replace bool
	}
	json.Unmarshal(b, &m)
	if m.Replace {
		return
	}
	for _, l := range m.Lines {
		if l.Seat == seat || !strings.Contains(l.Text, " ") {
			continue
		}
		fl.mu.Lock()
		if at, ok := fl.said[l.Text]; ok {
			fl.chats = append(fl.chats, time.Since(at))
			delete(fl.said, l.Text)
		}
		fl.mu.Unlock()
	}
}

// report says what the friends' tables did.
func (fl *friendsLoad) report() string {
	q := func(l []time.Duration) string {
		lt := loadTimes{latencies: l}
		qs := lt.quantiles()
		return fmt.Sprintf("%d, p50 %v, p99 %v", len(l), qs(.5), qs(.99))
	}
	return fmt.Sprintf("friends' tables: claims %s; chat lines %s; rematches %s; messages refused: %v",
		q(fl.claims), q(fl.chats), q(fl.rematches), fl.refused)
}
