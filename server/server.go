// Package server puts games on a web table: friends join from their own
// browsers, each through a link of his own, and see only what his seat may
// see.
//
// The server is one more front end of the same engine the REPL drives. A
// Table holds an interp.Match and who plays each seat (seating.Seat, the
// same seat specs as --seats); a move typed in the page is parsed by
// package command, with the same caret errors; what a seat is sent is built
// from Match.View(seat) and Match.LogFor(seat) only (frame.go), never from
// the match itself. Bots play their seats on the server.
//
// Every table is kept in a store.Store: its setup when it is created, and
// every decision, committed before anyone is told of it. New reloads the
// unfinished tables by replaying their decisions, so a server killed and
// started again goes on where it stopped.
//
// HTTP routes (Handler):
//
//	GET  /                the lobby: games, variants, a form for a new table
//	GET  /static/FILE     the embedded client (package web); nothing else
//	GET  /api/games       the games as JSON
//	POST /api/tables      create a table: one link per seat, one to watch
//	                      (JSON, from a page of this site only: fair.go)
//	GET  /play/TOKEN      a seat's page; /watch/TOKEN a spectator's
//	GET  /ws/TOKEN        the WebSocket of a seat or spectator (conn.go)
//	GET  /save/TOKEN      a finished table as a save file (tabletop replay)
//	GET  /join/CODE       a table's invitation; /api/join/CODE its seats,
//	                      POST /api/join/CODE claims one; GET /api/open the
//	                      public tables with free seats; POST /api/mine the
//	                      state of a browser's tables (invite.go)
//
// A wrong or missing token gets 403 on every route that takes one.
//
// What the server does so that nobody gets more out of a table than its
// rules give — secret seeds, bots' budgets, requests from other sites,
// tables per client and abandoned tables — is in fair.go; what it does for
// the people at a table beside the game — invitations, chat, the turn's
// clock, absent seats, rematches, who watches — in friends.go.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/server/web"
	"github.com/tabletop/tabletop/store"
)

// Game is a game offered in the lobby.
type Game struct {
	// Name is how the lobby and the store name it: a built-in game's name
	// ("clubs") or the script's path as given on the command line.
	Name   string
	Engine *interp.Engine
	// Variant is the game this one changes ("clubs" for "clubs_short"),
	// or "".
	Variant string
}

// Config is what a server needs.
type Config struct {
	Store *store.Store
	Games []Game
	// Load loads the game a stored table names (interp.Engine.Script):
	// needed to resume tables of games the lobby no longer lists.
	Load func(script string) (*interp.Engine, error)
	// MaxTables bounds the unfinished tables (0: 100).
	MaxTables int
	// MaxTablesPerClient bounds the unfinished tables opened from one
	// client address (an IPv6 /64) (0: 10; negative: no bound).
	MaxTablesPerClient int
	// TrustProxy takes a client's address from the X-Forwarded-For header
	// a reverse proxy adds (its last address) instead of the connection's.
	TrustProxy bool
	// Origins are the origins, besides the server's own (the Host of each
	// request), whose pages may open tables and seats' connections:
	// "https://games.example.com" behind a proxy that does not pass the
	// Host on.
	Origins []string
	// Expire closes a table nobody has played at nor had open for so long
	// (0: 72 hours; negative: never).
	Expire time.Duration
	// BotBudget is the longest a bot may think over one decision: a seat
	// asking for more (bot:search:1h) is refused and every decision is cut
	// short at it (0: 5s). BotIterations bounds the iterations a search
	// bot may be asked for per decision (0: 5000).
	BotBudget     time.Duration
	BotIterations int
	// NewSeed draws the seed of a table whose creator chose none (nil: 64
	// random bits). Tests set it to play a known game.
	NewSeed func() uint64
	// BotDelay is the pause before each bot decision, so that people can
	// follow the bots' play (0: none).
	BotDelay time.Duration
	// Rate and Burst limit the messages of one seat, all its
	// connections together, and of each spectator's connection (0: 20 a
	// second, bursts of 40); ClientRate and ClientBurst those of one
	// client address (0: three times as many). Opening a connection
	// counts as a message (limits.go).
	Rate        rate.Limit
	Burst       int
	ClientRate  rate.Limit
	ClientBurst int
	// SeatConns bounds the connections open on one seat (0: 4),
	// WatchConns those of a table's spectators (0: 64) and ClientConns
	// those from one client address (0: 32); negative: no bound.
	SeatConns, WatchConns, ClientConns int
	// Hosts are the names the server answers to (the Host header),
	// besides IP addresses, localhost and the hosts of Origins: a request
	// for any other name is refused (guard.go).
	Hosts []string
	// ChatRate and ChatBurst limit the chat lines of one seat, or of the
	// spectators of one client address (0: one a second, bursts of 5):
	// a line said is a message too, of the budgets above (chat.go).
	ChatRate  rate.Limit
	ChatBurst int
	// AwayAfter is how long a person's seat must have had no page open
	// before the others may give it to a bot (0: 3 minutes; negative:
	// never).
	AwayAfter time.Duration
	// Logf logs what the server does (nil: the standard logger).
	Logf func(format string, a ...any)
}

