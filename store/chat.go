package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"turncoat/rating"
)

// GameSettings are what a game between people was created with.
type GameSettings struct {
	// Hints gives both players the engine's help (hints, the evaluation) while the game runs.
	Hints bool `json:"hints"`
}

// SetGameSettings stores a game's settings.
func (s *Store) SetGameSettings(ctx context.Context, gameID string, gs GameSettings) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO game_settings (game_id, hints) VALUES ($1, $2)
			ON CONFLICT (game_id) DO UPDATE SET hints = excluded.hints`, gameID, boolInt(gs.Hints))
		return err
	})
}

// GameSettingsOf returns a game's settings (the zero value for a game made without any).
func (s *Store) GameSettingsOf(ctx context.Context, gameID string) (GameSettings, error) {
	var hints int
	err := s.db.QueryRowContext(ctx, `SELECT hints FROM game_settings WHERE game_id = $1`, gameID).Scan(&hints)
	if errors.Is(err, sql.ErrNoRows) {
		return GameSettings{}, nil
	}
	return GameSettings{Hints: hints != 0}, err
}

// ChatMessage is one message of a game's chat.
type ChatMessage struct {
	ID      int64
	GameID  string
	UserID  int64
	Name    string
	Body    string
	Created time.Time
}

// AddChat stores a chat message (its ID and Created are set) and returns it.
func (s *Store) AddChat(ctx context.Context, m ChatMessage, now time.Time) (ChatMessage, error) {
	m.Created = now.UTC()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO chat_messages (game_id, user_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			m.GameID, m.UserID, m.Body, nanos(now)).Scan(&m.ID)
	})
	return m, err
}

// Chat returns a game's chat messages after the message afterID, oldest first, at most limit.
func (s *Store) Chat(ctx context.Context, gameID string, afterID int64, limit int) ([]ChatMessage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.user_id, u.name, c.body, c.created_at FROM chat_messages c
		JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 AND c.id > $2 ORDER BY c.id LIMIT $3`, gameID, afterID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ChatMessage{}
	for rows.Next() {
		m := ChatMessage{GameID: gameID}
		var at int64
		if err := rows.Scan(&m.ID, &m.UserID, &m.Name, &m.Body, &at); err != nil {
			return nil, err
		}
		m.Created = fromNanos(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// ChatSeat is a player's chat settings in one game.
type ChatSeat struct {
	// Muted hides the opponent's messages from the player.
	Muted bool
	// Spectators lets the game's spectators read the chat (when both players let them).
	Spectators bool
}

// SetChatSeat stores a player's chat settings in a game.
func (s *Store) SetChatSeat(ctx context.Context, gameID string, userID int64, cs ChatSeat) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_seats (game_id, user_id, muted, spectators) VALUES ($1, $2, $3, $4)
			ON CONFLICT (game_id, user_id) DO UPDATE SET muted = excluded.muted, spectators = excluded.spectators`,
			gameID, userID, boolInt(cs.Muted), boolInt(cs.Spectators))
		return err
	})
}

// ChatSeats returns the chat settings of the users in a game, by user.
func (s *Store) ChatSeats(ctx context.Context, gameID string) (map[int64]ChatSeat, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, muted, spectators FROM chat_seats WHERE game_id = $1`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]ChatSeat{}
	for rows.Next() {
		var id int64
		var muted, spectators int
		if err := rows.Scan(&id, &muted, &spectators); err != nil {
			return nil, err
		}
		out[id] = ChatSeat{Muted: muted != 0, Spectators: spectators != 0}
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
func (s *Store) GameRatingChanges(ctx context.Context, gameID string) ([]RatingChange, error) {
	var body string
	err := s.db.QueryRowContext(ctx, `SELECT changes FROM rated_games WHERE game_id = $1`, gameID).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []RatingChange
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// UserRating returns a user's rating in a variant (a new player's rating, with no games, when
// they have none).
func (s *Store) UserRating(ctx context.Context, userID int64, variant string) (Rating, error) {
	r := Rating{UserID: userID, Variant: variant, Rating: rating.New()}
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games, updated_at FROM ratings WHERE user_id = $1 AND variant = $2`,
		userID, variant).Scan(&r.Rating.Rating, &r.Deviation, &r.Volatility, &r.Games, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	r.Updated = fromNanos(at)
	return r, err
}
