package tournament

import (
	"errors"
	"fmt"

	"turncoat/game"
	"turncoat/games/reversi"
)

// TurnSkipper is a state whose side to move can lose its turn, moves or not: what the
// forced-pass rule does to a player who missed a round. SkipTurn returns the state with the
// other side to move and leaves s unchanged. Games may implement it; Reversi is handled by the
// tournament itself (its pass is a move only when no move exists, so the skip is made on its
// board).
type TurnSkipper interface {
	SkipTurn() (game.State, error)
}

// ErrNoSkip marks a game whose turn cannot be skipped, so the forced-pass rule cannot apply.
var ErrNoSkip = errors.New("the game has no way to skip a turn")

// skipTurn returns s with its turn passed to the other side.
func skipTurn(s game.State) (game.State, error) {
	if s.Outcome().Over {
		return nil, game.ErrGameOver
	}
	if sk, ok := s.(TurnSkipper); ok {
		return sk.SkipTurn()
	}
	if rs, ok := s.(*reversi.State); ok {
		b := rs.Board()
		b.Pass()
		return reversi.FromBoard(b, rs.Rules())
	}
	return nil, fmt.Errorf("%w: %s", ErrNoSkip, s.Game().Title())
}