// Server is a web table server.
type Server struct {
	cfg    Config
	games  map[string]*Game
	order  []string
	mux    *http.ServeMux
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	tables map[string]*Table
	tokens map[string]seatRef // token hash → table and seat
	wg     sync.WaitGroup     // bot runners and expireLoop
	// creating is held while a table is created: its checks of the
	// limits and its creation are one step.
	creating sync.Mutex
	// bots shares all cores but one between the tables' bots (bots.go);
	// people counts the people's messages being handled, which bots let
	// go first.
	bots   *botPool
	people atomic.Int64
	// limits counts connections and messages by seat and client;
	// hosts are the names the server answers to (guard.go).
	limits *limits
	hosts  map[string]bool
	// invites are the tables' join codes (invite.go).
	invites invitations
}

// seatRef is what a token opens: a table's seat, or 0 to watch.
type seatRef struct {
	table string
	seat  int
}

// New makes a server and resumes the unfinished tables of its store. A
// table that cannot be resumed (its script is gone, or no longer fits its
// decisions) is reported and shown to its players as broken.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 100
	}
	if cfg.Rate == 0 {
		cfg.Rate, cfg.Burst = 20, 40
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 1
	}
	if cfg.ClientRate == 0 {
		cfg.ClientRate, cfg.ClientBurst = 3*cfg.Rate, 3*cfg.Burst
	}
	cfg.ClientBurst = max(cfg.ClientBurst, 1)
	cfg.SeatConns = orDefault(cfg.SeatConns, defaultSeatConns)
	cfg.WatchConns = orDefault(cfg.WatchConns, defaultWatchConns)
	cfg.ClientConns = orDefault(cfg.ClientConns, defaultClientConns)
	if cfg.ChatRate == 0 {
		cfg.ChatRate, cfg.ChatBurst = 1, 5
	}
	if cfg.ChatBurst <= 0 {
		cfg.ChatBurst = 1
	}
	if cfg.AwayAfter == 0 {
		cfg.AwayAfter = defaultAwayAfter
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.MaxTablesPerClient == 0 {
		cfg.MaxTablesPerClient = defaultMaxTablesPerClient
	}
	if cfg.Expire == 0 {
		cfg.Expire = defaultExpire
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = defaultBotBudget
	}
	if cfg.BotIterations <= 0 {
		cfg.BotIterations = defaultBotIterations
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = randomUint64
	}
	origins, err := checkOrigins(cfg.Origins)
	if err != nil {
		return nil, err
	}
	cfg.Origins = origins
	hosts, err := checkHosts(cfg.Hosts, origins)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, games: map[string]*Game{}, tables: map[string]*Table{}, tokens: map[string]seatRef{},
		bots: newBotPool(runtime.GOMAXPROCS(0) - 1), limits: newLimits(cfg), hosts: hosts}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	for i := range cfg.Games {
		g := &cfg.Games[i]
		s.games[g.Name] = g
		s.order = append(s.order, g.Name)
	}
	stored, err := cfg.Store.Unfinished(ctx)
	if err != nil {
		return nil, err
	}
	for _, st := range stored {
		t := s.restore(st)
		s.add(t, st.Tokens, st.Watch)
	}
	s.routes()
	for _, t := range s.tables {
		t.kick()
	}
	if cfg.Expire > 0 {
		s.wg.Add(1)
		go s.expireLoop()
	}
	return s, nil
}

// Close stops the bots (a bot thinking stops at once, choosing nothing)
// and closes every table's match. It does not close the store.
func (s *Server) Close() {
	s.stopBots()
	for _, t := range s.tableList() {
		t.close()
	}
	s.wg.Wait()
}

// tableList is the tables held now.
func (s *Server) tableList() []*Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	tables := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	return tables
}

