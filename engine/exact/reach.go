package exact

import (
	"errors"
	"fmt"
	"math/bits"

	"turncoat/games/turncoat"
)

// ErrOutOfReach marks a problem an exact solver refuses before doing any work: it could not
// finish in the time and memory of a computer at hand. The error wrapping it says why, and
// what is within reach.
var ErrOutOfReach = errors.New("out of reach")

// TurncoatMaxPiecesWhiteAndBlack is the most pieces (squares that are not blank) a board may
// hold for an exact Turncoat solve in the white-and-black mode.
//
// A position is a pair of boards, so a board of p pieces has up to 4^p positions. In the
// white-and-black mode every piece can be selected, and about one pair in a hundred is
// reachable (measured on 4x4 boards: 12 pieces reach 50,000 to 160,000 positions, 13 pieces
// 600,000 to 1,000,000 with 100 to 170 million matrix-game cells, some 1.6 GB), so each piece
// multiplies the work by four or five: from 14 pieces the solver's limits (TurncoatOptions'
// MaxStates and MaxCells) are passed, minutes and gigabytes later. In the white-only mode a
// player selects only white pieces of their own, and far fewer pairs are reachable: 709,113
// from a full 4x4 board, whose every white-only position is therefore within reach.
const TurncoatMaxPiecesWhiteAndBlack = 13

// TurncoatInReach returns nil when an exact solve of s can finish, else an error wrapping
// ErrOutOfReach that gives the reason and the limit: a board larger than TurncoatMaxSize, or a
// white-and-black board of more than TurncoatMaxPiecesWhiteAndBlack pieces.
func TurncoatInReach(s *turncoat.State) error {
	r := s.Rules()
	if r.Size > TurncoatMaxSize {
		return fmt.Errorf("%w: a %dx%d board has up to 4^%d positions; the exact solver takes boards up to %dx%d",
			ErrOutOfReach, r.Size, r.Size, r.Size*r.Size, TurncoatMaxSize, TurncoatMaxSize)
	}
	pieces := bits.OnesCount64(s.Boards()[0].Pieces)
	if r.Mode == turncoat.WhiteAndBlack && pieces > TurncoatMaxPiecesWhiteAndBlack {
		return fmt.Errorf("%w: a board of %d pieces in white-and-black mode has up to 4^%d positions, about 1 in 100 of them reachable, "+
			"beyond the solver's limits; it takes up to %d pieces in this mode (leave squares blank with '.'), or any %dx%d board in white-only mode",
			ErrOutOfReach, pieces, pieces, TurncoatMaxPiecesWhiteAndBlack, TurncoatMaxSize, TurncoatMaxSize)
	}
	return nil
}
