package reviews

import (
	"context"

	"turncoat/domain"
	"turncoat/game"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests run against the in-memory fake as well.
type Store interface {
	// AskReview stores the asking of a game's review with the job job makes of it, in one
	// transaction, unless the game has a review of the same moves that has not failed: then it
	// returns that one and stores nothing. A review of other moves, or a failed one, is
	// replaced (its Attempt one more).
	AskReview(ctx context.Context, r domain.GameReview, job func(domain.GameReview) domain.Job) (domain.GameReview, error)
	// GameReview returns a game's review: ErrNotFound when none was asked.
	GameReview(ctx context.Context, gameID string) (domain.GameReview, error)
	// UpdateReview stores a review's state, progress, result or error while the stored review is
	// of the same moves and attempt: ErrConflict when it is not.
	UpdateReview(ctx context.Context, r domain.GameReview) error
	// LoadSnapshot returns a game's row and its table's snapshot: ErrNotFound for no such game.
	LoadSnapshot(ctx context.Context, id string) (domain.Game, game.Snapshot, error)
}
