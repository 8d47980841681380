package interp

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// A bot's view (the Bots section of docs/scripting.md) is a set of Lua
// tables in the bot's own state. A bot decides hundreds of times a game,
// and between two decisions little changes: a card or two moved, a chip
// given. So a bot keeps its view from one decision to the next, and the
// engine brings up to date only what changed since — zones, pools, tracks
// and pads carry a version that every change moves, notes one for the
// whole match, the log only grows — while what never changes (the cards'
// fields, a board's distance table) is converted once a game. What a seat
// may see is decided here, in Go, from the match's state, exactly as View
// decides it; nothing else reaches the bot's state.
//
// The tables are the bot's: one that changes is brought up to date in
// place or replaced, one that does not stays as the bot left it.

// botView is one seat's view of one match, in L.
type botView struct {
	L    *lua.LState
	m    *Match
	seat int
	t    *lua.LTable

	namesOf []Seat        // m.Seats when names was made
	cards   []*lua.LTable // by card ID - 1: the seat's copy of the card's fields
	spare   []*lua.LTable // cards of the view this one replaced, reused when equal (card)
	zones   []zoneMirror  // by zone ID - 1
	inView  []int         // the zone IDs in view, in order
	listed  bool          // zones, mine, table and seats have been made
	pools   []mirror      // by pool ID - 1
	tracks  []mirror
	pads    []mirror
	dice    []mirror // by cup ID - 1
	notes   uint32   // notesVer seen
	notesMT *lua.LTable
	copied  int                         // slots of option values copied in this update
	copies  map[*lua.LTable]*lua.LTable // option tables copied, to their copies
	byText  map[string]*lua.LTable      // the copy last made of the option table with this text
	fields  []lua.LValue                // the fields of the tables being copied or compared (value, sameCopy)
	board   map[*Board]*lua.LTable
	boardAt map[*Board]int // PositionVersion seen
	logRead int            // log lines read so far
	log     *lua.LTable
	events  *lua.LTable
	made    int // values put into the view by this update (spend)
}

// zoneMirror is a zone's table in the view and the version it shows.
type zoneMirror struct {
	t   *lua.LTable
	ver uint32
	in  bool // in the view at the last update
}

// mirror is an object's table in the view and the version it shows.
type mirror struct {
	t   *lua.LTable
	ver uint32
	ok  bool
}

// newBotView starts seat's view of m in L, empty until update. old is
// the view it replaces in L, if any: its cards' tables are taken again
// where they are still exactly what this view would make (a search bot's
// rollouts start a view in a new copy of the same game thousands of times
// a decision, and converting the cards was most of a view's cost).
func newBotView(L *lua.LState, m *Match, seat int, old *botView) *botView {
	bv := &botView{L: L, m: m, seat: seat, t: L.CreateTable(0, 24)}
	if old != nil && old.L == L {
		// The old view's cards, and where it made none, those it had spare.
		bv.spare = make([]*lua.LTable, max(len(old.cards), len(old.spare)))
		copy(bv.spare, old.spare)
		for i, c := range old.cards {
			if c != nil {
				bv.spare[i] = c
			}
		}
	}
	// Tables made with room for what they hold: L.NewTable gives every
	// table room for 32 items and 32 fields, and a search bot's rollouts
	// start a view thousands of times a decision.
	bv.log, bv.events = L.CreateTable(m.log.Len(), 0), L.CreateTable(0, 0)
	bv.t.RawSetString("seat", lua.LNumber(seat))
	bv.t.RawSetString("players", lua.LNumber(len(m.Seats)))
	bv.t.RawSetString("settings", m.optionsTable(L)) // the options, fixed for the match
	bv.t.RawSetString("log", bv.log)
	bv.t.RawSetString("events", bv.events)
	for _, x := range []struct {
		name string
		n    int
	}{{"mine", 0}, {"table", 0}, {"pools", len(m.Pools)}, {"tracks", len(m.Tracks)}, {"pads", len(m.Pads)}, {"extras", len(m.Extras)}, {"dice", 0}} {
		bv.t.RawSetString(x.name, L.CreateTable(0, x.n))
	}
	bv.notesMT = bv.newNotesMeta()
	bv.notes = m.notesVer - 1
	return bv
}

