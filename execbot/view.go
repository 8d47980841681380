package execbot

import (
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
)

// viewJSON is a seat's view, as a decide message carries it. It is made
// from interp.View and holds what a script bot's view holds (the Bots
// section of docs/scripting.md), but for the log, which observe messages
// carry, and the option values, which have texts instead.
type viewJSON struct {
	Seat   int          `json:"seat"`
	Turn   int          `json:"turn"`
	Seats  []seatJSON   `json:"seats"`
	Zones  []zoneJSON   `json:"zones"`
	Dice   []diceJSON   `json:"dice"`
	Pools  []poolJSON   `json:"pools"`
	Tracks []trackJSON  `json:"tracks"`
	Pads   []padJSON    `json:"pads"`
	Notes  []noteJSON   `json:"notes"`
	Extras []extraJSON  `json:"extras"`
	Cards  map[int]bool `json:"-"` // the IDs of the cards shown, for tests
}

// zoneJSON is a zone: its cards the seat may see, in zone order, and how
// many it holds in all.
type zoneJSON struct {
	Name  string           `json:"name"`
	Label string           `json:"label"`
	Owner int              `json:"owner"` // 0: the table's
	Count int              `json:"count"`
	Cards []map[string]any `json:"cards"`
}

// diceJSON is a cup of secret dice: faces[i] is die i's face, 0 when the
// seat may not see it.
type diceJSON struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Owner int    `json:"owner"` // 0: nobody's
	Sides int    `json:"sides"`
	Faces []int  `json:"faces"`
}

type poolJSON struct {
	Name   string                    `json:"name"`
	Label  string                    `json:"label"`
	Kinds  []string                  `json:"kinds"`
	Supply map[string]int            `json:"supply"`
	Held   map[string]map[string]int `json:"held"` // by holder: a seat's number, or a place's name
}

type trackJSON struct {
	Name    string `json:"name"`
	Label   string `json:"label"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	Markers []int  `json:"markers"` // by seat, from seat 1
}

type padJSON struct {
	Name   string       `json:"name"`
	Label  string       `json:"label"`
	Rows   []padRowJSON `json:"rows"`
	Totals []int        `json:"totals"` // by seat, from seat 1
}

type padRowJSON struct {
	Label  string `json:"label"`
	Scores []int  `json:"scores"`
	Note   string `json:"note,omitempty"`
}

type noteJSON struct {
	Key   string `json:"key"`
	Text  string `json:"text"`
	Value any    `json:"value,omitempty"` // the value given with the note, when plain
}

type extraJSON struct {
	Name  string   `json:"name"`
	Title string   `json:"title,omitempty"`
	Lines []string `json:"lines"`
	Data  any      `json:"data,omitempty"`
}

// makeView is seat's view of m: only what the seat may see.
func makeView(m *interp.Match, seat int) viewJSON {
	v := m.View(seat)
	out := viewJSON{Seat: seat, Turn: v.Turn, Seats: seatsOf(m), Zones: []zoneJSON{}, Dice: []diceJSON{}, Pools: []poolJSON{},
		Tracks: []trackJSON{}, Pads: []padJSON{}, Notes: []noteJSON{}, Extras: []extraJSON{}, Cards: map[int]bool{}}
	for _, z := range v.Zones {
		zj := zoneJSON{Name: z.Name, Label: z.Label, Owner: z.Owner, Count: z.Count, Cards: []map[string]any{}}
		for _, c := range z.Cards {
			if !c.VisibleTo(seat) {
				continue // View shows none such; this says so once more
			}
			zj.Cards = append(zj.Cards, plain(m.CardFields(c)).(map[string]any))
			out.Cards[c.ID] = true
		}
		out.Zones = append(out.Zones, zj)
	}
	for _, d := range v.Dice {
		out.Dice = append(out.Dice, diceJSON{Name: d.Name, Label: d.Label, Owner: d.Owner, Sides: d.Sides, Faces: d.Faces})
	}
	for _, p := range v.Pools {
		pj := poolJSON{Name: p.Name, Label: p.Label, Kinds: p.Kinds, Supply: counts(p.Kinds, p.Supply), Held: map[string]map[string]int{}}
		for _, h := range p.Holders {
			pj.Held[h] = counts(p.Kinds, p.Held[h])
		}
		out.Pools = append(out.Pools, pj)
	}
	for _, t := range v.Tracks {
		out.Tracks = append(out.Tracks, trackJSON{Name: t.Name, Label: t.Label, Min: t.Min, Max: t.Max, Markers: bySeat(t.Markers, len(v.Seats))})
	}
	for _, p := range v.Pads {
		pj := padJSON{Name: p.Name, Label: p.Label, Rows: []padRowJSON{}, Totals: bySeat(p.Totals, len(v.Seats))}
		for _, r := range p.Rows {
			pj.Rows = append(pj.Rows, padRowJSON{Label: r.Label, Scores: bySeat(r.Scores, len(v.Seats)), Note: r.Note})
		}
		out.Pads = append(out.Pads, pj)
	}
	for _, n := range v.Notes {
		out.Notes = append(out.Notes, noteJSON{Key: n.Key, Text: n.Text, Value: plainLua(n.Value)})
	}
	for _, x := range v.Extras {
		lines := x.Lines
		if lines == nil {
			lines = []string{}
		}
		out.Extras = append(out.Extras, extraJSON{Name: x.Name, Title: x.Title, Lines: lines, Data: plain(x.Data)})
	}
	return out
}

// seatsOf lists the seats by their labels.
func seatsOf(m *interp.Match) []seatJSON {
	out := make([]seatJSON, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = seatJSON{Seat: i + 1, Label: s.Label}
	}
	return out
}

// counts is a pool's counts of each of its kinds.
func counts(kinds []string, by map[string]int) map[string]int {
	out := make(map[string]int, len(kinds))
	for _, k := range kinds {
		out[k] = by[k]
	}
	return out
}

// bySeat is a list indexed by seat (index 0 unused) as a list from seat 1.
func bySeat(v []int, seats int) []int {
	out := make([]int, seats)
	for s := 1; s <= seats && s < len(v); s++ {
		out[s-1] = v[s]
	}
	return out
}

// plainLua is a note's value when it is a string, number or boolean.
func plainLua(v any) any {
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return plain(float64(x))
	case lua.LBool:
		return bool(x)
	}
	return nil
}

// plain makes data JSON can write: the same values, but for numbers that
// are not finite (no JSON number), which become null, and maps with
// integer keys, whose keys become strings.
func plain(v any) any {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return x
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plain(e)
		}
		return out
	case map[int]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[strconv.Itoa(k)] = plain(e)
		}
		return out
	case nil, string, bool, int, []int, []string:
		return x
	}
	return nil // what no bot could read (a function, an engine object)
}
