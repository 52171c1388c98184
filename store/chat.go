package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"turncoat/domain"
	"turncoat/rating"
)

// SetGameSettings stores a game's settings.
func (s *Store) SetGameSettings(ctx context.Context, gameID string, gs domain.GameSettings) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO game_settings (game_id, hints) VALUES ($1, $2)
			ON CONFLICT (game_id) DO UPDATE SET hints = excluded.hints`, gameID, boolInt(gs.Hints))
		return err
	})
}

// GameSettingsOf returns a game's settings (the zero value for a game made without any).
func (s *Store) GameSettingsOf(ctx context.Context, gameID string) (domain.GameSettings, error) {
	var hints int
	err := s.db.QueryRowContext(ctx, `SELECT hints FROM game_settings WHERE game_id = $1`, gameID).Scan(&hints)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.GameSettings{}, nil
	}
	return domain.GameSettings{Hints: hints != 0}, err
}

// AddChat stores a chat message (its ID and Created are set) and returns it; on PostgreSQL
// every instance is told (ListenChat).
func (s *Store) AddChat(ctx context.Context, m domain.ChatMessage, now time.Time) (domain.ChatMessage, error) {
	m.Created = now.UTC()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `INSERT INTO chat_messages (game_id, user_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			m.GameID, m.UserID, m.Body, nanos(now)).Scan(&m.ID); err != nil {
			return err
		}
		return s.notifyChat(ctx, tx, m.GameID, m.ID)
	})
	return m, err
}

// Chat returns a game's chat messages after the message afterID, oldest first, at most limit.
func (s *Store) Chat(ctx context.Context, gameID string, afterID int64, limit int) ([]domain.ChatMessage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.user_id, u.name, c.body, c.created_at, c.hidden_by IS NOT NULL FROM chat_messages c
		JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 AND c.id > $2 ORDER BY c.id LIMIT $3`, gameID, afterID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.ChatMessage{}
	for rows.Next() {
		m := domain.ChatMessage{GameID: gameID}
		var at int64
		if err := rows.Scan(&m.ID, &m.UserID, &m.Name, &m.Body, &at, &m.Hidden); err != nil {
			return nil, err
		}
		m.Created = fromNanos(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// SetChatSeat stores a player's chat settings in a game.
func (s *Store) SetChatSeat(ctx context.Context, gameID string, userID int64, cs domain.ChatSeat) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_seats (game_id, user_id, muted, spectators) VALUES ($1, $2, $3, $4)
			ON CONFLICT (game_id, user_id) DO UPDATE SET muted = excluded.muted, spectators = excluded.spectators`,
			gameID, userID, boolInt(cs.Muted), boolInt(cs.Spectators))
		return err
	})
}

// ChatSeats returns the chat settings of the users in a game, by user.
func (s *Store) ChatSeats(ctx context.Context, gameID string) (map[int64]domain.ChatSeat, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, muted, spectators FROM chat_seats WHERE game_id = $1`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]domain.ChatSeat{}
	for rows.Next() {
		var id int64
		var muted, spectators int
		if err := rows.Scan(&id, &muted, &spectators); err != nil {
			return nil, err
		}
		out[id] = domain.ChatSeat{Muted: muted != 0, Spectators: spectators != 0}
	}
	return out, rows.Err()
}

// SetChatOff switches a user's chat off (or on again) in every game.
func (s *Store) SetChatOff(ctx context.Context, userID int64, off bool) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if off {
			_, err = tx.ExecContext(ctx, `INSERT INTO chat_off (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, userID)
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM chat_off WHERE user_id = $1`, userID)
		}
		return err
	})
}

// ChatOff reports which of the users switched the chat off.
func (s *Store) ChatOff(ctx context.Context, userIDs ...int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, id := range userIDs {
		if id == 0 || out[id] {
			continue
		}
		var one int
		err := s.db.QueryRowContext(ctx, `SELECT 1 FROM chat_off WHERE user_id = $1`, id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, nil
}

// GameRatingChanges returns the players' ratings before and after a rated game, once its
// update is stored (nil before, or for a game recorded without a change).
func (s *Store) GameRatingChanges(ctx context.Context, gameID string) ([]domain.RatingChange, error) {
	var body string
	err := s.db.QueryRowContext(ctx, `SELECT changes FROM rated_games WHERE game_id = $1`, gameID).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []domain.RatingChange
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// UserRating returns a user's rating in a variant (a new player's rating, with no games, when
// they have none).
func (s *Store) UserRating(ctx context.Context, userID int64, variant string) (domain.Rating, error) {
	r := domain.Rating{UserID: userID, Variant: variant, Rating: rating.New()}
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games, updated_at FROM ratings WHERE user_id = $1 AND variant = $2`,
		userID, variant).Scan(&r.Rating.Rating, &r.Deviation, &r.Volatility, &r.Games, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	r.Updated = fromNanos(at)
	return r, err
}
