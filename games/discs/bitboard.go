// Package discs is the bitboard arithmetic of discs that turn, shared by every game played with
// Othello discs and by the engines: legal moves, flips, a position's children, perft and random
// playouts, with AVX2/AVX-512 kernels on amd64 and portable Go elsewhere (-tags purego). It knows
// no rules beyond bracketing: Reversi, Turncoat and Troll build their rules on it.
package discs

import "math/bits"

// Squares and bitboards.
//
// A bitboard is a uint64 with one bit per square of an 8x8 grid, a1 = bit 0 and h8 = bit 63,
// row by row from the top as Othello players print the board:
//
//	     a  b  c  d  e  f  g  h
//	 1   0  1  2  3  4  5  6  7
//	 2   8  9 10 11 12 13 14 15
//	 3  16 17 18 19 20 21 22 23
//	 4  24 25 26 27 28 29 30 31
//	 5  32 33 34 35 36 37 38 39
//	 6  40 41 42 43 44 45 46 47
//	 7  48 49 50 51 52 53 54 55
//	 8  56 57 58 59 60 61 62 63
//
// Smaller boards (4x4, 6x6) use the top-left corner of the same grid (a1..d4, a1..f6), so a
// square keeps its name and number whatever the size; the squares outside the board are simply
// never occupied, which stops every line of discs at the board's edge.

// notLeftRight masks out columns a and h: a horizontal or diagonal line of discs cannot continue
// across them when a shift wraps from one row to the next.
const notLeftRight = 0x7E7E7E7E7E7E7E7E

// Moves returns the legal moves of the player with discs p against the opponent's discs o, on
// the full 8x8 board: the empty squares from which a line of one or more opponent discs ends at
// one of p's. Smaller boards mask the result with their squares (Board.Moves).
func Moves(p, o uint64) uint64 {
	if useAVX2 {
		return movesAVX2(p, o)
	}
	return movesGo(p, o)
}

// movesGo is the portable Moves.
func movesGo(p, o uint64) uint64 {
	// The four direction pairs are written out: a call per pair costs more than the work.
	// Each finds the squares that bracket opponent discs against p by parallel prefix: every
	// step doubles the length of the runs it follows, so a run of six needs four steps.
	mask := o & notLeftRight

	// horizontal (shift 1)
	fl := mask & (p << 1)
	fr := mask & (p >> 1)
	fl |= mask & (fl << 1)
	fr |= mask & (fr >> 1)
	ml := mask & (mask << 1)
	mr := ml >> 1
	fl |= ml & (fl << 2)
	fr |= mr & (fr >> 2)
	fl |= ml & (fl << 2)
	fr |= mr & (fr >> 2)
	m := fl<<1 | fr>>1

	// vertical (shift 8): no wrap-around, so all of o takes part
	fl = o & (p << 8)
	fr = o & (p >> 8)
	fl |= o & (fl << 8)
	fr |= o & (fr >> 8)
	ml = o & (o << 8)
	mr = ml >> 8
	fl |= ml & (fl << 16)
	fr |= mr & (fr >> 16)
	fl |= ml & (fl << 16)
	fr |= mr & (fr >> 16)
	m |= fl<<8 | fr>>8

	// anti-diagonal (shift 7)
	fl = mask & (p << 7)
	fr = mask & (p >> 7)
	fl |= mask & (fl << 7)
	fr |= mask & (fr >> 7)
	ml = mask & (mask << 7)
	mr = ml >> 7
	fl |= ml & (fl << 14)
	fr |= mr & (fr >> 14)
	fl |= ml & (fl << 14)
	fr |= mr & (fr >> 14)
	m |= fl<<7 | fr>>7

	// diagonal (shift 9)
	fl = mask & (p << 9)
	fr = mask & (p >> 9)
	fl |= mask & (fl << 9)
	fr |= mask & (fr >> 9)
	ml = mask & (mask << 9)
	mr = ml >> 9
	fl |= ml & (fl << 18)
	fr |= mr & (fr >> 18)
	fl |= ml & (fl << 18)
	fr |= mr & (fr >> 18)
	m |= fl<<9 | fr>>9

	return m &^ (p | o)
}

