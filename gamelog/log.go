package gamelog

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tabletop/tabletop/printable"
	"github.com/tabletop/tabletop/table"
)

// Line is one event of the game as the seats in To see it.
type Line struct {
	Text  string
	To    table.SeatSet // table.AllSeats for public lines
	Cards []int         // the cards the line names, for hidden-information checks
	// Names are the seats the line names (its %p arguments; a say, its
	// speaker): the seats it is about, whose screens keep it in sight.
	Names table.SeatSet
	// Data is the event as data for bots (t:event): plain values, with
	// cards given by name. Nil for plain text lines.
	Data map[string]any

	parts int32 // 1 + its index in Log.parts while Text is not rendered yet
	place int32 // 1 + its index in Log.places: where the script wrote it; 0 for none
}

// Log is a game's log: its lines in order, those not rendered yet with
// their parts, and the secrecy violations found as lines were added. The
// zero Log is empty and ready to use.
type Log struct {
	lines    []Line
	parts    []lineParts
	args     []Arg
	cardRefs []int    // backing array of Line.Cards
	pending  int      // lines not rendered yet
	fmtBuf   []byte   // storage reused by rendering
	leaks    []string // secrecy violations noted as lines were added
	places   []Place  // where lines were written from (place.go)
}

// lineParts is a line not rendered yet: its format and a window of the log's
// argument arena.
type lineParts struct {
	format     string
	seats      []table.Seat // the seats when the line was written (renaming makes a new slice)
	from, upto int          // its arguments: Log.args[from:upto]
}

// ArgKind says how a format argument is rendered.
type ArgKind uint8

const (
	Text   ArgKind = iota // S as it is
	Seat                  // the seat N's name
	Int                   // N as an integer
	Number                // N as a Lua number
	Cards                 // the labels of cards N .. N+K of the line's Cards, spaced
)

// Arg is one argument of a line not rendered yet.
type Arg struct {
	Kind ArgKind
	N    float64
	K    int
	S    string
}

// Len returns how many lines there are, rendering none.
func (l *Log) Len() int { return len(l.lines) }

// Pending returns how many lines are not rendered yet.
func (l *Log) Pending() int { return l.pending }

// To returns who may read line i, without rendering its text.
func (l *Log) To(i int) table.SeatSet { return l.lines[i].To }

// Leaks lists the secrecy violations noted as lines were added, and those
// the runtime noted (NoteLeak), in the order they were found.
func (l *Log) Leaks() []string { return l.leaks }

// NoteLeak notes a secrecy violation the runtime found as the game went
// on — a card moved where some seat would see it through what it knew of
// it before — among those of the lines, unless it was noted already.
func (l *Log) NoteLeak(msg string) {
	for _, m := range l.leaks {
		if m == msg {
			return
		}
	}
	l.leaks = append(l.leaks, msg)
}

// All returns every line (public and private), rendered with the labels
// of deck, the table's cards.
func (l *Log) All(deck []*table.Card) []Line {
	for i := range l.lines {
		l.render(i, deck)
	}
	return l.lines
}

// For returns the lines from index from on that seat may read.
func (l *Log) For(seat, from int, deck []*table.Card) []Line {
	var out []Line
	for i := min(from, len(l.lines)); i < len(l.lines); i++ {
		if ln := &l.lines[i]; ln.To == table.AllSeats || ln.To.Has(seat) {
			l.render(i, deck)
			out = append(out, *ln)
		}
	}
	return out
}

// render gives line i its text, if it has none yet.
func (l *Log) render(i int, deck []*table.Card) {
	ln := &l.lines[i]
	if ln.parts == 0 {
		return
	}
	p := &l.parts[ln.parts-1]
	ln.Text = l.renderParts(p, ln.Cards, deck)
	ln.parts = 0
	l.pending--
	if l.pending == 0 {
		// Every line has its text: the arenas can start again.
		l.parts, l.args = l.parts[:0], l.args[:0]
	}
}

// renderParts renders a line from its parts: the format's verbs take the
// arguments in order.
func (l *Log) renderParts(p *lineParts, cards []int, deck []*table.Card) string {
	b := l.fmtBuf[:0]
	args := l.args[p.from:p.upto]
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
		switch a.Kind {
		case Text:
			b = append(b, a.S...)
		case Seat:
			b = append(b, table.SeatLabel(p.seats, int(a.N))...)
		case Int:
			b = strconv.AppendInt(b, int64(a.N), 10)
		case Number:
			b = append(b, printable.Number(a.N)...)
		case Cards:
			for j, id := range cards[int(a.N) : int(a.N)+a.K] {
				if j > 0 {
					b = append(b, ' ')
				}
				b = append(b, deck[id-1].Label...)
			}
		}
	}
	l.fmtBuf = b
	return printable.Line(string(b))
}

// Add appends a line whose text is known (what a seat said) and checks
// it against st (see check).
func (l *Log) Add(ln Line, st *table.State) {
	ln.parts, ln.place = 0, 0
	l.lines = append(l.lines, ln)
	l.check(len(l.lines)-1, st)
}

// AddParts appends a line made of parts (from Compose): its text is
// rendered when something reads it. place is where the script wrote it
// (from Intern; 0 when nobody knows).
func (l *Log) AddParts(ln Line, parts, place int32, st *table.State) {
	ln.parts, ln.place = parts, place
	l.lines = append(l.lines, ln)
	l.pending++
	l.check(len(l.lines)-1, st)
}

// check notes a secrecy violation when line i names a card one of its
// readers may not see at this moment.
func (l *Log) check(i int, st *table.State) {
	ln := &l.lines[i]
	for _, id := range ln.Cards {
		c := st.Cards[id-1]
		for s := 1; s <= len(st.Seats); s++ {
			if (ln.To == table.AllSeats || ln.To.Has(s)) && !c.VisibleTo(s) {
				l.render(i, st.Cards)
				l.leaks = append(l.leaks, fmt.Sprintf("log line %q names %s, which %s may not see", ln.Text, c.Name, st.SeatLabel(s)))
			}
		}
	}
}

// EventCards are the cards an event line names: those of its data, then
// those of its text that its data does not name already (an event's card
// is usually in both: { card = c }, "%p plays %s", seat, c).
func EventCards(data, text []int) []int {
	out := data[:len(data):len(data)]
	for _, c := range text {
		if !slices.Contains(data, c) {
			out = append(out, c)
		}
	}
	return out
}
