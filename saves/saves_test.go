package saves

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
)

func testStore(t *testing.T) Store {
	dir := t.TempDir()
	start := time.Date(2025, 1, 2, 15, 4, 5, 0, time.Local)
	return Store{Dir: filepath.Join(dir, "autosave"), Records: filepath.Join(dir, "games"), Now: func() time.Time { return start }}
}

func record(decisions ...interp.Decision) *interp.Record {
	return &interp.Record{Script: "clubs", Players: 3, Seats: []string{"ann", "bot", "bot:careful"}, Seed: 7,
		Options: map[string]string{}, Decisions: decisions}
}

func mustNew(t *testing.T, s Store, game string) *Autosave {
	t.Helper()
	a, err := s.New(game)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// New names a game by its name and start time, and never takes a name in
// use: locked by another game starting, saved in progress, or finished.
func TestNewNeverReusesAName(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	b := mustNew(t, s, "clubs") // same second, a's file not written yet
	if a.Name() != "clubs-2025-01-02-150405" || b.Name() != "clubs-2025-01-02-150405-2" {
		t.Errorf("names %s and %s", a.Name(), b.Name())
	}
	if err := a.Save(record()); err != nil {
		t.Fatal(err)
	}
	a.Close()
	c := mustNew(t, s, "clubs") // a's file is there, unlocked
	if c.Name() != "clubs-2025-01-02-150405-3" {
		t.Errorf("a name in progress was taken again: %s", c.Name())
	}
	if err := os.WriteFile(filepath.Join(s.Records, "cluedo-2025-01-02-150405.save"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := mustNew(t, s, "/home/me/my games/Cluedo.lua"); d.Name() != "Cluedo-2025-01-02-150405" {
		t.Errorf("name %s", d.Name())
	}
	if d := mustNew(t, s, "cluedo"); d.Name() != "cluedo-2025-01-02-150405-2" {
		t.Errorf("a finished game's name was taken again: %s", d.Name())
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"clubs": "clubs", "/abs/path/members_only.lua": "members_only", "my game!.lua": "my_game", "???": "game", "../x-y": "x-y",
	} {
		if got := FileName(in); got != want {
			t.Errorf("FileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// While one holds a game, nobody else can resume it or write its file;
// closing releases it and leaves no lock file behind.
func TestLocking(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	if err := a.Save(record()); err != nil {
		t.Fatal(err)
	}
	g, err := s.Find("clubs")
	if err != nil {
		t.Fatal(err)
	}
	if !g.InUse {
		t.Error("the listing does not show the game in use")
	}
	if _, err := s.Resume(g); err == nil || !strings.Contains(err.Error(), "open in another tabletop") {
		t.Errorf("resuming a game in use: %v", err)
	}
	if _, err := Open(a.Path()); err == nil || !strings.Contains(err.Error(), "being written by another tabletop") {
		t.Errorf("opening a file in use: %v", err)
	}
	a.Close()
	if exists(lockPath(a.Path())) {
		t.Error("the lock file is left behind")
	}
	r, err := s.Resume(g)
	if err != nil {
		t.Fatalf("resuming a closed game: %v", err)
	}
	r.Close()

	// a lock file left by a process that died locks nothing
	if err := os.WriteFile(lockPath(a.Path()), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Find(g.Name); g.InUse {
		t.Error("a stale lock file counts as in use")
	}
	r, err = s.Resume(g)
	if err != nil {
		t.Fatalf("resuming past a stale lock file: %v", err)
	}
	r.Close()
}

func TestListAndFind(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	a.Save(record())
	a.Close()
	s.Now = func() time.Time { return time.Date(2025, 2, 1, 9, 0, 0, 0, time.Local) }
	b := mustNew(t, s, "cluedo")
	b.Save(record(interp.Decision{Seat: 1, Text: "roll"}))
	b.Close()
	os.Chtimes(a.Path(), time.Now(), time.Now().Add(-time.Hour)) // played before b
	if err := os.WriteFile(filepath.Join(s.Dir, "broken.save"), []byte("not a save"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(filepath.Join(s.Dir, "broken.save"), time.Now(), time.Now().Add(-2*time.Hour))
	games, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range games {
		names = append(names, g.Name)
	}
	if strings.Join(names, " ") != "cluedo-2025-02-01-090000 clubs-2025-01-02-150405 broken" {
		t.Errorf("listed %v: want the latest played first", names)
	}
	if games[0].Record == nil || len(games[0].Record.Decisions) != 1 || games[0].InUse {
		t.Errorf("first game: %+v", games[0])
	}
	if games[2].Err == nil || games[2].Record != nil {
		t.Errorf("an unreadable save should carry its error: %+v", games[2])
	}
	for q, want := range map[string]string{"clubs": "clubs-2025-01-02-150405", "cluedo-2025": "cluedo-2025-02-01-090000", "clubs-2025-01-02-150405.save": "clubs-2025-01-02-150405"} {
		if g, err := s.Find(q); err != nil || g.Name != want {
			t.Errorf("Find(%q) = %s, %v; want %s", q, g.Name, err, want)
		}
	}
	if _, err := s.Find("club"); err == nil {
		t.Error("Find matched a name cut short")
	}
	if games, err := (Store{Dir: filepath.Join(s.Dir, "none")}).List(); err != nil || len(games) != 0 {
		t.Errorf("a missing folder: %v, %v", games, err)
	}
}

// A person's decision is written at once; bots' moves wait for the next
// person's decision, the interval or Close.
func TestBotsMovesWait(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	a.Interval = time.Hour
	saved := func() int {
		t.Helper()
		rec, err := savefile.Load(a.Path())
		if err != nil {
			t.Fatal(err)
		}
		return len(rec.Decisions)
	}
	ann, bot1, bot2 := interp.Decision{Seat: 1, Text: "a"}, interp.Decision{Seat: 2, Text: "b"}, interp.Decision{Seat: 3, Text: "c"}
	steps := []struct {
		rec  *interp.Record
		want int // decisions on disk after Save
	}{
		{record(), 0},
		{record(ann), 1},
		{record(ann, bot1), 1},
		{record(ann, bot1, bot2), 1},
		{record(ann, bot1, bot2, ann), 4},
		{record(ann, bot1, bot2, ann, bot1), 4},
		{record(ann, bot1, bot2), 3}, // undo
		{record(ann, bot1, bot2, interp.Decision{Seat: 2, Text: "hi", Say: true}), 4},
	}
	for i, st := range steps {
		if err := a.Save(st.rec); err != nil {
			t.Fatal(err)
		}
		if got := saved(); got != st.want {
			t.Errorf("step %d: %d decisions on disk, want %d", i+1, got, st.want)
		}
	}
	a.Save(record(ann, bot1, bot2, interp.Decision{Seat: 2, Text: "hi", Say: true}, bot2))
	changed := record(ann, bot1, bot2, interp.Decision{Seat: 2, Text: "hi", Say: true}, bot2, bot1)
	changed.Seats = []string{"ann", "bob", "bot"} // a seat handed to a person
	if a.Save(changed); saved() != 6 {
		t.Errorf("a change of seats waited")
	}
	a.Save(record(ann, bot1, bot2, interp.Decision{Seat: 2, Text: "hi", Say: true}, bot2, bot1, bot2))
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if got := saved(); got != 7 {
		t.Errorf("Close left %d decisions on disk, want 7", got)
	}
	if err := a.Save(record()); err == nil {
		t.Error("Save after Close should fail")
	}
}

func TestBotsMovesAreWrittenWithinTheInterval(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	a.Interval = 10 * time.Millisecond
	a.Save(record(interp.Decision{Seat: 1, Text: "a"}))
	a.Save(record(interp.Decision{Seat: 1, Text: "a"}, interp.Decision{Seat: 2, Text: "b"}))
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		rec, err := savefile.Load(a.Path())
		if err == nil && len(rec.Decisions) == 2 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Error("the bot's move was never written")
}

// A finished game moves to the records; a file of the user's stays.
func TestFinish(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	a.Save(record())
	kept, err := a.Finish(record(interp.Decision{Seat: 1, Text: "a"}))
	if err != nil {
		t.Fatal(err)
	}
	if kept != filepath.Join(s.Records, "clubs-2025-01-02-150405.save") || exists(a.Path()) {
		t.Errorf("kept at %s; autosave still there: %v", kept, exists(a.Path()))
	}
	if rec, err := savefile.Load(kept); err != nil || len(rec.Decisions) != 1 {
		t.Errorf("the record: %v, %v", rec, err)
	}
	if games, _ := s.List(); len(games) != 0 {
		t.Errorf("a finished game is listed in progress: %v", games)
	}

	path := filepath.Join(t.TempDir(), "sub", "mine.save")
	o, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if kept, err := o.Finish(record()); err != nil || kept != path || !exists(path) {
		t.Errorf("a file of the user's: kept at %s, %v", kept, err)
	}
	if _, err := Create(path); err == nil || !strings.Contains(err.Error(), "holds another game") {
		t.Errorf("Create over a saved game: %v", err)
	}
	if o, err := Open(path); err != nil {
		t.Errorf("Open of a saved game: %v", err)
	} else {
		o.Close()
	}
}

func TestLookup(t *testing.T) {
	s := testStore(t)
	a := mustNew(t, s, "clubs")
	a.Save(record())
	if _, err := a.Finish(record()); err != nil {
		t.Fatal(err)
	}
	s.Now = func() time.Time { return time.Date(2025, 3, 1, 0, 0, 0, 0, time.Local) }
	b := mustNew(t, s, "clubs")
	b.Save(record())
	b.Close()
	os.Chtimes(filepath.Join(s.Records, "clubs-2025-01-02-150405.save"), time.Now(), time.Now().Add(-time.Hour))
	for name, want := range map[string]string{
		"clubs-2025-01-02-150405":      filepath.Join(s.Records, "clubs-2025-01-02-150405.save"),
		"clubs-2025-03-01-000000.save": filepath.Join(s.Dir, "clubs-2025-03-01-000000.save"),
		"clubs":                        filepath.Join(s.Dir, "clubs-2025-03-01-000000.save"), // played last
	} {
		if got, ok := s.Lookup(name); !ok || got != want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", name, got, ok, want)
		}
	}
	if got, ok := s.Lookup("club"); ok {
		t.Errorf("Lookup matched a name cut short: %s", got)
	}
}
