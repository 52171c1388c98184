package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
)

// Accounts people keep: the links mailed to them (an address's confirmation, a password
// reset), credentials ended together, and accounts closed or suspended.

// NameHeld reports whether a name is held at now: the name of a closed account, which nobody
// takes for a while.
func (s *Store) NameHeld(ctx context.Context, name string, now time.Time) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM held_names WHERE name_key = $1 AND held_until > $2`,
		domain.NameKey(name), nanos(now)).Scan(&n)
	return n > 0, err
}

// AddAccountLink stores a link mailed to a user by its hash. A new address's link replaces the
// user's unused ones (they expire at once): one address waits for confirmation at a time.
func (s *Store) AddAccountLink(ctx context.Context, l domain.AccountLink) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if l.Purpose == domain.LinkEmail {
			if _, err := tx.ExecContext(ctx, `UPDATE account_links SET expires_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1`,
				nanos(l.Created), l.UserID, l.Purpose); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO account_links (token_hash, user_id, purpose, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			l.Hash, l.UserID, l.Purpose, l.Email, nanos(l.Created), nanos(l.Expires))
		return err
	})
}

const linkColumns = `token_hash, user_id, purpose, email, created_at, expires_at, used_at`

func scanLink(row interface{ Scan(...any) error }) (domain.AccountLink, error) {
	var l domain.AccountLink
	var created, expires int64
	var used sql.NullInt64
	err := row.Scan(&l.Hash, &l.UserID, &l.Purpose, &l.Email, &created, &expires, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return l, domain.ErrNotFound
	}
	l.Created, l.Expires = fromNanos(created), fromNanos(expires)
	if used.Valid {
		l.Used = fromNanos(used.Int64)
	}
	return l, err
}

// AccountLink returns the link of a hash, used or expired or not; ErrNotFound when there is none.
func (s *Store) AccountLink(ctx context.Context, hash string) (domain.AccountLink, error) {
	return scanLink(s.db.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM account_links WHERE token_hash = $1`, hash))
}

// PendingEmail returns the user's address waiting for confirmation: its unused link that has not
// expired at now; ErrNotFound when there is none.
func (s *Store) PendingEmail(ctx context.Context, userID int64, now time.Time) (domain.AccountLink, error) {
	return scanLink(s.db.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM account_links
		WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 ORDER BY created_at DESC LIMIT 1`,
		userID, domain.LinkEmail, nanos(now)))
}

// RecentLinks counts the links of a purpose made since a time for a user or to an address.
func (s *Store) RecentLinks(ctx context.Context, userID int64, email, purpose string, since time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM account_links WHERE purpose = $1 AND created_at > $2 AND (user_id = $3 OR email = $4)`,
		purpose, nanos(since), userID, email).Scan(&n)
	return n, err
}

// useLink marks a link of a purpose used, in tx, if it is unused and not expired at now.
func useLink(ctx context.Context, tx *sql.Tx, hash, purpose string, now time.Time) (domain.AccountLink, error) {
	l, err := scanLink(tx.QueryRowContext(ctx, `UPDATE account_links SET used_at = $1
		WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1 RETURNING `+linkColumns,
		nanos(now), hash, purpose))
	if errors.Is(err, domain.ErrNotFound) {
		return l, fmt.Errorf("%w: no usable link", domain.ErrNotFound)
	}
	return l, err
}

// ConfirmEmail uses an address's confirmation link: in one transaction the link is marked used
// and its address becomes the user's. ErrNotFound when the link is unknown, used or expired.
func (s *Store) ConfirmEmail(ctx context.Context, hash string, now time.Time) (domain.AccountLink, error) {
	var l domain.AccountLink
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if l, err = useLink(ctx, tx, hash, domain.LinkEmail, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, email) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET email = excluded.email`, l.UserID, l.Email)
		return err
	})
	return l, err
}

// ResetPassword uses a password reset link: in one transaction the link is marked used (and the
// user's other reset links expire), the password is set, and every session and API token of the
// user ends (their hashes are returned; the other instances are told). ErrNotFound when the link
// is unknown, used or expired, or its user closed.
func (s *Store) ResetPassword(ctx context.Context, hash, passHash string, now time.Time) (domain.AccountLink, []string, error) {
	var l domain.AccountLink
	var ended []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if l, err = useLink(ctx, tx, hash, domain.LinkReset, now); err != nil {
			return err
		}
		r, err := tx.ExecContext(ctx, `UPDATE users SET pass_hash = $1 WHERE id = $2 AND closed_at IS NULL`, passHash, l.UserID)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: user %d", domain.ErrNotFound, l.UserID)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE account_links SET expires_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1`,
			nanos(now), l.UserID, domain.LinkReset); err != nil {
			return err
		}
		ended, err = s.endCredentials(ctx, tx, l.UserID, "", true)
		return err
	})
	return l, ended, err
}

