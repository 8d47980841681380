package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/store"
)

// Getting in. A table has one invitation: a short join code, and its link
// /join/CODE. Whoever has it may claim a free seat with a name, and gets
// that seat's token (his browser keeps it); and may watch (/watch/CODE).
// The host — who opened the table — gets his own seat's token and a host
// token, and no other seat's: he may give a free or claimed seat to a bot,
// free it, or list the table in the lobby until the game begins. The game
// begins once every seat is taken (a table of one person and bots at
// once). Until then the table's frames show who sits where and nothing of
// the game: a seat freed and claimed again by someone else shows him no
// more than it showed its first holder, nothing.
//
// Once the game has begun a seat never changes hands between people (see
// away.go): a seat's private lines are seen by its person only.
//
// Routes:
//
//	GET  /join/CODE       the invitation's page
//	GET  /api/join/CODE   the table: its game, its seats, free or taken
//	POST /api/join/CODE   claim a free seat: {"seat":2,"name":"bob"}
//	GET  /api/open        the public tables with free seats
//	POST /api/mine        the state of the tables of a browser's tokens

// A join code is 8 characters of an alphabet without 0, 1, I and O (40
// bits): short to read out, too many to guess within the rate limit.
const (
	codeLen      = 8
	codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
)

func newCode() string {
	b := make([]byte, codeLen)
	rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// normalCode reads a join code as people type it (lower case, a dash or
// spaces), or returns "".
func normalCode(s string) string {
	s = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(s))
	if len(s) != codeLen {
		return ""
	}
	for _, r := range s {
		if !strings.ContainsRune(codeAlphabet, r) {
			return ""
		}
	}
	return s
}

// invitations is what the server keeps of the tables' invitations: the
// codes of the tables it holds. (The wrong codes each client tried are
// counted by Server.limits.)
type invitations struct {
	mu    sync.Mutex
	codes map[string]string // code → table id
}

func (s *Server) addCode(code, table string) {
	if code == "" {
		return
	}
	s.invites.mu.Lock()
	defer s.invites.mu.Unlock()
	if s.invites.codes == nil {
		s.invites.codes = map[string]string{}
	}
	s.invites.codes[code] = table
}

func (s *Server) dropCode(code string) {
	s.invites.mu.Lock()
	defer s.invites.mu.Unlock()
	delete(s.invites.codes, code)
}

// ensureCode gives an invitation a code if it has none (a table stored by
// an older server).
func (s *Server) ensureCode(inv *store.Invite) {
	if inv.Code == "" {
		inv.Code = newCode()
		s.addCode(inv.Code, inv.Table)
	}
}

// errTooManyCodes is the refusal of a client past its wrong codes.
var errTooManyCodes = errors.New("too many wrong join codes from your address: wait a minute")

// tableByCode finds the table of a join code, for client; a client past
// its wrong codes is refused, whatever the code.
func (s *Server) tableByCode(ctx context.Context, code, client string) (*Table, error) {
	if !s.limits.misses.has(client) {
		return nil, errTooManyCodes
	}
	s.invites.mu.Lock()
	id, ok := s.invites.codes[code]
	s.invites.mu.Unlock()
	var t *Table
	if ok {
		s.mu.Lock()
		t = s.tables[id]
		s.mu.Unlock()
	}
	if t == nil && code != "" {
		inv, err := s.cfg.Store.InviteByCode(ctx, code)
		if err != nil {
			return nil, err
		}
		if inv != nil {
			t = s.loadTable(ctx, inv.Table)
		}
	}
	if t == nil {
		s.limits.misses.allow(client)
		return nil, errors.New("no table has this join code: check it")
	}
	return t, nil
}

// loadTable reads a table back from the store (a finished one, which the
// server lets go of), or nil.
func (s *Server) loadTable(ctx context.Context, id string) *Table {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t != nil {
		return t
	}
	st, err := s.cfg.Store.Load(ctx, id)
	if err != nil || st == nil {
		return nil
	}
	return s.add(s.restore(st), st.Tokens, st.Watch)
}

