package interp

import (
	"github.com/tabletop/tabletop/gamelog"
	"github.com/tabletop/tabletop/savefile"
	"github.com/tabletop/tabletop/table"
	"github.com/tabletop/tabletop/view"
	lua "github.com/yuin/gopher-lua"
)

// The objects on the table are package table's; interp names them too, so
// that the runtime's API reads as one (interp.Card is table.Card).
type (
	SeatSet     = table.SeatSet
	Visibility  = table.Visibility
	Card        = table.Card
	Zone        = table.Zone
	Pool        = table.Pool
	Track       = table.Track
	Pad         = table.Pad
	PadRow      = table.PadRow
	Seat        = table.Seat
	Extra       = table.Extra
	CardShower  = table.CardShower
	ExtraView   = table.ExtraView
	Arrangement = table.Arrangement
	LogLine     = gamelog.Line
	Note        = table.Note
	RNG         = table.RNG
	Result      = table.Result
	View        = view.View
	ZoneView    = view.ZoneView
)

// A saved game's parts are package savefile's.
type (
	Decision    = savefile.Decision
	Record      = savefile.Record
	Takeback    = savefile.Takeback
	TakebackHow = savefile.TakebackHow
)

// How decisions were taken back (savefile.TakebackHow).
const (
	Free     = savefile.Free
	Agreed   = savefile.Agreed
	Practice = savefile.Practice
)

// The seat sets and visibilities of package table.
const (
	AllSeats  = table.AllSeats
	Hidden    = table.Hidden
	OwnerOnly = table.OwnerOnly
	Public    = table.Public
)

// zoneBinding is what Lua has of a zone: the userdata scripts hold, and the
// last list zone:cards made with the version of the zone it shows.
type zoneBinding struct {
	ud      *lua.LUserData
	list    *lua.LTable
	listVer uint32
}

// luaCard is card c as scripts hold it: the table of its definition.
func (m *Match) luaCard(c *Card) *lua.LTable { return m.meta.cards[c.ID-1] }

// CardTable is card c of the match as its script holds it: the table of
// its definition, with its fields (for a module written in Go that reads
// a zone's cards, as melds does).
func (m *Match) CardTable(c *Card) *lua.LTable { return m.luaCard(c) }

// zoneLua is what Lua has of zone z.
func (m *Match) zoneLua(z *Zone) *zoneBinding { return &m.meta.zones[z.ID-1] }
