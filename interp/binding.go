package interp

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/tabletop/tabletop/printable"

	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
	lua "github.com/yuin/gopher-lua"
)

type matchMeta struct {
	cardByName map[string]*Card
	cards      []*lua.LTable       // by card ID - 1: the card as scripts hold it
	cardIDs    map[*lua.LTable]int // the card tables, to their IDs (cardOf)
	zones      []zoneBinding       // by zone ID - 1
	zoneMT     *lua.LTable
	poolMT     *lua.LTable
	trackMT    *lua.LTable
	padMT      *lua.LTable
	diceMT     *lua.LTable
}

// luaNote implements t:note(key, text [, value]): a public status line
// every view shows under key, replacing the note of that key; text may be
// a function(seat) drawn when a view is drawn (draw.go), and nil or ""
// removes the note. value is handed to bots as view.facts[key].
func (m *Match) luaNote(L *lua.LState) int {
	key := L.CheckString(2)
	var fn *lua.LFunction
	text := ""
	switch v := L.Get(3).(type) {
	case *lua.LFunction:
		fn = v
	case lua.LString, lua.LNumber:
		text = printable.Block(lua.LVAsString(v))
	case *lua.LNilType:
	default:
		L.ArgError(3, "a note is a text, a function(seat) returning one, or nil to remove it")
	}
	value := L.Get(4)
	switch value.(type) {
	case lua.LString, lua.LNumber, lua.LBool, *lua.LNilType:
	default:
		L.ArgError(4, "a note's value must be a string, number or boolean")
	}
	note := Note{Key: key, Text: text}
	if value != lua.LNil {
		note.Value = value
	}
	if fn != nil {
		note.Draw = fn
	}
	m.meter.Charge(L, noteBytes(note)+int64(len(lua.LVAsString(value))))
	m.notesVer++
	for i, n := range m.Notes {
		if n.Key == key {
			if text == "" && fn == nil {
				m.Notes = append(m.Notes[:i], m.Notes[i+1:]...)
			} else {
				m.Notes[i] = note
			}
			return 0
		}
	}
	if text != "" || fn != nil {
		m.Notes = append(m.Notes, note)
	}
	return 0
}

// luaAsk implements t:ask(seat, options [, hint | {hint=, secret=, verb=}]).
// A prompt t:offer makes (its how is the table t:offer's check kept) is an
// answer window.
// An option is a string, a table with a text field, or a card: a card's
// text is verb and its name ("play JC"), or its name when there is no verb.
// t:ask returns the chosen option itself.
func (m *Match) luaAsk(L *lua.LState) int {
	if L != m.playThread() {
		L.RaiseError("t:ask can only be called while the game is being played (inside play)")
	}
	if why := m.askBlocked(L); why != "" {
		m.raiseAtScript(L, "cannot ask inside "+why+" (a prompt suspends the game, and Lua cannot suspend a function that the library or a metamethod called: ask before or after it; pcall and xpcall may wrap asks)")
	}
	seat := m.checkSeat(L, 2)
	opts := L.CheckTable(3)
	// The prompt's storage is reused from one decision to the next: a
	// Prompt is valid until the next Step.
	p := &m.promptBuf
	*p = Prompt{Seat: seat, Options: p.Options[:0], values: p.values[:0]}
	how := L.Get(4)
	if h, ok := how.(*lua.LTable); ok && h == m.windowHow {
		p.Window = true
	}
	m.windowHow = nil
	verb := argAt(L, 4).readHow(how, p)
	n := opts.Len()
	if n == 0 {
		L.RaiseError("t:ask: no legal options for %s (a prompt needs at least one)", m.SeatLabel(seat))
	}
	// Option texts are charged in batches rather than one by one: a
	// charge is a dozen branches and an atomic swap, and prompts with
	// scores of options are common.
	var charge int64
	allPlain := true
	for i := 1; i <= n; i++ {
		v := opts.RawGetInt(i)
		text, problem, plain := printable.Option(m.optionText(L, v, i, verb))
		if problem != "" {
			L.RaiseError("t:ask: option %d %s", i, problem)
		}
		if text == "" {
			L.RaiseError("t:ask: option %d has an empty text", i)
		}
		allPlain = allPlain && plain
		if charge += int64(len(text)) + 16; charge >= optionChargeBatch {
			m.meter.Charge(L, charge)
			charge = 0
		}
		p.Options = append(p.Options, text)
		p.values = append(p.values, v)
	}
	m.meter.Charge(L, charge)
	if dup := m.duplicate(p.Options); dup != "" {
		m.refuseLookalike(L, p, verb, p.Index(dup), lastIndex(p.Options, dup))
	}
	if !allPlain {
		m.checkLookalikes(L, p, verb)
	}
	m.prompt = p
	return L.Yield()
}

