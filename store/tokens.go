package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
)

// CreateAPIToken stores a bearer token of a user by its hash, unless the user already holds
// limit tokens that have not expired (ErrLimit).
func (s *Store) CreateAPIToken(ctx context.Context, userID int64, tokenHash string, t domain.APIToken, limit int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if s.postgres {
			// The user's row is the lock: two makers at once cannot both take the last place.
			if _, err := tx.ExecContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_tokens WHERE user_id = $1 AND (expires_at = 0 OR expires_at > $2)`,
			userID, nanos(t.Created)).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return fmt.Errorf("%w: %d API tokens", domain.ErrLimit, n)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO api_tokens (token_hash, user_id, id, name, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			tokenHash, userID, t.ID, t.Name, nanos(t.Created), nanos(t.Expires))
		return err
	})
}

// APITokenUser returns the user of a bearer token and the token (expired or not: the caller
// tells an expired token from an unknown one).
func (s *Store) APITokenUser(ctx context.Context, tokenHash string) (domain.User, domain.APIToken, error) {
	var t domain.APIToken
	var created, expires int64
	u, _, err := scanUser(scanAlso(s.db.QueryRowContext(ctx,
		`SELECT `+userColumns+`, t.id, t.name, t.created_at, t.expires_at FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
		tokenHash), &t.ID, &t.Name, &created, &expires))
	t.Created, t.Expires = fromNanos(created), fromNanos(expires)
	return u, t, err
}

// APITokens lists a user's tokens, the oldest first.
func (s *Store) APITokens(ctx context.Context, userID int64) ([]domain.APIToken, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, created_at, expires_at FROM api_tokens WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.APIToken{}
	for rows.Next() {
		var t domain.APIToken
		var created, expires int64
		if err := rows.Scan(&t.ID, &t.Name, &created, &expires); err != nil {
			return nil, err
		}
		t.Created, t.Expires = fromNanos(created), fromNanos(expires)
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteAPIToken revokes a user's token by its id and returns its hash; ErrNotFound when the
// user has no such token. On PostgreSQL the other instances are told (ListenEnded).
func (s *Store) DeleteAPIToken(ctx context.Context, userID int64, id string) (string, error) {
	var hash string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `DELETE FROM api_tokens WHERE user_id = $1 AND id = $2 RETURNING token_hash`, userID, id).Scan(&hash)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no API token %q", domain.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		return s.notifyEnded(ctx, tx, hash)
	})
	return hash, err
}

// DeleteAPITokenByHash revokes the token of a hash (its bearer logs out).
func (s *Store) DeleteAPITokenByHash(ctx context.Context, tokenHash string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM api_tokens WHERE token_hash = $1`, tokenHash); err != nil {
			return err
		}
		return s.notifyEnded(ctx, tx, tokenHash)
	})
}

// SessionByHash returns the user of a session and when it expires, expired or not (the caller
// tells an expired session from an unknown one).
func (s *Store) SessionByHash(ctx context.Context, tokenHash string) (domain.User, time.Time, error) {
	var expires int64
	u, _, err := scanUser(scanAlso(s.db.QueryRowContext(ctx,
		`SELECT `+userColumns+`, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, tokenHash), &expires))
	return u, fromNanos(expires), err
}

// EndSession deletes a session and, on PostgreSQL, tells the other instances (ListenEnded).
func (s *Store) EndSession(ctx context.Context, tokenHash string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash); err != nil {
			return err
		}
		return s.notifyEnded(ctx, tx, tokenHash)
	})
}

// EndUserSessions deletes every session of a user and returns their hashes (the other instances
// are told of each).
func (s *Store) EndUserSessions(ctx context.Context, userID int64) ([]string, error) {
	var hashes []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash`, userID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return err
			}
			hashes = append(hashes, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, h := range hashes {
			if err := s.notifyEnded(ctx, tx, h); err != nil {
				return err
			}
		}
		return nil
	})
	return hashes, err
}

// DeleteExpiredCredentials removes the sessions that expired before now, and the API tokens that
// expired more than keep before now (their owners see them as expired for that long).
func (s *Store) DeleteExpiredCredentials(ctx context.Context, now time.Time, keep time.Duration) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, nanos(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM api_tokens WHERE expires_at <> 0 AND expires_at <= $1`, nanos(now.Add(-keep))); err != nil {
			return err
		}
		// The mailed links expired a while ago (kept that long for the rate limits' counts),
		// and the names held no more.
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE expires_at <= $1`, nanos(now.Add(-keep))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM held_names WHERE held_until <= $1`, nanos(now))
		return err
	})
}

// endedChannel is the channel on which the instances learn of ended sessions and tokens.
func (s *Store) endedChannel() string { return s.channel + "_ended" }

// notifyEnded tells the other instances (on PostgreSQL, at commit) that the session or token
// of a hash has ended.
func (s *Store) notifyEnded(ctx context.Context, tx *sql.Tx, tokenHash string) error {
	if !s.postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, s.endedChannel(), tokenHash)
	return err
}

// ListenEnded calls onEnded with the hash of every session or token ended by any instance
// sharing the PostgreSQL database (this one included), until ctx ends, reconnecting when the
// connection drops (ready is called at each connection: notifications sent meanwhile are
// lost, so the caller checks again what it holds). On SQLite it returns at once: the one
// instance closes its own sockets.
func (s *Store) ListenEnded(ctx context.Context, onEnded func(tokenHash string), ready func()) error {
	if !s.postgres {
		return nil
	}
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		if err := s.listenChannel(ctx, s.endedChannel(), onEnded, func() {
			backoff = 100 * time.Millisecond
			if ready != nil {
				ready()
			}
		}); err != nil && ctx.Err() == nil {
			select {
			case <-ctx.Done():
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 5*time.Second)
		}
	}
	return nil
}

// scanAlso returns a row that scans the user's columns and then more.
func scanAlso(row *sql.Row, more ...any) scanner {
	return scanner(func(dest ...any) error { return row.Scan(append(dest, more...)...) })
}

type scanner func(dest ...any) error

func (f scanner) Scan(dest ...any) error { return f(dest...) }
