package domain

import (
	"encoding/json"
	"time"
)

// Tournament is a play-by-post tournament's row: what lists show without restoring it. Its state
// is a checkpoint (the tournament's snapshot JSON at CheckpointVersion) and the operations stored
// since, which replayed on the checkpoint give the state at Version; its events are stored for
// clients, like a game's.
type Tournament struct {
	ID       string
	Title    string
	HostID   int64
	HostName string
	Game     string
	Phase    string
	Version  int64
	Created  time.Time
	Updated  time.Time
	// NextDeadline is when the tournament next needs advancing (zero when nothing is due).
	NextDeadline time.Time
	// CheckpointVersion is the version of the stored checkpoint.
	CheckpointVersion int64
}

// TournamentOp is one stored operation of a tournament: the change it made went from
// FromVersion to Version.
type TournamentOp struct {
	FromVersion int64
	Version     int64
	Body        json.RawMessage
}

// TournamentChange is what one operation changed in a tournament, to commit atomically.
type TournamentChange struct {
	ID string
	// FromVersion is the version the operation was made from, Version the one after it.
	FromVersion, Version int64
	Phase                string
	NextDeadline         time.Time
	// Op is the operation, stored to be replayed on the checkpoint.
	Op json.RawMessage
	// Events are the operation's events (their version and JSON).
	Events []Event
	// Checkpoint, when not nil, is the tournament's snapshot at Version: it replaces the stored
	// checkpoint, and the operations before it are no longer replayed.
	Checkpoint json.RawMessage
	Now        time.Time
	// Jobs are what must follow the change (the next deadline, a round's notices), inserted
	// in its transaction.
	Jobs []Job
}

// TournamentFilter selects tournaments for ListTournaments.
type TournamentFilter struct {
	// Phase, when set, keeps tournaments in that phase.
	Phase string
	// Due keeps tournaments with a next deadline (to schedule after a start).
	Due   bool
	Limit int
}

// PairedEvent is a round-robin, Swiss or knockout event's row: its whole state is the server's
// JSON, saved at Version (each save from the version it read, so two savers never both win).
type PairedEvent struct {
	ID     string
	HostID int64
	Format string
	// Status is the event's stage (signup, running, finished), for finding those in play.
	Status  string
	Version int64
	State   json.RawMessage
	Created time.Time
	Updated time.Time
}
