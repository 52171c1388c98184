package book

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// Export writes the book as text, one line per position in the order of a depth-first walk
// from the start (the book file's order), after a comment saying what the columns are:
//
//	f5d6c3 games=31337 value=-1 leaf=d3:-2
//
// The first field is the moves that reach the position from the start (the walk's first way
// there, in the orientation where the game opens with f5; "start" for the start), then the
// games that reached it, its negamax value for the side to move ("?" while unknown), and its
// leaf: the best move outside the book in that orientation and the engine's value of it ("-"
// when every move is a book move, "?" while it is to be evaluated). Passes are "pa".
func (b *Book) Export(w io.Writer) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	bw := bufio.NewWriter(w)
	st := reversi.Start(8)
	fmt.Fprintf(bw, "# Turncoat opening book: %d positions, %d plies deep, leaves valued by %d-ply searches\n", len(b.nodes), b.plies, b.depth)
	fmt.Fprintln(bw, "# moves from the start, games that reached the position, its value for the side to move, its leaf (best move outside the book:value)")
	if len(b.nodes) == 0 {
		return bw.Flush()
	}
	written := map[Key]bool{}
	var moves []byte
	var walk func(p, o uint64)
	walk = func(p, o uint64) {
		k, sym := canonical(p, o)
		written[k] = true
		n := b.nodes[k]
		name := "start"
		if len(moves) > 0 {
			name = string(moves)
		}
		value := "?"
		if n.valued {
			value = fmt.Sprintf("%+d", n.value)
		}
		leaf := "-"
		switch {
		case n.leaf == leafPending || b.nodes.stale(k, n):
			leaf = "?"
		case n.leaf < leafNone:
			leaf = fmt.Sprintf("%s:%+d", squareName(transformSquare(int(n.leaf), inverse(sym))), n.leafValue)
		}
		fmt.Fprintf(bw, "%s games=%d value=%s leaf=%s\n", name, n.games, value, leaf)
		in := b.nodes.bookMoves(p, o)
		for m := in; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			np, no := next(p, o, sq)
			if written[KeyOf(np, no)] {
				continue
			}
			l := len(moves)
			moves = append(moves, squareName(sq)...)
			if discs.Moves(play(p, o, sq)) == 0 {
				moves = append(moves, "pa"...)
			}
			walk(np, no)
			moves = moves[:l]
		}
	}
	walk(st.Black, st.White)
	return bw.Flush()
}

// exportSymmetry is the symmetry of the start that takes d3, the first move of the walk (the
// lowest square), to f5, the opening move most records and players use.
const exportSymmetry = 7

// squareName names a square in the export's orientation.
func squareName(sq int) string { return discs.SquareName(transformSquare(sq, exportSymmetry)) }
