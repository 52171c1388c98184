package blocs

import (
	"fmt"
	"math/bits"
	"strings"

	"turncoat/game"
)

// BoardView draws the position for a client: one 4x4 grid, rows 1 to 4 from the top, the pieces
// as discs showing black or white, owned by nobody (both players place and turn them), and a
// tally of the pieces showing black.
func (s *State) BoardView() game.Board {
	g := game.Grid{
		Owner:    game.NoPlayer,
		Rows:     Rows,
		Cols:     Cols,
		ColNames: []string{"a", "b", "c", "d"},
		RowNames: []string{"1", "2", "3", "4"},
		Cells:    make([]game.Cell, Squares),
	}
	for sq := range Squares {
		bit := uint16(1) << sq
		c := game.Cell{Coord: SquareName(sq)}
		if s.filled&bit != 0 {
			colour := "white"
			if s.black&bit != 0 {
				colour = "black"
			}
			c.Piece = &game.Piece{Kind: "disc", Owner: game.NoPlayer, Colour: colour}
		}
		g.Cells[sq] = c // squares run row by row from a1 at the top-left, as cells do
	}
	return game.Board{
		Grids:   []game.Grid{g},
		Tallies: []game.Tally{{Name: "black", Side: game.NoPlayer, Grid: 0, Value: bits.OnesCount16(s.black)}},
	}
}

// ParsePosition reads a position as players and the solver write it: the board's rows top to
// bottom joined by '/' (B black, W white, '.' empty, as in "BWWB/WBBW/WWWW/BWWB"), then
// optionally the player to move, 1 or 2. A full board is a flipping position with no earlier
// positions (a puzzle), the first flipper of o to move unless the player is given; a board with
// empty squares is in the placement phase, where the number of pieces placed says who is next.
func (Game) ParsePosition(o game.Options, text string) (game.State, error) {
	r := RulesOf(o)
	f := strings.Fields(text)
	if len(f) == 0 || len(f) > 2 {
		return nil, fmt.Errorf("%w: want the board's rows joined by '/' (like BWWB/WBBW/WWWW/BWWB), then optionally the player to move, 1 or 2", game.ErrSyntax)
	}
	filled, black, err := ParseText(f[0])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	turn := game.NoPlayer
	if len(f) == 2 {
		switch f[1] {
		case "1":
			turn = game.First
		case "2":
			turn = game.Second
		default:
			return nil, fmt.Errorf("%w: player to move %q: want 1 or 2", game.ErrSyntax, f[1])
		}
	}
	if filled == Full {
		if turn == game.NoPlayer {
			turn = r.FirstFlipper()
		}
		return FlippingState(r, black, turn), nil
	}
	next := game.Player(bits.OnesCount16(filled) % 2)
	if turn != game.NoPlayer && turn != next {
		return nil, fmt.Errorf("%w: %d pieces placed, so player %d places next, not %d", game.ErrSyntax, bits.OnesCount16(filled), next+1, turn+1)
	}
	return &State{rules: r, opts: r.Options(), filled: filled, black: black, turn: next}, nil
}
