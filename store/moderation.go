package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"turncoat/domain"
)

// The moderation's data: players' blocks and mutes, reports, the moderators, the moderators'
// log, chat mutes and hidden chat lines, and the words the chat refuses.

// SetBlock records (on) or lifts a user's block of another.
func (s *Store) SetBlock(ctx context.Context, userID, blockedID int64, on bool, now time.Time) error {
	return s.setPair(ctx, "user_blocks", "blocked_id", userID, blockedID, on, now)
}

// SetMute records (on) or lifts a user's mute of another.
func (s *Store) SetMute(ctx context.Context, userID, mutedID int64, on bool, now time.Time) error {
	return s.setPair(ctx, "user_mutes", "muted_id", userID, mutedID, on, now)
}

func (s *Store) setPair(ctx context.Context, table, column string, userID, otherID int64, on bool, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if on {
			_, err = tx.ExecContext(ctx, `INSERT INTO `+table+` (user_id, `+column+`, created_at) VALUES ($1, $2, $3)
				ON CONFLICT (user_id, `+column+`) DO NOTHING`, userID, otherID, nanos(now))
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE user_id = $1 AND `+column+` = $2`, userID, otherID)
		}
		return err
	})
}

// Blocks returns the users a user blocked, by name.
func (s *Store) Blocks(ctx context.Context, userID int64) ([]domain.User, error) {
	return s.pairUsers(ctx, "user_blocks", "blocked_id", userID)
}

// Mutes returns the users a user muted, by name.
func (s *Store) Mutes(ctx context.Context, userID int64) ([]domain.User, error) {
	return s.pairUsers(ctx, "user_mutes", "muted_id", userID)
}

func (s *Store) pairUsers(ctx context.Context, table, column string, userID int64) ([]domain.User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+userColumns+` FROM `+table+` p JOIN users u ON u.id = p.`+column+`
		WHERE p.user_id = $1 ORDER BY u.name_key`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.User{}
	for rows.Next() {
		u, _, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// Blocked reports whether a blocked b and whether b blocked a.
func (s *Store) Blocked(ctx context.Context, a, b int64) (aBlockedB, bBlockedA bool, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id FROM user_blocks WHERE (user_id = $1 AND blocked_id = $2)
		OR (user_id = $2 AND blocked_id = $1)`, a, b)
	if err != nil {
		return false, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return false, false, err
		}
		if id == a {
			aBlockedB = true
		} else {
			bBlockedA = true
		}
	}
	return aBlockedB, bBlockedA, rows.Err()
}

// MutedBy returns the users who muted a user.
func (s *Store) MutedBy(ctx context.Context, userID int64) (map[int64]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id FROM user_mutes WHERE muted_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// SetModerator names a user a moderator (on) or takes the role back.
func (s *Store) SetModerator(ctx context.Context, userID int64, on bool, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if on {
			_, err = tx.ExecContext(ctx, `INSERT INTO moderators (user_id, created_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
				userID, nanos(now))
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM moderators WHERE user_id = $1`, userID)
		}
		return err
	})
}

// IsModerator reports whether a user is a moderator.
func (s *Store) IsModerator(ctx context.Context, userID int64) (bool, error) {
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM moderators WHERE user_id = $1`, userID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// AddReport stores a report (its ID, Status and Created are set) and returns it.
func (s *Store) AddReport(ctx context.Context, r domain.Report, now time.Time) (domain.Report, error) {
	r.Status, r.Created = "open", now.UTC()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO reports (reporter_id, target_id, game_id, message_id, category, reason, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, 'open', $7) RETURNING id`, r.ReporterID, r.TargetID, nullString(r.GameID),
			nullID(r.MessageID), r.Category, r.Reason, nanos(now)).Scan(&r.ID)
	})
	return r, err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

const reportColumns = `r.id, r.reporter_id, ru.name, r.target_id, tu.name, COALESCE(r.game_id, ''), COALESCE(r.message_id, 0),
	r.category, r.reason, r.status, r.created_at, COALESCE(cu.name, ''), COALESCE(r.closed_at, 0)`

const reportFrom = ` FROM reports r JOIN users ru ON ru.id = r.reporter_id JOIN users tu ON tu.id = r.target_id
	LEFT JOIN users cu ON cu.id = r.closed_by`

func scanReport(row interface{ Scan(...any) error }) (domain.Report, error) {
	var r domain.Report
	var created, closed int64
	err := row.Scan(&r.ID, &r.ReporterID, &r.Reporter, &r.TargetID, &r.Target, &r.GameID, &r.MessageID,
		&r.Category, &r.Reason, &r.Status, &created, &r.ClosedBy, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return r, domain.ErrNotFound
	}
	r.Created, r.Closed = fromNanos(created), fromNanos(closed)
	return r, err
}