// restoreFriends reads what a stored table keeps beside its game: its
// invitation (a table of an older server has none: it has begun, and its
// links were all given out) and its chat.
func (s *Server) restoreFriends(t *Table, st *store.Table) {
	ctx := context.Background()
	t.fr.tokens = slices.Clone(st.Tokens)
	for len(t.fr.tokens) < st.Players {
		t.fr.tokens = append(t.fr.tokens, "")
	}
	inv, err := s.cfg.Store.LoadInvite(ctx, st.ID)
	if err != nil {
		s.cfg.Logf("table %s: %v", st.ID, err)
	}
	if inv != nil {
		t.fr.inv = *inv
		t.fr.rematchCode = s.rematchCodeOf(ctx, inv)
		s.addCode(inv.Code, st.ID)
	} else {
		t.fr.inv = store.Invite{Table: st.ID, Started: true}
	}
	now := time.Now()
	for seat := 1; seat <= len(t.seats); seat++ {
		if t.isPerson(seat) {
			t.fr.empty[seat] = now
		}
	}
	t.loadChat(ctx)
	t.tick()
}

// seatPlan says who sits where at a new table: the host's seat (0: he
// plays none) and the seats left for friends to claim.
type seatPlan struct {
	host int
	open []bool
}

// seatPlanOf reads a request's seats: the person's seat marked host (else
// the first person's seat not marked open) is the host's, every other
// person's seat is claimed by a friend.
func seatPlanOf(req createRequest, tc newTableConfig) (seatPlan, error) {
	sg := seatPlan{open: make([]bool, tc.players)}
	ask := func(i int) seatRequest {
		if i < len(req.Seats) {
			return req.Seats[i]
		}
		return seatRequest{}
	}
	for i := range tc.seats {
		r := ask(i)
		switch {
		case r.Host && (r.Bot || r.Open):
			return sg, fmt.Errorf("seat %d: the host's seat is a person's, taken", i+1)
		case r.Host && sg.host != 0:
			return sg, fmt.Errorf("seats %d and %d are both the host's", sg.host, i+1)
		case r.Host && !tc.seats[i].Human:
			return sg, fmt.Errorf("seat %d: the host's seat is a person's, and %q is not a person's name", i+1, r.Name)
		case r.Host:
			sg.host = i + 1
		}
	}
	chosen := sg.host != 0
	for i, seat := range tc.seats {
		if !seat.Human || i+1 == sg.host {
			continue
		}
		if !chosen && !ask(i).Open {
			sg.host, chosen = i+1, true
			continue
		}
		sg.open[i] = true
	}
	return sg, nil
}

// opening is a table about to be opened.
type opening struct {
	id       string // "": a new one
	eng      *interp.Engine
	tc       newTableConfig
	tokens   []string // each seat's token hash, "" for a free seat or a bot
	watch    string   // the spectators' token hash
	host     string   // the host's token hash, "" for none
	public   bool
	openDeal bool
	client   string
	from     *store.Invite // the finished table this is a rematch of
}

// opened is a table just opened: its id, join code and seats' labels.
type opened struct {
	id, code string
	labels   []string
}

