package domain

import "time"

// BookGame is a finished game as the opening book saw it: learned (Part holds the positions
// it added, a book file) or passed over (Part nil, Reason says why).
type BookGame struct {
	Seq    int64
	GameID string
	// Moves is the game's move list.
	Moves   string
	Part    []byte
	Reason  string
	Learned time.Time
}
