package ratings

import (
	"context"
	"time"

	"turncoat/domain"
	"turncoat/rating"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// Game returns a game's row with its seats.
	Game(ctx context.Context, id string) (domain.Game, error)
	// Leaderboard returns the best ratings of a variant, highest first (ties: the smaller deviation,
	// then the name), of players with at least one rated game.
	Leaderboard(ctx context.Context, variant string, limit int) ([]domain.Rating, error)
	// RateGame updates, once per game, the ratings in variant of the two users who played gameID:
	// update gets their ratings before the game (rating.New() for a first game in the variant) and
	// returns them after, or nil to record the game as seen without rating it (an aborted game). A
	// game already rated changes nothing: applied is false. On PostgreSQL the two rows are locked, so
	// that games ending at once on several instances never lose an update.
	RateGame(ctx context.Context, gameID, variant string, users [2]int64, now time.Time,
		update func(before [2]rating.Rating) (*[2]rating.Rating, error)) (changes []domain.RatingChange, applied bool, err error)
	// Ratings returns a user's ratings, one per variant played, the most played first.
	Ratings(ctx context.Context, userID int64) ([]domain.Rating, error)
	// UserByName returns the user of a name and its password hash ("" for a guest).
	UserByName(ctx context.Context, name string) (domain.User, string, error)
}