// optionText is the text of option i, v, as the script gave it: a string,
// a table's text field, or a card's text (verb and name).
func (m *Match) optionText(L *lua.LState, v lua.LValue, i int, verb string) string {
	switch o := v.(type) {
	case lua.LString:
		return string(o)
	case *lua.LTable:
		if s, ok := o.RawGetString("text").(lua.LString); ok {
			return string(s)
		} else if c := m.cardOf(o); c != nil {
			return c.OptionText(verb)
		}
		L.RaiseError("t:ask: option %d is neither a card nor a table with a text field", i)
	default:
		L.RaiseError("t:ask: option %d must be a string, a card or a table with a text field, not %s", i, v.Type().String())
	}
	return ""
}

// checkLookalikes refuses a prompt two of whose options a person could
// not tell apart (see printable.Lookalike). It runs only when some option text is
// not plain ASCII.
func (m *Match) checkLookalikes(L *lua.LState, p *Prompt, verb string) {
	plain := make([]bool, len(p.Options))
	for i, o := range p.Options {
		_, _, plain[i] = printable.Option(o)
	}
	if i, j := printable.Lookalike(p.Options, plain); i >= 0 {
		m.refuseLookalike(L, p, verb, i, j)
	}
}

// refuseLookalike raises the error for options i and j (0-based), which
// have the same text or look the same.
func (m *Match) refuseLookalike(L *lua.LState, p *Prompt, verb string, i, j int) {
	a, b := m.optionText(L, p.values[i], i+1, verb), m.optionText(L, p.values[j], j+1, verb)
	if a == b {
		L.RaiseError("t:ask: two options have the same text %q", a)
	}
	L.RaiseError("t:ask: options %d and %d look the same (%s and %s): nobody could tell which is which",
		i+1, j+1, strconv.QuoteToASCII(a), strconv.QuoteToASCII(b))
}

// lastIndex is the position of the last text of texts equal to s.
func lastIndex(texts []string, s string) int {
	for i := len(texts) - 1; i >= 0; i-- {
		if texts[i] == s {
			return i
		}
	}
	return -1
}

// optionChargeBatch is how many bytes of option texts luaAsk gathers
// before charging them to the step.
const optionChargeBatch = 4096

// duplicate returns a text that occurs twice in texts, or "". Short lists
// (most prompts) are compared pairwise; longer ones go through textSet.
// Neither allocates once the match has seen its longest prompt.
func (m *Match) duplicate(texts []string) string {
	if len(texts) <= 24 {
		for i := 1; i < len(texts); i++ {
			for j := 0; j < i; j++ {
				if texts[i] == texts[j] {
					return texts[i]
				}
			}
		}
		return ""
	}
	return m.seen.duplicate(texts)
}

// textSet finds a repeated text in a long list: an open-addressing hash
// table of positions in the list, kept from one prompt to the next. It is
// a fair deal cheaper than a Go map filled and cleared at every prompt
// (Members Only offers a hundred bets at a time).
type textSet struct {
	slots []int32 // a position in texts plus one; 0 is a free slot
}