// current reports whether the view can be brought up to date for seat of
// m (rather than started again: another match, an undo).
func (bv *botView) current(m *Match, seat int) bool {
	return bv != nil && bv.m == m && bv.seat == seat && bv.logRead <= m.log.Len()
}

// update brings the view up to date and returns it.
func (bv *botView) update() *lua.LTable {
	m, t := bv.m, bv.t
	turn, hint := 0, ""
	if p := m.prompt; p != nil {
		turn = p.Seat
		if p.Seat == bv.seat {
			hint = p.Hint
		}
	}
	t.RawSetString("turn", lua.LNumber(turn))
	t.RawSetString("hint", lua.LString(hint))
	t.RawSetString("done", lua.LBool(m.done))
	bv.copied, bv.made = 0, 0
	bv.updateOptions()
	bv.updateNames()
	bv.updateZones()
	bv.updatePools()
	bv.updateDice()
	bv.updateScores()
	bv.updateNotes()
	bv.updateExtras()
	bv.updateLog()
	bv.spend()
	return t
}

// spend charges the state the view is made in (a bot's, on its step) for
// the values the update put into it: an instruction and 64 bytes each. A
// view mirrors the game, and a game that keeps much (a pad of a hundred
// thousand rows, remade for the bot whenever a row is added) must not
// cost its bots more than their budgets say. The view is made outside any
// Lua call: a budget it spends stops the state (viewStopped), and raises
// no error here.
func (bv *botView) spend() {
	if bv.made > 0 {
		luahost.MeterOf(bv.L).Add(int64(bv.made), 64*int64(bv.made))
	}
}

// viewStopped is the error for a state stopped while its view was made,
// before its script ran, or nil.
func viewStopped(L *lua.LState, path string) error {
	if g := luahost.MeterOf(L); g != nil && g.Stopped() != "" {
		why := g.Stopped()
		return &ScriptError{Msg: errText(path + ": making the view of the game: " + why)}
	}
	return nil
}

// updateOptions sets options (the texts) and values (what the script
// offered: a string, the seat's copy of a card, a copy of a table) when it
// is the seat's decision; both are empty otherwise.
func (bv *botView) updateOptions() {
	L, p := bv.L, bv.m.prompt
	if p == nil || p.Seat != bv.seat {
		bv.t.RawSetString("options", L.CreateTable(0, 0))
		bv.t.RawSetString("values", L.CreateTable(0, 0))
		return
	}
	opts := L.CreateTable(len(p.Options), 0)
	vals := L.CreateTable(len(p.Options), 0)
	for i, o := range p.Options {
		opts.RawSetInt(i+1, lua.LString(o))
		vals.RawSetInt(i+1, bv.option(o, p.values[i]))
	}
	bv.t.RawSetString("options", opts)
	bv.t.RawSetString("values", vals)
	bv.made += 2*len(p.Options) + bv.copied
}

// option is the bot's copy of the value v the script offered as the
// option with text: value's, or — when v is a table the script made
// afresh (a list of options built anew every turn, as a script naturally
// writes it) — the copy made of the option with the same text before,
// where it is still exactly what value would make of v (sameCopy). The
// bot's state then gets no new table for an option it has seen, and its
// step is charged as for a copy.
func (bv *botView) option(text string, v lua.LValue) lua.LValue {
	x, ok := v.(*lua.LTable)
	if !ok || bv.copies[x] != nil || bv.m.cardOf(x) != nil {
		return bv.value(v, 0)
	}
	if cp := bv.byText[text]; cp != nil {
		copied := bv.copied
		if bv.sameCopy(x, cp, 0) {
			return cp
		}
		bv.copied = copied // charged as the copy below
	}
	cp := bv.value(v, 0)
	if t, ok := cp.(*lua.LTable); ok {
		if bv.byText == nil || len(bv.byText) >= maxCopies {
			bv.byText = make(map[string]*lua.LTable, 64)
		}
		bv.byText[text] = t
	}
	return cp
}

