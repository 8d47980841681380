package server

import (
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits on connections and messages, so that nobody gets more of the
// server by opening more connections: a seat's connections share one
// budget of messages, and so do all connections from one client address
// (Server.clientOf: an IPv4 address, an IPv6 /64, the proxy's client with
// --proxy). Every message counts, whatever its type; opening a connection
// counts as a message of its client (it costs the server a frame for
// every page at the table). A spectator's connection has a budget of its
// own, since all spectators of a table share one link: they count
// together by address only.
//
// The budgets outlive the connections: one who reconnects finds his
// budget as he left it. An entry nobody uses is dropped once its budget
// is full again.

// Defaults of the limits Config leaves at zero.
const (
	defaultSeatConns   = 4
	defaultWatchConns  = 64
	defaultClientConns = 32
	defaultClientRate  = 60
	defaultClientBurst = 120
)

// budgets keeps, by key (a seat of a table, or a client address), the
// connections open and the budget of messages.
type budgets struct {
	every rate.Limit
	burst int

	mu      sync.Mutex
	entries map[string]*budget
	swept   time.Time
}

type budget struct {
	conns int
	msgs  *rate.Limiter
}

func newBudgets(every rate.Limit, burst int) *budgets {
	return &budgets{every: every, burst: burst, entries: map[string]*budget{}, swept: time.Now()}
}

// entry returns key's budget, made on first use. The caller holds mu.
func (b *budgets) entry(key string) *budget {
	if now := time.Now(); now.Sub(b.swept) > time.Minute {
		b.sweep(now)
	}
	e := b.entries[key]
	if e == nil {
		e = &budget{msgs: rate.NewLimiter(b.every, b.burst)}
		b.entries[key] = e
	}
	return e
}

// sweep drops the entries with no connection whose budget is full again.
func (b *budgets) sweep(now time.Time) {
	b.swept = now
	for k, e := range b.entries {
		if e.conns == 0 && e.msgs.TokensAt(now) >= float64(b.burst) {
			delete(b.entries, k)
		}
	}
}

// allow takes one message from key's budget, reporting whether there was
// one.
func (b *budgets) allow(key string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.entry(key).msgs.Allow()
}

// open counts a new connection of key if it has fewer than most open
// (most < 0: no bound) and, if it costs, a message left in its budget.
func (b *budgets) open(key string, most int, costs bool) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.entry(key)
	if most >= 0 && e.conns >= most {
		return errTooManyConns
	}
	if costs && !e.msgs.Allow() {
		return errTooFast
	}
	e.conns++
	return nil
}

// close counts a connection of key closed.
func (b *budgets) close(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.entries[key]; e != nil && e.conns > 0 {
		e.conns--
	}
}

// Why a connection is refused (a WebSocket close reason: at most 123
// bytes).
var (
	errTooManyConns = fmt.Errorf("too many windows are open on this link or from your address: close one")
	errTooFast      = fmt.Errorf("too many connections in a short time: wait a little")
)

// limits are a server's budgets: by seat and by client address.
type limits struct {
	seats, clients *budgets
}

func newLimits(cfg Config) *limits {
	return &limits{seats: newBudgets(cfg.Rate, cfg.Burst), clients: newBudgets(cfg.ClientRate, cfg.ClientBurst)}
}

// pass is one connection's place in the limits: its seat's key (the
// spectators of a table count as seat 0), its client's, and for a
// spectator a budget of messages of its own.
type pass struct {
	l      *limits
	seat   string
	client string
	own    *rate.Limiter
}

// admit counts a new connection to seat of table t from client, or says
// why it is refused.
func (s *Server) admit(t *Table, seat int, client string) (*pass, error) {
	p := &pass{l: s.limits, seat: fmt.Sprintf("%s/%d", t.id, seat), client: client}
	most := s.cfg.SeatConns
	if seat == 0 {
		most = s.cfg.WatchConns
		p.own = rate.NewLimiter(s.cfg.Rate, s.cfg.Burst)
	}
	if err := s.limits.clients.open(client, s.cfg.ClientConns, true); err != nil {
		return nil, err
	}
	if err := s.limits.seats.open(p.seat, most, false); err != nil {
		s.limits.clients.close(client)
		return nil, err
	}
	return p, nil
}

// allow takes one message from the connection's budgets.
func (p *pass) allow() bool {
	if p.own != nil {
		if !p.own.Allow() {
			return false
		}
	} else if !p.l.seats.allow(p.seat) {
		return false
	}
	return p.l.clients.allow(p.client)
}

// done counts the connection closed.
func (p *pass) done() {
	p.l.clients.close(p.client)
	p.l.seats.close(p.seat)
}