// Reports returns the reports of a status ("" for all), the oldest first, at most limit.
func (s *Store) Reports(ctx context.Context, status string, limit int) ([]domain.Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+reportColumns+reportFrom+` WHERE $1 = '' OR r.status = $1 ORDER BY r.id LIMIT $2`,
		status, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Report{}
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Report returns one report.
func (s *Store) Report(ctx context.Context, id int64) (domain.Report, error) {
	return scanReport(s.db.QueryRowContext(ctx, `SELECT `+reportColumns+reportFrom+` WHERE r.id = $1`, id))
}

// CloseReport sets an open report's status (resolved or dismissed) and logs the action in the
// same transaction; a report no longer open is ErrConflict, and ErrNotFound an unknown one.
func (s *Store) CloseReport(ctx context.Context, id int64, status string, a domain.ModAction) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE reports SET status = $1, closed_by = $2, closed_at = $3 WHERE id = $4 AND status = 'open'`,
			status, a.ModeratorID, nanos(a.Created), id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			var one int
			if err := tx.QueryRowContext(ctx, `SELECT 1 FROM reports WHERE id = $1`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
				return domain.ErrNotFound
			}
			return domain.ErrConflict
		}
		return insertModAction(ctx, tx, a)
	})
}

func insertModAction(ctx context.Context, tx *sql.Tx, a domain.ModAction) error {
	var until any
	if !a.Until.IsZero() {
		until = nanos(a.Until)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO moderation_log (moderator_id, action, target_id, report_id, message_id, game_id, reason, until_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, nullID(a.ModeratorID), a.Action, nullID(a.TargetID), nullID(a.ReportID),
		nullID(a.MessageID), nullString(a.GameID), a.Reason, until, nanos(a.Created))
	return err
}

// AddModAction stores an entry of the moderation log.
func (s *Store) AddModAction(ctx context.Context, a domain.ModAction) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return insertModAction(ctx, tx, a) })
}

// ModLog returns the moderation log, the newest first: entries with an ID below before (0:
// from the newest), at most limit.
func (s *Store) ModLog(ctx context.Context, before int64, limit int) ([]domain.ModAction, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.id, COALESCE(l.moderator_id, 0), COALESCE(mu.name, ''), l.action,
		COALESCE(l.target_id, 0), COALESCE(tu.name, ''), COALESCE(l.report_id, 0), COALESCE(l.message_id, 0),
		COALESCE(l.game_id, ''), l.reason, COALESCE(l.until_at, 0), l.created_at
		FROM moderation_log l LEFT JOIN users mu ON mu.id = l.moderator_id LEFT JOIN users tu ON tu.id = l.target_id
		WHERE $1 = 0 OR l.id < $1 ORDER BY l.id DESC LIMIT $2`, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.ModAction{}
	for rows.Next() {
		var a domain.ModAction
		var until, created int64
		if err := rows.Scan(&a.ID, &a.ModeratorID, &a.Moderator, &a.Action, &a.TargetID, &a.Target, &a.ReportID,
			&a.MessageID, &a.GameID, &a.Reason, &until, &created); err != nil {
			return nil, err
		}
		a.Until, a.Created = fromNanos(until), fromNanos(created)
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetChatBan mutes a user in every chat until ban.Until (Until zero lifts the mute), and logs
// the action in the same transaction.
func (s *Store) SetChatBan(ctx context.Context, ban domain.ChatBan, a domain.ModAction) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if ban.Until.IsZero() {
			_, err = tx.ExecContext(ctx, `DELETE FROM chat_bans WHERE user_id = $1`, ban.UserID)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO chat_bans (user_id, until_at, by_id, reason) VALUES ($1, $2, $3, $4)
				ON CONFLICT (user_id) DO UPDATE SET until_at = excluded.until_at, by_id = excluded.by_id, reason = excluded.reason`,
				ban.UserID, nanos(ban.Until), nullID(ban.ByID), ban.Reason)
		}
		if err != nil {
			return err
		}
		return insertModAction(ctx, tx, a)
	})
}

// ChatBanOf returns a user's chat mute (Until zero when there is none).
func (s *Store) ChatBanOf(ctx context.Context, userID int64) (domain.ChatBan, error) {
	b := domain.ChatBan{UserID: userID}
	var until int64
	var by sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT until_at, by_id, reason FROM chat_bans WHERE user_id = $1`, userID).Scan(&until, &by, &b.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return b, nil
	}
	b.Until, b.ByID = fromNanos(until), by.Int64
	return b, err
}

// ChatMessage returns one chat message.
func (s *Store) ChatMessage(ctx context.Context, id int64) (domain.ChatMessage, error) {
	var m domain.ChatMessage
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT `+chatColumns+` FROM chat_messages c JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
		id).Scan(&m.ID, &m.GameID, &m.UserID, &m.Name, &m.Body, &at, &m.Hidden)
	if errors.Is(err, sql.ErrNoRows) {
		return m, domain.ErrNotFound
	}
	m.Created = fromNanos(at)
	return m, err
}

