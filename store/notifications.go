package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"turncoat/domain"

	"github.com/jackc/pgx/v5"
)

// AddNotifications stores notifications (their ID and Created are set) and returns those
// stored: a notification whose Key its user already has is not stored again (a retried job),
// and is left out. then, when not nil, gives the jobs that must follow each notification stored
// (its mail), inserted in the same transaction: a crash keeps both or neither. On PostgreSQL
// each notification stored is announced to every instance (ListenNotifications), once committed.
func (s *Store) AddNotifications(ctx context.Context, notes []domain.Notification, now time.Time,
	then func(domain.Notification) []domain.Job) ([]domain.Notification, error) {
	if len(notes) == 0 {
		return nil, nil
	}
	var out []domain.Notification
	err := s.tx(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		var jobs []domain.Job
		for _, n := range notes {
			n.Created, n.Read = now, false
			err := tx.QueryRowContext(ctx, `INSERT INTO notifications (user_id, kind, game_id, tournament_id, message, created_at, dedup_key, words_key, words_args)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, dedup_key) DO NOTHING RETURNING id`, n.UserID, n.Kind,
				nullString(n.GameID), nullString(n.TournamentID), n.Message, nanos(now), nullString(n.Key),
				nullString(n.Words), nullString(wordsArgs(n.Args))).Scan(&n.ID)
			if errors.Is(err, sql.ErrNoRows) {
				continue // the user has this notification already
			}
			if err != nil {
				return err
			}
			if s.postgres {
				if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, s.notesChannel(), fmt.Sprintf("%d:%d", n.UserID, n.ID)); err != nil {
					return err
				}
			}
			if then != nil {
				jobs = append(jobs, then(n)...)
			}
			out = append(out, n)
		}
		return s.insertJobs(ctx, tx, jobs)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// wordsArgs is a notification's sentence's arguments as stored (JSON; "" when none).
func wordsArgs(args map[string]string) string {
	if len(args) == 0 {
		return ""
	}
	b, _ := json.Marshal(args)
	return string(b)
}

const notificationColumns = `id, user_id, kind, COALESCE(game_id, ''), COALESCE(tournament_id, ''), message, created_at, read_at, COALESCE(dedup_key, ''), COALESCE(words_key, ''), COALESCE(words_args, '')`

func scanNotifications(rows *sql.Rows) ([]domain.Notification, error) {
	defer rows.Close()
	out := []domain.Notification{}
	for rows.Next() {
		var n domain.Notification
		var created int64
		var read sql.NullInt64
		var args string
		if err := rows.Scan(&n.ID, &n.UserID, &n.Kind, &n.GameID, &n.TournamentID, &n.Message, &created, &read, &n.Key, &n.Words, &args); err != nil {
			return nil, err
		}
		if args != "" {
			if err := json.Unmarshal([]byte(args), &n.Args); err != nil {
				return nil, fmt.Errorf("notification %d's words: %w", n.ID, err)
			}
		}
		n.Created, n.Read = fromNanos(created), read.Valid
		out = append(out, n)
	}
	return out, rows.Err()
}

// Notifications returns a user's notifications, the newest first: those with an ID below before
// (0: from the newest), only the unread ones if asked, at most limit.
func (s *Store) Notifications(ctx context.Context, userID int64, before int64, unreadOnly bool, limit int) ([]domain.Notification, error) {
	if limit <= 0 || limit > 500 {
		limit = 50
	}
	if before <= 0 {
		before = 1 << 62
	}
	q := `SELECT ` + notificationColumns + ` FROM notifications WHERE user_id = $1 AND id < $2`
	if unreadOnly {
		q += ` AND read_at IS NULL`
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY id DESC LIMIT $3`, userID, before, limit)
	if err != nil {
		return nil, err
	}
	return scanNotifications(rows)
}

// NotificationByID returns one notification.
func (s *Store) NotificationByID(ctx context.Context, id int64) (domain.Notification, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+notificationColumns+` FROM notifications WHERE id = $1`, id)
	if err != nil {
		return domain.Notification{}, err
	}
	ns, err := scanNotifications(rows)
	if err != nil {
		return domain.Notification{}, err
	}
	if len(ns) == 0 {
		return domain.Notification{}, domain.ErrNotFound
	}
	return ns[0], nil
}

// UnreadCount returns the number of a user's unread notifications.
func (s *Store) UnreadCount(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL`, userID).Scan(&n)
	return n, err
}

// MarkRead marks a user's notifications read: those listed, or all of them when ids is empty. It
// returns how many changed.
func (s *Store) MarkRead(ctx context.Context, userID int64, ids []int64, now time.Time) (int, error) {
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL`
		args := []any{nanos(now), userID}
		if len(ids) > 0 {
			marks := make([]string, len(ids))
			for i, id := range ids {
				args = append(args, id)
				marks[i] = "$" + strconv.Itoa(len(args))
			}
			q += ` AND id IN (` + strings.Join(marks, ",") + `)`
		}
		r, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return int(n), err
}

func (s *Store) notesChannel() string { return s.channel + "_notes" }

// ListenNotifications calls onNote(user, notification) for every notification stored by any
// instance sharing the PostgreSQL database (this one included), until ctx ends, reconnecting
// when the connection drops (ready is called at each connection). On SQLite it returns at once:
// the one instance pushes its own notifications.
func (s *Store) ListenNotifications(ctx context.Context, onNote func(userID, id int64), ready func()) error {
	if !s.postgres {
		return nil
	}
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, s.dsn)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.notesChannel()}.Sanitize())
			if err == nil {
				backoff = 100 * time.Millisecond
				if ready != nil {
					ready()
				}
				for {
					n, werr := conn.WaitForNotification(ctx)
					if werr != nil {
						break
					}
					u, id, ok := strings.Cut(n.Payload, ":")
					uid, err1 := strconv.ParseInt(u, 10, 64)
					nid, err2 := strconv.ParseInt(id, 10, 64)
					if ok && err1 == nil && err2 == nil {
						onNote(uid, nid)
					}
				}
			}
			conn.Close(context.WithoutCancel(ctx))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return nil
}

// SetEmail sets (or clears, with "") the address reminders are sent to; clearing it also drops
// an address waiting for its confirmation (its link stops working).
func (s *Store) SetEmail(ctx context.Context, userID int64, email string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if email == "" {
			if _, err := tx.ExecContext(ctx, `UPDATE account_links SET expires_at = created_at WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
				userID, domain.LinkEmail); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, email) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET email = excluded.email`, userID, nullString(email))
		return err
	})
}

// Email returns a user's address for reminders ("" when none is set).
func (s *Store) Email(ctx context.Context, userID int64) (string, error) {
	var e sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT email FROM user_settings WHERE user_id = $1`, userID).Scan(&e)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return e.String, err
}

