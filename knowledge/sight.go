package knowledge

import "github.com/tabletop/tabletop/table"

// Sight is a fingerprint of what a seat sees, made of numbers and texts
// in order (FNV-1a, 64 bits): two sights are equal when the seat saw the
// same. The zero Sight is not ready: start with NewSight.
type Sight uint64

// NewSight starts a fingerprint.
func NewSight() Sight { return 14695981039346656037 }

func (h Sight) byte(b byte) Sight { return (h ^ Sight(b)) * 1099511628211 }

// Num adds n.
func (h Sight) Num(n int) Sight {
	for i := 0; i < 8; i++ {
		h = h.byte(byte(uint64(n) >> (8 * i)))
	}
	return h
}

// Text adds s (its length, then its bytes).
func (h Sight) Text(s string) Sight {
	h = h.Num(len(s))
	for i := 0; i < len(s); i++ {
		h = h.byte(s[i])
	}
	return h
}

// Table adds what seat sees of the objects of st: the zones and the cups
// of dice as it sees them, the pools, tracks and pads (the runtime adds the notes as drawn
// for the seat, then Extras).
func (h Sight) Table(st *table.State, seat int) Sight {
	for _, z := range st.Zones {
		h = h.Num(z.ID).Num(len(z.Cards)).Num(int(z.Vis))
		for _, c := range z.Cards {
			if c.VisibleTo(seat) {
				h = h.Num(c.ID)
			}
		}
	}
	for _, d := range st.Dice {
		h = h.Num(d.ID).Num(len(d.Dice))
		for _, f := range d.Faces(seat) {
			h = h.Num(f)
		}
	}
	for _, p := range st.Pools {
		for _, k := range p.Kinds {
			h = h.Text(k).Num(p.Supply[k])
			for _, hd := range p.Holders {
				h = h.Num(p.Held[hd][k])
			}
		}
	}
	for _, t := range st.Tracks {
		for _, x := range t.Markers {
			h = h.Num(x)
		}
	}
	for _, p := range st.Pads {
		for _, r := range p.Rows {
			h = h.Text(r.Label).Text(r.Note)
			for _, x := range r.Scores {
				h = h.Num(x)
			}
		}
	}
	return h
}

// Extras adds the extra objects of st as seat sees them.
func (h Sight) Extras(st *table.State, seat int) Sight {
	for _, x := range st.Extras {
		if ev, ok := x.ExtraView(seat); ok {
			h = h.Text(ev.Name)
			for _, line := range ev.Lines {
				h = h.Text(line)
			}
		}
	}
	return h
}