// stopBots stops the bot runners and the expiry of tables, and waits for
// them: no decision is made after it returns but by a person.
func (s *Server) stopBots() {
	s.cancel()
	s.wg.Wait()
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.page("index.html"))
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", web.Static()))
	s.mux.HandleFunc("GET /api/games", s.listGames)
	s.mux.HandleFunc("POST /api/tables", s.createTable)
	s.mux.HandleFunc("GET /play/{token}", s.tablePage)
	s.mux.HandleFunc("GET /watch/{token}", s.tablePage)
	s.mux.HandleFunc("GET /ws/{token}", s.serveWS)
	s.mux.HandleFunc("GET /save/{token}", s.download)
	s.friendRoutes()
	// a path of theirs with no token, or more than a token (TOKEN/):
	// the same 403 as a wrong token
	for _, p := range []string{"/play", "/watch", "/ws", "/save", "/join", "/api/join"} {
		s.mux.HandleFunc("GET "+p, func(w http.ResponseWriter, r *http.Request) { forbidden(w) })
		s.mux.HandleFunc("GET "+p+"/", func(w http.ResponseWriter, r *http.Request) { forbidden(w) })
	}
}

// page serves one of the embedded pages.
func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := web.Page(name)
		if err != nil {
			http.Error(w, "page not found", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Write(b)
	}
}

// tablePage serves the table page to a valid token, 403 to any other.
func (s *Server) tablePage(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := s.open(r); !ok {
		forbidden(w)
		return
	}
	s.page("table.html")(w, r)
}

func forbidden(w http.ResponseWriter) {
	http.Error(w, "This link does not open any seat: check that it was copied whole.", http.StatusForbidden)
}

// hashToken is how tokens are kept: the server never stores a token
// itself, so a copy of the database opens no seat.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// newToken is a seat's credential: 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// open finds the table and seat a request's token opens; a table's join
// code opens it to watch.
func (s *Server) open(r *http.Request) (*Table, int, bool) {
	tok := r.PathValue("token")
	if code := normalCode(tok); code != "" && len(tok) == codeLen {
		t, err := s.tableByCode(r.Context(), code, s.clientOf(r))
		return t, 0, err == nil
	}
	if len(tok) < 20 || len(tok) > 100 {
		return nil, 0, false
	}
	h := hashToken(tok)
	s.mu.Lock()
	ref, ok := s.tokens[h]
	var t *Table
	if ok {
		t = s.tables[ref.table]
	}
	s.mu.Unlock()
	if t != nil {
		return t, ref.seat, true
	}
	// A finished table is not kept in memory: read it back.
	id, seat, found, err := s.cfg.Store.Lookup(r.Context(), h)
	if err != nil || !found {
		return nil, 0, false
	}
	st, err := s.cfg.Store.Load(r.Context(), id)
	if err != nil || st == nil {
		return nil, 0, false
	}
	t = s.restore(st)
	t = s.add(t, st.Tokens, st.Watch)
	return t, seat, true
}

// add registers a table and its tokens, unless one with its ID is there
// already (then that one is returned).
func (s *Server) add(t *Table, tokens []string, watch string) *Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.tables[t.id]; ok {
		t.close()
		return old
	}
	s.tables[t.id] = t
	t.hashes = nil
	for i, h := range tokens {
		if h != "" { // a free seat, or a bot's
			s.tokens[h] = seatRef{t.id, i + 1}
			t.hashes = append(t.hashes, h)
		}
	}
	s.tokens[watch] = seatRef{t.id, 0}
	t.hashes = append(t.hashes, watch)
	return t
}

// evict lets go of a finished table nobody looks at; opening one of its
// links reads it back from the store.
func (s *Server) evict(t *Table) {
	s.mu.Lock()
	if s.tables[t.id] == t {
		delete(s.tables, t.id)
		for _, h := range t.hashes {
			delete(s.tokens, h)
		}
	}
	s.mu.Unlock()
	s.dropCode(t.code())
	t.close()
}

// gameJSON describes a game for the lobby.
type gameJSON struct {
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	About      string       `json:"about"`
	Variant    string       `json:"variant,omitempty"`
	MinPlayers int          `json:"min_players"`
	MaxPlayers int          `json:"max_players"`
	Players    int          `json:"players"`
	Options    []optionJSON `json:"options"`
	Bots       []string     `json:"bots"`
	Seats      []string     `json:"seats"`
}

