package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"turncoat/domain"
	"turncoat/rating"
)

// PuzzlePlayer returns a user's puzzle rating and how many puzzles they finished (rating.New()
// and 0 before their first).
func (s *Store) PuzzlePlayer(ctx context.Context, userID int64) (domain.PuzzleRating, error) {
	out := domain.PuzzleRating{Rating: rating.New()}
	err := s.db.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts, solved FROM puzzle_players WHERE user_id = $1`, userID).
		Scan(&out.Rating.Rating, &out.Deviation, &out.Volatility, &out.Attempts, &out.Solved)
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	return out, err
}

// PuzzleRatings returns the puzzles' ratings that players have moved, by puzzle id.
func (s *Store) PuzzleRatings(ctx context.Context) (map[string]domain.PuzzleRating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id, rating, deviation, volatility, attempts, solved FROM puzzle_ratings`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]domain.PuzzleRating{}
	for rows.Next() {
		var id string
		var r domain.PuzzleRating
		if err := rows.Scan(&id, &r.Rating.Rating, &r.Deviation, &r.Volatility, &r.Attempts, &r.Solved); err != nil {
			return nil, err
		}
		out[id] = r
	}
	return out, rows.Err()
}

// AttemptedPuzzles returns the ids of the puzzles a user has finished.
func (s *Store) AttemptedPuzzles(ctx context.Context, userID int64) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id FROM puzzle_attempts WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// RatePuzzle records a user's first finish of a puzzle and updates both ratings: update gets the
// player's rating (first, when the user has none: the guest rating they bring, else
// rating.New()) and the puzzle's (first: start, the set's) and returns them after. A puzzle the
// user finished before changes nothing: applied is false, and the ratings returned are the
// current ones. On PostgreSQL the two rows are locked, so that attempts at once never lose an
// update.
func (s *Store) RatePuzzle(ctx context.Context, userID int64, puzzleID string, solved bool, now time.Time, first, start rating.Rating,
	update func(player, puzzle rating.Rating) (rating.Rating, rating.Rating, error)) (player, puzzle domain.PuzzleRating, applied bool, err error) {
	solvedN := 0
	if solved {
		solvedN = 1
	}
	lock := ""
	if s.postgres {
		lock = " FOR UPDATE"
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, attempted_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, puzzle_id) DO NOTHING`, userID, puzzleID, solvedN, nanos(now))
		if err != nil {
			return err
		}
		n, _ := r.RowsAffected()
		applied = n == 1
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_players (user_id, rating, deviation, volatility, attempts, solved, updated_at)
			VALUES ($1, $2, $3, $4, 0, 0, $5) ON CONFLICT (user_id) DO NOTHING`,
			userID, first.Rating, first.Deviation, first.Volatility, nanos(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, attempts, solved)
			VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (puzzle_id) DO NOTHING`,
			puzzleID, start.Rating, start.Deviation, start.Volatility); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts, solved FROM puzzle_players WHERE user_id = $1`+lock, userID).
			Scan(&player.Rating.Rating, &player.Deviation, &player.Volatility, &player.Attempts, &player.Solved); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings WHERE puzzle_id = $1`+lock, puzzleID).
			Scan(&puzzle.Rating.Rating, &puzzle.Deviation, &puzzle.Volatility, &puzzle.Attempts, &puzzle.Solved); err != nil {
			return err
		}
		if !applied {
			return nil
		}
		p, z, err := update(player.Rating, puzzle.Rating)
		if err != nil {
			return err
		}
		if err := errors.Join(p.Validate(), z.Validate()); err != nil {
			return fmt.Errorf("store: rating puzzle %s: %w", puzzleID, err)
		}
		player.Rating, puzzle.Rating = p, z
		player.Attempts++
		puzzle.Attempts++
		player.Solved += int64(solvedN)
		puzzle.Solved += int64(solvedN)
		if _, err := tx.ExecContext(ctx, `UPDATE puzzle_players SET rating = $1, deviation = $2, volatility = $3, attempts = $4, solved = $5, updated_at = $6
			WHERE user_id = $7`, p.Rating, p.Deviation, p.Volatility, player.Attempts, player.Solved, nanos(now), userID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, attempts = $4, solved = $5
			WHERE puzzle_id = $6`, z.Rating, z.Deviation, z.Volatility, puzzle.Attempts, puzzle.Solved, puzzleID)
		return err
	})
	return player, puzzle, applied, err
}
