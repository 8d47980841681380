package table

// Dice is a set of dice of one kind thrown under a cup: each die's face is
// secret to all but the cup's owner (no seat, when Owner is 0) until it is
// revealed, to all or to some seats. Throwing a die again makes its new
// face secret again: those who saw the old face do not know the new one.
// The faces are decided by the caller (the runtime's generator); Dice only
// keeps them and who may see each.
type Dice struct {
	ID    int
	Name  string
	Label string
	Owner int // the seat that sees under the cup, 0 for none
	Sides int
	Dice  []Die
	Shown bool // shown in seat views (every cup is, unless told otherwise)
	ver   uint32
}

// Die is one die under a cup.
type Die struct {
	Face int
	// Known is the set of seats, besides the owner, that saw this throw
	// of the die (AllSeats once revealed to all).
	Known SeatSet
	// Throw numbers the throw that gave Face among the match's secret
	// throws (from 1), so that what a seat saw of each throw can be told
	// after the die was thrown again or removed.
	Throw int
}

// Version changes whenever a die is thrown, revealed or removed.
func (d *Dice) Version() uint32 { return d.ver }

// Touch notes that the dice changed.
func (d *Dice) Touch() { d.ver++ }

// VisibleTo reports whether seat may see the face of die i (0-based).
func (d *Dice) VisibleTo(i, seat int) bool {
	return seat > 0 && seat == d.Owner || d.Dice[i].Known.Has(seat)
}

// Faces returns the faces as seat sees them, in order: 0 for a die whose
// face seat may not see.
func (d *Dice) Faces(seat int) []int {
	out := make([]int, len(d.Dice))
	for i, x := range d.Dice {
		if d.VisibleTo(i, seat) {
			out[i] = x.Face
		}
	}
	return out
}

// HiddenFrom returns the seats (1..players) from which some face is hidden.
func (d *Dice) HiddenFrom(players int) SeatSet {
	var out SeatSet
	for s := 1; s <= players; s++ {
		for i := range d.Dice {
			if !d.VisibleTo(i, s) {
				out = out.With(s)
				break
			}
		}
	}
	return out
}

// Set gives die i a new face from throw number throw: nobody but the
// owner knows it.
func (d *Dice) Set(i, face, throw int) {
	d.Dice[i] = Die{Face: face, Throw: throw}
	d.Touch()
}

// Reveal lets the seats in to see die i's face.
func (d *Dice) Reveal(i int, to SeatSet) {
	if d.Dice[i].Known|to != d.Dice[i].Known {
		d.Dice[i].Known |= to
		d.Touch()
	}
}

// Count returns how many dice show face, whoever may see them.
func (d *Dice) Count(face int) int {
	n := 0
	for _, x := range d.Dice {
		if x.Face == face {
			n++
		}
	}
	return n
}

// Remove takes die i out of the cup.
func (d *Dice) Remove(i int) {
	d.Dice = append(d.Dice[:i], d.Dice[i+1:]...)
	d.Touch()
}

// Throws is the record of every die a game threw under a cup, in order:
// each throw's face and who saw it, whatever became of its die since
// (thrown again, removed), so that a search can imagine only what its
// seat may not know. Die.Throw numbers a die's throw in it, from 1.
type Throws []Throw

// Throw is one die thrown under a cup: its face, and the seats that saw
// it (its cup's owner, and those it was revealed to before it was thrown
// again).
type Throw struct {
	Face  int
	Known SeatSet
}

// Under throws die i of cup d: it shows face, which only the cup's owner
// sees, and the throw is recorded.
func (t *Throws) Under(d *Dice, i, face int) {
	var owner SeatSet
	*t = append(*t, Throw{Face: face, Known: owner.With(d.Owner) &^ 1})
	d.Set(i, face, len(*t))
}

// Reveal lets the seats in to see die i of cup d, and records that they
// saw its throw.
func (t Throws) Reveal(d *Dice, i int, to SeatSet) {
	d.Reveal(i, to)
	if n := d.Dice[i].Throw; n > 0 {
		t[n-1].Known |= to
	}
}

// Seen returns the face of throw n (from 1) and whether seat saw it.
func (t Throws) Seen(n, seat int) (int, bool) {
	return t[n-1].Face, t[n-1].Known.Has(seat)
}
