package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/store/storetest"
)

// each runs a test on SQLite, and on PostgreSQL when
// TABLETOP_TEST_POSTGRES names a database.
func each(t *testing.T, test func(t *testing.T, s *Store)) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			addr := filepath.Join(t.TempDir(), "t.db")
			if backend == "postgres" {
				if addr = storetest.PostgresURL(t); addr == "" {
					t.Skip("TABLETOP_TEST_POSTGRES is not set")
				}
			}
			s, err := Open(context.Background(), addr)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			test(t, s)
		})
	}
}

// TestRoundTrip stores a table and its decisions, takes some back, and
// reads it all again as written.
func TestRoundTrip(t *testing.T) { each(t, testRoundTrip) }

func testRoundTrip(t *testing.T, s *Store) {
	ctx := context.Background()
	tb := &Table{ID: "t1", Created: time.UnixMilli(1700000000000), Script: "clubs", Hash: "abc", Players: 3,
		Seed: 1<<63 + 5, OpenDeal: true, Shared: 1, Options: map[string]string{"target": "-50"}, Seats: []string{"ann", "bot", "bot:random"},
		Tokens: []string{"h1", "h2", "h3"}, Watch: "hw"}
	if err := s.Create(ctx, tb); err != nil {
		t.Fatal(err)
	}
	ds := []interp.Decision{{Seat: 1, Text: "play 2C"}, {Seat: 2, Text: "hello\nthere", Say: true}, {Seat: 3, Text: "play 3C"}}
	for i, d := range ds {
		if err := s.Append(ctx, "t1", i, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "t1", 1, ds[0]); err == nil {
		t.Fatal("a second decision 2 was stored")
	}
	if err := s.Truncate(ctx, "t1", 2); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	tb.Decisions = ds[:2]
	if !reflect.DeepEqual(got, tb) {
		t.Fatalf("read back\n%+v\nwrote\n%+v", got, tb)
	}
	if id, seat, ok, err := s.Lookup(ctx, "h2"); err != nil || !ok || id != "t1" || seat != 2 {
		t.Fatalf("lookup h2: %s %d %v %v", id, seat, ok, err)
	}
	if _, seat, ok, _ := s.Lookup(ctx, "hw"); !ok || seat != 0 {
		t.Fatalf("the spectators' token opens seat %d", seat)
	}
	if _, _, ok, _ := s.Lookup(ctx, "nope"); ok {
		t.Fatal("an unknown token opens a seat")
	}
	if n, _ := s.CountUnfinished(ctx); n != 1 {
		t.Fatalf("%d unfinished", n)
	}
	if err := s.Finish(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if ts, _ := s.Unfinished(ctx); len(ts) != 0 {
		t.Fatalf("a finished table is listed as unfinished")
	}
}

// TestExpire closes an abandoned table: it is no longer in play, and
// reads back as expired, not finished.
func TestExpire(t *testing.T) { each(t, testExpire) }

func testExpire(t *testing.T, s *Store) {
	ctx := context.Background()
	for _, id := range []string{"a", "b"} {
		tb := &Table{ID: id, Created: time.UnixMilli(1700000000000), Script: "clubs", Players: 3, Seed: 9,
			Seats: []string{"ann", "bot", "bot"}, Tokens: []string{id + "1", id + "2", id + "3"}, Watch: id + "w"}
		if err := s.Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Expire(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.CountUnfinished(ctx); n != 1 {
		t.Fatalf("%d tables in play after one expired, want 1", n)
	}
	if ts, _ := s.Unfinished(ctx); len(ts) != 1 || ts[0].ID != "b" {
		t.Fatalf("in play: %v", ts)
	}
	a, err := s.Load(ctx, "a")
	if err != nil || a == nil || !a.Expired || a.Finished || a.OpenDeal {
		t.Fatalf("the expired table reads back as %+v (%v)", a, err)
	}
}

// TestOlderDatabase opens a database made before tables had open_deal
// and shared: the columns are added, and its tables are neither open
// deals nor shared (they go on asking as they asked).
func TestOlderDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range strings.Split(schema, ";") { // the first schema, without open_deal
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT INTO tabletop_tables (id, created, script, hash, players, seed, options, seats, tokens, watch) VALUES ('t', 1, 'clubs', '', 3, '7', '{}', '["ann","bot","bot"]', '["1","2","3"]', 'w')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tb, err := s.Load(ctx, "t")
	if err != nil || tb == nil || tb.OpenDeal || tb.Shared != 0 || tb.Seed != 7 {
		t.Fatalf("the older table reads back as %+v (%v)", tb, err)
	}
}

func TestPlaceholders(t *testing.T) {
	s := &Store{dialect: "postgres"}
	if got := s.q(`SELECT a FROM b WHERE c = ? AND d >= ?`); got != `SELECT a FROM b WHERE c = $1 AND d >= $2` {
		t.Fatal(got)
	}
	if got := redact("postgres://ann:secret@db.example/tt"); got != "postgres://ann:…@db.example/tt" {
		t.Fatal(got)
	}
}

// TestGroupCommit writes from many goroutines at once: every write is
// committed, each table's in its order.
func TestGroupCommit(t *testing.T) { each(t, testGroupCommit) }

func testGroupCommit(t *testing.T, s *Store) {
	ctx := context.Background()
	const tables, each = 20, 30
	done := make(chan error)
	for k := 0; k < tables; k++ {
		id := string(rune('a' + k))
		if err := s.Create(ctx, &Table{ID: id, Script: "clubs", Players: 3, Tokens: []string{id + "1"}, Watch: id + "w"}); err != nil {
			t.Fatal(err)
		}
		go func() {
			for i := 0; i < each; i++ {
				if err := s.Append(ctx, id, i, interp.Decision{Seat: 1, Text: "move"}); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for k := 0; k < tables; k++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	ts, err := s.Unfinished(ctx)
	if err != nil || len(ts) != tables {
		t.Fatalf("%d tables, %v", len(ts), err)
	}
	for _, tb := range ts {
		if len(tb.Decisions) != each {
			t.Fatalf("table %s: %d decisions", tb.ID, len(tb.Decisions))
		}
	}
}

// TestTakeBack takes decisions back twice: they are gone, the takebacks
// are kept in order, and the table's record has them.
func TestTakeBack(t *testing.T) { each(t, testTakeBack) }

func testTakeBack(t *testing.T, s *Store) {
	ctx := context.Background()
	tb := &Table{ID: "t2", Created: time.UnixMilli(1700000000000), Script: "clubs", Players: 2,
		Options: map[string]string{}, Seats: []string{"ann", "bot"}, Tokens: []string{"k1", "k2"}, Watch: "kw"}
	if err := s.Create(ctx, tb); err != nil {
		t.Fatal(err)
	}
	ds := []interp.Decision{{Seat: 1, Text: "a"}, {Seat: 2, Text: "b"}, {Seat: 1, Text: "c"}, {Seat: 2, Text: "d"}}
	for i, d := range ds {
		if err := s.Append(ctx, "t2", i, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Finish(ctx, "t2"); err != nil {
		t.Fatal(err)
	}
	tbs := []interp.Takeback{{Seat: 1, At: 2, Undone: 2, How: interp.Practice}, {Seat: 1, At: 0, Undone: 2, How: interp.Free}}
	for _, x := range tbs {
		if err := s.TakeBack(ctx, "t2", x); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Load(ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Decisions) != 0 || got.Finished || !reflect.DeepEqual(got.Takebacks, tbs) || !reflect.DeepEqual(got.Record().Takebacks, tbs) {
		t.Fatalf("after the takebacks: %+v", got)
	}
}
