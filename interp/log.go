package interp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The log is written often and read seldom: a random playout writes a
// line for every card played and nobody reads any. So t:log, t:tell and
// t:event keep what a line is made of — the format, the seats' names as
// they were, the cards, the numbers and texts — and the line's text is
// rendered the first time something reads it (a screen, a save, a test,
// a bot). Everything that can go wrong with a line (an unknown verb, a
// seat out of range, a table with no text) is found when it is written,
// with the script's line; the hidden-information check looks at the
// cards' identities then, and needs no text. A line rendered later reads
// exactly as it would have then: seat names and card labels are taken as
// they were when it was written.

// logParts is a line not rendered yet: its format and a window of the
// match's argument arena.
type logParts struct {
	format     string
	seats      []Seat // m.Seats when the line was written (renaming makes a new slice)
	from, upto int    // its arguments: m.logArgs[from:upto]
}

// argKind says how a format argument is rendered.
type argKind uint8

const (
	argText   argKind = iota // s as it is
	argSeat                  // the seat n's name
	argInt                   // n as an integer
	argNumber                // n as a Lua number
	argCards                 // the labels of cards n .. n+k of the line's Cards, spaced
)

// logArg is one argument of a line not rendered yet.
type logArg struct {
	kind argKind
	n    float64
	k    int
	s    string
}

// LogLen returns how many log lines there are, rendering none.
func (m *Match) LogLen() int { return len(m.log) }

// LogTo returns who may read log line i, without rendering its text.
func (m *Match) LogTo(i int) SeatSet { return m.log[i].To }

// Log returns every log line (public and private); use LogFor for a seat.
func (m *Match) Log() []LogLine {
	for i := range m.log {
		m.render(i)
	}
	return m.log
}

// LogFor returns the log lines from index from on that seat may read.
func (m *Match) LogFor(seat, from int) []LogLine {
	var out []LogLine
	for i := min(from, len(m.log)); i < len(m.log); i++ {
		if l := &m.log[i]; l.To == AllSeats || l.To.Has(seat) {
			m.render(i)
			out = append(out, *l)
		}
	}
	return out
}

// render gives line i its text, if it has none yet.
func (m *Match) render(i int) {
	l := &m.log[i]
	if l.parts == 0 {
		return
	}
	p := &m.logParts[l.parts-1]
	l.Text = m.renderParts(p, l.Cards)
	l.parts = 0
	m.pending--
	if m.pending == 0 {
		// Every line has its text: the arenas can start again.
		m.logParts, m.logArgs = m.logParts[:0], m.logArgs[:0]
	}
}

// renderParts renders a line from its parts: the format's verbs take the
// arguments in order (see Match.format).
func (m *Match) renderParts(p *logParts, cards []int) string {
	b := m.fmtBuf[:0]
	args := m.logArgs[p.from:p.upto]
	f := p.format
	for i := 0; i < len(f); i++ {
		ch := f[i]
		if ch != '%' || i+1 >= len(f) {
			b = append(b, ch)
			continue
		}
		i++
		if f[i] == '%' {
			b = append(b, '%')
			continue
		}
		a := args[0]
		args = args[1:]
		switch a.kind {
		case argText:
			b = append(b, a.s...)
		case argSeat:
			b = append(b, seatLabel(p.seats, int(a.n))...)
		case argInt:
			b = strconv.AppendInt(b, int64(a.n), 10)
		case argNumber:
			b = append(b, numberText(a.n)...)
		case argCards:
			for j, id := range cards[int(a.n) : int(a.n)+a.k] {
				if j > 0 {
					b = append(b, ' ')
				}
				b = append(b, m.Cards[id-1].Label...)
			}
		}
	}
	m.fmtBuf = b
	return printableLine(string(b))
}

func seatLabel(seats []Seat, s int) string {
	if s >= 1 && s <= len(seats) {
		return seats[s-1].Label
	}
	return "nobody"
}

// format reads t:log style arguments starting at stack index n — a
// format with %s (any value; cards by label, lists of cards), %d (an
// integer), %p (a seat's name) and %% — into parts to render later. It
// returns the parts' index + 1 and the cards the line names, notes the
// seats it names (m.lineNames), and charges the line's size to the step.
func (m *Match) format(L *lua.LState, n int) (parts int32, cards []int) {
	f := L.CheckString(n)
	if !strings.Contains(f, "%") {
		m.lineNames = 0
		m.charge(L, int64(len(f)))
		m.logParts = append(m.logParts, logParts{format: f, from: len(m.logArgs), upto: len(m.logArgs)})
		return int32(len(m.logParts)), nil
	}
	start, from := len(m.cardRefs), len(m.logArgs)
	size := int64(len(f))
	m.lineNames = 0
	arg := n + 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			continue
		}
		i++
		a := logArg{}
		switch f[i] {
		case '%':
			continue
		case 'p':
			s := m.checkSeat(L, arg)
			a = logArg{kind: argSeat, n: float64(s)}
			m.lineNames = m.lineNames.With(s)
			size += int64(len(m.Seats[s-1].Label))
		case 'd':
			a = logArg{kind: argInt, n: float64(L.CheckInt(arg))}
			size += 8
		case 's':
			a = m.formatValue(L, arg, start)
			size += int64(len(a.s)) + 8
			for _, id := range m.cardRefs[len(m.cardRefs)-a.k:] {
				size += int64(len(m.Cards[id-1].Label)) + 1
			}
		default:
			L.RaiseError("log format %q: unknown verb %%%c (use %%s, %%d, %%p or %%%%)", f, f[i])
		}
		arg++
		m.logArgs = append(m.logArgs, a)
	}
	// Card references of all lines share one growing array; each line
	// keeps its own window of it.
	if len(m.cardRefs) > start {
		cards = m.cardRefs[start:len(m.cardRefs):len(m.cardRefs)]
	}
	m.charge(L, size)
	m.logParts = append(m.logParts, logParts{format: f, seats: m.Seats, from: from, upto: len(m.logArgs)})
	return int32(len(m.logParts)), cards
}

