package store

import (
	"context"
	"database/sql"
	"errors"

	"turncoat/domain"
)

// TrainerLine returns an account's line of its opening-trainer schedule: ErrNotFound when it
// has none.
func (s *Store) TrainerLine(ctx context.Context, userID int64, color, line string) (domain.TrainerLine, error) {
	rows, err := s.trainerLines(ctx, `WHERE user_id = $1 AND color = $2 AND line = $3`, userID, color, line)
	if err != nil {
		return domain.TrainerLine{}, err
	}
	if len(rows) == 0 {
		return domain.TrainerLine{}, domain.ErrNotFound
	}
	return rows[0], nil
}

// SaveTrainerLine stores a line of an account's schedule, made or replaced.
func (s *Store) SaveTrainerLine(ctx context.Context, l domain.TrainerLine) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO trainer_lines (user_id, color, line, name, box, due_at, rights, misses, last_moves, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
			ON CONFLICT (user_id, color, line) DO UPDATE SET name = excluded.name, box = excluded.box, due_at = excluded.due_at,
			rights = excluded.rights, misses = excluded.misses, last_moves = excluded.last_moves, updated_at = excluded.updated_at`,
			l.UserID, l.Color, l.Line, l.Name, l.Box, nanos(l.DueAt), l.Right, l.Missed, l.LastMoves, nanos(l.Updated))
		return err
	})
}

// TrainerLines returns an account's schedule, the soonest due first, at most limit (1 to 1000).
func (s *Store) TrainerLines(ctx context.Context, userID int64, limit int) ([]domain.TrainerLine, error) {
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	return s.trainerLines(ctx, `WHERE user_id = $1 ORDER BY due_at, color, line LIMIT $2`, userID, limit)
}

func (s *Store) trainerLines(ctx context.Context, where string, args ...any) ([]domain.TrainerLine, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, color, line, name, box, due_at, rights, misses, last_moves, updated_at
		FROM trainer_lines `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.TrainerLine
	for rows.Next() {
		var l domain.TrainerLine
		var due, updated int64
		if err := rows.Scan(&l.UserID, &l.Color, &l.Line, &l.Name, &l.Box, &due, &l.Right, &l.Missed, &l.LastMoves, &updated); err != nil {
			return nil, err
		}
		l.DueAt, l.Updated = fromNanos(due), fromNanos(updated)
		out = append(out, l)
	}
	return out, rows.Err()
}

// PlayedGames returns the account's games the opening book learned (finished 8x8 games from
// the standard start: their rows have no reason), the latest first, at most limit (1 to 1000).
func (s *Store) PlayedGames(ctx context.Context, userID int64, limit int) ([]domain.PlayedGame, error) {
	if limit <= 0 || limit > 1000 {
		limit = 300
	}
	rows, err := s.db.QueryContext(ctx, `SELECT b.moves, st.side FROM book_games b JOIN seats st ON st.game_id = b.game_id
		WHERE st.user_id = $1 AND b.reason = '' AND b.part IS NOT NULL ORDER BY b.seq DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.PlayedGame
	for rows.Next() {
		var g domain.PlayedGame
		if err := rows.Scan(&g.Moves, &g.Side); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	return out, nil
}
