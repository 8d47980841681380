package interp

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/gamelog"

	lua "github.com/yuin/gopher-lua"
)

// The log is package gamelog's; here are what the script calls to write
// it (t:log, t:tell, t:event, t:format read their arguments with format)
// and the match's ways to read it. Everything that can go wrong with a
// line (an unknown verb, a seat out of range, a table with no text) is
// found when it is written, with the script's line.

// LogLen returns how many log lines there are, rendering none.
func (m *Match) LogLen() int { return m.log.Len() }

// LogTo returns who may read log line i, without rendering its text.
func (m *Match) LogTo(i int) SeatSet { return m.log.To(i) }

// Log returns every log line (public and private); use LogFor for a seat.
func (m *Match) Log() []LogLine { return m.log.All(m.Cards) }

// LogFor returns the log lines from index from on that seat may read.
func (m *Match) LogFor(seat, from int) []LogLine { return m.log.For(seat, from, m.Cards) }

// format reads t:log style arguments starting at stack index n — a
// format with %s (any value; cards by label, lists of cards), %d (an
// integer), %p (a seat's name) and %% — into parts to render later. It
// returns the parts' index + 1 and the cards the line names, notes the
// seats it names (m.lineNames), and charges the line's size to the step.
func (m *Match) format(L *lua.LState, n int) (parts int32, cards []int) {
	f := L.CheckString(n)
	start, from := m.log.Mark()
	if !strings.Contains(f, "%") {
		m.lineNames = 0
		m.charge(L, int64(len(f)))
		return m.log.Compose(f, nil, start, from)
	}
	size := int64(len(f))
	m.lineNames = 0
	arg := n + 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			continue
		}
		i++
		a := gamelog.Arg{}
		switch f[i] {
		case '%':
			continue
		case 'p':
			s := m.checkSeat(L, arg)
			a = gamelog.Arg{Kind: gamelog.Seat, N: float64(s)}
			m.lineNames = m.lineNames.With(s)
			size += int64(len(m.Seats[s-1].Label))
		case 'd':
			a = gamelog.Arg{Kind: gamelog.Int, N: float64(L.CheckInt(arg))}
			size += 8
		case 's':
			a = m.formatValue(L, arg, start)
			size += int64(len(a.S)) + 8
			for _, id := range m.log.LastCards(a.K) {
				size += int64(len(m.Cards[id-1].Label)) + 1
			}
		default:
			L.RaiseError("log format %q: unknown verb %%%c (use %%s, %%d, %%p or %%%%)", f, f[i])
		}
		arg++
		m.log.AddArg(a)
	}
	m.charge(L, size)
	return m.log.Compose(f, m.Seats, start, from)
}

// charge charges a log line of about size bytes to the step.
func (m *Match) charge(L *lua.LState, size int64) {
	m.meter.Charge(L, size+logLineBytes)
	m.lineBytes = size
}

// formatValue reads the value %s shows, at stack index arg: a card or a
// list of cards (noted in m.cardRefs, counted from start), a number, or
// text.
func (m *Match) formatValue(L *lua.LState, arg, start int) gamelog.Arg {
	v := L.Get(arg)
	if c := m.cardOf(v); c != nil {
		m.log.AddCard(c.ID)
		n, _ := m.log.Mark()
		return gamelog.Arg{Kind: gamelog.Cards, N: float64(n - 1 - start), K: 1}
	}
	if list, ok := v.(*lua.LTable); ok && m.cardOf(list.RawGetInt(1)) != nil {
		first, _ := m.log.Mark()
		for j := 1; j <= list.Len(); j++ {
			if c := m.cardOf(list.RawGetInt(j)); c != nil {
				m.log.AddCard(c.ID)
			}
		}
		n, _ := m.log.Mark()
		return gamelog.Arg{Kind: gamelog.Cards, N: float64(first - start), K: n - first}
	}
	if num, ok := v.(lua.LNumber); ok {
		return gamelog.Arg{Kind: gamelog.Number, N: float64(num)}
	}
	return gamelog.Arg{Kind: gamelog.Text, S: logText(L, v, arg)}
}

// formatNow renders t:log style arguments at once, for t:format.
func (m *Match) formatNow(L *lua.LState, n int) string {
	parts, cards := m.format(L, n)
	return m.log.RenderNow(parts, cards, m.Cards)
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
		m.log.Discard(parts, cards)
		return
	}
	if ev != nil && len(ev.cards) > 0 {
		cards = gamelog.EventCards(ev.cards, cards)
	}
	m.log.AddParts(LogLine{To: to, Cards: cards, Data: data, Names: m.lineNames}, parts, m.logPlace(L), &m.State)
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
	m.log.Add(l, &m.State)
}