// UsersByEmail returns the users whose confirmed address is email (one address may serve
// several accounts), the oldest first.
func (s *Store) UsersByEmail(ctx context.Context, email string) ([]domain.User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+userColumns+` FROM users u JOIN user_settings us ON us.user_id = u.id
		WHERE us.email = $1 ORDER BY u.id LIMIT 10`, email)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.User
	for rows.Next() {
		u, _, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// EndCredentials ends every session of a user but the one of hash keep ("" for none) and, with
// tokens, every API token; it returns their hashes, and the other instances are told.
func (s *Store) EndCredentials(ctx context.Context, userID int64, keep string, tokens bool) ([]string, error) {
	var ended []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		ended, err = s.endCredentials(ctx, tx, userID, keep, tokens)
		return err
	})
	return ended, err
}

func (s *Store) endCredentials(ctx context.Context, tx *sql.Tx, userID int64, keep string, tokens bool) ([]string, error) {
	queries := []string{`DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash`}
	if tokens {
		queries = append(queries, `DELETE FROM api_tokens WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash`)
	}
	var hashes []string
	for _, q := range queries {
		rows, err := tx.QueryContext(ctx, q, userID, keep)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return nil, err
			}
			hashes = append(hashes, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	for _, h := range hashes {
		if err := s.notifyEnded(ctx, tx, h); err != nil {
			return nil, err
		}
	}
	return hashes, nil
}

// CloseUser closes an account: its name becomes anon and the old one is held until holdUntil,
// its password, address and mailed links are gone, and every session and API token ends (their
// hashes are returned). ErrNotFound when there is no such open account.
func (s *Store) CloseUser(ctx context.Context, userID int64, anon string, holdUntil, now time.Time) ([]string, error) {
	var ended []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var key string
		err := tx.QueryRowContext(ctx, `SELECT name_key FROM users WHERE id = $1 AND closed_at IS NULL`, userID).Scan(&key)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no open account %d", domain.ErrNotFound, userID)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET name = $1, name_key = $2, pass_hash = NULL, closed_at = $3 WHERE id = $4`,
			anon, domain.NameKey(anon), nanos(now), userID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO held_names (name_key, held_until) VALUES ($1, $2)
			ON CONFLICT (name_key) DO UPDATE SET held_until = excluded.held_until`, key, nanos(holdUntil)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE user_id = $1`, userID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE user_settings SET email = NULL WHERE user_id = $1`, userID); err != nil {
			return err
		}
		ended, err = s.endCredentials(ctx, tx, userID, "", true)
		return err
	})
	if isConflict(err) {
		return nil, fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, anon)
	}
	return ended, err
}

// SuspendUser suspends an account (a moderator's decision, with its reason): every session and
// API token ends (their hashes are returned). ErrNotFound when there is no such user.
func (s *Store) SuspendUser(ctx context.Context, userID int64, reason string, now time.Time) ([]string, error) {
	var ended []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE users SET suspended_at = $1, suspend_reason = $2 WHERE id = $3`, nanos(now), reason, userID)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: no user %d", domain.ErrNotFound, userID)
		}
		ended, err = s.endCredentials(ctx, tx, userID, "", true)
		return err
	})
	return ended, err
}

// ReinstateUser lifts an account's suspension. ErrNotFound when there is no such user.
func (s *Store) ReinstateUser(ctx context.Context, userID int64) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE users SET suspended_at = NULL, suspend_reason = NULL WHERE id = $1`, userID)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: no user %d", domain.ErrNotFound, userID)
		}
		return nil
	})
}
