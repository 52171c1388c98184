package turnover

import (
	"math/bits"

	"turncoat/game"
)

// Squares and bitboards.
//
// A square is a number from 0 to 63, a1 = 0 and h8 = 63, rank by rank as chess players number
// the board; a bitboard is a uint64 with one bit per square in the same order. White (the first
// player) plays up the board, towards rank 8; Black down, towards rank 1.
//
//	     a  b  c  d  e  f  g  h
//	 8  56 57 58 59 60 61 62 63
//	 7  48 49 50 51 52 53 54 55
//	 6  40 41 42 43 44 45 46 47
//	 5  32 33 34 35 36 37 38 39
//	 4  24 25 26 27 28 29 30 31
//	 3  16 17 18 19 20 21 22 23
//	 2   8  9 10 11 12 13 14 15
//	 1   0  1  2  3  4  5  6  7
//
// Every square holds nothing or one stack of one player's parts. A stack is a Kind: the set of
// its parts as bits, outer ring = 1, inner ring = 2, button = 4. The outermost part (the lowest
// bit) is the one that moves, and the kind of the whole stack decides how.

// Square is a board square, 0 (a1) to 63 (h8).
type Square int8

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, "a1" to "h8".
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "??"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// SquareAt returns the square on file f and rank r (both 0-7).
func SquareAt(f, r int) Square { return Square(r<<3 | f) }

// Kind is the set of parts in a stack: a bit each for the outer ring, the inner ring and the
// button. Six sets are legal; outer ring + button (5) never exists.
type Kind uint8

// The parts, as bits of a Kind.
const (
	Outer  Kind = 1 // outer ring: moves as a pawn (as a knight in a Knight)
	Inner  Kind = 2 // inner ring: moves as a bishop (as a queen in a Queen)
	Button Kind = 4 // centre button: moves as a rook
)

// The six kinds of stack, and None for an empty square.
const (
	None   Kind = 0
	Pawn   Kind = Outer
	Bishop Kind = Inner
	Knight Kind = Outer | Inner
	Rook   Kind = Button
	Queen  Kind = Inner | Button
	Castle Kind = Outer | Inner | Button
)

// Valid reports whether k is one of the six kinds.
func (k Kind) Valid() bool { return k >= Pawn && k <= Castle && k != Outer|Button }

// Moving returns the part that moves when the stack moves: its outermost part.
func (k Kind) Moving() Kind { return k & -k }

// Remainder returns what stays on the origin square after the stack's outermost part moves
// (None for a lone part).
func (k Kind) Remainder() Kind { return k &^ k.Moving() }

// Parts returns the number of parts in the stack.
func (k Kind) Parts() int { return bits.OnesCount8(uint8(k)) }

// Name returns the kind's English name ("Castle"), or "empty".
func (k Kind) Name() string {
	switch k {
	case Pawn:
		return "Pawn"
	case Bishop:
		return "Bishop"
	case Knight:
		return "Knight"
	case Rook:
		return "Rook"
	case Queen:
		return "Queen"
	case Castle:
		return "Castle"
	}
	return "empty"
}

// combines reports whether part m may join stack k: m is not in k and the union is a kind.
func combines(m, k Kind) bool { return k&m == 0 && k|m != Outer|Button }

// Cell is one square's content: a Kind in the low three bits and the owner in bit 3 (0 White,
// 1 Black). The zero Cell is an empty square.
type Cell uint8

const ownerBit = 8

// MakeCell returns the cell holding a stack of kind k owned by p (the empty cell for None).
func MakeCell(k Kind, p game.Player) Cell {
	if k == None {
		return 0
	}
	return Cell(k) | Cell(p)<<3
}

// Kind returns the stack's kind (None for an empty square).
func (c Cell) Kind() Kind { return Kind(c & 7) }

// Owner returns the stack's owner; meaningless for an empty cell.
func (c Cell) Owner() game.Player { return game.Player(c >> 3) }

// Empty reports whether the square holds nothing.
func (c Cell) Empty() bool { return c == 0 }

// Bitboard helpers and move tables, computed once.
var (
	knightTargets [64]uint64
	// pawnDiagonals[p][s] are the squares diagonally forward of s for player p: where p's pawn
	// on s may step diagonally, and where an enemy pawn or Castle attacks a stack of p's on s
	// from.
	pawnDiagonals [2][64]uint64
	// rays[d][s] are the squares from s in direction d to the edge of the board.
	rays [8][64]uint64
	// lastRank[p] is p's promotion rank.
	lastRank = [2]uint64{0xFF << 56, 0xFF}
)

// Ray directions: the first four grow the square number (the nearest blocker is the lowest
// bit), the last four shrink it (the highest bit).
var directions = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func init() {
	for s := range 64 {
		f, r := s&7, s>>3
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if g, q := f+d[0], r+d[1]; g >= 0 && g < 8 && q >= 0 && q < 8 {
				knightTargets[s] |= 1 << (q*8 + g)
			}
		}
		for p, dr := range [2]int{1, -1} {
			for _, df := range [2]int{-1, 1} {
				if g, q := f+df, r+dr; g >= 0 && g < 8 && q >= 0 && q < 8 {
					pawnDiagonals[p][s] |= 1 << (q*8 + g)
				}
			}
		}
		for d, dir := range directions {
			for g, q := f+dir[0], r+dir[1]; g >= 0 && g < 8 && q >= 0 && q < 8; g, q = g+dir[0], q+dir[1] {
				rays[d][s] |= 1 << (q*8 + g)
			}
		}
	}
}

// diagonalReach returns the squares a slider on s reaches over the four diagonals with
// occupancy occ: every empty square up to and including the first occupied one of each ray.
func diagonalReach(s Square, occ uint64) uint64 {
	return positiveRay(2, s, occ) | positiveRay(3, s, occ) | negativeRay(6, s, occ) | negativeRay(7, s, occ)
}

// orthogonalReach is diagonalReach over ranks and files.
func orthogonalReach(s Square, occ uint64) uint64 {
	return positiveRay(0, s, occ) | positiveRay(1, s, occ) | negativeRay(4, s, occ) | negativeRay(5, s, occ)
}

func positiveRay(d int, s Square, occ uint64) uint64 {
	r := rays[d][s]
	if b := r & occ; b != 0 {
		r ^= rays[d][bits.TrailingZeros64(b)]
	}
	return r
}

func negativeRay(d int, s Square, occ uint64) uint64 {
	r := rays[d][s]
	if b := r & occ; b != 0 {
		r ^= rays[d][63-bits.LeadingZeros64(b)]
	}
	return r
}

// ctz returns the number of the lowest square in b.
func ctz(b uint64) int { return bits.TrailingZeros64(b) }

// KnightTargets returns the squares a knight's leap from s reaches.
func KnightTargets(s Square) uint64 { return knightTargets[s] }

// PawnDiagonals returns the squares diagonally forward of s for pl.
func PawnDiagonals(pl game.Player, s Square) uint64 { return pawnDiagonals[pl][s] }

// DiagonalReach returns the squares a bishop's slide from s reaches with occupancy occ: every
// empty square on its diagonals and the first occupied one.
func DiagonalReach(s Square, occ uint64) uint64 { return diagonalReach(s, occ) }

// OrthogonalReach returns the squares a rook's slide from s reaches with occupancy occ.
func OrthogonalReach(s Square, occ uint64) uint64 { return orthogonalReach(s, occ) }

// LastRank returns pl's promotion rank as a bitboard.
func LastRank(pl game.Player) uint64 { return lastRank[pl] }
