package discs

import "math/bits"

// MaxMoves bounds the number of legal moves of a position: a buffer of this many children
// holds every move of any position.
const MaxMoves = 64

// A Child is a move and the position it leads to, seen from the opponent, who moves next.
type Child struct {
	Square int
	// P and O are the discs of the opponent (now to move) and of the mover after the move.
	P, O uint64
	// Replies are P's legal moves in that position, within the mask given to Children.
	Replies uint64
	// Key is left to the caller (a search orders moves by it); Children sets it to zero.
	Key int
}

// Children writes to buf the children of the moves given as a bitboard (legal moves of p
// against o), lowest square first, and returns how many there are. Each child's Replies are
// masked with mask, the board's squares.
//
// Searches call it at every node: on amd64 it is one assembly loop that flips and generates the
// replies of every move, where a call per flip and per move generation would cost more than the
// work.
func Children(p, o, moves, mask uint64, buf *[MaxMoves]Child) int {
	if useAVX2 {
		return childrenAVX(p, o, moves, mask, buf, useAVX512)
	}
	return childrenGo(p, o, moves, mask, buf)
}

// childrenGo is the portable Children.
func childrenGo(p, o, moves, mask uint64, buf *[MaxMoves]Child) int {
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flipsGo(sq, p, o)
		np, no := o&^f, p|f|1<<sq
		buf[n] = Child{Square: sq, P: np, O: no, Replies: movesGo(np, no) & mask}
		n++
	}
	return n
}
