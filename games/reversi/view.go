package reversi

import (
	"strconv"

	"turncoat/game"
)

var _ game.BoardViewer = (*State)(nil)

// BoardView draws the position as one grid: columns a.. left to right, rows 1.. top to bottom
// (row 1 at the top, as every Othello program prints it), a black disc belonging to Black
// (First) and a white one to White (Second); and each side's disc count.
func (s *State) BoardView() game.Board {
	n := s.rules.Size
	g := game.Grid{Owner: game.NoPlayer, Rows: n, Cols: n,
		ColNames: make([]string, n), RowNames: make([]string, n), Cells: make([]game.Cell, 0, n*n)}
	for i := range n {
		g.ColNames[i] = string(rune('a' + i))
		g.RowNames[i] = strconv.Itoa(i + 1)
	}
	for r := range n {
		for c := range n {
			sq := 8*r + c
			cell := game.Cell{Coord: SquareName(sq)}
			switch bit := uint64(1) << sq; {
			case s.board.Black&bit != 0:
				cell.Piece = &game.Piece{Kind: "disc", Owner: game.First, Colour: "black"}
			case s.board.White&bit != 0:
				cell.Piece = &game.Piece{Kind: "disc", Owner: game.Second, Colour: "white"}
			}
			g.Cells = append(g.Cells, cell)
		}
	}
	black, white, _ := s.board.Counts()
	return game.Board{
		Grids: []game.Grid{g},
		Tallies: []game.Tally{
			{Name: "discs", Side: game.First, Grid: -1, Value: black},
			{Name: "discs", Side: game.Second, Grid: -1, Value: white},
		},
	}
}
