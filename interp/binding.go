package interp

import (
	"fmt"
	"strconv"
	"sync"

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
		text = printableBlock(lua.LVAsString(v))
	case *lua.LNilType:
	default:
		L.ArgError(3, "a note is a text, a function(seat) returning one, or nil to remove it")
	}
	m.meter.Charge(L, int64(len(text)))
	value := L.Get(4)
	switch value.(type) {
	case lua.LString, lua.LNumber, lua.LBool, *lua.LNilType:
	default:
		L.ArgError(4, "a note's value must be a string, number or boolean")
	}
	note := Note{Key: key, Text: text, Value: value, fn: fn}
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
// An option is a string, a table with a text field, or a card: a card's
// text is verb and its name ("play JC"), or its name when there is no verb.
// t:ask returns the chosen option itself.
func (m *Match) luaAsk(L *lua.LState) int {
	if L != m.co {
		L.RaiseError("t:ask can only be called while the game is being played (inside play)")
	}
	seat := m.checkSeat(L, 2)
	opts := L.CheckTable(3)
	// The prompt's storage is reused from one decision to the next: a
	// Prompt is valid until the next Step.
	p := &m.promptBuf
	*p = Prompt{Seat: seat, Options: p.Options[:0], values: p.values[:0]}
	verb := ""
	switch h := L.Get(4).(type) {
	case lua.LString:
		p.Hint = printableLine(string(h))
	case *lua.LTable:
		p.Hint = printableLine(lua.LVAsString(h.RawGetString("hint")))
		p.Secret = lua.LVAsBool(h.RawGetString("secret"))
		p.Group = int(lua.LVAsNumber(h.RawGetString("group")))
		verb = lua.LVAsString(h.RawGetString("verb"))
	}
	n := opts.Len()
	if n == 0 {
		L.RaiseError("t:ask: no legal options for %s (a prompt needs at least one)", m.SeatLabel(seat))
	}
	// Option texts are charged in batches rather than one by one: a
	// charge is a dozen branches and an atomic swap, and prompts with
	// scores of options are common.
	var charge int64
	for i := 1; i <= n; i++ {
		v := opts.RawGetInt(i)
		var text string
		switch o := v.(type) {
		case lua.LString:
			text = string(o)
		case *lua.LTable:
			if s, ok := o.RawGetString("text").(lua.LString); ok {
				text = string(s)
			} else if c := m.cardOf(o); c != nil {
				text = c.OptionText(verb)
			} else {
				L.RaiseError("t:ask: option %d is neither a card nor a table with a text field", i)
			}
		default:
			L.RaiseError("t:ask: option %d must be a string, a card or a table with a text field, not %s", i, v.Type().String())
		}
		if text == "" {
			L.RaiseError("t:ask: option %d has an empty text", i)
		}
		if problem := optionTextProblem(text); problem != "" {
			L.RaiseError("t:ask: option %d %s", i, problem)
		}
		if charge += int64(len(text)) + 16; charge >= optionChargeBatch {
			m.meter.Charge(L, charge)
			charge = 0
		}
		p.Options = append(p.Options, text)
		p.values = append(p.values, v)
	}
	m.meter.Charge(L, charge)
	if dup := m.duplicate(p.Options); dup != "" {
		L.RaiseError("t:ask: two options have the same text %q", dup)
	}
	m.prompt = p
	return L.Yield()
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
		L.ArgError(n, fmt.Sprintf("a seat number 1..%d expected, got %s", len(m.Seats), L.Get(n).String()))
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

// objectSpec reads what the spec of every table object has: a name
// (required unless defName is given), a label (default: the name) and
// shown (default true: the object appears in views).
func objectSpec(L *lua.LState, spec *lua.LTable, what, defName string) (name, label string, shown bool) {
	name = lua.LVAsString(spec.RawGetString("name"))
	if name == "" {
		name = defName
	}
	if name == "" {
		L.ArgError(2, "a "+what+" needs a name")
	}
	label = printableLine(lua.LVAsString(spec.RawGetString("label")))
	if label == "" {
		label = printableLine(name)
	}
	shown = true
	if s, ok := spec.RawGetString("shown").(lua.LBool); ok {
		shown = bool(s)
	}
	return name, label, shown
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

// plainData copies a Lua value into plain Go data (map[string]any,
// []any, string, float64, bool); cards become their names and are noted
// in cards. Functions and userdata are refused. A silent match keeps no
// log: it only checks the data, and returns nil.
func (m *Match) plainData(L *lua.LState, v lua.LValue, cards *[]int, depth int) any {
	if m.silent {
		m.checkData(L, v, depth)
		return nil
	}
	if depth > 8 {
		L.RaiseError("event data is nested too deeply")
	}
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return float64(x)
	case lua.LBool:
		return bool(x)
	case *lua.LTable:
		if c := m.cardOf(x); c != nil {
			*cards = append(*cards, c.ID)
			return c.Name
		}
		if n := x.Len(); n > 0 {
			list := make([]any, 0, n)
			for i := 1; i <= n; i++ {
				list = append(list, m.plainData(L, x.RawGetInt(i), cards, depth+1))
			}
			return list
		}
		out := map[string]any{}
		x.ForEach(func(k, val lua.LValue) {
			if ks, ok := k.(lua.LString); ok {
				out[string(ks)] = m.plainData(L, val, cards, depth+1)
			}
		})
		return out
	}
	if v == lua.LNil {
		return nil
	}
	L.RaiseError("event data cannot hold a %s", v.Type().String())
	return nil
}

// checkData refuses what plainData refuses, copying nothing.
func (m *Match) checkData(L *lua.LState, v lua.LValue, depth int) {
	if depth > 8 {
		L.RaiseError("event data is nested too deeply")
	}
	switch x := v.(type) {
	case lua.LString, lua.LNumber, lua.LBool, *lua.LNilType:
	case *lua.LTable:
		if m.cardOf(x) != nil {
			return
		}
		if n := x.Len(); n > 0 {
			for i := 1; i <= n; i++ {
				m.checkData(L, x.RawGetInt(i), depth+1)
			}
			return
		}
		x.ForEach(func(k, val lua.LValue) {
			if _, ok := k.(lua.LString); ok {
				m.checkData(L, val, depth+1)
			}
		})
	default:
		L.RaiseError("event data cannot hold a %s", v.Type().String())
	}
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

func numberText(f float64) string {
	if f == float64(int64(f)) {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func itoa(i int) string { return strconv.Itoa(i) }

// luaZone implements t:zone{name=, label=, owner=, visibility=, shown=}.
func (m *Match) luaZone(L *lua.LState) int {
	spec := L.CheckTable(2)
	z := &Zone{ID: len(m.Zones) + 1}
	z.Name, z.Label, z.Shown = objectSpec(L, spec, "zone", "")
	if o, ok := spec.RawGetString("owner").(lua.LNumber); ok {
		if int(o) < 1 || int(o) > len(m.Seats) {
			L.ArgError(2, "owner must be a seat number")
		}
		z.Owner = int(o)
		if z.Label == z.Name && lua.LVAsString(spec.RawGetString("label")) == "" {
			z.Label = m.SeatLabel(z.Owner) + "'s " + z.Name
		}
	}
	vis := "hidden"
	if v, ok := spec.RawGetString("visibility").(lua.LString); ok {
		vis = string(v)
	}
	var ok bool
	if z.Vis, ok = table.ParseVisibility(vis); !ok {
		L.ArgError(2, "visibility must be hidden, owner or all")
	}
	m.meter.Charge(L, zoneBytes)
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
		c.Label = printableLine(c.Label)
		m.meter.Charge(L, cardBytes)
		t.RawSetString("id", lua.LNumber(c.ID))
		m.Cards = append(m.Cards, c)
		m.meta.cards = append(m.meta.cards, t)
		m.meta.cardIDs[t] = c.ID
		if _, dup := m.meta.cardByName[c.Name]; !dup {
			m.meta.cardByName[c.Name] = c
		}
		m.moveCard(c, z, 0)
		out.RawSetInt(i, t)
	}
	L.Push(out)
	return 1
}