// What of the options' values is copied: tables to a depth of
// maxValueDepth, and at most maxValueSlots fields in all for one decision
// (a script that offers its whole state with every option gets the rest
// left out, not a bot that takes minutes to start).
const (
	maxValueDepth = 8
	maxValueSlots = 100_000
)

// value copies a value the script offered into the bot's state: strings,
// numbers and booleans as they are; a card as the seat's copy of it (false
// when the seat may not see it); a table field by field, in the order it
// was made; functions and the engine's objects are left out.
func (bv *botView) value(v lua.LValue, depth int) lua.LValue {
	switch x := v.(type) {
	case lua.LString, lua.LNumber, lua.LBool:
		return v
	case *lua.LTable:
		if c := bv.m.cardOf(x); c != nil {
			if !c.VisibleTo(bv.seat) {
				return lua.LFalse
			}
			return bv.card(c)
		}
		if depth >= maxValueDepth {
			return lua.LNil
		}
		if cp := bv.copies[x]; cp != nil && bv.sameCopy(x, cp, depth) {
			return cp
		}
		start := len(bv.fields)
		bv.fields = luahost.AppendFields(bv.fields, x)
		end := len(bv.fields)
		out := bv.L.CreateTable(x.Len(), stringKeys(bv.fields[start:end]))
		for i := start; i < end && bv.copied < maxValueSlots; i += 2 {
			bv.copied++
			k := bv.fields[i]
			switch k.(type) {
			case lua.LString, lua.LNumber:
				if cv := bv.value(bv.fields[i+1], depth+1); cv != lua.LNil {
					out.RawSet(k, cv)
				}
			}
		}
		bv.fields = bv.fields[:start]
		bv.remember(x, out)
		return out
	}
	return lua.LNil
}

// stringKeys counts the string keys among fields (key, value pairs): a
// table made with room for them (gopher-lua otherwise gives the first
// string key room for 32) costs a fraction of one that grows.
func stringKeys(fields []lua.LValue) int {
	n := 0
	for i := 0; i < len(fields); i += 2 {
		if _, ok := fields[i].(lua.LString); ok {
			n++
		}
	}
	return n
}

// maxCopies bounds how many option tables a bot view remembers the copies
// of (it forgets them all when it would remember more).
const maxCopies = 4096

// remember notes out as the copy of the script's table x: a script that
// offers the same option tables again (a list of options made once) has
// them copied only once, as long as they and their copies stay as they
// were (sameCopy).
func (bv *botView) remember(x, out *lua.LTable) {
	if bv.copies == nil || len(bv.copies) >= maxCopies {
		bv.copies = make(map[*lua.LTable]*lua.LTable, 64)
	}
	bv.copies[x] = out
}

// sameCopy reports whether cp, a copy made earlier of the script's table
// x, is still exactly what value would make of x now: the same keys in the
// same order, the same plain values, the same cards as the seat may see
// them now, nested copies likewise, and no metatable — neither the script
// nor the bot has changed either side. A bot can tell a reused copy from
// a new one only by comparing tables across decisions (rawequal).
func (bv *botView) sameCopy(x, cp *lua.LTable, depth int) bool {
	if cp.Metatable != lua.LNil {
		return false
	}
	start := len(bv.fields)
	defer func() { bv.fields = bv.fields[:start] }()
	bv.fields = luahost.AppendFields(bv.fields, x)
	mid := len(bv.fields)
	bv.fields = luahost.AppendFields(bv.fields, cp)
	end := len(bv.fields)
	j := mid // the field of cp to compare next
	k2, v2 := pairAt(bv.fields, j, end)
	for i := start; i < mid; i += 2 {
		k, val := bv.fields[i], bv.fields[i+1]
		if bv.copied++; bv.copied >= maxValueSlots {
			return false
		}
		switch k.(type) {
		case lua.LString, lua.LNumber:
		default:
			continue
		}
		switch w := val.(type) {
		case lua.LString, lua.LNumber, lua.LBool:
			if k2 != k || v2 != val {
				return false
			}
		case *lua.LTable:
			if c := bv.m.cardOf(w); c != nil {
				want := lua.LValue(lua.LFalse)
				if c.VisibleTo(bv.seat) {
					want = bv.card(c)
				}
				if k2 != k || v2 != want {
					return false
				}
			} else if depth+1 >= maxValueDepth {
				continue // not copied
			} else if sub, ok := v2.(*lua.LTable); !ok || k2 != k || !bv.sameCopy(w, sub, depth+1) {
				return false
			}
		default:
			continue // functions and the engine's objects are not copied
		}
		j += 2
		k2, v2 = pairAt(bv.fields, j, end)
	}
	return k2 == lua.LNil
}