// openTable stores a new table and starts it; the caller holds creating
// and has checked the limits.
func (s *Server) openTable(ctx context.Context, o *opening) (*opened, int, error) {
	tc := o.tc
	// Two or more people: every seat an out-of-turn reaction may come
	// from is asked, whatever it holds, since every page shows whom the
	// table waits for (interp.Config.SharedFrom).
	shared := seating.SharedFrom(tc.seats)
	m, err := o.eng.NewMatch(interp.Config{Players: tc.players, Seed: tc.seed, Options: tc.opts, Names: seating.Names(tc.seats), SharedFrom: shared})
	if err != nil {
		return nil, http.StatusBadRequest, fmt.Errorf("%s", interp.ErrorText(err))
	}
	if o.id == "" {
		o.id = newID()
	}
	st := &store.Table{ID: o.id, Created: time.Now(), Script: o.eng.Script, Hash: o.eng.Hash, Players: tc.players,
		Seed: tc.seed, OpenDeal: o.openDeal, Shared: shared, Options: tc.opts, Seats: tc.specs, Tokens: o.tokens, Watch: o.watch}
	inv := store.Invite{Table: st.ID, Code: newCode(), Host: o.host, Public: o.public, Started: true}
	for i, seat := range tc.seats {
		if seat.Human && o.tokens[i] == "" {
			inv.Started = false
		}
	}
	if err := s.cfg.Store.CreateInvited(ctx, st, &inv, o.from); err != nil {
		m.Close()
		return nil, http.StatusInternalServerError, err
	}
	t := newTable(s, st.ID, o.eng, m, tc.seats, tc.specs)
	t.client, t.open = o.client, o.openDeal
	t.fr.inv, t.fr.tokens = inv, slices.Clone(o.tokens)
	for i, seat := range tc.seats {
		if seat.Human && o.tokens[i] != "" {
			t.fr.empty[i+1] = time.Now()
		}
	}
	t.tick()
	s.add(t, st.Tokens, st.Watch)
	s.addCode(inv.Code, st.ID)
	deal := ""
	if o.openDeal {
		deal = ", an open deal"
	}
	s.cfg.Logf("table %s: %s, %d players%s", st.ID, o.eng.Info.Title, tc.players, deal) // never its seed
	res := &opened{id: st.ID, code: inv.Code}
	for i := range tc.seats {
		res.labels = append(res.labels, m.SeatLabel(i+1))
	}
	t.kick()
	return res, http.StatusCreated, nil
}

// httpError is an error with the HTTP status that answers it.
type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return e.msg }

func statusOf(err error) int {
	var he *httpError
	if errors.As(err, &he) {
		return he.code
	}
	return http.StatusBadRequest
}

// claim gives a free seat to a friend, named name ("" keeps the seat's
// name): it returns his seat's token. Seat 0 is the first free seat. The
// caller holds mu.
func (t *Table) claim(ctx context.Context, seat int, name string) (string, int, error) {
	if err := t.usableForSeating(); err != nil {
		return "", 0, err
	}
	if seat == 0 {
		for s := 1; s <= len(t.seats) && seat == 0; s++ {
			if t.who(s) == "free" {
				seat = s
			}
		}
		if seat == 0 {
			return "", 0, &httpError{http.StatusConflict, "every seat is taken"}
		}
	}
	if seat < 1 || seat > len(t.seats) {
		return "", 0, fmt.Errorf("there is no seat %d: seats are 1 to %d", seat, len(t.seats))
	}
	if t.who(seat) != "free" {
		return "", 0, &httpError{http.StatusConflict, fmt.Sprintf("seat %d is taken: choose a free seat", seat)}
	}
	specs, tokens := slices.Clone(t.specs), slices.Clone(t.fr.tokens)
	if name = strings.TrimSpace(name); name != "" {
		specs[seat-1] = name
	}
	// the name is a person's: not a seat spec that makes it a bot's
	// ("x=bot"), whose hand its token would show
	if seats, err := seating.Parse(t.eng, specs); err != nil {
		return "", 0, err
	} else if !seats[seat-1].Human || strings.ContainsAny(name, "=:") {
		return "", 0, fmt.Errorf("%q is not a name: a name is one word of letters (digits, - _ and ' after the first letter)", name)
	}
	token := newToken()
	tokens[seat-1] = hashToken(token)
	if err := t.reseat(ctx, specs, tokens, t.fr.inv, ""); err != nil {
		return "", 0, err
	}
	return token, seat, nil
}

// usableForSeating refuses a change of seats once the game has begun.
func (t *Table) usableForSeating() error {
	switch {
	case t.broken != "" || t.closed || t.m == nil:
		return &httpError{http.StatusConflict, t.usable().Error()}
	case t.started():
		return &httpError{http.StatusConflict, "the game has begun: every seat is taken (watch it with the invitation's link)"}
	}
	return nil
}

