package table

import "math/bits"

// RNG is the engine's only source of randomness: xoshiro256** seeded with
// splitmix64. It is small, fast and gives the same sequence on every
// platform, which is what makes a (seed, decisions) pair a complete game.
type RNG struct{ s [4]uint64 }

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) *RNG {
	r := &RNG{}
	r.Seed(seed)
	return r
}

// Seed resets the generator to the sequence for seed.
func (r *RNG) Seed(seed uint64) {
	for i := range r.s {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		r.s[i] = z ^ (z >> 31)
	}
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	s := &r.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// Intn returns a uniform integer in [0, n). It panics if n <= 0.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("interp: Intn with n <= 0")
	}
	// Lemire's nearly divisionless method: unbiased.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Shuffle permutes n elements with Fisher–Yates, calling swap(i, j).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		swap(i, j)
	}
}

// DeriveSeed returns the seed of game number i in a series started from
// base, so that a simulation's games do not depend on how they are spread
// over workers.
func DeriveSeed(base uint64, i int) uint64 {
	r := NewRNG(base ^ (uint64(i)+1)*0xd1342543de82ef95)
	return r.Uint64()
}
