package view

import (
	"github.com/tabletop/tabletop/gamelog"
	"github.com/tabletop/tabletop/table"
)

// View is what one seat may see of a match: its own hand, public zones,
// counts of hidden ones, pieces, tracks, pads, notes and the log lines
// addressed to it. Seat 0 is a spectator who sees only public things.
type View struct {
	Seat    int
	Title   string
	Seats   []table.Seat
	Turn    int    // seat to act, 0 when nobody is
	Hint    string // the prompt's hint, when Turn == Seat
	Options []string
	Zones   []ZoneView
	Dice    []DiceView // the cups of secret dice, as the seat sees them
	Pools   []*table.Pool
	Tracks  []*table.Track
	Pads    []*table.Pad
	Notes   []table.Note
	Extras  []table.ExtraView
	Log     []gamelog.Line
	Done    bool
	Result  table.Result
}

// Of returns what seat may see of the table st: the zones it may see
// (with the cards it may see), the cups of dice shown (with the faces it
// may see), the pools, tracks and pads, and the extra objects shown to
// it. The runtime adds the rest (the title, the prompt, the notes, the
// log, the result).
func Of(st *table.State, seat int) *View {
	v := &View{Seat: seat, Seats: st.Seats}
	for _, z := range st.Zones {
		zv := ZoneView{ID: z.ID, Name: z.Name, Label: z.Label, Owner: z.Owner, Count: len(z.Cards)}
		for _, c := range z.Cards {
			if c.VisibleTo(seat) {
				zv.Cards = append(zv.Cards, c)
			}
		}
		if z.Shown || zv.Count > 0 && z.Vis != table.Hidden {
			v.Zones = append(v.Zones, zv)
		}
	}
	for _, d := range st.Dice {
		if d.Shown {
			v.Dice = append(v.Dice, DiceView{ID: d.ID, Name: d.Name, Label: d.Label, Owner: d.Owner, Sides: d.Sides, Faces: d.Faces(seat)})
		}
	}
	v.Pools, v.Tracks, v.Pads = st.Pools, st.Tracks, st.Pads
	for _, x := range st.Extras {
		if ev, ok := x.ExtraView(seat); ok {
			v.Extras = append(v.Extras, ev)
		}
	}
	return v
}

// ZoneView is a zone as one seat sees it.
type ZoneView struct {
	ID          int
	Name, Label string
	Owner       int
	Count       int
	Cards       []*table.Card // the cards the seat may see, in zone order
}

// DiceView is a cup as one seat sees it: Faces[i] is die i's face, or 0
// when the seat may not see it.
type DiceView struct {
	ID          int
	Name, Label string
	Owner       int
	Sides       int
	Faces       []int
}