// duplicate returns the first text of texts that an earlier one equals,
// or "".
func (s *textSet) duplicate(texts []string) string {
	size := 64
	for size < 2*len(texts) {
		size <<= 1
	}
	if cap(s.slots) < size {
		s.slots = make([]int32, size)
	}
	slots := s.slots[:size]
	clear(slots)
	mask := uint64(size - 1)
	for i, t := range texts {
		for h := textHash(t) & mask; ; h = (h + 1) & mask {
			j := slots[h]
			if j == 0 {
				slots[h] = int32(i + 1)
				break
			}
			if texts[j-1] == t {
				return t
			}
		}
	}
	return ""
}

// textHash is FNV-1a: option texts are short, and a fixed hash keeps a
// fork of the match free of a seed to copy.
func textHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func (m *Match) checkSeat(L *lua.LState, n int) int {
	v, ok := L.Get(n).(lua.LNumber)
	s := int(v)
	if !ok || float64(s) != float64(v) || s < 1 || s > len(m.Seats) {
		L.ArgError(n, fmt.Sprintf("a seat number 1..%d expected, got %s", len(m.Seats), valueText(L.Get(n))))
	}
	return s
}

// checkSeats accepts a seat number or a list of them.
func (m *Match) checkSeats(L *lua.LState, n int) SeatSet {
	var set SeatSet
	switch v := L.Get(n).(type) {
	case lua.LNumber:
		return set.With(m.checkSeat(L, n))
	case *lua.LTable:
		for i := 1; i <= v.Len(); i++ {
			s, ok := v.RawGetInt(i).(lua.LNumber)
			if !ok || int(s) < 1 || int(s) > len(m.Seats) {
				L.ArgError(n, "a list of seat numbers expected")
			}
			set = set.With(int(s))
		}
		return set
	}
	L.ArgError(n, "a seat number or a list of seats expected")
	return 0
}

// cardOf returns the card whose table v is, or nil: found by the table
// itself, whatever the script did to its fields.
func (m *Match) cardOf(v lua.LValue) *Card {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil
	}
	if id, ok := m.meta.cardIDs[t]; ok {
		return m.Cards[id-1]
	}
	return nil
}

func (m *Match) checkCard(L *lua.LState, n int) *Card {
	c := m.cardOf(L.Get(n))
	if c == nil {
		L.ArgError(n, "a card expected, got "+L.Get(n).Type().String())
	}
	return c
}

func (m *Match) checkZone(L *lua.LState, n int) *Zone {
	if ud, ok := L.Get(n).(*lua.LUserData); ok {
		if z, ok := ud.Value.(*Zone); ok {
			return z // without building the message below: zone methods are hot
		}
	}
	return checkObject[*Zone](L, n, "a zone expected, got "+L.Get(n).Type().String())
}

// objectSpec reads what the spec of every table object has, the table at
// argument 2: a name (required unless defName is given), a label
// (default: the name) and shown (default true: the object appears in
// views). It refuses a field that is not one of these or of more, the
// fields of this kind of object.
func objectSpec(L *lua.LState, what, defName string, more ...string) (spec *lua.LTable, name, label string, shown bool) {
	spec = checkSpec(L, 2, "a "+what+"'s spec", append([]string{"name", "label"}, append(more, "shown")...)...)
	a := argAt(L, 2)
	name = a.str(spec, "name", "")
	if name == "" {
		name = defName
	}
	if name == "" {
		L.ArgError(2, "a "+what+" needs a name")
	}
	label = printable.Line(a.str(spec, "label", ""))
	if label == "" {
		label = printable.Line(name)
	}
	return spec, name, label, a.boolean(spec, "shown", true)
}

// metatable returns the metatable in *mt, made by make the first time an
// object of its kind is made: a game without pools never makes theirs.
func (m *Match) metatable(mt **lua.LTable, make func() *lua.LTable) *lua.LTable {
	if *mt == nil {
		*mt = make()
	}
	return *mt
}

