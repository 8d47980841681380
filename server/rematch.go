package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"

	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/store"
)

// Again! A finished table offers a rematch: one person offers it (the same
// seats, or every seat moved on by one), every other person accepts with
// one click, and once all have, a new table opens: the same game, options
// and bots, a new secret seed (a rematch of an open deal is no open deal),
// every person in his seat and the game begun.
//
// Each person's token at the new table is derived from his token at the
// old one (an HMAC keyed by it), so the server stores neither: it hands
// the new token to the pages that opened the old table with his token —
// and to nobody else, since nobody else has that token — including a page
// opened after the rematch was made. The spectators are given the new
// table's invitation, which lets them watch (its seats are all taken).

// rematchOffer is a rematch offered at a finished table.
type rematchOffer struct {
	id       string // the new table's id, from which its tokens are derived
	by       int
	rotate   bool
	accepted map[int]string // seat → its token hash at the new table
}

type rematchJSON struct {
	By       int   `json:"by,omitempty"`
	Rotate   bool  `json:"rotate"`
	Accepted []int `json:"accepted"`
	Waiting  []int `json:"waiting"`
	// Table is the rematch, once opened: Link opens this page's seat at
	// it (a page of a person's seat only), Watch lets anyone watch it.
	Table string `json:"table,omitempty"`
	Link  string `json:"link,omitempty"`
	Watch string `json:"watch,omitempty"`
}

// rematchToken is the token at rematch table id of the person whose
// token at the finished table is token.
func rematchToken(token, id string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("tabletop rematch " + id))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// people are the seats people hold.
func (t *Table) people() []int {
	var out []int
	for s := 1; s <= len(t.seats); s++ {
		if t.isPerson(s) {
			out = append(out, s)
		}
	}
	return out
}

// offerRematch is c's offer of a rematch, or his acceptance of the one
// offered.
func (t *Table) offerRematch(ctx context.Context, c *client, rotate bool) error {
	vis := t.fr.visitors[c]
	switch {
	case !t.m.Done():
		return errors.New("the game is not over: a rematch comes after it")
	case t.fr.inv.Rematch != "":
		return errors.New("the rematch is open already")
	case c.seat == 0 || !t.isPerson(c.seat):
		return errors.New("only the players decide on a rematch")
	case vis == nil || !sameToken(vis.token, t.fr.tokens[c.seat-1]):
		return errors.New("this page holds no seat's token: open your seat's own link")
	}
	o := t.fr.offer
	if o == nil {
		o = &rematchOffer{id: newID(), by: c.seat, rotate: rotate, accepted: map[int]string{}}
		t.fr.offer = o
		how := "in the same seats"
		if rotate {
			how = "every seat moved on by one"
		}
		t.notices = append(t.notices, fmt.Sprintf("%s offers a rematch, %s.", t.label(c.seat), how))
	}
	o.accepted[c.seat] = hashToken(rematchToken(vis.token, o.id))
	for _, s := range t.people() {
		if o.accepted[s] == "" {
			t.broadcast()
			return nil
		}
	}
	return t.openRematch(ctx)
}

// answerRematch accepts the rematch offered, or declines it (which ends
// the offer).
func (t *Table) answerRematch(ctx context.Context, c *client, accept bool) error {
	o := t.fr.offer
	switch {
	case o == nil:
		return errors.New("nobody offers a rematch")
	case accept:
		return t.offerRematch(ctx, c, o.rotate)
	case c.seat == 0 || !t.isPerson(c.seat):
		return errors.New("only the players decide on a rematch")
	}
	t.fr.offer = nil
	if c.seat == o.by {
		t.notices = append(t.notices, fmt.Sprintf("%s withdraws the rematch.", t.label(c.seat)))
	} else {
		t.notices = append(t.notices, fmt.Sprintf("%s declines the rematch.", t.label(c.seat)))
	}
	t.broadcast()
	return nil
}

