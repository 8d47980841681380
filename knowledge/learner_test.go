package knowledge

import (
	"encoding/binary"
	"hash/fnv"
	"testing"

	"github.com/tabletop/tabletop/table"
)

// TestSightIsFNV1a: a Sight is FNV-1a over the numbers (8 bytes, little
// endian) and texts (their length, then their bytes) added to it.
func TestSightIsFNV1a(t *testing.T) {
	h := fnv.New64a()
	var b [8]byte
	for _, n := range []int{0, 7, -1, 1 << 40} {
		binary.LittleEndian.PutUint64(b[:], uint64(n))
		h.Write(b[:])
	}
	binary.LittleEndian.PutUint64(b[:], 3)
	h.Write(b[:])
	h.Write([]byte("9♣"[:3]))
	got := NewSight().Num(0).Num(7).Num(-1).Num(1 << 40).Text("9♣"[:3])
	if uint64(got) != h.Sum64() {
		t.Errorf("sight %x, FNV-1a %x", uint64(got), h.Sum64())
	}
}

// TestLearnerNotesWhoLearnedWhat: after seat 1's move, a line to seat 2
// teaches seat 2 (from the move), not seat 1; chance then taints both,
// and a change of seat 1's sight at the end of the step teaches it.
func TestLearnerNotesWhoLearnedWhat(t *testing.T) {
	sights := []uint64{0, 10, 20}
	sight := func(s int) uint64 { return sights[s] }
	var rng table.RNG
	l := New(2, 0, sight, rng, 0)
	l.Begin(1, 1, false, 0, rng, 0)
	l.Line(table.SeatSet(0).With(2))
	l.End(&Prompt{Seat: 2}, sight)
	if c, ok := l.Learned(0, 2); !ok || c != CauseMove {
		t.Errorf("seat 2 after seat 1's move: %v, %v; want it learned from the move", c, ok)
	}
	if _, ok := l.Learned(0, 1); ok {
		t.Error("seat 1 learned from its own move")
	}
	l.Begin(2, 2, false, 0, rng, 0)
	l.Chance(true, rng, 0)
	sights[1] = 11
	l.End(&Prompt{Seat: 1}, sight)
	if c, ok := l.Learned(1, 1); !ok || c != CauseMove {
		t.Errorf("seat 1 after seat 2's move and a die: %v, %v; want the move (the most telling)", c, ok)
	}
	if _, ok := l.Learned(1, 2); ok {
		t.Error("seat 2 learned though nothing reached it")
	}
	if _, ok := (*Learner)(nil).Learned(0, 1); ok {
		t.Error("a game not noting learned something")
	}
}