// rays[sq] holds, for each of the eight directions, the squares beyond sq in that direction up
// to the grid's edge. The first four go towards higher bit numbers (E, SW, S, SE), the last four
// towards lower ones (W, NE, N, NW).
var rays [64][8]uint64

// Tables of the AVX2 kernels (bitboard_amd64.s): the rays of each square by direction pair in
// the lane order of the shift vector {1, 8, 9, 7}, towards higher bits (E, S, SE, SW) and
// towards lower bits (W, N, NW, NE); and the shift vectors and the wrap-around masks of Moves.
var (
	raysUp, raysDown [64][4]uint64
	shift1           = [4]uint64{1, 8, 9, 7}
	shift2           = [4]uint64{2, 16, 18, 14}
	shift4           = [4]uint64{4, 32, 36, 28}
	moveMask         = [4]uint64{notLeftRight, ^uint64(0), notLeftRight, notLeftRight}
)

func init() {
	type step struct{ dr, dc int }
	dirs := [8]step{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := range 64 {
		for d, st := range dirs {
			r, c := sq/8+st.dr, sq%8+st.dc
			for r >= 0 && r < 8 && c >= 0 && c < 8 {
				rays[sq][d] |= 1 << (r*8 + c)
				r, c = r+st.dr, c+st.dc
			}
		}
		// rays' order is E, SW, S, SE, W, NE, N, NW
		raysUp[sq] = [4]uint64{rays[sq][0], rays[sq][2], rays[sq][3], rays[sq][1]}
		raysDown[sq] = [4]uint64{rays[sq][4], rays[sq][6], rays[sq][7], rays[sq][5]}
	}
}

// flipsGo is the portable Flips.
//
// Along a ray towards higher bits the first square that is not an opponent disc is the ray's
// lowest such bit; towards lower bits it is the highest. If that square holds one of p's discs,
// the opponent discs before it turn. Both cases are branch-free.
func flipsGo(sq int, p, o uint64) uint64 {
	r := &rays[sq&63]
	no := ^o
	// towards higher bits (E) and the opposite direction (W)
	l0 := r[0]
	t0 := no & l0
	x0 := t0 & -t0 & p
	m0 := r[4]
	y0 := uint64(1) << (uint(bits.Len64(no&m0|1)-1) & 63) & p & m0
	// towards higher bits (SW) and the opposite direction (NE)
	l1 := r[1]
	t1 := no & l1
	x1 := t1 & -t1 & p
	m1 := r[5]
	y1 := uint64(1) << (uint(bits.Len64(no&m1|1)-1) & 63) & p & m1
	// towards higher bits (S) and the opposite direction (N)
	l2 := r[2]
	t2 := no & l2
	x2 := t2 & -t2 & p
	m2 := r[6]
	y2 := uint64(1) << (uint(bits.Len64(no&m2|1)-1) & 63) & p & m2
	// towards higher bits (SE) and the opposite direction (NW)
	l3 := r[3]
	t3 := no & l3
	x3 := t3 & -t3 & p
	m3 := r[7]
	y3 := uint64(1) << (uint(bits.Len64(no&m3|1)-1) & 63) & p & m3
	return (x0-(x0|-x0)>>63)&l0 | m0&-(y0<<1) |
		(x1-(x1|-x1)>>63)&l1 | m1&-(y1<<1) |
		(x2-(x2|-x2)>>63)&l2 | m2&-(y2<<1) |
		(x3-(x3|-x3)>>63)&l3 | m3&-(y3<<1)
}

// Count returns the number of squares in a bitboard.
func Count(b uint64) int { return bits.OnesCount64(b) }