// newObject wraps an engine object as Lua userdata with its methods.
func newObject(L *lua.LState, v any, mt *lua.LTable) *lua.LUserData {
	ud := L.NewUserData()
	ud.Value = v
	ud.Metatable = mt
	return ud
}

// checkObject returns the engine object of type T at stack index n, or
// raises an argument error saying what was expected.
func checkObject[T any](L *lua.LState, n int, what string) T {
	if ud, ok := L.Get(n).(*lua.LUserData); ok {
		if v, ok := ud.Value.(T); ok {
			return v
		}
	}
	L.ArgError(n, what)
	var none T
	return none
}

// applyStack arranges a freshly shuffled zone as a test asked: the next
// stack given for the zone's name lists card names from the top down.
func (m *Match) applyStack(z *Zone) error {
	stacks := m.stack[z.Name]
	if len(stacks) == 0 {
		return nil
	}
	names := stacks[0]
	m.stack[z.Name] = stacks[1:]
	top := make([]*Card, 0, len(names))
	for _, n := range names {
		found := -1
		for i, c := range z.Cards {
			if c.Name == n {
				found = i
				break
			}
		}
		if found < 0 {
			return fmt.Errorf("stacked deck %q: no card %q in it (or named twice)", z.Name, n)
		}
		top = append(top, z.Cards[found])
		z.Cards = append(z.Cards[:found], z.Cards[found+1:]...)
	}
	for i := len(top) - 1; i >= 0; i-- {
		z.Cards = append(z.Cards, top[i])
	}
	return nil
}

// eventData is what t:event's data holds besides its values: the cards
// it names, and about how many bytes its copy keeps.
type eventData struct {
	cards  []int
	bytes  int64
	values int64
	// what has been charged to the step so far (plainTable)
	chargedBytes, chargedValues int64
}

// plainData copies a Lua value into plain Go data (map[string]any,
// []any, string, float64, bool); cards become their names and are noted
// in d. Functions and userdata are refused. A silent match keeps no log:
// it only checks the data, and returns nil. Each value copied costs the
// step an instruction, and what the copy keeps is charged, as each table
// is done (plainTable).
func (m *Match) plainData(L *lua.LState, v lua.LValue, d *eventData, depth int) any {
	if depth > maxDataDepth {
		L.RaiseError("event data is nested more than %d tables deep", maxDataDepth)
	}
	d.values++
	switch x := v.(type) {
	case lua.LString:
		d.bytes += dataBytes + int64(len(x))
		return string(x)
	case lua.LNumber:
		d.bytes += dataBytes
		return float64(x)
	case lua.LBool:
		d.bytes += dataBytes
		return bool(x)
	case *lua.LTable:
		if c := m.cardOf(x); c != nil {
			d.cards = append(d.cards, c.ID)
			d.bytes += dataBytes
			return c.Name
		}
		out := m.plainTable(L, x, d, depth)
		g := luahost.MeterOf(L)
		g.Work(L, d.values-d.chargedValues)
		g.Charge(L, d.bytes-d.chargedBytes)
		d.chargedValues, d.chargedBytes = d.values, d.bytes
		return out
	}
	if v == lua.LNil {
		return nil
	}
	L.RaiseError("event data cannot hold a %s", v.Type().String())
	return nil
}

// maxDataDepth is how deep tables may nest in event data.
const maxDataDepth = 8

// plainTable copies a table of event data (see plainData): a list, or a
// table with string keys (others are left out).
func (m *Match) plainTable(L *lua.LState, x *lua.LTable, d *eventData, depth int) any {
	if n := x.Len(); n > 0 {
		var list []any
		if !m.silent {
			list = make([]any, 0, n)
		}
		for i := 1; i <= n; i++ {
			e := m.plainData(L, x.RawGetInt(i), d, depth+1)
			if !m.silent {
				list = append(list, e)
			}
		}
		d.bytes += dataBytes + textBytes*int64(n)
		return list
	}
	var out map[string]any
	if !m.silent {
		out = map[string]any{}
	}
	d.bytes += dataBytes
	x.ForEach(func(k, val lua.LValue) {
		ks, ok := k.(lua.LString)
		if !ok {
			return
		}
		e := m.plainData(L, val, d, depth+1)
		d.bytes += entryBytes + int64(len(ks))
		if !m.silent {
			out[string(ks)] = e
		}
	})
	if m.silent {
		return nil
	}
	return out
}

