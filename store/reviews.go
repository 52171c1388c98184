package store

import (
	"context"
	"database/sql"
	"errors"

	"turncoat/domain"
)

// AskReview stores the asking of a game's review with its job, in one transaction, unless the
// game has one already for the same moves that has not failed: then it returns that one and
// stores nothing (asking twice is one review). A review of other moves (a hot-seat game played
// on), or a failed one, is replaced by r, queued anew with job.
func (s *Store) AskReview(ctx context.Context, r domain.GameReview, job func(domain.GameReview) domain.Job) (domain.GameReview, error) {
	var out domain.GameReview
	err := s.tx(ctx, func(tx *sql.Tx) error {
		old, err := scanReview(tx.QueryRowContext(ctx, reviewSelect+` WHERE game_id = $1`, r.GameID))
		switch {
		case err == nil && old.Plies == r.Plies && old.State != domain.ReviewFailed:
			out = old
			return nil
		case err == nil:
			r.Attempt = old.Attempt + 1
			_, err = tx.ExecContext(ctx, `UPDATE game_reviews SET plies = $2, attempt = $3, state = $4, done = 0, total = $5,
				result = '', error = '', asked_at = $6, updated_at = $6 WHERE game_id = $1`,
				r.GameID, r.Plies, r.Attempt, r.State, r.Total, nanos(r.Asked))
		case errors.Is(err, domain.ErrNotFound):
			_, err = tx.ExecContext(ctx, `INSERT INTO game_reviews (game_id, plies, attempt, state, done, total, result, error, asked_at, updated_at)
				VALUES ($1, $2, $3, $4, 0, $5, '', '', $6, $6)`, r.GameID, r.Plies, r.Attempt, r.State, r.Total, nanos(r.Asked))
		}
		if err != nil {
			return err
		}
		r.Updated = r.Asked
		out = r
		return s.insertJobs(ctx, tx, []domain.Job{job(r)})
	})
	if isConflict(err) {
		// another asking got there first: its row is the review
		return s.GameReview(ctx, r.GameID)
	}
	return out, err
}

// GameReview returns a game's review: ErrNotFound when none was asked.
func (s *Store) GameReview(ctx context.Context, gameID string) (domain.GameReview, error) {
	return scanReview(s.db.QueryRowContext(ctx, reviewSelect+` WHERE game_id = $1`, gameID))
}

// UpdateReview stores a review's progress, result or failure (state, done, total, result,
// error, updated), only while the stored review is of the same moves and attempt:
// ErrConflict when it is not (the review was asked anew meanwhile).
func (s *Store) UpdateReview(ctx context.Context, r domain.GameReview) error {
	res, err := s.wdb.ExecContext(ctx, `UPDATE game_reviews SET state = $4, done = $5, total = $6, result = $7, error = $8,
		updated_at = $9 WHERE game_id = $1 AND plies = $2 AND attempt = $3`,
		r.GameID, r.Plies, r.Attempt, r.State, r.Done, r.Total, string(r.Result), r.Error, nanos(r.Updated))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.ErrConflict
	}
	return nil
}

const reviewSelect = `SELECT game_id, plies, attempt, state, done, total, result, error, asked_at, updated_at FROM game_reviews`

func scanReview(row *sql.Row) (domain.GameReview, error) {
	var r domain.GameReview
	var result string
	var asked, updated int64
	err := row.Scan(&r.GameID, &r.Plies, &r.Attempt, &r.State, &r.Done, &r.Total, &result, &r.Error, &asked, &updated)
	if err == sql.ErrNoRows {
		return r, domain.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	if result != "" {
		r.Result = []byte(result)
	}
	r.Asked, r.Updated = fromNanos(asked), fromNanos(updated)
	return r, nil
}
