package table

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

// ParseVisibility reads a visibility as scripts write it: hidden, owner,
// or all (also public).
func ParseVisibility(s string) (Visibility, bool) {
	v, ok := visibilityNames[s]
	return v, ok
}

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
	Zone  *Zone
	// Known is the set of seats that know this card wherever it lies (a
	// card shown to a player, a card that left a player's hand).
	Known SeatSet
	// Revealed cards are known to everyone until their zone is shuffled.
	Revealed bool
	// Stale is the set of seats whose knowledge of the card outlived its
	// reason: they knew it when it went into a hidden zone (a box, a
	// deck not shuffled since), and nothing showed it to them there.
	// Everyone is, when a revealed card went in. Showing the card to
	// them again, laying it open, hiding it or shuffling it clears it.
	Stale SeatSet

	verb, text string // the last option text made for this card
}

// OptionText is the text of a prompt option offering this card: the verb
// and the card's name ("play JC"), or the name alone when there is no verb.
// The last text made is kept, so asking again for the same verb costs
// nothing.
func (c *Card) OptionText(verb string) string {
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
	return c.Zone != nil && c.Zone.Shows(seat)
}

// Shows reports whether seat may see the cards of z by where they lie: a
// public zone, or its own. (A card may be known beyond that: VisibleTo.)
func (z *Zone) Shows(seat int) bool {
	return z.Vis == Public || (z.Vis == OwnerOnly && z.Owner == seat && seat > 0)
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
	ver   uint32
}

// Touch notes that the zone changed: its cards, their order, or who may
// see them. Whoever changes a zone other than through Move touches it.
func (z *Zone) Touch() { z.ver++ }

// Version changes whenever the zone is touched.
func (z *Zone) Version() uint32 { return z.ver }

// Index returns where c lies in z (0 is the bottom), or -1.
func (z *Zone) Index(c *Card) int {
	for i := len(z.Cards) - 1; i >= 0; i-- {
		if z.Cards[i] == c {
			return i
		}
	}
	return -1
}

// Move moves c to the top of z (pos > 0: to that 1-based position from
// the bottom). Seats that saw the card where it was keep knowing it: a card
// that leaves a public zone is revealed, one that leaves an owner's zone
// stays known to the owner. Their knowledge goes stale (Card.Stale) when
// the card goes into a hidden zone, and fresh again when it is laid open.
func Move(c *Card, z *Zone, pos int) {
	if old := c.Zone; old != nil {
		if old.Vis == Public {
			c.Revealed = true
		} else if old.Vis == OwnerOnly && old.Owner > 0 {
			c.Known = c.Known.With(old.Owner)
		}
		if i := old.Index(c); i >= 0 {
			old.Cards = append(old.Cards[:i], old.Cards[i+1:]...)
		}
		old.Touch()
	}
	switch z.Vis {
	case Hidden:
		c.Stale |= c.Known
		if c.Revealed {
			c.Stale = AllSeats
		}
	case Public:
		c.Stale = 0
	}
	c.Zone = z
	z.Touch()
	if pos <= 0 || pos > len(z.Cards) {
		z.Cards = append(z.Cards, c)
		return
	}
	z.Cards = append(z.Cards, nil)
	copy(z.Cards[pos:], z.Cards[pos-1:])
	z.Cards[pos-1] = c
}

// Forget makes the cards anonymous again, as a shuffle does: nobody knows
// them beyond what their zone shows.
func Forget(cards []*Card) {
	for _, c := range cards {
		c.Known, c.Revealed, c.Stale = 0, false, 0
	}
}

// StaleIn returns the seats whose stale knowledge of c (Card.Stale) would
// let them see it in z, a zone only its owner may see: what they knew of
// the card before it went into a hidden zone would tell them what the
// owner now holds. Empty for any other zone.
func StaleIn(c *Card, z *Zone) SeatSet {
	if z.Vis != OwnerOnly || c.Zone == z {
		return 0
	}
	known := c.Known
	if c.Revealed {
		known = AllSeats
	}
	return c.Stale & known &^ (1 << uint(z.Owner)) &^ 1
}
