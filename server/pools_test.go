package server

import (
	"reflect"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/table"
)

// A pool's holders reach the page as the table says who they are: a seat
// by its number and label, a place by its name — one whose name starts
// with a number too.
func TestPoolHoldersInFrames(t *testing.T) {
	seats := []interp.Seat{{Label: "Ann"}, {Label: "Bob"}}
	p := table.NewPool(1, "chips", "Chips", []string{"red", "blue"}, map[string]int{"red": 9, "blue": 9})
	for _, h := range []string{table.SeatHolder(2), "used", "02", "2nd row"} {
		p.Shift(p.Supply, p.Holding(h), "red", 1)
	}
	got := poolView(p, seats).Holders
	want := []holderJSON{
		{Name: "Bob", Seat: 2, Counts: []int{1, 0}},
		{Name: "used", Counts: []int{1, 0}},
		{Name: "02", Counts: []int{1, 0}},
		{Name: "2nd row", Counts: []int{1, 0}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("holders %+v, want %+v", got, want)
	}
}