// TakeVacation records days of vacation taken by a user in year, within allowance days a year:
// beyond it, ErrAllowance and nothing is recorded. It returns the days used in the year after
// the request.
func (s *Store) TakeVacation(ctx context.Context, userID int64, year, days, allowance int) (int, error) {
	var used int
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO vacations (user_id, year, days_used) VALUES ($1, $2, 0) ON CONFLICT (user_id, year) DO NOTHING`,
			userID, year); err != nil {
			return err
		}
		lock := ""
		if s.postgres {
			lock = " FOR UPDATE"
		}
		if err := tx.QueryRowContext(ctx, `SELECT days_used FROM vacations WHERE user_id = $1 AND year = $2`+lock, userID, year).Scan(&used); err != nil {
			return err
		}
		if days < 1 || used+days > allowance {
			return fmt.Errorf("%w: %d vacation days asked, %d of %d left in %d", domain.ErrAllowance, days, max(allowance-used, 0), allowance, year)
		}
		used += days
		_, err := tx.ExecContext(ctx, `UPDATE vacations SET days_used = $1 WHERE user_id = $2 AND year = $3`, used, userID, year)
		return err
	})
	return used, err
}

// VacationUsed returns the vacation days a user took in year.
func (s *Store) VacationUsed(ctx context.Context, userID int64, year int) (int, error) {
	var used int
	err := s.db.QueryRowContext(ctx, `SELECT days_used FROM vacations WHERE user_id = $1 AND year = $2`, userID, year).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return used, err
}

// UserIDs returns the ids of the users of the given names (names without a user are left out).
func (s *Store) UserIDs(ctx context.Context, names []string) (map[string]int64, error) {
	out := map[string]int64{}
	const perQuery = 500
	for start := 0; start < len(names); start += perQuery {
		batch := names[start:min(start+perQuery, len(names))]
		args := make([]any, len(batch))
		marks := make([]string, len(batch))
		byKey := map[string]string{}
		for i, n := range batch {
			args[i] = domain.NameKey(n)
			marks[i] = "$" + strconv.Itoa(i+1)
			byKey[domain.NameKey(n)] = n
		}
		rows, err := s.db.QueryContext(ctx, `SELECT id, name_key FROM users WHERE name_key IN (`+strings.Join(marks, ",")+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var key string
			if err := rows.Scan(&id, &key); err != nil {
				rows.Close()
				return nil, err
			}
			out[byKey[key]] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
