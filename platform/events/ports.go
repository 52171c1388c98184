package events

import (
	"context"
	"time"

	"turncoat/domain"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// CreatePairedEvent stores a new paired event. An id already taken is ErrConflict.
	CreatePairedEvent(ctx context.Context, e domain.PairedEvent) error
	// Game returns a game's row with its seats.
	Game(ctx context.Context, id string) (domain.Game, error)
	// PairedEventByID returns a paired event, or ErrNotFound.
	PairedEventByID(ctx context.Context, id string) (domain.PairedEvent, error)
	// PairedEventOfGame returns the id of the event that created game, or ErrNotFound.
	PairedEventOfGame(ctx context.Context, game string) (string, error)
	// SavePairedEvent stores e's new state (at e.Version) over the one at fromVersion, and maps
	// games (new games of the event) to it, in one transaction. A save from a stale version is
	// ErrConflict and stores nothing. jobs are inserted with the save (the games of a new round).
	SavePairedEvent(ctx context.Context, e domain.PairedEvent, fromVersion int64, games []string, now time.Time, jobs ...domain.Job) error
}