// reseat makes specs and tokens the table's seats before the game has
// begun: the match is set up again with the seats' names (nobody has seen
// anything of it), stored, and started once every seat is taken. The
// pages of a seat whose token no longer opens it are told why. The caller
// holds mu.
func (t *Table) reseat(ctx context.Context, specs, tokens []string, inv store.Invite, why string) error {
	seats, err := seating.Parse(t.eng, specs)
	if err != nil {
		return err
	}
	inv.Started = true
	for i, s := range seats {
		if s.Human && tokens[i] == "" {
			inv.Started = false
		}
	}
	shared := seating.SharedFrom(seats)
	cfg := t.m.Config
	m, err := t.eng.NewMatch(interp.Config{Players: len(seats), Seed: cfg.Seed, Options: cfg.Options, Names: seating.Names(seats), SharedFrom: shared})
	if err != nil {
		return errors.New(interp.ErrorText(err))
	}
	if err := t.srv.cfg.Store.Seat(ctx, t.id, specs, tokens, shared, &inv); err != nil {
		m.Close()
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return &httpError{http.StatusInternalServerError, "the server could not store that: try again"}
	}
	t.srv.retoken(t, t.fr.tokens, tokens)
	now := time.Now()
	for i := range seats {
		if tokens[i] == t.fr.tokens[i] {
			continue
		}
		delete(t.fr.empty, i+1)
		if tokens[i] != "" {
			t.fr.empty[i+1] = now
		}
		for c := range t.conns {
			if c.seat == i+1 {
				c.seat = 0 // his page watches from now on
				if vis := t.fr.visitors[c]; vis != nil {
					vis.gone = why
				}
			}
		}
	}
	t.replace(m)
	t.seats, t.specs, t.fr.tokens, t.fr.inv = seats, specs, tokens, inv
	t.active = now
	if inv.Started {
		t.notices = append(t.notices, "Every seat is taken: the game begins.")
	}
	t.broadcast()
	t.kickLocked()
	return nil
}

// retoken makes the server's tokens of t's seats the new ones.
func (s *Server) retoken(t *Table, old, tokens []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, h := range old {
		if h != "" && h != tokens[i] {
			delete(s.tokens, h)
		}
	}
	hashes := []string{}
	for i, h := range tokens {
		if h != "" {
			s.tokens[h] = seatRef{t.id, i + 1}
			hashes = append(hashes, h)
		}
	}
	for _, h := range t.hashes {
		if !slices.Contains(old, h) {
			hashes = append(hashes, h) // the spectators'
		}
	}
	t.hashes = hashes
}

// hostDoes is the host's change to the table: give a seat to a bot, free
// it, list the table in the lobby or not.
func (t *Table) hostDoes(ctx context.Context, c *client, msg message) error {
	if !sameToken(msg.Host, t.fr.inv.Host) {
		return errors.New("only the table's host may do that")
	}
	switch msg.Do {
	case "public", "private":
		if t.started() {
			return errors.New("the game has begun: only a table with free seats is listed")
		}
		inv := t.fr.inv
		inv.Public = msg.Do == "public"
		if err := t.srv.cfg.Store.SaveInvite(ctx, &inv); err != nil {
			return errors.New("the server could not store that: try again")
		}
		t.fr.inv = inv
		t.broadcast()
		return nil
	case "bot", "free":
	default:
		return fmt.Errorf("the host may do bot, free, public or private, not %q", msg.Do)
	}
	if err := t.usableForSeating(); err != nil {
		return errors.New(err.Error() + "; a seat whose person is away may be given to a bot by the others")
	}
	seat := msg.Seat
	if seat < 1 || seat > len(t.seats) {
		return fmt.Errorf("there is no seat %d", seat)
	}
	specs, tokens := slices.Clone(t.specs), slices.Clone(t.fr.tokens)
	specs[seat-1], tokens[seat-1] = "me", ""
	why := "The host freed your seat before the game began."
	if msg.Do == "bot" {
		specs[seat-1] = "bot"
		if msg.Bot != "" {
			specs[seat-1] = "bot:" + msg.Bot
		}
		if err := noProgram(t.eng, seat, specs[seat-1]); err != nil {
			return err
		}
		if err := t.srv.checkBotBudget(t.eng, seat, strings.TrimPrefix(strings.TrimPrefix(specs[seat-1], "bot"), ":")); err != nil {
			return err
		}
		why = "The host gave your seat to a bot before the game began."
	}
	return t.reseat(ctx, specs, tokens, t.fr.inv, why)
}

