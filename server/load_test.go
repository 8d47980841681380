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

	"golang.org/x/time/rate"

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
	// every person plays from one address here: no limits by address
	f := newFixture(t, "", Config{MaxTables: n, MaxTablesPerClient: -1, ClientConns: -1, ClientRate: rate.Inf, BotDelay: delay})
	tables := openTables(f, n)
	var lt loadTimes
	stop := time.Now().Add(limit)
	start := time.Now()
	var wg sync.WaitGroup
	for i, tb := range tables {
		p := f.join(tb.link)
		wg.Add(1)
		go func() {
			defer wg.Done()
			lt.play(p, tb, rand.New(rand.NewPCG(uint64(i), 7)), stop)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	// the server's own count once the bots have stopped, then a stop as a
	// crash would do it
	f.srv.stopBots()
	inMemory := serverDecisions(f.srv)
	f.stop()
	total, lost := checkStored(t, f.db, tables, inMemory)
	q := lt.quantiles()
	t.Logf("%d tables, bot delay %v: %d decisions stored in %.1fs = %.0f decisions/s; %d moves by the people, latency p50 %v, p90 %v, p99 %v, max %v; %d messages refused; %d tables lost decisions",
		n, delay, total, elapsed.Seconds(), float64(total)/elapsed.Seconds(), len(lt.latencies), q(.5), q(.9), q(.99), q(1), lt.refused.Load(), lost)
	if p99 := q(.99); p99 > 50*time.Millisecond {
		t.Logf("p99 move latency %v is above the 50 ms target", p99)
	}
}

// loadTable is one table of the load test, as its person knows it.
type loadTable struct {
	id, link string
	seen     int // the last decision the person saw
}

// openTables opens n tables of the five games in turn, a person in seat 1
// and bots in the others.
func openTables(f *fixture, n int) []*loadTable {
	games := []struct {
		name    string
		players int
	}{{"clubs", 4}, {"cluedo", 4}, {"members_only", 4}, {"andy_capp", 4}, {"das_regeln_wir_schon", 4}}
	tables := make([]*loadTable, n)
	for i := range tables {
		g := games[i%len(games)]
		seats := []seatRequest{{}}
		for len(seats) < g.players {
			seats = append(seats, seatRequest{Bot: true})
		}
		res := f.create(createRequest{Game: g.name, Players: g.players, Seats: seats, Seed: seed(uint64(1000 + i))})
		tables[i] = &loadTable{id: res.Table, link: res.Seats[0].Link}
	}
	return tables
}

// loadTimes collects the people's move latencies and refused messages.
type loadTimes struct {
	mu        sync.Mutex
	latencies []time.Duration
	refused   atomic.Int64
}

// play is one scripted person at table tb until stop: it answers each
// prompt at once with a random legal move, at most 40 times, and times
// each move from sending it to the frame that shows it made.
func (lt *loadTimes) play(p *player, tb *loadTable, rng *rand.Rand, stop time.Time) {
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
			lt.refused.Add(1)
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
			lt.mu.Lock()
			lt.latencies = append(lt.latencies, time.Since(sent))
			lt.mu.Unlock()
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
}

// quantiles sorts the latencies and returns the function giving the p-th
// quantile (0 when there are none).
func (lt *loadTimes) quantiles() func(p float64) time.Duration {
	l := lt.latencies
	sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
	return func(p float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		return l[min(len(l)-1, int(p*float64(len(l))))]
	}
}

// decisionText writes a decision for comparing games.
func decisionText(d interp.Decision) string { return fmt.Sprintf("%d:%v:%s", d.Seat, d.Say, d.Text) }

// serverDecisions is every table's decisions as the server has them.
func serverDecisions(srv *Server) map[string][]string {
	inMemory := map[string][]string{}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for id, tb := range srv.tables {
		tb.mu.Lock()
		inMemory[id] = []string{}
		for _, d := range tb.m.Decisions() {
			inMemory[id] = append(inMemory[id], decisionText(d))
		}
		tb.mu.Unlock()
	}
	return inMemory
}

// checkStored reads the database back as the server left it (a server
// started on it now would let the bots go on) and checks that each table
// holds what its person saw and what the server played, and replays. It
// returns the decisions stored and the tables that lost some.
func checkStored(t *testing.T, path string, tables []*loadTable, inMemory map[string][]string) (total, lost int) {
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tb := range tables {
		st, err := db.Load(context.Background(), tb.id)
		if err != nil || st == nil {
			t.Fatalf("table %s: %v", tb.id, err)
		}
		total += len(st.Decisions)
		if !sameAsPlayed(t, tb, st, inMemory) {
			lost++
		}
		if err := replays(st); err != nil {
			t.Errorf("table %s does not replay: %v", tb.id, err)
		}
	}
	return total, lost
}

// sameAsPlayed reports whether a stored table holds at least what its
// person saw and exactly what the server played (or is finished, when the
// server no longer held it).
func sameAsPlayed(t *testing.T, tb *loadTable, st *store.Table, inMemory map[string][]string) bool {
	if len(st.Decisions) < tb.seen {
		t.Errorf("table %s: the person saw decision %d, the database holds %d", tb.id, tb.seen, len(st.Decisions))
		return false
	}
	var stored []string
	for _, d := range st.Decisions {
		stored = append(stored, decisionText(d))
	}
	played, ok := inMemory[tb.id]
	if !ok && !st.Finished {
		t.Errorf("table %s is neither in memory nor finished in the database", tb.id)
		return false
	}
	if ok && fmt.Sprint(stored) != fmt.Sprint(played) {
		k := min(len(stored), len(played))
		for k > 0 && stored[k-1] != played[k-1] {
			k--
		}
		t.Errorf("table %s: %d decisions stored, %d played; they agree up to %d: stored %q, played %q", tb.id, len(stored), len(played), k, stored[k:], played[k:])
		return false
	}
	return true
}

// replays replays a stored table's game.
func replays(st *store.Table) error {
	eng, err := loadGame(st.Script)
	if err != nil {
		return err
	}
	m, err := eng.ReplayRecord(st.Record())
	if err == nil {
		m.Close()
	}
	return err
}
