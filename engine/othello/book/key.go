package book

import (
	"math/bits"

	"turncoat/games/discs"
)

// Key is a position in the book's canonical form: among the eight images of the position under
// the board's symmetries (rotations and reflections), the one whose mover's discs, then
// opponent's discs, are the smallest numbers. Transposed or mirrored openings share a Key.
type Key struct {
	P, O uint64
}

// flipVertical, mirrorHorizontal and transpose move the discs of a bitboard by the board's
// symmetries: rows 1-8 reversed, columns a-h reversed, and the a1-h8 diagonal's reflection.
func flipVertical(x uint64) uint64 { return bits.ReverseBytes64(x) }

func mirrorHorizontal(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	x = (x>>1)&k1 | (x&k1)<<1
	x = (x>>2)&k2 | (x&k2)<<2
	return (x>>4)&k4 | (x&k4)<<4
}

func transpose(x uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	return x ^ t ^ t>>7
}

// transform applies symmetry s (0-7) to a bitboard: bit 0 flips the rows, bit 1 mirrors the
// columns, bit 2 transposes first. Symmetry 0 is the identity.
func transform(x uint64, s int) uint64 {
	if s&4 != 0 {
		x = transpose(x)
	}
	if s&1 != 0 {
		x = flipVertical(x)
	}
	if s&2 != 0 {
		x = mirrorHorizontal(x)
	}
	return x
}

// inverse returns the symmetry that undoes s: the reflections are their own inverses, and a
// transposition followed by reflections is undone by the reflections swapped, then the
// transposition.
func inverse(s int) int {
	if s&4 == 0 || s&3 == 0 || s&3 == 3 {
		return s
	}
	return s ^ 3
}

// transformSquare maps a square by symmetry s.
func transformSquare(sq, s int) int {
	return bits.TrailingZeros64(transform(uint64(1)<<sq, s))
}

// canonical returns the key of the position (p to move against o) and the symmetry that takes
// the position to it.
func canonical(p, o uint64) (Key, int) {
	best, sym := Key{p, o}, 0
	for s := 1; s < 8; s++ {
		k := Key{transform(p, s), transform(o, s)}
		if k.P < best.P || (k.P == best.P && k.O < best.O) {
			best, sym = k, s
		}
	}
	return best, sym
}

// KeyOf returns the canonical key of the position with p to move against o.
func KeyOf(p, o uint64) Key {
	k, _ := canonical(p, o)
	return k
}

// play returns the position after the mover (p) plays sq, seen from the new mover.
func play(p, o uint64, sq int) (np, no uint64) {
	f := discs.Flips(sq, p, o)
	return o &^ f, p | f | 1<<sq
}
