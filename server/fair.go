package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/search"
	"github.com/tabletop/tabletop/seating"
)

// Fair play: what the server does so that no one at a table, nor any page
// of another site, gets more out of it than the table's rules give.
//
//   - Seeds. A table's seed tells every hand. The server draws it from 64
//     random bits (too many to find by trying seeds against one's own
//     hand) and tells it to nobody, in no frame, response, error or log
//     line, until the game is over. A creator who wants to choose the
//     seed makes the table an open deal, whose seed every seat is shown.
//     The bots' seeds are drawn apart, so their play says nothing of the
//     table's.
//   - Bots' budgets. The server bounds how long a bot thinks over one
//     decision (Config.BotBudget, BotIterations): a seat asking for more
//     is refused, every decision is cut short at the bound, and a server
//     that stops stops its thinking bots at once.
//   - Limits. Only pages of the server's own site (Config.Origins) may
//     open tables or seats' connections; one client address has at most
//     Config.MaxTablesPerClient tables in play; a table nobody plays at
//     nor looks at for Config.Expire is closed. The server answers only
//     to its own names and keeps its pages out of other sites' frames
//     (guard.go); connections and messages are limited by seat and by
//     client address (limits.go).

// Defaults of the limits Config leaves at zero.
const (
	defaultBotBudget          = 5 * time.Second
	defaultBotIterations      = 5000
	defaultMaxTablesPerClient = 10
	defaultExpire             = 72 * time.Hour
	defaultAwayAfter          = 3 * time.Minute
)

// randomUint64 is 64 bits from crypto/rand.
func randomUint64() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// openDealHelp is why a chosen seed makes an open deal.
const openDealHelp = "a seed chosen by the table's creator lets him work out every hand: choose one only for an open deal (\"open_deal\": true), whose seed every seat is shown"

// checkBotBudget refuses a bot that may think longer over one decision
// than the server allows: a search bot given more time than BotBudget, or
// more iterations than BotIterations.
func (s *Server) checkBotBudget(eng *interp.Engine, seat int, name string) error {
	kind, args, _ := strings.Cut(name, ":")
	if kind != "search" || slices.Contains(eng.Info.Bots, name) {
		return nil // the script's own bots run within its budgets
	}
	p, err := search.ParseParams(eng, args)
	if err != nil {
		return fmt.Errorf("seat %d: %w", seat, err)
	}
	switch {
	case p.Budget > s.cfg.BotBudget:
		return fmt.Errorf("seat %d: bot %s would think %v over each decision: this server allows at most %v", seat, name, p.Budget, s.cfg.BotBudget)
	case p.Budget == 0 && p.Iterations > s.cfg.BotIterations:
		return fmt.Errorf("seat %d: bot %s would play %d iterations a decision: this server allows at most %d (or a time, such as search:%v)", seat, name, p.Iterations, s.cfg.BotIterations, s.cfg.BotBudget)
	}
	return nil
}

// contextBot is a bot that can be stopped while it thinks (search.Bot).
type contextBot interface {
	ChooseContext(ctx context.Context, m *interp.Match) (int, error)
}

// think asks bot b for its decision at m, cut short at BotBudget and
// stopped when the server stops; it shares its slot u with the other
// tables' bots as it thinks (sharedCtx). The script's bots cannot be
// stopped, but the script's budgets bound each of their decisions.
func (s *Server) think(b interp.Bot, m *interp.Match, u *turn) (int, error) {
	cb, ok := b.(contextBot)
	if !ok {
		return b.Choose(m)
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.BotBudget)
	defer cancel()
	return cb.ChooseContext(sharedCtx{ctx, u}, m)
}

// errCrossSite is checkOrigin's refusal.
var errCrossSite = errors.New("a page of another site may not open tables or seats here")

// checkOrigin refuses a request that a page of another site made: browsers
// send Origin with every POST and every WebSocket, and it must be this
// server's own (the request's Host, whatever the scheme) or one of
// Config.Origins. A request without Origin comes from a program, not a
// page (curl, a script), and passes unless Sec-Fetch-Site says otherwise.
func (s *Server) checkOrigin(r *http.Request) error {
	origin := r.Header.Get("Origin")
	if origin == "" {
		if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
			return errCrossSite
		}
		return nil
	}
	if u, err := url.Parse(origin); err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host) {
		return nil
	}
	if slices.Contains(s.cfg.Origins, strings.ToLower(strings.TrimSuffix(origin, "/"))) {
		return nil
	}
	return fmt.Errorf("%w (the page is of %s)", errCrossSite, origin)
}

