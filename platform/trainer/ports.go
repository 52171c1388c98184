package trainer

import (
	"context"

	"turncoat/domain"
)

// Store is the trainer's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL).
type Store interface {
	// TrainerLine returns an account's line of its schedule: ErrNotFound when it has none.
	TrainerLine(ctx context.Context, userID int64, color, line string) (domain.TrainerLine, error)
	// SaveTrainerLine stores a line of an account's schedule, made or replaced.
	SaveTrainerLine(ctx context.Context, l domain.TrainerLine) error
	// TrainerLines returns an account's schedule, the soonest due first, at most limit.
	TrainerLines(ctx context.Context, userID int64, limit int) ([]domain.TrainerLine, error)
	// PlayedGames returns the account's games the opening book learned (finished 8x8 games
	// from the standard start), the latest first, at most limit.
	PlayedGames(ctx context.Context, userID int64, limit int) ([]domain.PlayedGame, error)
}
