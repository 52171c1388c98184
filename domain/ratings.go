package domain

import (
	"time"

	"turncoat/rating"
)

// Rating is a user's Glicko-2 rating in one variant (rating.Key), with the number of
// rated games it counts.
type Rating struct {
	UserID   int64  `json:"-"`
	UserName string `json:"player,omitempty"`
	Variant  string `json:"variant"`
	rating.Rating
	Games   int       `json:"games"`
	Updated time.Time `json:"updated"`
}

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	UserID int64         `json:"user"`
	Before rating.Rating `json:"before"`
	After  rating.Rating `json:"after"`
}

// PuzzleRating is a Glicko-2 puzzle rating, of a player (over every puzzle they finished) or of
// a puzzle (over every player who finished it), with its counts.
type PuzzleRating struct {
	rating.Rating
	// Attempts counts the puzzles finished (a player's) or the players who finished it (a
	// puzzle's); Solved those that were solved.
	Attempts int64 `json:"attempts"`
	Solved   int64 `json:"solved"`
}