// leaveSeat frees c's seat before the game begins: its person leaves.
func (t *Table) leaveSeat(ctx context.Context, c *client) error {
	if err := t.usableForSeating(); err != nil {
		return errors.New(err.Error() + "; to let a bot play for you, use bot_for_me")
	}
	if c.seat == 0 {
		return errors.New("you hold no seat here")
	}
	specs, tokens := slices.Clone(t.specs), slices.Clone(t.fr.tokens)
	specs[c.seat-1], tokens[c.seat-1] = "me", ""
	return t.reseat(ctx, specs, tokens, t.fr.inv, "You left your seat.")
}

// friendRoutes adds the invitations' routes.
func (s *Server) friendRoutes() {
	s.mux.HandleFunc("GET /join/{code}", s.joinPage)
	s.mux.HandleFunc("GET /api/join/{code}", s.joinInfo)
	s.mux.HandleFunc("POST /api/join/{code}", s.joinSeat)
	s.mux.HandleFunc("GET /api/open", s.openTables)
	s.mux.HandleFunc("POST /api/mine", s.mine)
}

// invitationJSON is a table as its invitation shows it.
type invitationJSON struct {
	Table    string           `json:"table"`
	Code     string           `json:"code"`
	Game     string           `json:"game"`
	Title    string           `json:"title"`
	About    string           `json:"about"`
	Players  int              `json:"players"`
	Started  bool             `json:"started"`
	Done     bool             `json:"done"`
	Public   bool             `json:"public"`
	OpenDeal bool             `json:"open_deal,omitempty"`
	Seats    []inviteSeatJSON `json:"seats"`
	Watch    string           `json:"watch"`
	Error    string           `json:"error,omitempty"`
}

type inviteSeatJSON struct {
	Seat   int    `json:"seat"`
	Label  string `json:"label"`
	Who    string `json:"who"` // free, person, bot or away
	Online bool   `json:"online"`
	Host   bool   `json:"host,omitempty"`
}

// invitation describes t as its invitation shows it. The caller holds mu.
func (t *Table) invitation() invitationJSON {
	j := invitationJSON{Table: t.id, Code: t.fr.inv.Code, Started: t.started(), Public: t.fr.inv.Public,
		OpenDeal: t.open, Seats: []inviteSeatJSON{}, Watch: "/watch/" + t.fr.inv.Code}
	if t.broken != "" || t.m == nil {
		j.Title, j.Error = "A table that cannot be played", t.broken
		return j
	}
	j.Game, j.Title, j.About, j.Players, j.Done = t.gameName(), t.eng.Info.Title, t.eng.Info.About, len(t.seats), t.m.Done()
	online := t.online()
	for seat := 1; seat <= len(t.seats); seat++ {
		j.Seats = append(j.Seats, inviteSeatJSON{Seat: seat, Label: t.m.SeatLabel(seat), Who: t.who(seat), Online: online[seat]})
	}
	return j
}

// gameName is the lobby's name of the table's game.
func (t *Table) gameName() string {
	for name, g := range t.srv.games {
		if g.Engine == t.eng {
			return name
		}
	}
	return t.eng.Script
}

