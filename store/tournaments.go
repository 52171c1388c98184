package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"turncoat/domain"
)

// CreateTournament stores a new tournament: its row, its first checkpoint (at t.Version) and
// the events of its creation. An id already taken is ErrConflict.
func (s *Store) CreateTournament(ctx context.Context, t domain.Tournament, checkpoint json.RawMessage, events []domain.Event, jobs ...domain.Job) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournaments (id, title, host_id, game, phase, version, checkpoint, checkpoint_version,
			next_deadline, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			t.ID, t.Title, t.HostID, t.Game, t.Phase, t.Version, string(checkpoint), t.Version, nullTime(t.NextDeadline),
			nanos(t.Created), nanos(t.Created)); err != nil {
			return err
		}
		if err := insertTournamentEvents(ctx, tx, t.ID, events); err != nil {
			return err
		}
		return s.insertJobs(ctx, tx, jobs)
	})
	if isConflict(err) {
		return fmt.Errorf("%w: tournament %s exists", domain.ErrConflict, t.ID)
	}
	return err
}

// CommitTournament stores one operation's change: the row, the operation, its events and, if
// given, a new checkpoint, in one transaction. A change from a stale version is ErrConflict and
// stores nothing.
func (s *Store) CommitTournament(ctx context.Context, c domain.TournamentChange) error {
	if c.Version <= c.FromVersion {
		return fmt.Errorf("store: tournament %s: version %d after %d", c.ID, c.Version, c.FromVersion)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE tournaments SET version = $1, phase = $2, next_deadline = $3, updated_at = $4`
		args := []any{c.Version, c.Phase, nullTime(c.NextDeadline), nanos(c.Now)}
		if c.Checkpoint != nil {
			q += `, checkpoint = $7, checkpoint_version = $1`
		}
		q += ` WHERE id = $5 AND version = $6`
		args = append(args, c.ID, c.FromVersion)
		if c.Checkpoint != nil {
			args = append(args, string(c.Checkpoint))
		}
		r, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: tournament %s is no longer at version %d", domain.ErrConflict, c.ID, c.FromVersion)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_ops (tournament_id, version, from_version, body) VALUES ($1, $2, $3, $4)`,
			c.ID, c.Version, c.FromVersion, string(c.Op)); err != nil {
			return err
		}
		if err := insertTournamentEvents(ctx, tx, c.ID, c.Events); err != nil {
			return err
		}
		return s.insertJobs(ctx, tx, c.Jobs)
	})
	if isConflict(err) {
		return fmt.Errorf("%w: tournament %s: version %d is already stored", domain.ErrConflict, c.ID, c.Version)
	}
	return err
}

// insertTournamentEvents stores events many rows to a statement: a round of a large
// tournament closes with tens of thousands.
func insertTournamentEvents(ctx context.Context, tx *sql.Tx, id string, events []domain.Event) error {
	const perStatement = 500
	var b strings.Builder
	args := make([]any, 0, 3*perStatement)
	for start := 0; start < len(events); start += perStatement {
		batch := events[start:min(start+perStatement, len(events))]
		b.Reset()
		args = args[:0]
		b.WriteString(`INSERT INTO tournament_events (tournament_id, version, body) VALUES `)
		for i, e := range batch {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "($%d, $%d, $%d)", 3*i+1, 3*i+2, 3*i+3)
			args = append(args, id, e.Version, string(e.Body))
		}
		if _, err := tx.ExecContext(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

const tournamentColumns = `t.id, t.title, t.host_id, COALESCE(u.name, ''), t.game, t.phase, t.version, t.checkpoint_version,
	t.next_deadline, t.created_at, t.updated_at`

func scanTournament(row interface{ Scan(...any) error }, extra ...any) (domain.Tournament, error) {
	var t domain.Tournament
	var deadline sql.NullInt64
	var created, updated int64
	err := row.Scan(append([]any{&t.ID, &t.Title, &t.HostID, &t.HostName, &t.Game, &t.Phase, &t.Version, &t.CheckpointVersion,
		&deadline, &created, &updated}, extra...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Tournament{}, domain.ErrNotFound
	}
	t.NextDeadline, t.Created, t.Updated = fromNanos(deadline.Int64), fromNanos(created), fromNanos(updated)
	return t, err
}

// TournamentRow returns a tournament's row.
func (s *Store) TournamentRow(ctx context.Context, id string) (domain.Tournament, error) {
	return scanTournament(s.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments t
		LEFT JOIN users u ON u.id = t.host_id WHERE t.id = $1`, id))
}

// TournamentVersion returns a tournament's stored version: a cheap check that a copy in memory
// is still current.
func (s *Store) TournamentVersion(ctx context.Context, id string) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, `SELECT version FROM tournaments WHERE id = $1`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return v, err
}

// LoadTournament returns a tournament's row, its checkpoint, and the operations stored after the
// checkpoint, oldest first: replayed on the checkpoint they give the current state. The row and
// its checkpoint are read together; operations are never deleted, so one committed between the
// two reads only comes along (the last operation's Version, not the row's, is then current).
func (s *Store) LoadTournament(ctx context.Context, id string) (domain.Tournament, json.RawMessage, []domain.TournamentOp, error) {
	var checkpoint string
	t, err := scanTournament(s.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+`, t.checkpoint FROM tournaments t
		LEFT JOIN users u ON u.id = t.host_id WHERE t.id = $1`, id), &checkpoint)
	if err != nil {
		return t, nil, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT from_version, version, body FROM tournament_ops WHERE tournament_id = $1 AND version > $2
		ORDER BY version`, id, t.CheckpointVersion)
	if err != nil {
		return t, nil, nil, err
	}
	defer rows.Close()
	var ops []domain.TournamentOp
	for rows.Next() {
		var op domain.TournamentOp
		var body string
		if err := rows.Scan(&op.FromVersion, &op.Version, &body); err != nil {
			return t, nil, nil, err
		}
		op.Body = json.RawMessage(body)
		ops = append(ops, op)
	}
	if err := rows.Err(); err != nil {
		return t, nil, nil, err
	}
	return t, json.RawMessage(checkpoint), ops, nil
}

// TournamentEvents returns a tournament's events after a version, oldest first (at most limit).
func (s *Store) TournamentEvents(ctx context.Context, id string, after int64, limit int) ([]domain.Event, error) {
	return s.events(ctx, `SELECT version, body FROM tournament_events WHERE tournament_id = $1 AND version > $2
		ORDER BY version LIMIT $3`, id, after, limit)
}

// ListTournaments returns tournaments by filter, the most recently updated first.
func (s *Store) ListTournaments(ctx context.Context, f domain.TournamentFilter) ([]domain.Tournament, error) {
	var where []string
	var args []any
	if f.Phase != "" {
		args = append(args, f.Phase)
		where = append(where, fmt.Sprintf("t.phase = $%d", len(args)))
	}
	if f.Due {
		where = append(where, "t.next_deadline IS NOT NULL")
	}
	q := `SELECT ` + tournamentColumns + ` FROM tournaments t LEFT JOIN users u ON u.id = t.host_id`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 || limit > 10000 {
		limit = 100
	}
	args = append(args, limit)
	q += fmt.Sprintf(" ORDER BY t.updated_at DESC LIMIT $%d", len(args))
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
