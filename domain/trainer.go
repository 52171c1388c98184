package domain

import "time"

// TrainerLine is a line of an account's opening-trainer schedule: the line drilled (a move
// list from the start) with the colour played, its Leitner box, when it comes due, and its
// drills right and missed. LastMoves are the moves and seed of the drill last recorded, so
// that the same drill sent twice counts once.
type TrainerLine struct {
	UserID    int64
	Color     string
	Line      string
	Name      string
	Box       int
	DueAt     time.Time
	Right     int
	Missed    int
	LastMoves string
	Updated   time.Time
}

// PlayedGame is a learned game of an account's for its opening repertoire: its move list and
// the side the account played (0 black, 1 white).
type PlayedGame struct {
	Moves string
	Side  int
}