// joinPage serves the invitation's page to a table's join code, 403 to a
// wrong one, as to a wrong token (a wrong code counts against its
// client's wrong codes). It takes a message from its client's budget, as
// the API does: a right code may bring a finished table back from the
// store.
func (s *Server) joinPage(w http.ResponseWriter, r *http.Request) {
	if !s.spend(w, r, 1) {
		return
	}
	if _, err := s.tableByCode(r.Context(), normalCode(r.PathValue("code")), s.clientOf(r)); err != nil {
		if errors.Is(err, errTooManyCodes) {
			writeError(w, http.StatusTooManyRequests, err.Error())
			return
		}
		forbidden(w)
		return
	}
	s.page("join.html")(w, r)
}

func (s *Server) joinInfo(w http.ResponseWriter, r *http.Request) {
	if !s.spend(w, r, 1) {
		return
	}
	t, ok := s.codeTable(w, r)
	if !ok {
		return
	}
	t.mu.Lock()
	j := t.invitation()
	t.mu.Unlock()
	writeJSON(w, http.StatusOK, j)
}

// codeTable is the table of the request's join code, or false after
// writing why there is none: too many wrong codes, or no such table.
func (s *Server) codeTable(w http.ResponseWriter, r *http.Request) (*Table, bool) {
	t, err := s.tableByCode(r.Context(), normalCode(r.PathValue("code")), s.clientOf(r))
	if err != nil {
		status := http.StatusNotFound
		if errors.Is(err, errTooManyCodes) {
			status = http.StatusTooManyRequests
		}
		writeError(w, status, err.Error())
		return nil, false
	}
	return t, true
}

// claimRequest is a friend's claim of a seat.
type claimRequest struct {
	Seat int    `json:"seat"` // 0: the first free seat
	Name string `json:"name"`
}

// claimResponse gives a friend his seat: its token is his alone.
type claimResponse struct {
	Table string `json:"table"`
	Title string `json:"title"`
	Code  string `json:"code"`
	Seat  int    `json:"seat"`
	Label string `json:"label"`
	Token string `json:"token"`
	Link  string `json:"link"`
}

