package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
)

// CreatePairedEvent stores a new paired event. An id already taken is ErrConflict.
func (s *Store) CreatePairedEvent(ctx context.Context, e domain.PairedEvent) error {
	_, err := s.wdb.ExecContext(ctx, `INSERT INTO paired_events (id, host_id, format, status, version, state, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, e.ID, e.HostID, e.Format, e.Status, e.Version, string(e.State), nanos(e.Created), nanos(e.Created))
	if isConflict(err) {
		return fmt.Errorf("%w: event %s exists", domain.ErrConflict, e.ID)
	}
	return err
}

// PairedEventByID returns a paired event, or ErrNotFound.
func (s *Store) PairedEventByID(ctx context.Context, id string) (domain.PairedEvent, error) {
	var e domain.PairedEvent
	var state string
	var created, updated int64
	err := s.db.QueryRowContext(ctx, `SELECT id, host_id, format, status, version, state, created_at, updated_at
		FROM paired_events WHERE id = $1`, id).Scan(&e.ID, &e.HostID, &e.Format, &e.Status, &e.Version, &state, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.PairedEvent{}, fmt.Errorf("%w: event %s", domain.ErrNotFound, id)
	}
	if err != nil {
		return domain.PairedEvent{}, err
	}
	e.State, e.Created, e.Updated = json.RawMessage(state), fromNanos(created), fromNanos(updated)
	return e, nil
}

// SavePairedEvent stores e's new state (at e.Version) over the one at fromVersion, and maps
// games (new games of the event) to it, in one transaction. A save from a stale version is
// ErrConflict and stores nothing. jobs are inserted with the save (the games of a new round).
func (s *Store) SavePairedEvent(ctx context.Context, e domain.PairedEvent, fromVersion int64, games []string, now time.Time, jobs ...domain.Job) error {
	if e.Version <= fromVersion {
		return fmt.Errorf("event %s: version %d after %d", e.ID, e.Version, fromVersion)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE paired_events SET version = $1, state = $2, updated_at = $3, status = $4
			WHERE id = $5 AND version = $6`, e.Version, string(e.State), nanos(now), e.Status, e.ID, fromVersion)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return fmt.Errorf("%w: event %s is no longer at version %d", domain.ErrConflict, e.ID, fromVersion)
		}
		for _, g := range games {
			if _, err := tx.ExecContext(ctx, `INSERT INTO paired_event_games (game_id, event_id) VALUES ($1, $2)`, g, e.ID); err != nil {
				return err
			}
		}
		return s.insertJobs(ctx, tx, jobs)
	})
}

// PairedEventOfGame returns the id of the event that created game, or ErrNotFound.
func (s *Store) PairedEventOfGame(ctx context.Context, game string) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT event_id FROM paired_event_games WHERE game_id = $1`, game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: game %s belongs to no event", domain.ErrNotFound, game)
	}
	return id, err
}

// PairedEventsWithStatus returns the ids of the events at status (at most limit).
func (s *Store) PairedEventsWithStatus(ctx context.Context, status string, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM paired_events WHERE status = $1 ORDER BY created_at LIMIT $2`, status, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