// compiledOnce compiles a built-in Lua chunk the first time it is needed;
// the chunk is shared by every state afterwards.
func compiledOnce(name, src string) func() *luahost.Chunk {
	var once sync.Once
	var proto *luahost.Chunk
	return func() *luahost.Chunk {
		once.Do(func() {
			p, err := compile([]byte(src), name)
			if err != nil {
				panic(fmt.Sprintf("built-in chunk %s does not compile: %v", name, err))
			}
			proto = p
		})
		return proto
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// luaZone implements t:zone{name=, label=, owner=, visibility=, shown=}.
func (m *Match) luaZone(L *lua.LState) int {
	z := &Zone{ID: len(m.Zones) + 1}
	var spec *lua.LTable
	spec, z.Name, z.Label, z.Shown = objectSpec(L, "zone", "", "owner", "visibility")
	a := argAt(L, 2)
	if spec.RawGetString("owner") != lua.LNil {
		o := a.integer(spec, "owner", 0)
		if o < 1 || o > len(m.Seats) {
			L.ArgError(2, fmt.Sprintf("owner must be a seat number 1..%d, not %d", len(m.Seats), o))
		}
		z.Owner = o
		if a.str(spec, "label", "") == "" {
			z.Label = m.SeatLabel(z.Owner) + "'s " + z.Name
		}
	}
	vis := a.str(spec, "visibility", "hidden")
	var ok bool
	if z.Vis, ok = table.ParseVisibility(vis); !ok {
		L.ArgError(2, "visibility must be hidden, owner or all")
	}
	m.meter.Charge(L, zoneBytes+int64(len(z.Name)+len(z.Label)))
	ud := newObject(L, z, m.metatable(&m.meta.zoneMT, m.zoneMethods))
	m.Zones = append(m.Zones, z)
	m.meta.zones = append(m.meta.zones, zoneBinding{ud: ud})
	L.Push(ud)
	return 1
}

// luaCards implements t:cards(defs, zone): each def is a table with at
// least a name; it becomes the card itself, with an id added.
func (m *Match) luaCards(L *lua.LState) int {
	defs := L.CheckTable(2)
	z := m.checkZone(L, 3)
	n := defs.Len()
	out := L.CreateTable(n, 0)
	for i := 1; i <= n; i++ {
		t, ok := defs.RawGetInt(i).(*lua.LTable)
		if !ok {
			L.ArgError(2, "card definitions must be tables")
		}
		name, ok := t.RawGetString("name").(lua.LString)
		if !ok || name == "" {
			L.ArgError(2, fmt.Sprintf("card %d has no name", i))
		}
		if m.cardOf(t) != nil {
			L.ArgError(2, fmt.Sprintf("card %s is already in the game", name))
		}
		c := &Card{ID: len(m.Cards) + 1, Name: string(name), Label: string(name)}
		if lab, ok := t.RawGetString("label").(lua.LString); ok && lab != "" {
			c.Label = string(lab)
		}
		c.Label = printable.Line(c.Label)
		m.meter.Charge(L, cardBytes+int64(len(c.Name)+len(c.Label)))
		t.RawSetString("id", lua.LNumber(c.ID))
		m.Cards = append(m.Cards, c)
		m.meta.cards = append(m.meta.cards, t)
		m.meta.cardIDs[t] = c.ID
		if _, dup := m.meta.cardByName[c.Name]; !dup {
			m.meta.cardByName[c.Name] = c
		}
		m.moveCard(L, c, z, 0, true) // a new card: nobody knows it yet
		out.RawSetInt(i, t)
	}
	L.Push(out)
	return 1
}