func (s *Server) joinSeat(w http.ResponseWriter, r *http.Request) {
	var req claimRequest
	if !s.readRequest(w, r, 4<<10, "a claim of a seat", &req) {
		return
	}
	t, ok := s.codeTable(w, r)
	if !ok {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	token, seat, err := t.claim(r.Context(), req.Seat, req.Name)
	if err != nil {
		writeError(w, statusOf(err), err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, claimResponse{Table: t.id, Title: t.eng.Info.Title, Code: t.fr.inv.Code, Seat: seat,
		Label: t.m.SeatLabel(seat), Token: token, Link: "/play/" + token})
}

// openTableJSON is a public table with free seats, as the lobby lists it.
type openTableJSON struct {
	Code    string   `json:"code"`
	Game    string   `json:"game"`
	Title   string   `json:"title"`
	Players int      `json:"players"`
	Free    int      `json:"free"`
	Seated  []string `json:"seated"`
}

// maxOpenListed bounds the public tables listed.
const maxOpenListed = 50

func (s *Server) openTables(w http.ResponseWriter, r *http.Request) {
	if !s.spend(w, r, 1) {
		return
	}
	out := []openTableJSON{}
	for _, t := range s.tableList() {
		// a table held long is one where a bot thinks: its game has
		// begun, so it is not listed
		if !t.mu.TryLock() {
			continue
		}
		if t.fr.inv.Public && !t.started() && t.broken == "" && !t.closed && t.m != nil {
			j := openTableJSON{Code: t.fr.inv.Code, Game: t.gameName(), Title: t.eng.Info.Title, Players: len(t.seats), Seated: []string{}}
			for seat := 1; seat <= len(t.seats); seat++ {
				switch t.who(seat) {
				case "free":
					j.Free++
				case "person":
					j.Seated = append(j.Seated, t.m.SeatLabel(seat))
				}
			}
			out = append(out, j)
		}
		t.mu.Unlock()
	}
	slices.SortFunc(out, func(a, b openTableJSON) int { return strings.Compare(a.Title+a.Code, b.Title+b.Code) })
	if len(out) > maxOpenListed {
		out = out[:maxOpenListed]
	}
	writeJSON(w, http.StatusOK, out)
}

// mineRequest is a browser's tokens, whose tables it lists.
type mineRequest struct {
	Tokens []string `json:"tokens"`
}

// mineJSON is the state of one of a browser's tables, by its seat token.
type mineJSON struct {
	OK       bool   `json:"ok"` // the token opens a seat
	Table    string `json:"table,omitempty"`
	Title    string `json:"title,omitempty"`
	Seat     int    `json:"seat,omitempty"`
	Label    string `json:"label,omitempty"`
	Started  bool   `json:"started,omitempty"`
	Done     bool   `json:"done,omitempty"`
	YourMove bool   `json:"your_move,omitempty"`
	Waiting  string `json:"waiting,omitempty"` // whom the table waits on
	Code     string `json:"code,omitempty"`
	Rematch  bool   `json:"rematch,omitempty"` // a rematch of it is open
}

// maxMine bounds the tokens of one request.
const maxMine = 100

func (s *Server) mine(w http.ResponseWriter, r *http.Request) {
	if err := s.checkOrigin(r); err != nil {
		writeError(w, http.StatusForbidden, err.Error())
		return
	}
	var req mineRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	if !isJSON(r) || dec.Decode(&req) != nil || len(req.Tokens) > maxMine {
		writeError(w, http.StatusBadRequest, fmt.Sprintf(`send {"tokens":[…]}, at most %d, in JSON`, maxMine))
		return
	}
	// each token may be a read of the store: each is a message of the
	// client's budget
	if !s.spend(w, r, len(req.Tokens)) {
		return
	}
	out := make([]mineJSON, len(req.Tokens))
	for i, tok := range req.Tokens {
		out[i] = s.seatState(r.Context(), tok)
	}
	writeJSON(w, http.StatusOK, map[string]any{"seats": out})
}

// seatState is the state of the table and seat a token opens. A finished
// table is read from the store without replaying it.
func (s *Server) seatState(ctx context.Context, tok string) mineJSON {
	if len(tok) < 20 || len(tok) > 100 {
		return mineJSON{}
	}
	h := hashToken(tok)
	s.mu.Lock()
	ref, ok := s.tokens[h]
	t := s.tables[ref.table]
	s.mu.Unlock()
	if ok && t != nil && ref.seat > 0 {
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.broken != "" || t.m == nil {
			return mineJSON{OK: true, Table: t.id, Title: "A table that cannot be played", Seat: ref.seat}
		}
		j := mineJSON{OK: true, Table: t.id, Title: t.eng.Info.Title, Seat: ref.seat, Label: t.m.SeatLabel(ref.seat),
			Started: t.started(), Done: t.m.Done(), Code: t.fr.inv.Code, Rematch: t.fr.inv.Rematch != ""}
		if p := t.m.Prompt(); p != nil && t.started() {
			j.YourMove, j.Waiting = p.Seat == ref.seat, t.m.SeatLabel(p.Seat)
		}
		return j
	}
	id, seat, found, err := s.cfg.Store.Lookup(ctx, h)
	if err != nil || !found || seat == 0 {
		return mineJSON{}
	}
	st, err := s.cfg.Store.Load(ctx, id)
	if err != nil || st == nil {
		return mineJSON{}
	}
	j := mineJSON{OK: true, Table: id, Title: st.Script, Seat: seat, Started: true, Done: st.Finished}
	if eng, err := s.engineFor(st.Script); err == nil {
		j.Title = eng.Info.Title
	}
	if seat <= len(st.Seats) {
		j.Label = st.Seats[seat-1]
	}
	if inv, _ := s.cfg.Store.LoadInvite(ctx, id); inv != nil {
		j.Code, j.Rematch = inv.Code, inv.Rematch != ""
	}
	return j
}
