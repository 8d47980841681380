package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
	"github.com/tabletop/tabletop/store"
)

var builtin = interp.Library{Name: "games", FS: games.FS()}

var (
	enginesOnce sync.Once
	engines     []Game
	enginesErr  error
)

// loadGame loads a built-in game as tabletop does.
func loadGame(name string) (*interp.Engine, error) {
	return interp.LoadFrom(interp.Source{Path: name + ".lua", Home: &builtin, Name: name, Libs: []interp.Library{builtin}, Stdlib: stdlib.FS()})
}

// testGames are the built-in games, loaded once for all tests.
func testGames(t testing.TB) []Game {
	enginesOnce.Do(func() {
		for _, n := range games.Names() {
			eng, err := loadGame(n)
			if err != nil {
				enginesErr = err
				return
			}
			engines = append(engines, Game{Name: n, Engine: eng, Variant: games.VariantOf(n)})
		}
	})
	if enginesErr != nil {
		t.Fatal(enginesErr)
	}
	return engines
}

// fixture is a server on a test HTTP server with its store.
type fixture struct {
	t     testing.TB
	db    string
	store *store.Store
	srv   *Server
	http  *httptest.Server

	mu    sync.Mutex
	seeds []uint64 // the secret seeds of the next tables (create)
}

func newFixture(t testing.TB, db string, cfg Config) *fixture {
	t.Helper()
	if db == "" {
		db = filepath.Join(t.TempDir(), "web.db")
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Load = st, loadGame
	if cfg.Games == nil {
		cfg.Games = testGames(t)
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	f := &fixture{t: t, db: db, store: st}
	if cfg.NewSeed == nil {
		cfg.NewSeed = f.nextSeed
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	f.srv, f.http = srv, httptest.NewServer(srv.Handler())
	t.Cleanup(f.stop)
	return f
}

// stop ends the server as a crash would, for what matters: nothing is
// flushed that was not stored already.
func (f *fixture) stop() {
	if f.http == nil {
		return
	}
	f.http.CloseClientConnections()
	f.http.Close()
	f.srv.Close()
	f.store.Close()
	f.http = nil
}

// nextSeed is the seed create was given for the table being created, or
// a random one.
func (f *fixture) nextSeed() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.seeds) == 0 {
		return randomUint64()
	}
	s := f.seeds[0]
	f.seeds = f.seeds[1:]
	return s
}

// create opens a table through the lobby's route. A seed in req at a
// table that is not an open deal is given to the server as the one it
// draws (Config.NewSeed), so that the table is secret but its game known.
func (f *fixture) create(req createRequest) *createResponse {
	f.t.Helper()
	if req.Seed != nil && !req.OpenDeal {
		f.mu.Lock()
		f.seeds = append(f.seeds, *req.Seed)
		f.mu.Unlock()
		req.Seed = nil
	}
	b, _ := json.Marshal(req)
	res, err := http.Post(f.http.URL+"/api/tables", "application/json", bytes.NewReader(b))
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		var e map[string]string
		json.NewDecoder(res.Body).Decode(&e)
		f.t.Fatalf("create: %s: %s", res.Status, e["error"])
	}
	var out createResponse
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		f.t.Fatal(err)
	}
	return &out
}

// player is a WebSocket connection to a table, as a page would hold it.
type player struct {
	t    testing.TB
	ws   *websocket.Conn
	raw  chan []byte
	last *stateFrame
}

func (f *fixture) join(link string) *player {
	f.t.Helper()
	tok := link[strings.LastIndexByte(link, '/')+1:]
	u := "ws" + strings.TrimPrefix(f.http.URL, "http") + "/ws/" + tok
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		f.t.Fatalf("dial %s: %v", link, err)
	}
	ws.SetReadLimit(16 << 20)
	p := &player{t: f.t, ws: ws, raw: make(chan []byte, 100000)}
	go func() {
		defer close(p.raw)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			p.raw <- b
		}
	}()
	f.t.Cleanup(func() { ws.CloseNow() })
	return p
}

// next returns the next message of the given type, skipping others.
func (p *player) next(typ string) []byte {
	p.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case b, ok := <-p.raw:
			if !ok {
				p.t.Fatalf("connection closed while waiting for %s", typ)
			}
			var head struct{ Type string }
			json.Unmarshal(b, &head)
			if head.Type == "state" {
				var f stateFrame
				if err := json.Unmarshal(b, &f); err != nil {
					p.t.Fatal(err)
				}
				p.last = &f
			}
			if head.Type == typ {
				return b
			}
		case <-timeout:
			p.t.Fatalf("no %s message within 20s", typ)
		}
	}
}

func (p *player) state() *stateFrame {
	p.t.Helper()
	p.next("state")
	return p.last
}

func (p *player) send(v any) {
	p.t.Helper()
	b, _ := json.Marshal(v)
	p.sendRaw(b)
}

func (p *player) sendRaw(b []byte) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, b); err != nil {
		p.t.Fatal(err)
	}
}

func (p *player) errorText() string {
	p.t.Helper()
	var e struct{ Error string }
	json.Unmarshal(p.next("error"), &e)
	return e.Error
}