// openRematch opens the table everyone accepted.
func (t *Table) openRematch(ctx context.Context) error {
	o := t.fr.offer
	s := t.srv
	n := len(t.seats)
	specs, tokens := make([]string, n), make([]string, n)
	for i := 1; i <= n; i++ {
		to := i
		if o.rotate {
			to = i%n + 1
		}
		seat := t.seats[i-1]
		if t.isPerson(i) {
			name := seat.Name
			if name == "" {
				name = "me"
			}
			seat = seating.Seat{Human: true, Name: name}
			tokens[to-1] = o.accepted[i]
		}
		specs[to-1] = seat.Spec()
	}
	seats, err := seating.Parse(t.eng, specs)
	if err != nil {
		return err
	}
	tc := newTableConfig{players: n, specs: specs, seats: seats, opts: t.m.Config.Options}
	s.creating.Lock()
	defer s.creating.Unlock()
	tc.seed = s.cfg.NewSeed()
	if _, err := s.room(ctx, t.client); err != nil {
		return fmt.Errorf("no rematch now: %w", err)
	}
	from := t.fr.inv
	from.Rematch = o.id
	s.ensureCode(&from)
	nt, _, err := s.openTable(ctx, &opening{id: o.id, eng: t.eng, tc: tc, tokens: tokens, watch: hashToken(newToken()),
		client: t.client, from: &from})
	if err != nil {
		return fmt.Errorf("no rematch: %w", err)
	}
	t.fr.inv, t.fr.offer, t.fr.rematchCode = from, nil, nt.code
	t.notices = append(t.notices, "Everyone accepted: the rematch is open.")
	t.broadcast()
	return nil
}

func (t *Table) rematchFrame(c *client) *rematchJSON {
	if id := t.fr.inv.Rematch; id != "" {
		rj := &rematchJSON{Table: id, Accepted: []int{}, Waiting: []int{}}
		if t.fr.rematchCode != "" {
			rj.Watch = "/watch/" + t.fr.rematchCode
		}
		if vis := t.fr.visitors[c]; vis != nil && c.seat > 0 && t.isPerson(c.seat) && sameToken(vis.token, t.fr.tokens[c.seat-1]) {
			rj.Link = "/play/" + rematchToken(vis.token, id)
		}
		return rj
	}
	o := t.fr.offer
	if o == nil {
		return nil
	}
	rj := &rematchJSON{By: o.by, Rotate: o.rotate, Accepted: []int{}, Waiting: []int{}}
	for _, s := range t.people() {
		if o.accepted[s] != "" {
			rj.Accepted = append(rj.Accepted, s)
		} else {
			rj.Waiting = append(rj.Waiting, s)
		}
	}
	return rj
}

// rematchCodeOf reads the join code of the rematch a stored table led to.
func (s *Server) rematchCodeOf(ctx context.Context, inv *store.Invite) string {
	if inv.Rematch == "" {
		return ""
	}
	r, err := s.cfg.Store.LoadInvite(ctx, inv.Rematch)
	if err != nil || r == nil {
		return ""
	}
	return r.Code
}

// room checks that a new table may be opened for client: it returns the
// status that refuses it, with why.
func (s *Server) room(ctx context.Context, client string) (int, error) {
	if most := s.cfg.MaxTablesPerClient; client != "" && most > 0 && s.tablesOf(client) >= most {
		return http.StatusTooManyRequests, fmt.Errorf("%d tables are in play already from your address, the most this server allows: finish one, or wait until one is closed (after %s without play)", most, span(s.cfg.Expire))
	}
	n, err := s.cfg.Store.CountUnfinished(ctx)
	if err != nil {
		return http.StatusInternalServerError, err
	}
	if n >= s.cfg.MaxTables {
		return http.StatusServiceUnavailable, fmt.Errorf("this server already has %d tables in play, its limit: try again when a game has ended", n)
	}
	return 0, nil
}
