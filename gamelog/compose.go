package gamelog

import "github.com/tabletop/tabletop/table"

// A line is written in three moves: its writer notes where the arenas
// stand (Mark), adds each argument (AddArg) and each card it names
// (AddCard) as it reads them, and then closes the line (Compose), which
// gives the parts to add (AddParts), to render at once (RenderNow) or to
// throw away (Discard).

// Mark returns where the arenas stand: how many card references and
// arguments they hold. A line's Cards arguments count from the first.
func (l *Log) Mark() (cards, args int) { return len(l.cardRefs), len(l.args) }

// AddArg adds an argument of the line being written.
func (l *Log) AddArg(a Arg) { l.args = append(l.args, a) }

// AddCard adds a card the line being written names.
func (l *Log) AddCard(id int) { l.cardRefs = append(l.cardRefs, id) }

// LastCards returns the last k cards added.
func (l *Log) LastCards(k int) []int { return l.cardRefs[len(l.cardRefs)-k:] }

// Compose closes the line being written since Mark returned cardStart
// and argFrom: its format, and the seats as they are now, whose names its
// Seat arguments show. It returns the parts' handle and the cards the
// line names (nil for none).
func (l *Log) Compose(format string, seats []table.Seat, cardStart, argFrom int) (parts int32, cards []int) {
	// Card references of all lines share one growing array; each line
	// keeps its own window of it.
	if len(l.cardRefs) > cardStart {
		cards = l.cardRefs[cardStart:len(l.cardRefs):len(l.cardRefs)]
	}
	l.parts = append(l.parts, lineParts{format: format, seats: seats, from: argFrom, upto: len(l.args)})
	return int32(len(l.parts)), cards
}

// Discard throws away the last line composed, which nobody will add.
func (l *Log) Discard(parts int32, cards []int) {
	l.args = l.args[:l.parts[parts-1].from]
	l.parts = l.parts[:parts-1]
	l.cardRefs = l.cardRefs[:len(l.cardRefs)-len(cards)]
}

// RenderNow renders the last line composed, with the labels of deck, and
// throws its parts away.
func (l *Log) RenderNow(parts int32, cards []int, deck []*table.Card) string {
	p := l.parts[parts-1]
	text := l.renderParts(&p, cards, deck)
	l.Discard(parts, cards)
	return text
}
