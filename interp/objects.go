package interp

import (
	lua "github.com/yuin/gopher-lua"
)

// SeatSet is a set of seats as a bit mask: bit s is seat s (seats count
// from 1; bit 0 is unused).
type SeatSet uint64

// AllSeats is the set that contains every seat.
const AllSeats SeatSet = ^SeatSet(0)

// Has reports whether seat s is in the set.
func (ss SeatSet) Has(s int) bool { return s >= 0 && s < 64 && ss&(1<<uint(s)) != 0 }

// With returns the set with seat s added.
func (ss SeatSet) With(s int) SeatSet {
	if s < 0 || s >= 64 {
		return ss
	}
	return ss | 1<<uint(s)
}

// Visibility says who may see the cards of a zone.
type Visibility int

const (
	// Hidden zones show only how many cards they hold (a deck, an envelope).
	Hidden Visibility = iota
	// OwnerOnly zones show their cards to their owner only (a hand).
	OwnerOnly
	// Public zones show their cards to everyone (the table, a trick).
	Public
)

var visibilityNames = map[string]Visibility{"hidden": Hidden, "owner": OwnerOnly, "all": Public, "public": Public}

func (v Visibility) String() string {
	switch v {
	case OwnerOnly:
		return "owner"
	case Public:
		return "all"
	}
	return "hidden"
}

// Card is one physical card (or tile, or any piece with an identity). It
// always lies in exactly one zone.
type Card struct {
	ID    int    // 1-based, unique in the match
	Name  string // canonical name used in moves, e.g. "JC"
	Label string // display name, e.g. "J♣"
	Table *lua.LTable
	Zone  *Zone
	// Known is the set of seats that know this card wherever it lies (a
	// card shown to a player, a card that left a player's hand).
	Known SeatSet
	// Revealed cards are known to everyone until their zone is shuffled.
	Revealed bool

	verb, text string // the last option text made for this card
}

// optionText is the text of a prompt option offering this card.
func (c *Card) optionText(verb string) string {
	if c.text == "" || c.verb != verb {
		c.verb = verb
		c.text = c.Name
		if verb != "" {
			c.text = verb + " " + c.Name
		}
	}
	return c.text
}

// VisibleTo reports whether seat may see which card this is.
func (c *Card) VisibleTo(seat int) bool {
	if c.Revealed || c.Known.Has(seat) {
		return true
	}
	z := c.Zone
	return z != nil && (z.Vis == Public || (z.Vis == OwnerOnly && z.Owner == seat && seat > 0))
}

// Zone is an ordered collection of cards: a deck, a hand, a pile, a trick.
// The last card is the top.
type Zone struct {
	ID    int
	Name  string
	Label string
	Owner int // seat that owns the zone, 0 for none
	Vis   Visibility
	// Shown zones appear in seat views; unshown zones are bookkeeping.
	Shown bool
	Cards []*Card
	ud    *lua.LUserData
	ver   uint32 // changes whenever what a seat may see of it changes (bot views)

	list    *lua.LTable // the last list zone:cards made, and the version it shows
	listVer uint32
}

// touch notes that the zone changed: its cards, their order, or who may
// see them.
func (z *Zone) touch() { z.ver++ }

func (z *Zone) index(c *Card) int {
	for i := len(z.Cards) - 1; i >= 0; i-- {
		if z.Cards[i] == c {
			return i
		}
	}
	return -1
}

// Pool holds counted pieces of several kinds — chips, betting pieces —
// with a limited supply. Pieces are always somewhere: in the supply or with
// a holder (a seat or a named place), so their totals are conserved.
type Pool struct {
	ID     int
	Name   string
	Label  string
	Kinds  []string
	Total  map[string]int
	Supply map[string]int
	// Holders in the order they first received pieces; held[holder][kind].
	Holders []string
	Held    map[string]map[string]int
	Shown   bool
	ver     uint32 // changes with every move of its pieces (bot views)
}

func (p *Pool) hasKind(kind string) bool {
	_, ok := p.Total[kind]
	return ok
}

func (p *Pool) holding(holder string) map[string]int {
	h, ok := p.Held[holder]
	if !ok {
		h = make(map[string]int, len(p.Kinds))
		p.Held[holder] = h
		p.Holders = append(p.Holders, holder)
	}
	return h
}

// Track is a scoring track: each seat has a marker on it, kept within
// [Min, Max].
type Track struct {
	ID       int
	Name     string
	Label    string
	Min, Max int
	Start    int
	Markers  []int // by seat, index 0 unused
	Shown    bool
	ver      uint32 // changes with every move of a marker (bot views)
}

// Pad is a score sheet: one row per hand or round, one column per seat.
type Pad struct {
	ID     int
	Name   string
	Label  string
	Rows   []PadRow
	Totals []int // by seat, index 0 unused
	Shown  bool
	ver    uint32 // changes with every row added (bot views)
}

// PadRow is one line of a score pad.
type PadRow struct {
	Label  string
	Scores []int // by seat, index 0 unused
	Note   string
}
