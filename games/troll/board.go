package troll

import (
	"math/bits"

	"turncoat/game"
	"turncoat/games/discs"
)

// BoardView draws the position for a client: one 8x8 grid, rows 1 to 8 from the top as Othello
// players print them, each disc owned by its colour's side (Black is First). The frame's edges
// carry their owners: the top and bottom (rows 1 and 8) are Black's, the left and right
// (columns a and h) White's; the corners belong to both. While the game is in play, "free" marks
// the empty squares where the side to move may place a disc without capturing (every legal
// placement off the opponent's edges); once a side has joined its edges, "chain" marks the
// discs of the chains that join them. The tallies count each side's discs.
func (s *State) BoardView() game.Board {
	g := game.Grid{
		Owner:    game.NoPlayer,
		Rows:     8,
		Cols:     8,
		ColNames: []string{"a", "b", "c", "d", "e", "f", "g", "h"},
		RowNames: []string{"1", "2", "3", "4", "5", "6", "7", "8"},
		Cells:    make([]game.Cell, 64),
		Edges: []game.Edge{
			{Side: "top", Owner: game.First},
			{Side: "bottom", Owner: game.First},
			{Side: "left", Owner: game.Second},
			{Side: "right", Owner: game.Second},
		},
	}
	for sq := range 64 {
		bit := uint64(1) << sq
		c := game.Cell{Coord: discs.SquareName(sq)}
		switch {
		case s.black&bit != 0:
			c.Piece = &game.Piece{Kind: "disc", Owner: game.First, Colour: "black"}
		case s.white&bit != 0:
			c.Piece = &game.Piece{Kind: "disc", Owner: game.Second, Colour: "white"}
		}
		g.Cells[sq] = c // square numbers run row by row from a1 at the top-left, as cells do
	}
	var marks uint64
	kind := "free"
	switch {
	case s.winner != game.NoPlayer:
		kind, marks = "chain", s.Chain()
	case s.ToAct() != game.Nobody:
		marks = s.moves &^ opponentEdges(s.turn)
	}
	for ; marks != 0; marks &= marks - 1 {
		g.Marks = append(g.Marks, game.Mark{Coord: discs.SquareName(bits.TrailingZeros64(marks)), Kind: kind})
	}
	return game.Board{
		Grids: []game.Grid{g},
		Tallies: []game.Tally{
			{Name: "discs", Side: game.First, Grid: 0, Value: bits.OnesCount64(s.black)},
			{Name: "discs", Side: game.Second, Grid: 0, Value: bits.OnesCount64(s.white)},
		},
	}
}

// Chain returns the winner's discs that join its two edges: every orthogonally connected group
// of them that touches both (none while nobody has won).
func (s *State) Chain() uint64 {
	switch s.winner {
	case game.First:
		return joining(s.black, rowTop, rowBot)
	case game.Second:
		return joining(s.white, colA, colH)
	}
	return 0
}

// joining returns the discs of the orthogonally connected groups of discs that touch both from
// and to: the discs reached from one edge that can also be reached from the other.
func joining(discs, from, to uint64) uint64 {
	return spread(discs, discs&from) & spread(discs, discs&to)
}

// spread returns the discs orthogonally connected to seed within discs.
func spread(discs, seed uint64) uint64 {
	for {
		next := seed | (seed<<8|seed>>8|(seed<<1)&colNotA|(seed>>1)&colNotH)&discs
		if next == seed {
			return seed
		}
		seed = next
	}
}
