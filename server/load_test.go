package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/store"
)

// leanFrame is the part of a frame the scripted person reads.
type leanFrame struct {
	Seq     int      `json:"seq"`
	Turn    int      `json:"turn"`
	Options []string `json:"options"`
	Done    bool     `json:"done"`
	Error   string   `json:"error"`
}

// TestLoad is the load test, on loopback: TABLETOP_WEB_LOAD=N tables
// (200 is the target) of the five games, each with one scripted person
// and bots at the other seats, on a SQLite file. Each person answers its
// prompts at once with a random legal move, at most 40 times, and the
// whole run stops after 3 minutes (TABLETOP_WEB_LOAD_FOR, a duration). It reports the decisions stored per
// second and the move latency (from sending a move to the frame that
// shows it made, which is sent once it is stored), and checks that no
// decision is lost: after the server stops, the database holds every
// table's game exactly as the server had it, and each replays.
// TABLETOP_WEB_LOAD_BOT_DELAY (a duration, default 0) paces the bots.
func TestLoad(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TABLETOP_WEB_LOAD"))
	if n <= 0 {
		t.Skip("TABLETOP_WEB_LOAD is not set")
	}
	delay, _ := time.ParseDuration(os.Getenv("TABLETOP_WEB_LOAD_BOT_DELAY"))
	limit, err := time.ParseDuration(os.Getenv("TABLETOP_WEB_LOAD_FOR"))
	if err != nil || limit <= 0 {
		limit = 3 * time.Minute
	}
	f := newFixture(t, "", Config{MaxTables: n, BotDelay: delay})
	games := []struct {
		name    string
		players int
	}{{"clubs", 4}, {"cluedo", 4}, {"members_only", 4}, {"andy_capp", 4}, {"das_regeln_wir_schon", 4}}
	type table struct {
		id, link string
		seen     int // the last decision the person saw
	}
	tables := make([]*table, n)
	for i := range tables {
		g := games[i%len(games)]
		seats := []seatRequest{{}}
		for len(seats) < g.players {
			seats = append(seats, seatRequest{Bot: true})
		}
		res := f.create(createRequest{Game: g.name, Players: g.players, Seats: seats, Seed: seed(uint64(1000 + i))})
		tables[i] = &table{id: res.Table, link: res.Seats[0].Link}
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		refused   atomic.Int64
		wg        sync.WaitGroup
	)
	stop := time.Now().Add(limit)
	start := time.Now()
	for i, tb := range tables {
		p := f.join(tb.link)
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			var sent time.Time
			at, moves := -1, 0
			for time.Now().Before(stop) {
				var b []byte
				select {
				case b = <-p.raw:
				case <-time.After(time.Until(stop)):
					return
				}
				var head struct{ Type string }
				json.Unmarshal(b, &head)
				if head.Type == "error" {
					refused.Add(1)
					at = -1 // ask again at the next frame
					continue
				}
				if head.Type != "state" {
					continue
				}
				var fr leanFrame
				json.Unmarshal(b, &fr)
				tb.seen = fr.Seq
				if at >= 0 && fr.Seq > at {
					mu.Lock()
					latencies = append(latencies, time.Since(sent))
					mu.Unlock()
					at = -1
				}
				if fr.Done || fr.Error != "" || moves >= 40 {
					return
				}
				if fr.Turn == 1 && len(fr.Options) > 0 && at < 0 {
					at, sent = fr.Seq, time.Now()
					moves++
					p.send(message{Type: "play", Option: fr.Options[rng.IntN(len(fr.Options))], At: &fr.Seq})
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	// the server's own count once the bots have stopped, then a stop as a
	// crash would do it
	f.srv.stopBots()
	inMemory := map[string][]string{}
	f.srv.mu.Lock()
	for id, tb := range f.srv.tables {
		tb.mu.Lock()
		inMemory[id] = []string{}
		for _, d := range tb.m.Decisions() {
			inMemory[id] = append(inMemory[id], fmt.Sprintf("%d:%v:%s", d.Seat, d.Say, d.Text))
		}
		tb.mu.Unlock()
	}
	f.srv.mu.Unlock()
	f.stop()
	// read the database back as it was left (a server started on it now
	// would let the bots go on)
	db, err := store.Open(context.Background(), f.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	total, lost := 0, 0
	for _, tb := range tables {
		st, err := db.Load(context.Background(), tb.id)
		if err != nil || st == nil {
			t.Fatalf("table %s: %v", tb.id, err)
		}
		total += len(st.Decisions)
		if len(st.Decisions) < tb.seen {
			lost++
			t.Errorf("table %s: the person saw decision %d, the database holds %d", tb.id, tb.seen, len(st.Decisions))
		}
		var stored []string
		for _, d := range st.Decisions {
			stored = append(stored, fmt.Sprintf("%d:%v:%s", d.Seat, d.Say, d.Text))
		}
		played, ok := inMemory[tb.id]
		if !ok && !st.Finished {
			lost++
			t.Errorf("table %s is neither in memory nor finished in the database", tb.id)
		}
		if ok && fmt.Sprint(stored) != fmt.Sprint(played) {
			lost++
			k := min(len(stored), len(played))
			for k > 0 && stored[k-1] != played[k-1] {
				k--
			}
			t.Errorf("table %s: %d decisions stored, %d played; they agree up to %d: stored %q, played %q", tb.id, len(stored), len(played), k, stored[k:], played[k:])
		}
		eng, err := loadGame(st.Script)
		if err == nil {
			var m *interp.Match
			if m, err = eng.ReplayRecord(st.Record()); err == nil {
				m.Close()
			}
		}
		if err != nil {
			t.Errorf("table %s does not replay: %v", tb.id, err)
		}
	}
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	q := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	t.Logf("%d tables, bot delay %v: %d decisions stored in %.1fs = %.0f decisions/s; %d moves by the people, latency p50 %v, p90 %v, p99 %v, max %v; %d messages refused; %d tables lost decisions",
		n, delay, total, elapsed.Seconds(), float64(total)/elapsed.Seconds(), len(latencies), q(.5), q(.9), q(.99), q(1), refused.Load(), lost)
	if p99 := q(.99); p99 > 50*time.Millisecond {
		t.Logf("p99 move latency %v is above the 50 ms target", p99)
	}
}
