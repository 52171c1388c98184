package booksvc

import (
	"context"

	"turncoat/domain"
	"turncoat/game"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// AddBookGame stores what the book made of a finished game, once: ErrConflict when the game
	// has its row already (another instance, or an earlier try, got there first).
	AddBookGame(ctx context.Context, g domain.BookGame) error
	// BookGame returns the book's row of a game: ErrNotFound when the book has not seen it.
	BookGame(ctx context.Context, gameID string) (domain.BookGame, error)
	// BookGames returns the learned games (those with a part) whose seq is above after, in seq
	// order, at most limit (1 to 10000).
	BookGames(ctx context.Context, after int64, limit int) ([]domain.BookGame, error)
	// LoadSnapshot returns a game's row and its table's snapshot (to restore with game.Restore).
	LoadSnapshot(ctx context.Context, id string) (domain.Game, game.Snapshot, error)
}