// checkOrigins reads Config.Origins: each scheme://host[:port], nothing
// after; it returns them in lower case.
func checkOrigins(origins []string) ([]string, error) {
	out := make([]string, 0, len(origins))
	for _, o := range origins {
		o = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(o), "/"))
		u, err := url.Parse(o)
		if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return nil, fmt.Errorf("server: origin %q: write it as https://host or https://host:port", o)
		}
		out = append(out, o)
	}
	return out, nil
}

// originPatterns are Config.Origins as websocket.AcceptOptions wants them:
// path.Match patterns, with its special characters escaped.
func (s *Server) originPatterns() []string {
	var out []string
	for _, o := range s.cfg.Origins {
		var b strings.Builder
		for _, r := range o {
			if strings.ContainsRune(`\*?[]`, r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		out = append(out, b.String())
	}
	return out
}

// isJSON reports whether a request's body is declared JSON. A page of
// another site can send text/plain or a form without asking the server
// first (CORS preflight), but not JSON.
func isJSON(r *http.Request) bool {
	t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && t == "application/json"
}

// clientOf is the address a request comes from, which
// MaxTablesPerClient counts by: the connection's, or with TrustProxy the
// last address of X-Forwarded-For (the one the proxy added: those before
// it are the client's word). An IPv6 address counts by its /64, which one
// home or machine holds whole.
func (s *Server) clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if xff := r.Header.Values("X-Forwarded-For"); s.cfg.TrustProxy && len(xff) > 0 {
		hops := strings.Split(xff[len(xff)-1], ",")
		if last := strings.TrimSpace(hops[len(hops)-1]); last != "" {
			host = last
		}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if ip = ip.Unmap(); ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// tablesOf counts the tables in play that client opened.
func (s *Server) tablesOf(client string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, t := range s.tables {
		if t.client == client && !t.over.Load() {
			n++
		}
	}
	return n
}

// expireLoop closes the abandoned tables now and then until the server
// stops.
func (s *Server) expireLoop() {
	defer s.wg.Done()
	every := min(max(s.cfg.Expire/8, 10*time.Millisecond), time.Minute)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-tick.C:
			s.expire(now)
		}
	}
}

// expire closes the tables nobody has played at nor had open since
// Config.Expire before now. A closed table is marked in the store and let
// go of; its links then show why it was closed.
func (s *Server) expire(now time.Time) {
	for _, t := range s.tableList() {
		if t.expireIdle(now) {
			s.evict(t)
		}
	}
}

// expireIdle closes t if it has been idle since Config.Expire before now
// and reports whether it did. A table whose mu is held is busy: it is
// left alone.
func (t *Table) expireIdle(now time.Time) bool {
	if !t.mu.TryLock() {
		return false
	}
	defer t.mu.Unlock()
	if t.closed || t.broken != "" || t.m == nil || t.m.Done() || len(t.conns) > 0 || t.botsOn || now.Sub(t.active) < t.srv.cfg.Expire {
		return false
	}
	if err := t.storeOver(func() error { return t.srv.cfg.Store.Expire(t.srv.ctx, t.id) }); err != nil {
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return false
	}
	t.srv.cfg.Logf("table %s: closed after %s without play", t.id, span(t.srv.cfg.Expire))
	t.broken, t.expired = expiredText(t.srv.cfg.Expire), true
	return true
}

// expiredText is what an expired table's links show.
func expiredText(d time.Duration) string {
	return fmt.Sprintf("nobody played at this table nor had it open for %s, so the server closed it", span(d))
}

// span writes a duration as people say it: 3 days, 12 hours, 90m0s.
func span(d time.Duration) string {
	day := 24 * time.Hour
	switch {
	case d >= day && d%day == 0:
		return plural(int(d/day), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int(d/time.Hour), "hour")
	}
	return d.String()
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// botSeats checks the budget of every bot seat of a new table.
func (s *Server) botSeats(eng *interp.Engine, seats []seating.Seat) error {
	for i, seat := range seats {
		if seat.Human {
			continue
		}
		if err := s.checkBotBudget(eng, i+1, seat.BotName(eng)); err != nil {
			return err
		}
	}
	return nil
}
