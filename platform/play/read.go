package play

import (
	"context"

	"turncoat/domain"
	"turncoat/game"
)

// Read runs f on game id's row and table in the game's actor, for reads the views do not cover
// (the pictures of a board). f must neither keep nor change the table: it copies what it needs
// (a public position, the moves) and returns, so that the game's commands do not wait on slow
// work done after.
func (s *Service) Read(ctx context.Context, id string, f func(row domain.Game, tb *game.Table) error) error {
	return s.with(ctx, id, func(_ context.Context, lg *liveGame) error { return f(lg.row, lg.tb) })
}
