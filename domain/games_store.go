package domain

import (
	"encoding/json"
	"time"

	"turncoat/game"
)

// Change is what one table command changed in a game, to commit atomically.
type Change struct {
	GameID string
	// FromVersion is the version the command was made from; FromPly the number of moves
	// stored then; FromPending whether each side had a pending selection stored.
	FromVersion int64
	FromPly     int
	FromPending [2]bool
	// Snapshot is the table after the command.
	Snapshot game.Snapshot
	// Events are the command's events, in their public form (game.Event.For(NoPlayer)).
	Events   []game.Event
	Status   Status
	Outcome  game.Outcome
	Deadline time.Time
	AITurn   bool
	// Takeback is a standing takeback request after the command.
	Takeback *game.TakebackRequest
	Now      time.Time
	// Seat, when set, gives an open seat to a player with the change (a join); the seat must
	// still be open, else ErrConflict.
	Seat *SeatTaken
	// Rematch, when set, is the game's rematch, created with the change (its RematchOf is
	// this game); a second rematch is ErrConflict.
	Rematch *Game
	// Lobby tells the other instances that the change shows in the lobby (a join, an end).
	Lobby bool
	// Jobs are what must follow the change (its effects: a rating, an event's next round, a
	// deadline), inserted in its transaction.
	Jobs []Job
}

// SeatTaken is a player taking an open seat.
type SeatTaken struct {
	Side   int
	UserID int64
}

// Event is a stored event in its public form.
type Event struct {
	Version int64
	Body    json.RawMessage
}

// ListFilter selects games for ListGames.
type ListFilter struct {
	// Status, when set, keeps games of that status.
	Status Status
	// Mode, when set, keeps games of that mode.
	Mode Mode
	// UserID, when set, keeps the games the user plays.
	UserID int64
	// OpenSeat keeps games with a seat nobody holds and no invitation (open challenges).
	OpenSeat bool
	// NeedsAttention keeps active games where an AI must act or a clock runs.
	NeedsAttention bool
	Limit          int
}

// GameSettings are what a game between people was created with.
type GameSettings struct {
	// Hints gives both players the engine's help (hints, the evaluation) while the game runs.
	Hints bool `json:"hints"`
}
