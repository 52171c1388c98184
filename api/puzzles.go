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

	// Unit is the unit of the puzzle's values: "discs" (Othello: the final disc difference),
	// "mate" (Turnover: a move that mates sooner is worth more), "result" (Blocs, Troll,
	// Turncoat: +1 a win, 0 a draw, -1 a loss).
	Unit string `json:"unit"`
	// Goal is what the player must reach, in Unit: the number of the player's moves to mate
	// ("mate"), the result to keep ("result": 1 a win, 0 a draw); 0 in discs, whose value the
	// end of the puzzle tells.
	Goal int `json:"goal"`
	// Actions describe the player's legal moves square by square, for a game whose pieces go
	// from one square to another (Turnover).
	Actions []Action `json:"actions,omitempty"`
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

	// Unit is the unit of Value and Loss: "discs" (the disc difference with perfect play),
	// "mate" (100 less the player's moves to mate; a move that misses every mate is worth 0),
	// "result" (+1 a win, 0 a draw, -1 a loss). Loss is the value less the move's.
	Unit string `json:"unit"`
	// Actions describe the player's legal moves after the replies, when the puzzle goes on
	// (see Puzzle.Actions).
	Actions []Action `json:"actions,omitempty"`
}

// PuzzleMe is a player's puzzle rating and counts.
type PuzzleMe struct {
	Rating   rating.Rating `json:"rating"`
	Attempts int64         `json:"attempts"`
	Solved   int64         `json:"solved"`
}

// PuzzleKinds are the kinds of puzzles a server has (game names, in the order of the games),
// with how many of each.
type PuzzleKinds struct {
	Kinds []PuzzleKind `json:"kinds"`
}

// PuzzleKind is one kind of puzzles and their number.
type PuzzleKind struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}
