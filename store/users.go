package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
)

// CreateUser adds a user; passHash is empty for a guest. A name already taken is ErrConflict.
func (s *Store) CreateUser(ctx context.Context, name, passHash string, guest bool, now time.Time) (domain.User, error) {
	u := domain.User{Name: name, Guest: guest, Created: now}
	var hash any
	if passHash != "" {
		hash = passHash
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx,
			`INSERT INTO users (name, name_key, pass_hash, guest, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			name, domain.NameKey(name), hash, boolInt(guest), nanos(now)).Scan(&u.ID)
	})
	if isConflict(err) {
		return domain.User{}, fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, name)
	}
	return u, err
}

func scanUser(row interface{ Scan(...any) error }) (domain.User, string, error) {
	var u domain.User
	var hash, reason sql.NullString
	var guest int
	var created int64
	var closed, suspended sql.NullInt64
	err := row.Scan(&u.ID, &u.Name, &hash, &guest, &created, &closed, &suspended, &reason)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.User{}, "", domain.ErrNotFound
	}
	u.Guest, u.Created = guest != 0, fromNanos(created)
	u.Closed, u.Suspended, u.SuspendReason = closed.Valid, suspended.Valid, reason.String
	return u, hash.String, err
}

const userColumns = `u.id, u.name, u.pass_hash, u.guest, u.created_at, u.closed_at, u.suspended_at, u.suspend_reason`

// UserByName returns the user of a name and its password hash ("" for a guest).
func (s *Store) UserByName(ctx context.Context, name string) (domain.User, string, error) {
	return scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.name_key = $1`, domain.NameKey(name)))
}

// UserByID returns a user.
func (s *Store) UserByID(ctx context.Context, id int64) (domain.User, error) {
	u, _, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = $1`, id))
	return u, err
}

// SetPassword turns a guest into a registered user with a name and password (or changes them).
func (s *Store) SetPassword(ctx context.Context, id int64, name, passHash string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE users SET name = $1, name_key = $2, pass_hash = $3, guest = 0 WHERE id = $4`,
			name, domain.NameKey(name), passHash, id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return domain.ErrNotFound
		}
		return nil
	})
	if isConflict(err) {
		return fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, name)
	}
	return err
}

// CreateSession stores a session by the hash of its token (never the token itself).
func (s *Store) CreateSession(ctx context.Context, tokenHash string, userID int64, expires, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`,
			tokenHash, userID, nanos(expires), nanos(now))
		return err
	})
}

// SessionUser returns the user of a live session; ErrNotFound when there is none or it expired.
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (domain.User, error) {
	u, _, err := scanUser(s.db.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`,
		tokenHash, nanos(now)))
	return u, err
}

// DeleteSession ends a session.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
		return err
	})
}

// DeleteExpiredSessions removes sessions that expired before now.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, nanos(now))
		return err
	})
}