// pairAt is the key and value at i in fields (pairs), or nil and nil at
// end.
func pairAt(fields []lua.LValue, i, end int) (k, v lua.LValue) {
	if i >= end {
		return lua.LNil, lua.LNil
	}
	return fields[i], fields[i+1]
}

// card is the seat's copy of a card's plain fields (name, label, suit, ...),
// made once a game: the fields of a card never change.
func (bv *botView) card(c *Card) *lua.LTable {
	if c.ID <= len(bv.cards) && bv.cards[c.ID-1] != nil {
		return bv.cards[c.ID-1]
	}
	for len(bv.cards) < len(bv.m.Cards) {
		bv.cards = append(bv.cards, nil)
	}
	def := bv.m.luaCard(c)
	if c.ID <= len(bv.spare) && sameFields(def, bv.spare[c.ID-1]) {
		bv.cards[c.ID-1] = bv.spare[c.ID-1]
		return bv.cards[c.ID-1]
	}
	ct := bv.L.CreateTable(0, 8)
	for k, val := def.Next(lua.LNil); k != lua.LNil; k, val = def.Next(k) {
		bv.made++
		if plainField(k, val) {
			ct.RawSet(k, val)
		}
	}
	bv.cards[c.ID-1] = ct
	return ct
}

// sameFields reports whether ct holds exactly the plain fields of the
// card definition def, as card makes them, and nothing else: a table the
// bot has not changed since an earlier view made it from an equal card.
func sameFields(def, ct *lua.LTable) bool {
	if ct == nil || ct.Metatable != lua.LNil {
		return false
	}
	n, same := 0, true
	def.ForEach(func(k, val lua.LValue) {
		if plainField(k, val) {
			same = same && ct.RawGet(k) == val
			n++
		}
	})
	ct.ForEach(func(lua.LValue, lua.LValue) { n-- })
	return same && n == 0
}

// plainField reports whether a card definition's field is one a bot's
// copy of the card has: a string key with a string, number or boolean.
func plainField(k, val lua.LValue) bool {
	if _, ok := k.(lua.LString); !ok {
		return false
	}
	switch val.(type) {
	case lua.LString, lua.LNumber, lua.LBool:
		return true
	}
	return false
}

func (bv *botView) updateNames() {
	seats := bv.m.Seats
	if len(bv.namesOf) > 0 && &bv.namesOf[0] == &seats[0] {
		return
	}
	names := bv.L.CreateTable(len(seats), 0)
	bv.made += len(seats)
	for i, s := range seats {
		names.RawSetInt(i+1, lua.LString(s.Label))
	}
	bv.t.RawSetString("names", names)
	bv.namesOf = seats
}

// inView reports whether zone z appears in views: shown zones always,
// bookkeeping zones while they hold cards someone may see.
func inView(z *Zone) bool { return z.Shown || len(z.Cards) > 0 && z.Vis != Hidden }