const chatColumns = `c.id, c.game_id, c.user_id, u.name, c.body, c.created_at, c.hidden_by IS NOT NULL`

// ChatAround returns the messages of a chat message's game around it: at most n before it,
// itself and at most n after it, oldest first.
func (s *Store) ChatAround(ctx context.Context, gameID string, id int64, n int) ([]domain.ChatMessage, error) {
	out := []domain.ChatMessage{}
	for i, q := range []string{
		`SELECT ` + chatColumns + ` FROM chat_messages c JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 AND c.id < $2 ORDER BY c.id DESC LIMIT $3`,
		`SELECT ` + chatColumns + ` FROM chat_messages c JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 AND c.id >= $2 ORDER BY c.id LIMIT $3`,
	} {
		rows, err := s.db.QueryContext(ctx, q, gameID, id, n+i)
		if err != nil {
			return nil, err
		}
		var part []domain.ChatMessage
		for rows.Next() {
			var m domain.ChatMessage
			var at int64
			if err := rows.Scan(&m.ID, &m.GameID, &m.UserID, &m.Name, &m.Body, &at, &m.Hidden); err != nil {
				rows.Close()
				return nil, err
			}
			m.Created = fromNanos(at)
			part = append(part, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if i == 0 {
			for i, j := 0, len(part)-1; i < j; i, j = i+1, j-1 {
				part[i], part[j] = part[j], part[i]
			}
		}
		out = append(out, part...)
	}
	return out, nil
}

// SetChatHidden hides a chat message for everyone (byID, a moderator) or shows it again (byID
// zero), logs the action and, on PostgreSQL, tells every instance (ListenChat), in one
// transaction. An unknown message is ErrNotFound.
func (s *Store) SetChatHidden(ctx context.Context, id, byID int64, a domain.ModAction) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var gameID string
		err := tx.QueryRowContext(ctx, `UPDATE chat_messages SET hidden_by = $1 WHERE id = $2 RETURNING game_id`, nullID(byID), id).Scan(&gameID)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := s.notifyChat(ctx, tx, gameID, id); err != nil {
			return err
		}
		return insertModAction(ctx, tx, a)
	})
}

// ChatWords returns the words the chat refuses, in order.
func (s *Store) ChatWords(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT word FROM chat_words ORDER BY word`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// SetChatWord adds a word the chat refuses (on) or removes one; removing a word not in the
// list is ErrNotFound, adding one already there does nothing.
func (s *Store) SetChatWord(ctx context.Context, word string, on bool) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if on {
			_, err := tx.ExecContext(ctx, `INSERT INTO chat_words (word) VALUES ($1) ON CONFLICT (word) DO NOTHING`, word)
			return err
		}
		r, err := tx.ExecContext(ctx, `DELETE FROM chat_words WHERE word = $1`, word)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return domain.ErrNotFound
		}
		return nil
	})
}

// chatChannel is the channel on which the instances learn of new and hidden chat messages.
func (s *Store) chatChannel() string { return s.channel + "_chat" }

// notifyChat tells every instance, once tx commits, that a game's chat message is new or
// changed (PostgreSQL only).
func (s *Store) notifyChat(ctx context.Context, tx *sql.Tx, gameID string, id int64) error {
	if !s.postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, s.chatChannel(), gameID+":"+strconv.FormatInt(id, 10))
	return err
}

// ListenChat calls onChat(game, message) for every chat message stored or hidden by any
// instance sharing the PostgreSQL database (this one included), until ctx ends, reconnecting
// when the connection drops (ready is called at each connection). On SQLite it returns at once:
// the one instance pushes its own messages.
func (s *Store) ListenChat(ctx context.Context, onChat func(gameID string, id int64), ready func()) error {
	if !s.postgres {
		return nil
	}
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		_ = s.listenChannel(ctx, s.chatChannel(), func(p string) {
			game, id, ok := strings.Cut(p, ":")
			n, err := strconv.ParseInt(id, 10, 64)
			if ok && err == nil {
				onChat(game, n)
			}
		}, func() {
			backoff = 100 * time.Millisecond
			if ready != nil {
				ready()
			}
		})
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return nil
}
