package game

import (
	"fmt"
	"time"
)

// EventTimeAdded: Player's clock was given more time (a correspondence player's vacation); the
// event's Clock shows the clocks after it.
const EventTimeAdded EventKind = "time_added"

// MaxAddedTime bounds one addition of time, and the clock a side may hold after it.
const MaxAddedTime = MaxBaseTime

// AddTime gives p's clock d more time at now, whether it runs or not: how a server stops a
// correspondence player's clock for a vacation without a pause in the clock's arithmetic (the
// deadline moves back by exactly d, the opponent's clock is untouched). A side whose time has
// already run out does not get it back: the game ends on time instead, and those events come
// with the error. The time a side holds is capped at MaxAddedTime.
func (t *Table) AddTime(p Player, d time.Duration, now time.Time) ([]Event, error) {
	if evs, err := t.inPlay(p, now); err != nil || len(evs) > 0 {
		return evs, err
	}
	if !t.clock.Timed() {
		return nil, fmt.Errorf("%w: an untimed game has no clock to add time to", ErrNotAllowed)
	}
	if d <= 0 || d > MaxAddedTime {
		return nil, fmt.Errorf("%w: time to add %v: want more than 0 and at most %v", ErrNotAllowed, d, MaxAddedTime)
	}
	t.clock.charge(now)
	t.clock.Remaining[p] = min(t.clock.Remaining[p]+d, MaxAddedTime)
	return []Event{t.emit(Event{Kind: EventTimeAdded, Player: p, At: now})}, nil
}