// updateZones brings the zones up to date: each changed zone's table, and
// the lists and maps of zones (zones, mine, table, seats) when the zones in
// view are not the same as before.
func (bv *botView) updateZones() {
	m := bv.m
	for len(bv.zones) < len(m.Zones) {
		bv.zones = append(bv.zones, zoneMirror{})
	}
	same := true
	n := 0
	for i, z := range m.Zones {
		zm := &bv.zones[i]
		in := inView(z)
		if in {
			same = same && n < len(bv.inView) && bv.inView[n] == z.ID
			n++
			if zm.t == nil || zm.ver != z.Version() {
				bv.updateZone(z, zm)
			}
		}
		zm.in = in
	}
	if bv.listed && same && n == len(bv.inView) {
		return
	}
	bv.listZones()
}

// updateZone brings one zone's table up to date.
func (bv *botView) updateZone(z *Zone, zm *zoneMirror) {
	L := bv.L
	if zm.t == nil {
		zm.t = L.CreateTable(0, 5)
		zm.t.RawSetString("name", lua.LString(z.Name))
		zm.t.RawSetString("owner", lua.LNumber(z.Owner))
	}
	zm.t.RawSetString("label", lua.LString(z.Label))
	zm.t.RawSetString("count", lua.LNumber(len(z.Cards)))
	bv.made += 5 + len(z.Cards)
	cl := L.CreateTable(len(z.Cards), 0)
	k := 0
	for _, c := range z.Cards {
		if c.VisibleTo(bv.seat) {
			k++
			cl.RawSetInt(k, bv.card(c))
		}
	}
	zm.t.RawSetString("cards", cl)
	zm.ver = z.Version()
}

// listZones remakes zones, mine, table and seats from the zones in view.
func (bv *botView) listZones() {
	L, m := bv.L, bv.m
	bv.inView = bv.inView[:0]
	bv.listed = true
	bv.made += len(m.Zones) + len(m.Seats)
	owned := make([]int, len(m.Seats)+1) // zones in view by owner, 0 public
	for i, z := range m.Zones {
		if bv.zones[i].in && z.Owner >= 0 && z.Owner <= len(m.Seats) {
			owned[z.Owner]++
		}
	}
	zones := L.CreateTable(len(m.Zones), 0)
	public := L.CreateTable(0, owned[0])
	mine := L.CreateTable(0, owned[min(max(bv.seat, 0), len(m.Seats))])
	bySeat := L.CreateTable(len(m.Seats), 0)
	for s := 1; s <= len(m.Seats); s++ {
		bySeat.RawSetInt(s, L.CreateTable(0, owned[s]))
	}
	for i, z := range m.Zones {
		if !bv.zones[i].in {
			continue
		}
		bv.inView = append(bv.inView, z.ID)
		zt := bv.zones[i].t
		zones.Append(zt)
		switch {
		case z.Owner == 0:
			public.RawSetString(z.Name, zt)
		default:
			bySeat.RawGetInt(z.Owner).(*lua.LTable).RawSetString(z.Name, zt)
			if z.Owner == bv.seat {
				mine.RawSetString(z.Name, zt)
			}
		}
	}
	bv.t.RawSetString("zones", zones)
	bv.t.RawSetString("mine", mine)
	bv.t.RawSetString("table", public)
	bv.t.RawSetString("seats", bySeat)
}

// updatePools brings the pools up to date: pools[name] = {supply =
// {kind = n}, held = {[holder] = {kind = n}}}, holders that are seats by
// number.
func (bv *botView) updatePools() {
	L, m := bv.L, bv.m
	pools := bv.t.RawGetString("pools").(*lua.LTable)
	for len(bv.pools) < len(m.Pools) {
		bv.pools = append(bv.pools, mirror{})
	}
	for i, p := range m.Pools {
		pm := &bv.pools[i]
		if pm.ok && pm.ver == p.Version() {
			continue
		}
		bv.made += len(p.Kinds) * (1 + len(p.Holders))
		pt := L.CreateTable(0, 2)
		sup := L.CreateTable(0, len(p.Kinds))
		for _, k := range p.Kinds {
			sup.RawSetString(k, lua.LNumber(p.Supply[k]))
		}
		pt.RawSetString("supply", sup)
		held := L.CreateTable(len(m.Seats), len(p.Holders))
		for i, h := range p.Holders {
			ht := L.CreateTable(0, len(p.Kinds))
			for _, k := range p.Kinds {
				ht.RawSetString(k, lua.LNumber(p.Held[h][k]))
			}
			if s := p.Holder(i).Seat; s > 0 {
				held.RawSetInt(s, ht)
			} else {
				held.RawSetString(h, ht)
			}
		}
		pt.RawSetString("held", held)
		pools.RawSetString(p.Name, pt)
		*pm = mirror{t: pt, ver: p.Version(), ok: true}
	}
}

