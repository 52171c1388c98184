package turncoat

import "turncoat/game"

// gridNames name the boards in a Board view: Red's, then Yellow's.
var gridNames = [2]string{"red", "yellow"}

// BoardView draws the position for a client: Red's board and Yellow's, each owned by its
// player, rows 1 to n from the top; a blank is a hole, and every piece is a disc showing black
// or white that belongs to nobody (both players turn the pieces of both boards). A tally per
// board counts its pieces showing black, as the original app's tabs do. Pending selections are
// never part of it.
func (s *State) BoardView() game.Board {
	n := s.rules.Size
	cols, rows := make([]string, n), make([]string, n)
	for i := range n {
		cols[i] = string(rune('a' + i))
		rows[i] = string(rune('1' + i))
	}
	var b game.Board
	for p := game.First; p <= game.Second; p++ {
		bd := s.boards[p]
		g := game.Grid{Name: gridNames[p], Owner: p, Rows: n, Cols: n, ColNames: cols, RowNames: rows, Cells: make([]game.Cell, 0, n*n)}
		for r := range n {
			for c := range n {
				sq := 8*r + c
				bit := uint64(1) << sq
				cell := game.Cell{Coord: SquareName(sq)}
				switch {
				case bd.Pieces&bit == 0:
					cell.Hole = true
				case bd.Black&bit != 0:
					cell.Piece = &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "black"}
				default:
					cell.Piece = &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: "white"}
				}
				g.Cells = append(g.Cells, cell)
			}
		}
		b.Grids = append(b.Grids, g)
		b.Tallies = append(b.Tallies, game.Tally{Name: "black", Side: p, Grid: int(p), Value: bd.BlackCount()})
	}
	return b
}
