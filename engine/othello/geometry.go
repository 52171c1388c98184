package othello

import (
	"fmt"
	"math/bits"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// geometry describes a board size: its squares in the 8x8 grid and its four quadrants, which
// the solver's parity ordering uses (an empty region with an odd number of squares is where the
// side to move wants to play: it will likely get the last move there).
type geometry struct {
	size    int
	squares int    // size * size
	mask    uint64 // the board's squares
	corners uint64
	// cornerList are the corner squares; cornerEdges[i] the two edge squares next to corner i,
	// cornerX[i] its X-square (diagonally next to it: taken early, it gives the corner away).
	cornerList  [4]int
	cornerEdges [4]uint64
	cornerX     [4]int
	// quadrant[sq] is the parity bit (1, 2, 4 or 8) of the quadrant holding sq.
	quadrant [64]uint8
	// quadrantMask[i] holds the squares of the quadrant with bit 1<<i.
	quadrantMask [4]uint64
	// parityRanks[parity] holds, in the shallow solver's rank space, the squares of the
	// quadrants whose bits are set in parity.
	parityRanks [16]uint64
	// edgeStable[p<<size|o] holds, for an edge with the mover's discs p and the opponent's o,
	// the mover's discs that no sequence of moves along the edge can flip (stability.go).
	edgeStable []uint8
	// squareRank, rankedSquare and byteRanks number the squares in the order the shallow
	// solver tries them (rankTables, endgame.go).
	squareRank, rankedSquare [64]uint8
	byteRanks                [8][256]uint64
	// tuning holds the search parameters of the board size (tuning.go).
	tuning
}

var geometries = func() map[int]*geometry {
	m := map[int]*geometry{}
	for _, n := range reversi.Sizes {
		g := &geometry{size: n, squares: n * n, mask: discs.SquareMask(n)}
		last := n - 1
		g.corners = 1 | 1<<last | 1<<(8*last) | 1<<(8*last+last)
		g.cornerList = [4]int{0, last, 8 * last, 8*last + last}
		for i, c := range g.cornerList {
			r, col := c/8, c%8
			dr, dc := 1, 1
			if r > 0 {
				dr = -1
			}
			if col > 0 {
				dc = -1
			}
			g.cornerEdges[i] = 1<<(8*(r+dr)+col) | 1<<(8*r+col+dc)
			g.cornerX[i] = 8*(r+dr) + col + dc
		}
		for r := range n {
			for c := range n {
				q := 0
				if r >= n/2 {
					q += 2
				}
				if c >= n/2 {
					q++
				}
				sq := 8*r + c
				g.quadrant[sq] = 1 << q
				g.quadrantMask[q] |= 1 << sq
			}
		}
		g.squareRank, g.rankedSquare, g.byteRanks = rankTables(squareOrder(n))
		for par := range g.parityRanks {
			for i, m := range g.quadrantMask {
				if par>>i&1 != 0 {
					g.parityRanks[par] |= g.toRanks(m)
				}
			}
		}
		m[n] = g
	}
	return m
}()

// geometryOf returns the geometry of an n x n board, or an error for a size the engine does not
// play.
func geometryOf(n int) (*geometry, error) {
	g, ok := geometries[n]
	if !ok {
		return nil, fmt.Errorf("board size %d: the engine plays 4, 6 and 8", n)
	}
	return g, nil
}

// parity returns the quadrants holding an odd number of the empty squares, as bits.
func (g *geometry) parity(empty uint64) uint8 {
	var par uint8
	for i, m := range g.quadrantMask {
		par |= uint8(bits.OnesCount64(empty&m)&1) << i
	}
	return par
}

// finalScore is the score of a finished game for the side with discs p: the disc difference
// with the empty squares going to the winner.
func (g *geometry) finalScore(p, o uint64) int {
	np, no := bits.OnesCount64(p), bits.OnesCount64(o)
	diff := np - no
	empties := g.squares - np - no
	switch {
	case diff > 0:
		return diff + empties
	case diff < 0:
		return diff - empties
	}
	return 0
}

// play returns the position after the mover plays sq flipping f, seen from the new mover.
func play(p, o uint64, sq int, f uint64) (np, no uint64) {
	return o &^ f, p | f | 1<<sq
}

// Position is a board seen from the side to move: P the mover's discs, O the opponent's, on a
// board of Size (8, 6 or 4; Size 0 means 8).
type Position struct {
	P, O uint64
	Size int
}

// PositionOf returns b from its mover's point of view.
func PositionOf(b reversi.Board) Position {
	p, o := b.Mover()
	return Position{P: p, O: o, Size: b.Size}
}

// Board returns the position as a board of games/reversi with the given colour to move
// (0 Black, 1 White).
func (pos Position) Board(turn int) reversi.Board {
	b := reversi.Board{Turn: turn, Size: pos.size()}
	if turn == 0 {
		b.Black, b.White = pos.P, pos.O
	} else {
		b.Black, b.White = pos.O, pos.P
	}
	return b
}

func (pos Position) size() int {
	if pos.Size == 0 {
		return 8
	}
	return pos.Size
}

// Empties returns the number of empty squares.
func (pos Position) Empties() int {
	n := pos.size()
	return n*n - bits.OnesCount64(pos.P|pos.O)
}

// check reports whether the position fits its board.
func (pos Position) check() (*geometry, error) {
	g, err := geometryOf(pos.size())
	if err != nil {
		return nil, err
	}
	if pos.P&pos.O != 0 {
		return nil, fmt.Errorf("a square holds discs of both colours")
	}
	if (pos.P|pos.O)&^g.mask != 0 {
		return nil, fmt.Errorf("discs lie outside the %dx%d board", g.size, g.size)
	}
	return g, nil
}

// String writes the position as its board's rows with the mover's discs as X ("XO--/...").
func (pos Position) String() string {
	b := pos.Board(0)
	return b.Text() + " X"
}

// squareOrder returns the order in which the shallow solver tries the squares of an n x n
// board (of equal parity). 6x6 has one of its own, on the same idea as 8x8's: its corners,
// the middles of its edges, the squares around the centre, the squares next to the corners
// along the edges, then the X-squares (8x8's order there put three corners among the middle
// squares): 2.5% fewer nodes solving positions 6 moves into the perfect lines of both starts
// (76 M -> 74 M; the squares around the centre before the edges' middles, the same).
func squareOrder(n int) []string {
	if n == 6 {
		return squareOrder6
	}
	return squareOrder8
}

var squareOrder6 = []string{
	"a1", "f1", "a6", "f6",
	"a3", "a4", "c1", "d1", "f3", "f4", "c6", "d6",
	"b3", "b4", "c2", "d2", "e3", "e4", "c5", "d5",
	"b1", "e1", "a2", "a5", "f2", "f5", "b6", "e6",
	"b2", "e2", "b5", "e5",
	"c3", "d3", "c4", "d4",
}