// updateDice brings the cups of secret dice up to date: dice[i] = {name =,
// label =, owner =, sides =, faces = {...}}, the faces as the seat sees
// them (0 for a die it may not see), cups in the order they were made.
func (bv *botView) updateDice() {
	L, m := bv.L, bv.m
	list := bv.t.RawGetString("dice").(*lua.LTable)
	for len(bv.dice) < len(m.Dice) {
		bv.dice = append(bv.dice, mirror{})
	}
	for i, d := range m.Dice {
		dm := &bv.dice[i]
		if dm.ok && dm.ver == d.Version() {
			continue
		}
		faces := d.Faces(bv.seat)
		bv.made += 5 + len(faces)
		ft := L.CreateTable(len(faces), 0)
		for k, f := range faces {
			ft.RawSetInt(k+1, lua.LNumber(f))
		}
		dt := L.CreateTable(0, 5)
		dt.RawSetString("name", lua.LString(d.Name))
		dt.RawSetString("label", lua.LString(d.Label))
		if d.Owner > 0 {
			dt.RawSetString("owner", lua.LNumber(d.Owner))
		}
		dt.RawSetString("sides", lua.LNumber(d.Sides))
		dt.RawSetString("faces", ft)
		list.RawSetInt(i+1, dt)
		*dm = mirror{t: dt, ver: d.Version(), ok: true}
	}
}

// updateScores brings the tracks (tracks[name][seat] = marker) and the pads
// (pads[name] = {totals = {by seat}, rows = {{label =, scores = {by
// seat}}}}) up to date.
func (bv *botView) updateScores() {
	L, m := bv.L, bv.m
	n := len(m.Seats)
	tracks := bv.t.RawGetString("tracks").(*lua.LTable)
	for len(bv.tracks) < len(m.Tracks) {
		bv.tracks = append(bv.tracks, mirror{})
	}
	for i, tr := range m.Tracks {
		if tm := &bv.tracks[i]; !tm.ok || tm.ver != tr.Version() {
			tt := L.CreateTable(n, 0)
			bv.made += n
			for s := 1; s <= n; s++ {
				tt.RawSetInt(s, lua.LNumber(tr.Markers[s]))
			}
			tracks.RawSetString(tr.Name, tt)
			*tm = mirror{t: tt, ver: tr.Version(), ok: true}
		}
	}
	pads := bv.t.RawGetString("pads").(*lua.LTable)
	for len(bv.pads) < len(m.Pads) {
		bv.pads = append(bv.pads, mirror{})
	}
	for i, p := range m.Pads {
		if pm := &bv.pads[i]; !pm.ok || pm.ver != p.Version() {
			bv.made += n + len(p.Rows)*(2+n)
			pt := L.CreateTable(0, 2)
			pt.RawSetString("totals", scoresTable(L, p.Totals, n))
			rows := L.CreateTable(len(p.Rows), 0)
			for j, r := range p.Rows {
				rt := L.CreateTable(0, 2)
				rt.RawSetString("label", lua.LString(r.Label))
				rt.RawSetString("scores", scoresTable(L, r.Scores, n))
				rows.RawSetInt(j+1, rt)
			}
			pt.RawSetString("rows", rows)
			pads.RawSetString(p.Name, pt)
			*pm = mirror{t: pt, ver: p.Version(), ok: true}
		}
	}
}

func scoresTable(L *lua.LState, by []int, n int) *lua.LTable {
	t := L.CreateTable(n, 0)
	for s := 1; s <= n; s++ {
		t.RawSetInt(s, lua.LNumber(by[s]))
	}
	return t
}

