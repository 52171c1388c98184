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