// charge charges a log line of about size bytes to the step.
func (m *Match) charge(L *lua.LState, size int64) {
	m.meter.Charge(L, size+logLineBytes)
	m.lineBytes = size
}

// formatValue reads the value %s shows, at stack index arg: a card or a
// list of cards (noted in m.cardRefs, counted from start), a number, or
// text.
func (m *Match) formatValue(L *lua.LState, arg, start int) logArg {
	v := L.Get(arg)
	if c := m.cardOf(v); c != nil {
		m.cardRefs = append(m.cardRefs, c.ID)
		return logArg{kind: argCards, n: float64(len(m.cardRefs) - 1 - start), k: 1}
	}
	if list, ok := v.(*lua.LTable); ok && m.cardOf(list.RawGetInt(1)) != nil {
		first := len(m.cardRefs)
		for j := 1; j <= list.Len(); j++ {
			if c := m.cardOf(list.RawGetInt(j)); c != nil {
				m.cardRefs = append(m.cardRefs, c.ID)
			}
		}
		return logArg{kind: argCards, n: float64(first - start), k: len(m.cardRefs) - first}
	}
	if num, ok := v.(lua.LNumber); ok {
		return logArg{kind: argNumber, n: float64(num)}
	}
	return logArg{kind: argText, s: logText(L, v, arg)}
}

// formatNow renders t:log style arguments at once, for t:format.
func (m *Match) formatNow(L *lua.LState, n int) string {
	parts, cards := m.format(L, n)
	p := m.logParts[parts-1]
	m.logParts = m.logParts[:parts-1]
	text := m.renderParts(&p, cards)
	m.logArgs = m.logArgs[:p.from]
	m.cardRefs = m.cardRefs[:len(m.cardRefs)-len(cards)]
	return text
}

// logText is what %s shows of a value that is not a card or a number: a
// string, a boolean, nil, or what a __tostring metamethod returns. A table,
// function or userdata without one has nothing to show but its address,
// which differs from run to run, so it is refused: a log line must be the
// same every time the game is played.
func logText(L *lua.LState, v lua.LValue, arg int) string {
	switch v.(type) {
	case lua.LString, lua.LBool, *lua.LNilType:
		return v.String()
	}
	if L.GetMetaField(v, "__tostring") == lua.LNil {
		L.ArgError(arg, fmt.Sprintf("%%s was given a %s: give a string, a number, a card or a list of cards", v.Type().String()))
	}
	s, ok := L.ToStringMeta(v).(lua.LString)
	if !ok {
		L.ArgError(arg, fmt.Sprintf("the __tostring of a %s returned something other than a string", v.Type().String()))
	}
	return string(s)
}

// writeLine adds a line the script wrote with t:log, t:tell or t:event:
// parts and cards from format, seen by the seats in to, with an event's
// data (nil for a plain line). Its text and data count against the log's
// budgets (Meter.Log), silent or not.
func (m *Match) writeLine(L *lua.LState, to SeatSet, parts int32, cards []int, ev *eventData, data map[string]any) {
	size, named := m.lineBytes, len(cards)
	if ev != nil {
		size += ev.bytes
		named += len(ev.cards)
	}
	m.meter.Log(L, size)
	m.logBytes += size + logLineBytes + 8*int64(named)
	if m.learn != nil {
		m.learnLine(to)
	}
	if m.silent {
		m.logParts, m.logArgs, m.cardRefs = m.logParts[:parts-1], m.logArgs[:m.logParts[parts-1].from], m.cardRefs[:len(m.cardRefs)-len(cards)]
		return
	}
	if ev != nil && len(ev.cards) > 0 {
		cards = eventCards(ev.cards, cards)
	}
	m.log = append(m.log, LogLine{To: to, Cards: cards, Data: data, Names: m.lineNames, parts: parts, place: m.logPlace(L)})
	m.pending++
	m.checkLine(len(m.log) - 1)
}

// eventCards are the cards an event line names: those of its data, then
// those of its text that its data does not name already (an event's card
// is usually in both: { card = c }, "%p plays %s", seat, c).
func eventCards(data, text []int) []int {
	out := data[:len(data):len(data)]
	for _, c := range text {
		if !slices.Contains(data, c) {
			out = append(out, c)
		}
	}
	return out
}

// addLog appends a line whose text is known (what a seat said).
func (m *Match) addLog(l LogLine) {
	m.logBytes += int64(len(l.Text)) + logLineBytes + 8*int64(len(l.Cards))
	if m.learn != nil {
		m.learnLine(l.To)
	}
	if m.silent {
		return
	}
	m.log = append(m.log, l)
	m.checkLine(len(m.log) - 1)
}

// checkLine notes a secrecy violation when line i names a card one of its
// readers may not see at this moment.
func (m *Match) checkLine(i int) {
	l := &m.log[i]
	for _, id := range l.Cards {
		c := m.Cards[id-1]
		for s := 1; s <= len(m.Seats); s++ {
			if (l.To == AllSeats || l.To.Has(s)) && !c.VisibleTo(s) {
				m.render(i)
				m.leaks = append(m.leaks, fmt.Sprintf("log line %q names %s, which %s may not see", l.Text, c.Name, m.SeatLabel(s)))
			}
		}
	}
}
