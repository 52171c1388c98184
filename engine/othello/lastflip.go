package othello

import "math/bits"

// Counting the flips of the last move.
//
// With one empty square left on the 8x8 board, every other square holds a disc, so a player's
// discs alone tell the whole line through the square: whatever is not his is the opponent's.
// The number of discs a move there turns is then four table look-ups, one per line (row,
// column, diagonal, anti-diagonal), each line gathered into a byte by a shift or a multiply.

// lineFlips[i][b] is the number of discs turned along a line of eight squares by a disc placed
// at index i, when the mover's discs on the line are the bits of b and every other square of
// the line holds an opponent disc.
var lineFlips [8][256]uint8

// diagonals[sq] and antiDiagonals[sq] are the a1-h8 and h1-a8 direction lines through sq.
var diagonals, antiDiagonals [64]uint64

func init() {
	for i := range 8 {
		for b := range 256 {
			n := 0
			for j := i - 1; j >= 0; j-- { // towards index 0
				if b>>j&1 != 0 {
					n += i - 1 - j
					break
				}
			}
			for j := i + 1; j < 8; j++ { // towards index 7
				if b>>j&1 != 0 {
					n += j - i - 1
					break
				}
			}
			lineFlips[i][b] = uint8(n)
		}
	}
	for sq := range 64 {
		r, c := sq/8, sq%8
		for rr := range 8 {
			for cc := range 8 {
				if rr-cc == r-c {
					diagonals[sq] |= 1 << (8*rr + cc)
				}
				if rr+cc == r+c {
					antiDiagonals[sq] |= 1 << (8*rr + cc)
				}
			}
		}
	}
}

// lastFlips returns how many discs a disc of the player with discs p placed on sq would turn,
// on an 8x8 board where every square but sq is occupied.
func lastFlips(sq int, p uint64) int {
	r, c := uint(sq>>3), uint(sq&7)
	n := lineFlips[c][uint8(p>>(8*r))]
	// a column: bit 8k moves to bit 56+k
	n += lineFlips[r][((p>>c)&0x0101010101010101)*0x0102040810204080>>56]
	// a diagonal has one square per column: summing the rows puts square (r, c) on bit 56+c
	n += lineFlips[c][(p&diagonals[sq])*0x0101010101010101>>56]
	n += lineFlips[c][(p&antiDiagonals[sq])*0x0101010101010101>>56]
	return int(n)
}

// lastScore returns the final score for the side to move with discs p on a board of the given
// number of squares whose only empty square is sq. Smaller boards work too: the squares outside
// them lie at the far ends of every line, where a run of discs ends without being bracketed,
// exactly as it does at the edge.
func lastScore(p uint64, sq int, mask uint64, squares int) int {
	np := bits.OnesCount64(p)
	if n := lastFlips(sq, p); n != 0 {
		return 2*(np+n) + 2 - squares
	}
	if n := lastFlips(sq, mask&^(p|1<<sq)); n != 0 {
		return 2*(np-n) - squares
	}
	if 2*np+1 > squares {
		return 2*np + 2 - squares
	}
	return 2*np - squares
}
