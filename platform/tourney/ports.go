package tourney

import (
	"context"
	"encoding/json"

	"turncoat/domain"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// CommitTournament stores one operation's change: the row, the operation, its events and, if
	// given, a new checkpoint, in one transaction. A change from a stale version is ErrConflict and
	// stores nothing.
	CommitTournament(ctx context.Context, c domain.TournamentChange) error
	// CreateTournament stores a new tournament: its row, its first checkpoint (at t.Version) and
	// the events of its creation. An id already taken is ErrConflict.
	CreateTournament(ctx context.Context, t domain.Tournament, checkpoint json.RawMessage, events []domain.Event, jobs ...domain.Job) error
	// ListTournaments returns tournaments by filter, the most recently updated first.
	ListTournaments(ctx context.Context, f domain.TournamentFilter) ([]domain.Tournament, error)
	// LoadTournament returns a tournament's row, its checkpoint, and the operations stored after the
	// checkpoint, oldest first: replayed on the checkpoint they give the current state. The row and
	// its checkpoint are read together; operations are never deleted, so one committed between the
	// two reads only comes along (the last operation's Version, not the row's, is then current).
	LoadTournament(ctx context.Context, id string) (domain.Tournament, json.RawMessage, []domain.TournamentOp, error)
	// TournamentEvents returns a tournament's events after a version, oldest first (at most limit).
	TournamentEvents(ctx context.Context, id string, after int64, limit int) ([]domain.Event, error)
	// TournamentVersion returns a tournament's stored version: a cheap check that a copy in memory
	// is still current.
	TournamentVersion(ctx context.Context, id string) (int64, error)
	// UserIDs returns the ids of the users of the given names (names without a user are left out).
	UserIDs(ctx context.Context, names []string) (map[string]int64, error)
}
