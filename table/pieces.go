package table

import "strconv"

// Pool holds counted pieces of several kinds — chips, betting pieces —
// with a limited supply. Pieces are always somewhere: in the supply or with
// a holder (a seat or a named place), so their totals are conserved.
//
// A holder is kept by its key (Holders, Held): a seat's is its number
// (SeatHolder), a place's its name. Holder and HolderOf say which a key
// stands for, so that nobody else reads keys.
type Pool struct {
	ID     int
	Name   string
	Label  string
	Kinds  []string
	Total  map[string]int
	Supply map[string]int
	// Holders in the order they first received pieces; Held[holder][kind].
	Holders []string
	Held    map[string]map[string]int
	Shown   bool
	ver     uint32
}

// NewPool makes a pool of the kinds given, with supply[k] pieces of each
// kind k in its supply.
func NewPool(id int, name, label string, kinds []string, supply map[string]int) *Pool {
	p := &Pool{ID: id, Name: name, Label: label, Kinds: kinds, Total: map[string]int{}, Supply: map[string]int{},
		Held: map[string]map[string]int{}, Shown: true}
	for _, k := range kinds {
		p.Total[k], p.Supply[k] = supply[k], supply[k]
	}
	return p
}

// HasKind reports whether the pool has pieces of that kind.
func (p *Pool) HasKind(kind string) bool {
	_, ok := p.Total[kind]
	return ok
}

// Holding is what holder holds, by kind; a new holder is added to Holders.
func (p *Pool) Holding(holder string) map[string]int {
	h, ok := p.Held[holder]
	if !ok {
		h = make(map[string]int, len(p.Kinds))
		p.Held[holder] = h
		p.Holders = append(p.Holders, holder)
	}
	return h
}

// Shift moves up to n pieces of kind k from one count to another (the
// supply or a holder's) and returns how many it moved: never more than
// there are.
func (p *Pool) Shift(from, to map[string]int, k string, n int) int {
	n = min(n, from[k])
	from[k] -= n
	to[k] += n
	p.ver++
	return n
}

// Version changes with every move of the pool's pieces.
func (p *Pool) Version() uint32 { return p.ver }

// Holder is who holds pieces of a pool: a seat, or a named place ("used",
// "pot").
type Holder struct {
	Seat  int    // the seat, from 1; 0 for a place
	Place string // the place's name, when Seat is 0
}

// SeatHolder is the key of seat s among a pool's holders.
func SeatHolder(s int) string { return strconv.Itoa(s) }

// HolderOf is the holder a key stands for: a seat when the key is a
// seat's (SeatHolder), else the place of that name.
func HolderOf(key string) Holder {
	if s, err := strconv.Atoi(key); err == nil && s >= 1 && SeatHolder(s) == key {
		return Holder{Seat: s}
	}
	return Holder{Place: key}
}

// Holder is the pool's i-th holder, in the order of Holders.
func (p *Pool) Holder(i int) Holder { return HolderOf(p.Holders[i]) }

// Track is a scoring track: each seat has a marker on it, kept within
// [Min, Max].
type Track struct {
	ID       int
	Name     string
	Label    string
	Min, Max int
	Start    int
	Markers  []int // by seat, index 0 unused
	Shown    bool
	ver      uint32
}

// Put sets seat s's marker to v, never past the ends, and returns where
// it is.
func (tr *Track) Put(s, v int) int {
	tr.Markers[s] = max(tr.Min, min(tr.Max, v))
	tr.ver++
	return tr.Markers[s]
}

// Version changes with every move of a marker.
func (tr *Track) Version() uint32 { return tr.ver }

// Pad is a score sheet: one row per hand or round, one column per seat.
type Pad struct {
	ID     int
	Name   string
	Label  string
	Rows   []PadRow
	Totals []int // by seat, index 0 unused
	Shown  bool
	ver    uint32
}

// PadRow is one line of a score pad.
type PadRow struct {
	Label  string
	Scores []int // by seat, index 0 unused
	Note   string
}

// Add writes a row and adds its scores to the totals.
func (p *Pad) Add(row PadRow) {
	for s := 1; s < len(p.Totals) && s < len(row.Scores); s++ {
		p.Totals[s] += row.Scores[s]
	}
	p.Rows = append(p.Rows, row)
	p.ver++
}

// Version changes with every row added.
func (p *Pad) Version() uint32 { return p.ver }

// Handfuls goes through the handfuls of pieces a player may take from a
// pool's supply ("take 5 chips of the colours you like"), keeping its
// storage from one pool and one call to the next.
type Handfuls struct {
	// Counts is the handful at hand: Counts[i] pieces of the pool's
	// Kinds[i].
	Counts []int
	caps   []int
}

// Each calls f for every handful of exactly k pieces from p's supply that
// leaves at least leave pieces of each kind there, with the handful in
// h.Counts: from the most of the first kind down, then the second, and so
// on; the last kind takes what is left.
func (h *Handfuls) Each(p *Pool, k, leave int, f func()) {
	h.caps = h.caps[:0]
	for _, kind := range p.Kinds {
		h.caps = append(h.caps, max(0, min(k, p.Supply[kind]-leave)))
	}
	h.Counts = append(h.Counts[:0], make([]int, len(p.Kinds))...)
	h.each(0, k, f)
}

// each calls f for every way to fill Counts[i:] with rest pieces within
// the caps, the most of kind i first; the last kind takes what is left.
func (h *Handfuls) each(i, rest int, f func()) {
	if i == len(h.Counts)-1 {
		if rest <= h.caps[i] {
			h.Counts[i] = rest
			f()
		}
		return
	}
	for c := min(rest, h.caps[i]); c >= 0; c-- {
		h.Counts[i] = c
		h.each(i+1, rest-c, f)
	}
}
