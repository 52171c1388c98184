package othello

import "math/bits"

// Symmetries of the smaller boards.
//
// A square board has eight symmetries: the identity, the half turn, the two quarter turns and
// the four reflections (numbered as transformSquare numbers them). A move and its image under a
// symmetry of the position lead to positions that are each other's image, and so have the same
// value: of the moves a symmetry of the root maps onto each other, a search needs only one. On
// 6x6 that halves the parallel start's work (its mirror maps b2 to e2 and c2 to d2) and
// quarters the diagonal start's (its four first moves are alike). On 8x8 the root keeps every
// move: its searches stay exactly as they were.

// symSquare maps a square of an n x n board by symmetry t (0 the identity; 1 the vertical
// flip, 2 the horizontal mirror, 3 both: the half turn; 4-7 the same after the transposition,
// the flip along the a1 diagonal).
func symSquare(n, t, sq int) int {
	r, c := sq/8, sq%8
	if t >= 4 {
		r, c = c, r
	}
	if t&1 != 0 {
		r = n - 1 - r
	}
	if t&2 != 0 {
		c = n - 1 - c
	}
	return 8*r + c
}

// symBoard maps the discs of a bitboard of an n x n board (in the top-left corner of the grid)
// by symmetry t, as symSquare maps each square.
func symBoard(n, t int, x uint64) uint64 {
	if t >= 4 {
		x = transpose(x)
	}
	if t&1 != 0 {
		x = flipVertical(x) >> (8 * (8 - n))
	}
	if t&2 != 0 {
		x = mirrorHorizontal(x) >> (8 - n)
	}
	return x
}

// symmetriesOf returns the symmetries of the n x n board that map the position onto itself, as
// bits (bit t for symmetry t; the identity's always set).
func symmetriesOf(n int, p, o uint64) uint8 {
	set := uint8(1)
	for t := 1; t < 8; t++ {
		if symBoard(n, t, p) == p && symBoard(n, t, o) == o {
			set |= 1 << t
		}
	}
	return set
}

// distinctRoots drops, on boards smaller than 8x8, the root moves that a symmetry of the
// position maps onto a move kept before them; the order of the others is kept.
func distinctRoots(p, o uint64, roots []rootMove, g *geometry) []rootMove {
	if g.size >= 8 || len(roots) < 2 {
		return roots
	}
	syms := symmetriesOf(g.size, p, o) &^ 1
	if syms == 0 {
		return roots
	}
	kept := roots[:0]
	var seen uint64
	for _, m := range roots {
		if seen&(1<<m.sq) != 0 {
			continue
		}
		kept = append(kept, m)
		for s := syms; s != 0; s &= s - 1 {
			seen |= 1 << symSquare(g.size, bits.TrailingZeros8(s), m.sq)
		}
	}
	return kept
}
