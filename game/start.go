package game

import (
	"fmt"
	"time"
)

// Events of what happens around the play, which every client of a game must learn of as of a
// move: they carry a version like the rest, so a server stores and broadcasts them the same way.
const (
	// EventBegin: the game began (its seats are taken); the clocks run from the event's time.
	EventBegin EventKind = "begin"
	// EventRematch: the game's rematch was made; Ref is the new game.
	EventRematch EventKind = "rematch"
)

// Begin begins a table made with its clocks held (TableConfig.Held) at now: the clocks of the
// sides to act run from then, each with its whole base time. A table whose play has begun (a
// move or a selection in) cannot start again.
func (t *Table) Begin(now time.Time) ([]Event, error) {
	if t.Over() {
		return nil, ErrGameOver
	}
	if len(t.moves) > 0 || t.pending[First] != nil || t.pending[Second] != nil {
		return nil, fmt.Errorf("%w: the game has begun", ErrNotAllowed)
	}
	t.clock = NewClock(t.clock.Control, now)
	t.runClocks(now)
	return []Event{t.emit(Event{Kind: EventBegin, Player: NoPlayer, At: now})}, nil
}

// Rematch records at now that ref is the rematch of a finished game.
func (t *Table) Rematch(ref string, now time.Time) ([]Event, error) {
	if !t.Over() {
		return nil, fmt.Errorf("%w: the game is still in play", ErrNotAllowed)
	}
	if ref == "" {
		return nil, fmt.Errorf("%w: a rematch needs its game", ErrNotAllowed)
	}
	return []Event{t.emit(Event{Kind: EventRematch, Player: NoPlayer, At: now, Ref: ref})}, nil
}
