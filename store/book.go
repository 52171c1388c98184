package store

import (
	"context"
	"database/sql"

	"turncoat/domain"
)

// AddBookGame stores what the book made of a finished game, once: ErrConflict when the game
// has its row already (another instance, or an earlier try, got there first).
func (s *Store) AddBookGame(ctx context.Context, g domain.BookGame) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO book_games (game_id, moves, part, reason, learned_at) VALUES ($1, $2, $3, $4, $5)`,
			g.GameID, g.Moves, g.Part, g.Reason, nanos(g.Learned))
		return err
	})
	if isConflict(err) {
		return domain.ErrConflict
	}
	return err
}

// BookGames returns the learned games (those with a part) whose seq is above after, in seq
// order, at most limit (1 to 10000).
func (s *Store) BookGames(ctx context.Context, after int64, limit int) ([]domain.BookGame, error) {
	if limit <= 0 || limit > 10000 {
		limit = 1000
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, game_id, moves, part, reason, learned_at FROM book_games
		WHERE seq > $1 AND part IS NOT NULL ORDER BY seq LIMIT $2`, after, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.BookGame
	for rows.Next() {
		var g domain.BookGame
		var at int64
		if err := rows.Scan(&g.Seq, &g.GameID, &g.Moves, &g.Part, &g.Reason, &at); err != nil {
			return nil, err
		}
		g.Learned = fromNanos(at)
		out = append(out, g)
	}
	return out, rows.Err()
}

// BookGame returns the book's row of a game: ErrNotFound when the book has not seen it.
func (s *Store) BookGame(ctx context.Context, gameID string) (domain.BookGame, error) {
	g := domain.BookGame{GameID: gameID}
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT seq, moves, part, reason, learned_at FROM book_games WHERE game_id = $1`, gameID).
		Scan(&g.Seq, &g.Moves, &g.Part, &g.Reason, &at)
	if err == sql.ErrNoRows {
		return g, domain.ErrNotFound
	}
	g.Learned = fromNanos(at)
	return g, err
}

// UnlearnedGames returns the ids of finished games of kind that the book has not seen (the
// server stopped before it did), oldest first, at most limit: a start catches up with them.
func (s *Store) UnlearnedGames(ctx context.Context, kind string, limit int) ([]string, error) {
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	rows, err := s.db.QueryContext(ctx, `SELECT g.id FROM games g WHERE g.kind = $1 AND g.status = $2
		AND NOT EXISTS (SELECT 1 FROM book_games b WHERE b.game_id = g.id) ORDER BY g.updated_at LIMIT $3`, kind, domain.StatusOver, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
