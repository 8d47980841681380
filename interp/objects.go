package interp

import (
	"github.com/tabletop/tabletop/gamelog"
	"github.com/tabletop/tabletop/savefile"
	"github.com/tabletop/tabletop/table"
	"github.com/tabletop/tabletop/view"
	lua "github.com/yuin/gopher-lua"
)

// What needs no Lua is other packages' — the table (table), the log
// (gamelog), a seat's view (view), a saved game (savefile) — and interp
// names their types too, so that the runtime's API reads as one
// (interp.Card is table.Card, interp.Record is savefile.Record).
type (
	SeatSet     = table.SeatSet
	Visibility  = table.Visibility
	Seat        = table.Seat
	RNG         = table.RNG
	Card        = table.Card
	Zone        = table.Zone
	Pool        = table.Pool
	Track       = table.Track
	Pad         = table.Pad
	Dice        = table.Dice // a cup of secret dice (dice.go)
	PadRow      = table.PadRow
	Note        = table.Note
	Result      = table.Result
	Extra       = table.Extra
	CardShower  = table.CardShower
	ExtraView   = table.ExtraView
	Arrangement = table.Arrangement

	LogLine  = gamelog.Line
	Place    = gamelog.Place
	View     = view.View
	ZoneView = view.ZoneView
	DiceView = view.DiceView

	Decision    = savefile.Decision
	Record      = savefile.Record
	Takeback    = savefile.Takeback
	TakebackHow = savefile.TakebackHow
)

// The seat sets and visibilities of package table, and how decisions
// were taken back (savefile.TakebackHow).
const (
	AllSeats, Hidden, OwnerOnly, Public = table.AllSeats, table.Hidden, table.OwnerOnly, table.Public
	Free, Agreed, Practice, Reloaded    = savefile.Free, savefile.Agreed, savefile.Practice, savefile.Reloaded
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