// newNotesMeta is the metatable of the view's notes: its __index draws a
// note given as a function for the seat, when the bot reads it.
func (bv *botView) newNotesMeta() *lua.LTable {
	L := bv.L
	mt := L.CreateTable(0, 1)
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key := L.CheckString(2)
		for _, n := range bv.m.Notes {
			if n.Key == key && noteFn(n) != nil {
				if text, _ := bv.m.drawText(noteFn(n), bv.seat); text != "" {
					L.Push(lua.LString(text))
					return 1
				}
			}
		}
		L.Push(lua.LNil)
		return 1
	}))
	return mt
}

// updateNotes brings notes (the texts; those drawn by a function are drawn
// when read) and facts (the values given with notes) up to date when a
// note changed.
func (bv *botView) updateNotes() {
	m, L := bv.m, bv.L
	if bv.notes == m.notesVer {
		return
	}
	bv.made += 2 * len(m.Notes)
	notes := L.CreateTable(0, len(m.Notes))
	notes.Metatable = bv.notesMT
	facts := L.CreateTable(0, len(m.Notes))
	for _, n := range m.Notes {
		if noteFn(n) == nil {
			notes.RawSetString(n.Key, lua.LString(n.Text))
		}
		switch val := n.Value.(type) {
		case lua.LString, lua.LNumber, lua.LBool:
			facts.RawSetString(n.Key, val.(lua.LValue))
		}
	}
	bv.t.RawSetString("notes", notes)
	bv.t.RawSetString("facts", facts)
	bv.notes = m.notesVer
}

// updateExtras brings the extra objects' data up to date: a board's once
// (all but its tokens, which follow the board's moves), another object's
// at every decision.
func (bv *botView) updateExtras() {
	L := bv.L
	extras := bv.t.RawGetString("extras").(*lua.LTable)
	for _, x := range bv.m.Extras {
		b, ok := x.(*Board)
		if !ok {
			if ev, ok := x.ExtraView(bv.seat); ok {
				bv.made += dataValues(ev.Data)
				extras.RawSetString(ev.Name, toLua(L, ev.Data))
			}
			continue
		}
		if !b.Shown {
			continue
		}
		if bv.board == nil {
			bv.board, bv.boardAt = map[*Board]*lua.LTable{}, map[*Board]int{}
		}
		bt := bv.board[b]
		if bt == nil {
			bt = toLua(L, b.StaticData()).(*lua.LTable)
			bv.made += b.staticCount()
			bv.board[b] = bt
			bv.boardAt[b] = b.PositionVersion() - 1
			extras.RawSetString(b.Name, bt)
		}
		if bv.boardAt[b] != b.PositionVersion() {
			bv.made += len(b.Tokens())
			bt.RawSetString("tokens", toLua(L, b.TokenPlaces()))
			bv.boardAt[b] = b.PositionVersion()
		}
	}
}

// updateLog adds the lines written since the last update that the seat
// may read to log (their texts) and events (the data of t:event lines,
// with their text).
func (bv *botView) updateLog() {
	lines := bv.m.LogFor(bv.seat, bv.logRead)
	for _, l := range lines {
		bv.made += 1 + dataValues(l.Data)
	}
	appendLog(bv.L, bv.log, bv.events, lines)
	bv.logRead = bv.m.log.Len()
}

// dataValues counts the values of plain data (an event's, a board's) that
// toLua converts.
func dataValues(v any) int {
	switch x := v.(type) {
	case map[string]any:
		n := 1
		for _, e := range x {
			n += dataValues(e)
		}
		return n
	case []any:
		n := 1
		for _, e := range x {
			n += dataValues(e)
		}
		return n
	case nil:
		return 0
	}
	return 1
}

// LuaView returns seat's view of the match as a bot sees it (see the Bots
// section of docs/scripting.md), made in L: for tests and tools that look
// at a match once.
func (m *Match) LuaView(L *lua.LState, seat int) *lua.LTable {
	return newBotView(L, m, seat, nil).update()
}
