package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
	"turncoat/rating"
)

// RateGame updates, once per game, the ratings in variant of the two users who played gameID:
// update gets their ratings before the game (rating.New() for a first game in the variant) and
// returns them after, or nil to record the game as seen without rating it (an aborted game). A
// game already rated changes nothing: applied is false. On PostgreSQL the two rows are locked, so
// that games ending at once on several instances never lose an update.
func (s *Store) RateGame(ctx context.Context, gameID, variant string, users [2]int64, now time.Time,
	update func(before [2]rating.Rating) (*[2]rating.Rating, error)) (changes []domain.RatingChange, applied bool, err error) {
	if users[0] == 0 || users[1] == 0 || users[0] == users[1] {
		return nil, false, fmt.Errorf("store: rating game %s: two different users are needed", gameID)
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `INSERT INTO rated_games (game_id, variant, rated_at, changes) VALUES ($1, $2, $3, '[]')
			ON CONFLICT (game_id) DO NOTHING`, gameID, variant, nanos(now))
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return nil // rated already
		}
		applied = true
		var before [2]rating.Rating
		lock := ""
		if s.postgres {
			lock = " FOR UPDATE"
		}
		fresh := rating.New()
		for i, u := range users {
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at)
				VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (user_id, variant) DO NOTHING`,
				u, variant, fresh.Rating, fresh.Deviation, fresh.Volatility, nanos(now)); err != nil {
				return err
			}
			if err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND variant = $2`+lock,
				u, variant).Scan(&before[i].Rating, &before[i].Deviation, &before[i].Volatility); err != nil {
				return err
			}
		}
		after, err := update(before)
		if err != nil {
			return err
		}
		if after == nil {
			return nil
		}
		for i, u := range users {
			a := after[i]
			if err := a.Validate(); err != nil {
				return fmt.Errorf("store: rating game %s: %w", gameID, err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = games + 1, updated_at = $4
				WHERE user_id = $5 AND variant = $6`, a.Rating, a.Deviation, a.Volatility, nanos(now), u, variant); err != nil {
				return err
			}
			changes = append(changes, domain.RatingChange{UserID: u, Before: before[i], After: a})
		}
		b, _ := json.Marshal(changes)
		_, err = tx.ExecContext(ctx, `UPDATE rated_games SET changes = $1 WHERE game_id = $2`, string(b), gameID)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return changes, applied, nil
}

// GameRated reports whether a game's ratings update is stored.
func (s *Store) GameRated(ctx context.Context, gameID string) (bool, error) {
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM rated_games WHERE game_id = $1`, gameID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

const ratingColumns = `r.user_id, u.name, r.variant, r.rating, r.deviation, r.volatility, r.games, r.updated_at`

func scanRatings(rows *sql.Rows) ([]domain.Rating, error) {
	defer rows.Close()
	var out []domain.Rating
	for rows.Next() {
		var r domain.Rating
		var updated int64
		if err := rows.Scan(&r.UserID, &r.UserName, &r.Variant, &r.Rating.Rating, &r.Deviation, &r.Volatility, &r.Games, &updated); err != nil {
			return nil, err
		}
		r.Updated = fromNanos(updated)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Ratings returns a user's ratings, one per variant played, the most played first.
func (s *Store) Ratings(ctx context.Context, userID int64) ([]domain.Rating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+ratingColumns+` FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.user_id = $1 AND r.games > 0 ORDER BY r.games DESC, r.variant`, userID)
	if err != nil {
		return nil, err
	}
	return scanRatings(rows)
}

// Leaderboard returns the best ratings of a variant, highest first (ties: the smaller deviation,
// then the name), of players with at least one rated game.
func (s *Store) Leaderboard(ctx context.Context, variant string, limit int) ([]domain.Rating, error) {
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+ratingColumns+` FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.variant = $1 AND r.games > 0 ORDER BY r.rating DESC, r.deviation, u.name_key LIMIT $2`, variant, limit)
	if err != nil {
		return nil, err
	}
	return scanRatings(rows)
}

// UnratedGames returns rated games that ended without their ratings update stored (the server
// stopped in between), oldest first: a start catches up with them.
func (s *Store) UnratedGames(ctx context.Context, limit int) ([]domain.Game, error) {
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	return s.queryGames(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.rated <> 0 AND g.status = $1
		AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.updated_at LIMIT $2`, domain.StatusOver, limit)
}
