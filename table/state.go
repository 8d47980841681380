package table

import (
	"fmt"
	"strings"
)

// Seat is one place at the table.
type Seat struct {
	// Label is what the seat is called everywhere (t:name, log lines,
	// options): the player's name when one was given, else the game's.
	Label string
	Name  string // the player's name as given (Config.Names), or ""
	// GameLabel is the game's own name for the seat: "North", "Player 2".
	GameLabel string
}

// State is what lies on the table of one game: the seats, every card and
// the zones that hold them, the pools, tracks, pads and cups of dice, and
// the extra objects a game library adds (a board). The runtime (package
// interp) keeps one per match and changes it as the script says; views,
// bots and the checks below read it. A State is plain data: copying a match copies
// it deeply.
type State struct {
	Seats  []Seat
	Cards  []*Card // by ID - 1
	Zones  []*Zone // by ID - 1
	Pools  []*Pool
	Tracks []*Track
	Pads   []*Pad
	Dice   []*Dice // cups of secret dice
	Extras []Extra
}

// Players returns the number of seats.
func (s *State) Players() int { return len(s.Seats) }

// SeatLabel returns the game's name for seat n, or "nobody".
func (s *State) SeatLabel(n int) string { return SeatLabel(s.Seats, n) }

// CardPlaces is a fingerprint of where every card lies: equal before
// and after some code ran when it moved no card.
func (s *State) CardPlaces() string {
	b := make([]byte, 0, 4*len(s.Cards))
	for _, z := range s.Zones {
		for _, c := range z.Cards {
			b = append(b, byte(c.ID), byte(c.ID>>8), byte(z.ID), byte(z.ID>>8))
		}
		b = append(b, 0xff)
	}
	return string(b)
}

// SeatLabel returns the name of seat n among seats, or "nobody".
func SeatLabel(seats []Seat, n int) string {
	if n >= 1 && n <= len(seats) {
		return seats[n-1].Label
	}
	return "nobody"
}

// Extra is a table object a game library adds to a match (a board, a
// vote): it appears in seat views.
type Extra interface {
	// ExtraView returns what seat may see of the object: a title, text
	// lines and data for bots (a Lua-convertible map), or ok=false to hide
	// it from this seat.
	ExtraView(seat int) (v ExtraView, ok bool)
}

// CardShower is implemented by an Extra that can show cards: it lists the
// cards seat would see in it, so the secrecy check can verify them without
// rendering the object. An Extra that does not implement it shows no cards.
type CardShower interface {
	ShownCards(seat int) []int
}

// ExtraView is one extra object as a seat sees it.
type ExtraView struct {
	Name  string
	Title string
	Lines []string
	// Color is Lines with ANSI colours, for a terminal; nil if the
	// object has no coloured rendering.
	Color []string
	// Map and Side are the parts of Lines for a screen too small for all
	// of it: the map alone (its column header first) and the public lines
	// drawn beside it, plain and coloured. Focus lists the lines of Map
	// the seat most needs to see (its marked squares, its token). Objects
	// without a map leave them empty.
	Map, MapColor   []string
	Side, SideColor []string
	Focus           []int
	Cards           []int // cards it names (see CardShower)
	Data            map[string]any
}

// Note is a public status line a script keeps in every view ("Led: ♥").
// The runtime keeps its notes beside the State (they change with every
// t:note, and a view draws some of them for its seat).
type Note struct {
	Key, Text string
	// Value is the note's value for bots: a string, number or boolean as
	// the runtime holds it (a Lua value), or nil when the note has none.
	Value any
	// Draw, when not nil, is the runtime's function that draws the note
	// for a seat: the note then has no Text until a view draws it.
	Draw any
}

// Result is how a finished game ended.
type Result struct {
	Winners []int
	Scores  []float64 // by seat, index 0 unused
}

// CheckSeatNames refuses two seats that would go by the same name (or a
// player named like another seat), since options and the log name seats.
func CheckSeatNames(seats []Seat) error {
	for i, a := range seats {
		for j, b := range seats {
			if i == j || a.Name == "" {
				continue
			}
			if strings.EqualFold(a.Label, b.Label) || strings.EqualFold(a.Label, b.GameLabel) {
				return fmt.Errorf("seat %d's player is called %s, which is also the name of seat %d: choose another name", i+1, a.Label, j+1)
			}
		}
	}
	return nil
}
