package tournament

import (
	"errors"
	"fmt"

	"turncoat/game"
)

// ErrNoSkip marks a game whose turn cannot be skipped, so the forced-pass rule cannot apply.
var ErrNoSkip = errors.New("the game has no way to skip a turn")

// skipTurn returns s with its turn passed to the other side, where the game can skip a turn
// (game.TurnSkipper).
func skipTurn(s game.State) (game.State, error) {
	if s.Outcome().Over {
		return nil, game.ErrGameOver
	}
	if sk, ok := s.(game.TurnSkipper); ok {
		return sk.SkipTurn()
	}
	return nil, fmt.Errorf("%w: %s", ErrNoSkip, s.Game().Title())
}
