package interp

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// What a match is charged for keeping. Everything the engine keeps on a
// script's behalf counts against the match's memory budget
// (Limits.Memory) as if the script kept it in Lua: the Lua state itself
// (measured by luahost.Measure from its roots), and the engine's own
// records of what the script made or said — cards, zones, pools, tracks,
// pads and their rows, notes and their values, boards, the log with its
// events, the prompt's options, the decisions, what the secrecy check
// noted — estimated from their parts here. What the engine keeps only to
// draw or to answer faster (a view's drawings, caches of Lua tables it
// gives again) is either counted too or bounded, and never depends on
// whether anybody looked: a match is stopped at the same point whoever
// watched it.
//
// Whatever makes such a record charges its bytes to the step
// (Meter.Charge) when it makes it, so that the measure is due as soon as
// they could have grown past the budget.

// Rough sizes of the engine's records beyond the texts they hold.
const (
	cardBytes    = 256
	zoneBytes    = 256
	logLineBytes = 64
	objectBytes  = 256 // a pool, track or pad
	rowBytes     = 64  // a pad's row, a pool's holder
	textBytes    = 16  // a string's header in a slice or struct
	entryBytes   = 48  // an entry of a small Go map
	dataBytes    = 64  // a value of an event's data, boxed, in its map or list
	seatBytes    = 112 // a seat: its three names
)

// kept measures what the match keeps on its script's behalf, for the
// memory budget: the Lua state (its globals, registry and stacks, the play
// coroutine, the game table, the cards' tables and every Lua value the
// engine holds for the script) and the engine's own records (ownBytes).
func (m *Match) kept(limit int64) int64 {
	own := m.ownBytes()
	if limit > 0 && own > limit {
		return own
	}
	return own + luahost.Measure(limit-own, m.L, m.keptRoots()...)
}

// Kept measures what the match keeps on its script's behalf, as its
// memory budget counts it: for a driver that holds matches for a script of
// its own (a scenario file, which is charged for the games it starts).
func (m *Match) Kept() int64 {
	if m.L == nil {
		return 0
	}
	return m.kept(0)
}

// Spent is what the match has cost so far, in instructions: those its
// script ran in all its steps and in drawing its notes and sidebars, and
// StartCost for starting it. A driver that starts matches for a script
// of its own (a scenario file) or that bounds the cost of many (check)
// counts what they spent.
func (m *Match) Spent() int64 { return StartCost + m.meter.Total() + m.drawn }

// StartCost is what starting a match costs beyond its script's own
// instructions, counted in instructions: a new Lua state with its
// libraries takes about as long as fifty thousand of them.
const StartCost = 50_000

// keptRoots are the Lua values the match holds outside its state's
// globals, registry and stacks.
func (m *Match) keptRoots() []lua.LValue {
	roots := make([]lua.LValue, 0, 4+len(m.Cards)+len(m.meta.zones))
	if m.game != nil {
		roots = append(roots, m.game)
	}
	if m.t != nil {
		roots = append(roots, m.t)
	}
	if m.co != nil {
		roots = append(roots, m.co)
	}
	for _, p := range m.pcalls {
		roots = append(roots, p.th)
	}
	for _, c := range m.Cards {
		roots = append(roots, m.luaCard(c))
	}
	for _, z := range m.meta.zones {
		roots = append(roots, z.ud)
		if z.list != nil {
			roots = append(roots, z.list)
		}
	}
	for _, l := range m.seatLists {
		if l != nil {
			roots = append(roots, l)
		}
	}
	for _, n := range m.Notes {
		if noteFn(n) != nil {
			roots = append(roots, noteFn(n))
		}
		if v, ok := n.Value.(lua.LValue); ok {
			roots = append(roots, v)
		}
	}
	for _, x := range m.Extras {
		if b, ok := x.(*Board); ok && b.sideRoot != nil {
			roots = append(roots, b.sideRoot)
		}
	}
	for _, h := range m.handfuls.kept {
		roots = append(roots, h.t, h.text)
	}
	return roots
}

// ownBytes estimates the engine's records of what the script did.
func (m *Match) ownBytes() int64 {
	n := m.logBytes + m.renamed
	for _, c := range m.Cards {
		n += cardBytes + int64(len(c.Name)+len(c.Label))
	}
	for _, z := range m.Zones {
		n += zoneBytes + int64(len(z.Name)+len(z.Label)) + 8*int64(cap(z.Cards))
	}
	for _, p := range m.Pools {
		n += poolBytes(p)
		for _, h := range p.Holders {
			n += holderBytes(h, len(p.Kinds))
		}
	}
	for _, tr := range m.Tracks {
		n += objectBytes + int64(len(tr.Name)+len(tr.Label)) + 8*int64(len(tr.Markers))
	}
	for _, p := range m.Pads {
		n += objectBytes + int64(len(p.Name)+len(p.Label)) + 8*int64(len(p.Totals))
		for _, r := range p.Rows {
			n += padRowBytes(r)
		}
	}
	for _, d := range m.Dice {
		n += objectBytes + int64(len(d.Name)+len(d.Label)) + 24*int64(cap(d.Dice))
	}
	n += 16 * int64(len(m.throws)) // every die thrown under a cup, and who saw it
	for _, note := range m.Notes {
		n += noteBytes(note)
	}
	for _, x := range m.Extras {
		if b, ok := x.(*Board); ok {
			n += boardBytes(b)
		}
	}
	if p := m.prompt; p != nil {
		for _, o := range p.Options {
			n += textBytes + 16 + int64(len(o))
		}
	}
	for _, d := range m.record {
		n += 32 + int64(len(d.Text))
	}
	for _, l := range m.log.Leaks() {
		n += textBytes + int64(len(l))
	}
	return n + int64(len(m.metrics))*64
}

// poolBytes is what a pool keeps besides its holders.
func poolBytes(p *Pool) int64 {
	n := objectBytes + int64(len(p.Name)+len(p.Label)) + int64(len(p.Kinds))*(textBytes+2*entryBytes)
	for _, k := range p.Kinds {
		n += int64(len(k))
	}
	return n
}

// holderBytes is what a pool keeps for a holder of pieces of kinds kinds.
func holderBytes(name string, kinds int) int64 {
	return rowBytes + int64(len(name)) + entryBytes*int64(kinds)
}

// padRowBytes is what a pad keeps for a row.
func padRowBytes(r PadRow) int64 {
	return rowBytes + int64(len(r.Label)+len(r.Note)) + 8*int64(cap(r.Scores))
}

// noteBytes is what a note keeps besides its function and value, which
// are measured with the Lua state.
func noteBytes(n Note) int64 {
	return 64 + int64(len(n.Key)+len(n.Text))
}

// boardBytes is what a board keeps: the board itself (board.Board.Bytes)
// and the data its bots' views are given, which holds a distance for
// every room from every square and room (counted whether or not a view
// has been made of it yet).
func boardBytes(b *Board) int64 {
	places := int64(b.W*b.H + b.RoomCount())
	return b.Bytes() + int64(b.RoomCount())*(places+4)*dataBytes
}
