package reversi

import (
	"context"

	"turncoat/game"
	"turncoat/games/discs"
)

var _ game.ContextPerfter = (*State)(nil)

// PerftContext is Perft that stops soon after ctx is done, returning ctx's error and the leaves
// counted so far (game.ContextPerfter).
func (s *State) PerftContext(ctx context.Context, depth int) (uint64, error) {
	if s.rules.NoMove != NoMovePass || s.placing() {
		return game.PerftContext(ctx, s, depth)
	}
	p, o := s.board.Mover()
	return discs.PerftContext(ctx, p, o, discs.SquareMask(s.board.Size), depth)
}
