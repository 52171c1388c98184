// Package wyrand is a small, fast pseudo-random source (Wang Yi's wyrand) for playouts and
// searches: one multiply per number, good enough statistics, and a value type with no
// allocation. It implements rand.Source.
package wyrand

import (
	"math/bits"
	"math/rand/v2"
)

// Source is the generator. Its zero value works; Seed or New give it a state.
type Source struct{ state uint64 }

var _ rand.Source = (*Source)(nil)

// Seed returns a source that starts from seed.
func Seed(seed uint64) Source { return Source{state: seed} }

// Uint64 returns the next number.
func (w *Source) Uint64() uint64 {
	w.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(w.state, w.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Below returns a number in [0, n) for 0 < n < 2^32 (Lemire's multiply-shift; the bias is
// below 2^-32 per draw, far under what a playout can notice).
func (w *Source) Below(n int) int {
	return int((w.Uint64() & 0xffffffff) * uint64(n) >> 32)
}

// Float returns a number in [0, 1).
func (w *Source) Float() float64 { return float64(w.Uint64()>>11) / (1 << 53) }

// New returns a source seeded from seed and a stream number (workers, moves).
func New(seed, stream uint64) *Source {
	w := &Source{state: seed ^ 0x9e3779b97f4a7c15*(stream+1)}
	w.Uint64()
	return w
}

// Square returns a uniformly random square (bit index) of the non-empty set m.
func (w *Source) Square(m uint64) int {
	return SelectBit(m, w.Below(bits.OnesCount64(m)))
}

// selectInByte[b][k] is the index of the k-th set bit of the byte b (k from 0).
var selectInByte [256][8]uint8

func init() {
	for b := range 256 {
		k := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				selectInByte[b][k] = uint8(i)
				k++
			}
		}
	}
}

// SelectBit returns the index of the k-th set bit of x (k from 0, below the number of set
// bits), without branches that depend on the data: bytewise prefix counts locate the byte, a
// table the bit within it. (A loop clearing k low bits mispredicts its exit every time.)
func SelectBit(x uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	s := x - (x>>1)&0x5555555555555555
	s = s&0x3333333333333333 + (s>>2)&0x3333333333333333
	s = (s + s>>4) & 0x0f0f0f0f0f0f0f0f
	s *= ones // byte i: the set bits of bytes 0..i
	// The number of bytes whose prefix count is at most k is the index of the byte holding
	// the k-th bit.
	b := bits.OnesCount64((uint64(k)*ones | highs - s) & highs)
	shift := uint(b * 8)
	before := (s << 8 >> shift) & 0xff // the prefix count of the bytes below byte b
	return int(shift) + int(selectInByte[(x>>shift)&0xff][uint64(k)-before])
}