// optionJSON is a game option as the lobby offers it: a select of its
// choices, a number input within its bounds, a checkbox, a text input.
type optionJSON struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Kind    string   `json:"kind"` // number, boolean, choice or text
	Help    string   `json:"help"`
	Values  string   `json:"values"` // in words: "a whole number from 1 to 100"
	Choices []string `json:"choices,omitempty"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Integer bool     `json:"integer,omitempty"`
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	out := []gameJSON{}
	for _, name := range s.order {
		g := s.games[name]
		info := g.Engine.Info
		j := gameJSON{Name: g.Name, Title: info.Title, About: info.About, Variant: g.Variant,
			MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, Players: info.UsualPlayers(),
			Bots: g.Engine.BotNames(), Options: []optionJSON{}}
		for _, o := range info.Options {
			j.Options = append(j.Options, optionJSON{o.Name, o.Default, o.Kind, o.Help, o.Values(), o.Choices, o.Min, o.Max, o.Integer})
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// createRequest is the lobby's form for a new table.
type createRequest struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options map[string]string `json:"options"`
	// Seats say who plays each seat: a person (with an optional name) or
	// a bot (with an optional bot name).
	Seats []seatRequest `json:"seats"`
	// Seed is chosen only for an open deal, whose seed every seat is
	// shown; any other table's is drawn by the server and kept secret
	// until the game is over.
	Seed     *uint64 `json:"seed"`
	OpenDeal bool    `json:"open_deal"`
	// Public lists the table in the lobby while it has free seats.
	Public bool `json:"public"`
}

type seatRequest struct {
	Bot  bool   `json:"bot"`
	Name string `json:"name"` // a person's name, or the bot's
	// Host marks the seat of the table's creator (by default the first
	// person's seat not marked Open); Open a seat a friend claims with
	// the invitation (every other person's seat), Name then being the
	// name it shows until he gives his.
	Host bool `json:"host"`
	Open bool `json:"open"`
}

// createResponse gives the links of a new table: its invitation, the
// host's seat and host token, the spectators' link. The other seats'
// links go to the friends who claim them (invite.go), not to the host.
type createResponse struct {
	Table string     `json:"table"`
	Title string     `json:"title"`
	Seats []seatLink `json:"seats"`
	Watch string     `json:"watch"`
	// Code is the table's join code and Join its invitation's link;
	// Host the host's token (his power to seat bots and free seats
	// until the game begins).
	Code   string `json:"code"`
	Join   string `json:"join"`
	Host   string `json:"host"`
	Public bool   `json:"public,omitempty"`
	// OpenDeal and Seed are given for an open deal only.
	OpenDeal bool   `json:"open_deal,omitempty"`
	Seed     string `json:"seed,omitempty"`
}

type seatLink struct {
	Seat  int    `json:"seat"`
	Label string `json:"label"`
	Bot   string `json:"bot,omitempty"`
	Link  string `json:"link,omitempty"` // the host's own seat only
	Open  bool   `json:"open,omitempty"` // a friend claims it
}

// readRequest reads the JSON body of a POST from a page into v, a
// description of what it is (what): from a page of this site, within the
// address's budget, in JSON of at most limit bytes with no unknown field.
// It answers the request itself (403, 429, 415 or 400) and returns false
// when any of that fails.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request, limit int64, what string, v any) bool {
	if err := s.checkOrigin(r); err != nil {
		writeError(w, http.StatusForbidden, err.Error())
		return false
	}
	if !s.spend(w, r, 1) {
		return false
	}
	if !isJSON(r) {
		writeError(w, http.StatusUnsupportedMediaType, what+" is sent in JSON (Content-Type: application/json)")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "the request is not "+what+": "+err.Error())
		return false
	}
	return true
}

// maxCreateBody bounds the lobby's request.
const maxCreateBody = 16 << 10

func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !s.readRequest(w, r, maxCreateBody, "a table's description", &req) {
		return
	}
	res, code, err := s.create(r.Context(), req, s.clientOf(r))
	if err != nil {
		writeError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, res)
}

// Create sets up a new table; the links in the result are paths
// (/play/TOKEN), which the page completes with its own address.
func (s *Server) Create(ctx context.Context, req createRequest) (*createResponse, int, error) {
	return s.create(ctx, req, "")
}

// create sets up a new table for client ("": no client to count).
func (s *Server) create(ctx context.Context, req createRequest, client string) (*createResponse, int, error) {
	g, ok := s.games[req.Game]
	if !ok {
		return nil, http.StatusBadRequest, fmt.Errorf("no game called %q here", req.Game)
	}
	eng := g.Engine
	tc, err := tableConfig(eng, req)
	if err == nil {
		err = s.botSeats(eng, tc.seats)
	}
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	sg, err := seatPlanOf(req, tc)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	s.creating.Lock()
	defer s.creating.Unlock()
	if !tc.chosen {
		tc.seed = s.cfg.NewSeed()
	}
	if code, err := s.room(ctx, client); err != nil {
		return nil, code, err
	}
	tokens, hashes := make([]string, tc.players), make([]string, tc.players)
	if sg.host > 0 {
		tokens[sg.host-1] = newToken()
		hashes[sg.host-1] = hashToken(tokens[sg.host-1])
	}
	watch, host := newToken(), newToken()
	o, code, err := s.openTable(ctx, &opening{eng: eng, tc: tc, tokens: hashes, watch: hashToken(watch), host: hashToken(host),
		public: req.Public, openDeal: req.OpenDeal, client: client})
	if err != nil {
		return nil, code, err
	}
	res := &createResponse{Table: o.id, Title: eng.Info.Title, Watch: "/watch/" + watch, Code: o.code,
		Join: "/join/" + o.code, Host: host, Public: req.Public}
	if req.OpenDeal {
		res.OpenDeal, res.Seed = true, strconv.FormatUint(tc.seed, 10)
	}
	for i, seat := range tc.seats {
		l := seatLink{Seat: i + 1, Label: o.labels[i], Open: sg.open[i]}
		switch {
		case !seat.Human:
			l.Bot = seat.BotName(eng)
		case tokens[i] != "":
			l.Link = "/play/" + tokens[i]
		}
		res.Seats = append(res.Seats, l)
	}
	return res, http.StatusCreated, nil
}

// newTableConfig is what a request to open a table asks for, checked.
type newTableConfig struct {
	players int
	specs   []string // each seat as --seats writes it
	seats   []seating.Seat
	opts    map[string]string
	seed    uint64
	chosen  bool // the seed is the creator's, for an open deal
}

// tableConfig checks a request to open a table of eng's game: the player
// count (default: as many as the seats described, or the game's usual
// count), the seats (default: a person in seat 1 and the game's bot in the
// others), the options and the seed, which only an open deal may choose
// (else Create draws one).
func tableConfig(eng *interp.Engine, req createRequest) (newTableConfig, error) {
	var tc newTableConfig
	tc.players = req.Players
	if tc.players == 0 {
		tc.players = max(len(req.Seats), eng.Info.UsualPlayers())
	}
	if tc.players < eng.Info.MinPlayers || tc.players > eng.Info.MaxPlayers {
		return tc, fmt.Errorf("%s is for %s players, not %d", eng.Info.Title, eng.Info.Players(), tc.players)
	}
	if len(req.Seats) != tc.players && len(req.Seats) != 0 {
		return tc, fmt.Errorf("%d seats described for %d players", len(req.Seats), tc.players)
	}
	tc.specs = make([]string, tc.players)
	for i := range tc.specs {
		tc.specs[i] = "me"
		if i < len(req.Seats) {
			tc.specs[i] = seatSpec(req.Seats[i])
		} else if i > 0 {
			tc.specs[i] = "bot"
		}
	}
	for i, spec := range tc.specs {
		if err := noProgram(eng, i+1, spec); err != nil {
			return tc, err
		}
	}
	var err error
	if tc.seats, err = seating.Parse(eng, tc.specs); err != nil {
		return tc, err
	}
	var assign []string
	for k, v := range req.Options {
		assign = append(assign, k+"="+v)
	}
	sort.Strings(assign)
	if tc.opts, err = eng.ParseOptions(assign); err != nil {
		return tc, err
	}
	if req.Seed != nil {
		if !req.OpenDeal {
			return tc, errors.New(openDealHelp)
		}
		tc.seed, tc.chosen = *req.Seed, true
	}
	return tc, nil
}

// seatSpec writes a seat of the lobby's form as --seats would.
func seatSpec(r seatRequest) string {
	name := strings.TrimSpace(r.Name)
	switch {
	case r.Bot && name == "":
		return "bot"
	case r.Bot:
		return "bot:" + name
	case name == "":
		return "me"
	}
	return name
}

// noProgram refuses a seat whose bot would start a program on the server
// (bot:exec): a web user never starts one, whatever the engine allows.
func noProgram(eng *interp.Engine, seat int, spec string) error {
	if name, ok := strings.CutPrefix(spec, "bot:"); ok && eng.StartsProgram(name) {
		return fmt.Errorf("seat %d: bot:%s would start a program on the server, which a web table never does (a program of yours plays at your own terminal: tabletop play --seats)", seat, name)
	}
	return nil
}

// newID names a table: short, random, not a credential.
func newID() string {
	b := make([]byte, 6)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// download sends a finished table as a save file.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	t, _, ok := s.open(r)
	if !ok {
		forbidden(w)
		return
	}
	rec, title, err := t.finishedRecord()
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '-'
	}, strings.ToLower(title))
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.save"`, name, t.id))
	rec.Write(w)
}
