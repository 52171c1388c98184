package api

import (
	"turncoat/game"
	"turncoat/rating"
)

// Puzzle is a puzzle as the player sees it before solving: the position (a view for the side
// to move), its rating and themes, and the game it comes from. The answers stay on the server.
type Puzzle struct {
	ID   string    `json:"id"`
	Kind string    `json:"kind"`
	View game.View `json:"view"`
	// Side is the side the player plays.
	Side game.Player `json:"side"`
	// Moves is the number of moves the player must find.
	Moves   int          `json:"moves"`
	Empties int          `json:"empties"`
	Rating  int          `json:"rating"`
	Plays   int64        `json:"plays"`
	Themes  []string     `json:"themes"`
	Source  PuzzleSource `json:"source"`
	// Daily is the UTC day ("2006-01-02") of which this is the daily puzzle, if it is.
	Daily string `json:"daily,omitempty"`
}

// PuzzleSource is the real game a puzzle's position comes from.
type PuzzleSource struct {
	Black      string `json:"black,omitempty"`
	White      string `json:"white,omitempty"`
	Year       int    `json:"year,omitempty"`
	Tournament string `json:"tournament,omitempty"`
}

// PuzzleAttempt is the player's moves so far in a puzzle, the first move first (the opponent's
// replies are the server's and are not repeated). Guest is the puzzle rating a player kept in
// the browser: a guest's, to rate the attempt from; a signed-in player's first puzzle starts
// from it.
type PuzzleAttempt struct {
	Moves []string       `json:"moves"`
	Guest *rating.Rating `json:"guest,omitempty"`
}

// Puzzle results.
const (
	PuzzleContinue = "continue"
	PuzzleSolved   = "solved"
	PuzzleFailed   = "failed"
)

// PuzzleResult answers an attempt. With "continue" the last move was right and the puzzle goes
// on: Reply holds the opponent's answer ("pass" for a side that must pass). "solved" and
// "failed" end it: Loss is how many discs the wrong move gives away against the best, Best the
// move that was wanted, Line the whole solution and the perfect play after it to the game's end.
type PuzzleResult struct {
	Result string   `json:"result"`
	Reply  []string `json:"reply,omitempty"`
	// Views are the positions after the player's last move and after each reply.
	Views []game.View `json:"views"`
	// Value is the position's exact value for the player (discs with perfect play).
	Value int      `json:"value"`
	Loss  int      `json:"loss"`
	Best  string   `json:"best,omitempty"`
	Line  []string `json:"line,omitempty"`
	// Rating is the player's puzzle rating after a finished puzzle (the stored one of a
	// signed-in player, which an attempt after the first does not change; a guest's from the
	// Guest rating sent), Before the one before; Rated tells whether this attempt changed it.
	Rating *rating.Rating `json:"rating,omitempty"`
	Before *rating.Rating `json:"before,omitempty"`
	Rated  bool           `json:"rated"`
	// Member tells that the server keeps the player's rating (a member's); else the browser
	// keeps the guest's.
	Member bool `json:"member"`
	// PuzzleRating is the puzzle's rating after the attempt.
	PuzzleRating int `json:"puzzleRating,omitempty"`
}

// PuzzleMe is a player's puzzle rating and counts.
type PuzzleMe struct {
	Rating   rating.Rating `json:"rating"`
	Attempts int64         `json:"attempts"`
	Solved   int64         `json:"solved"`
}
