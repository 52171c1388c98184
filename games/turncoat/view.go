package turncoat

import (
	"math/bits"

	"turncoat/game"
)

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
				g.Cells = append(g.Cells, cellOf(bd, 8*r+c))
			}
		}
		b.Grids = append(b.Grids, g)
		b.Tallies = append(b.Tallies, game.Tally{Name: "black", Side: p, Grid: int(p), Value: bd.BlackCount()})
	}
	return b
}

// cellOf returns square sq of board bd as a cell of the board view.
func cellOf(bd Board, sq int) game.Cell {
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
	return cell
}

// Steps returns the stages of a round (game.Stepper), as PlayRound plays them: Red's board
// turned at Red's square, Yellow's at Yellow's, then, unless that ended the game, Red's board
// at Yellow's square and Yellow's at Red's; each with the pieces it turned, the selected one
// first. Comparing the boards before and after the round cannot tell them apart: a piece the
// second turn of a board turns back shows no change at all.
func (s *State) Steps(m game.Move) []game.Step {
	if !m.Actors.Simultaneous() || s.Result() != InPlay {
		return nil
	}
	sel := [2]int{int(m.Actions[game.First]), int(m.Actions[game.Second])}
	for p := game.First; p <= game.Second; p++ {
		if sel[p] < 0 || sel[p] > 63 || s.Selectable(p)&(1<<sel[p]) == 0 {
			return nil
		}
	}
	boards := s.boards
	steps := make([]game.Step, 0, 4)
	turn := func(b, by game.Player) {
		before := boards[b]
		boards[b] = before.Flip(sel[by])
		st := game.Step{Grid: int(b), Coord: SquareName(sel[by]), By: by, Cells: []game.Cell{cellOf(boards[b], sel[by])}}
		for m := (before.Black ^ boards[b].Black) &^ (1 << sel[by]); m != 0; m &= m - 1 {
			st.Cells = append(st.Cells, cellOf(boards[b], bits.TrailingZeros64(m)))
		}
		steps = append(steps, st)
	}
	turn(game.First, game.First)
	turn(game.Second, game.Second)
	if Check(boards[0], boards[1]) == InPlay {
		turn(game.First, game.Second)
		turn(game.Second, game.First)
	}
	return steps
}
