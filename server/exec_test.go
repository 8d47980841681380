package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/tabletop/tabletop/execbot" // bot:exec registered, as in tabletop serve
	"github.com/tabletop/tabletop/store"
)

// A web user never starts a program on the server: bot:exec is refused
// when a table is opened, with what to do instead, even by a server whose
// engines would seat it at the terminal; the lobby does not offer it; a
// stored table that seats one does not run it.
func TestAWebTableNeverStartsAProgram(t *testing.T) {
	dir := t.TempDir()
	touched := filepath.Join(dir, "started")
	exec := "exec:sh -c 'touch " + touched + "'"

	// Engines of their own, allowed programs as the command line allows
	// them: the server refuses on its own account.
	clubs, err := loadGame("clubs")
	if err != nil {
		t.Fatal(err)
	}
	clubs.AllowPrograms()
	st, err := store.Open(context.Background(), filepath.Join(dir, "web.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	var logged []string
	logf := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, fmt.Sprintf(format, a...))
	}
	srv, err := New(context.Background(), Config{Store: st, Games: []Game{{Name: "clubs", Engine: clubs}}, Load: loadGame, Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(srv.Handler())
	defer func() { web.Close(); srv.Close() }()

	for _, seats := range [][]seatRequest{
		{{Name: "ann"}, {Bot: true, Name: exec}, {Bot: true}},
		{{Bot: true, Name: "exec:time=1s:sh -c 'touch " + touched + "'"}, {Name: "ann"}, {Bot: true}},
	} {
		b, _ := json.Marshal(createRequest{Game: "clubs", Players: 3, Seats: seats})
		res, err := http.Post(web.URL+"/api/tables", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]string
		json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(body["error"], "would start a program on the server, which a web table never does") {
			t.Errorf("%s: %v", res.Status, body)
		}
	}

	res, err := http.Get(web.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var list []gameJSON
	json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	for _, g := range list {
		for _, b := range g.Bots {
			if strings.HasPrefix(b, "exec") {
				t.Errorf("the lobby offers %s for %s", b, g.Name)
			}
		}
	}
	if len(list) == 0 {
		t.Fatal("no games in the lobby")
	}

	// A table stored with such a seat (no lobby makes one) comes back
	// without the program: its bot refuses to start it.
	srv.Close()
	web.Close()
	err = st.Create(context.Background(), &store.Table{ID: "planted", Created: time.Now(), Script: clubs.Script, Hash: clubs.Hash,
		Players: 3, Seed: 1, Options: map[string]string{}, Seats: []string{"bot:" + exec, "bot", "bot"}, Tokens: []string{"a", "b", "c"}, Watch: "w"})
	if err != nil {
		t.Fatal(err)
	}
	srv, err = New(context.Background(), Config{Store: st, Games: []Game{{Name: "clubs", Engine: clubs}}, Load: loadGame, Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	web = httptest.NewServer(srv.Handler())
	defer func() { web.Close(); srv.Close() }()
	refused := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Contains(strings.Join(logged, "\n"), "table planted: bot of North: seat 1: bot:"+exec+" would start a program on the server")
	}
	for deadline := time.Now().Add(10 * time.Second); !refused(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the stored table's program was not refused:\n%s", strings.Join(logged, "\n"))
		}
	}
	if _, err := os.Stat(touched); err == nil {
		t.Fatalf("the server started the program")
	}
}
