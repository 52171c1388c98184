package domain

import "time"

// ReviewState is where a game's review is: asked and waiting for the queue, being computed,
// done, or failed (Error says why; asking again tries again).
type ReviewState string

// The review states.
const (
	ReviewQueued  ReviewState = "queued"
	ReviewRunning ReviewState = "running"
	ReviewDone    ReviewState = "done"
	ReviewFailed  ReviewState = "failed"
)

// GameReview is a game's review as stored: one per game, shared by everyone who opens the game.
// Plies is the number of moves reviewed (a hot-seat game played on after its review is reviewed
// anew); Attempt counts the askings after a failure, so that each is a job of its own.
type GameReview struct {
	GameID  string
	Plies   int
	Attempt int
	State   ReviewState
	// Done of Total moves reviewed so far (progress while running).
	Done, Total int
	// Result is the review (JSON, the API's form) once done.
	Result []byte
	Error  string
	Asked  time.Time
	// Updated is the last change.
	Updated time.Time
}
