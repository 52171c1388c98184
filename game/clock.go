package game

import (
	"encoding/json"
	"fmt"
	"time"
)

// TimeKind is the kind of a time control.
type TimeKind uint8

// Time control kinds.
const (
	// Untimed games have no clocks.
	Untimed TimeKind = iota
	// Fischer clocks start with a base time and gain an increment after each of the side's
	// moves: live play ("5+3": five minutes, three seconds a move).
	Fischer
	// Correspondence clocks give each move a fixed time, usually days; the clock is set back to
	// it after each move. With an increment instead, unused time carries over: the clock gains
	// the increment after each move, as a Fischer clock counted in days.
	Correspondence
)

var timeKindNames = [...]string{"untimed", "fischer", "correspondence"}

// String returns the kind's name as the API shows it.
func (k TimeKind) String() string {
	if int(k) < len(timeKindNames) {
		return timeKindNames[k]
	}
	return "unknown"
}

// MarshalText writes the kind's name.
func (k TimeKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *TimeKind) UnmarshalText(b []byte) error {
	for i, n := range timeKindNames {
		if n == string(b) {
			*k = TimeKind(i)
			return nil
		}
	}
	return fmt.Errorf("%w: unknown time control %q (want untimed, fischer or correspondence)", ErrSyntax, b)
}

// TimeControl is how much time the sides have. The zero value is untimed.
type TimeControl struct {
	Kind TimeKind
	// Base is a Fischer clock's starting time, or a correspondence game's time per move.
	Base time.Duration
	// Increment is added to a side's clock after each of its moves.
	Increment time.Duration
}

// Limits of a time control: long enough for any correspondence game, short enough that clock
// arithmetic never overflows.
const (
	MaxBaseTime  = 60 * 24 * time.Hour
	MaxIncrement = 14 * 24 * time.Hour
)

// Validate reports whether the control makes sense.
func (c TimeControl) Validate() error {
	switch {
	case c.Kind == Untimed && (c.Base != 0 || c.Increment != 0):
		return fmt.Errorf("%w: an untimed game has no base time or increment", ErrOption)
	case c.Kind > Correspondence:
		return fmt.Errorf("%w: unknown time control", ErrOption)
	case c.Kind != Untimed && (c.Base <= 0 || c.Base > MaxBaseTime):
		return fmt.Errorf("%w: base time %v: want more than 0 and at most %v", ErrOption, c.Base, MaxBaseTime)
	case c.Increment < 0 || c.Increment > MaxIncrement:
		return fmt.Errorf("%w: increment %v: want 0 to %v", ErrOption, c.Increment, MaxIncrement)
	}
	return nil
}

// String writes the control as players say it: "untimed", "5+3" (minutes + seconds) for
// Fischer, "3 days/move" for correspondence.
func (c TimeControl) String() string {
	switch c.Kind {
	case Fischer:
		return fmt.Sprintf("%g+%g", c.Base.Minutes(), c.Increment.Seconds())
	case Correspondence:
		s := fmt.Sprintf("%g days/move", c.Base.Hours()/24)
		if c.Increment > 0 {
			s += fmt.Sprintf(" +%g days", c.Increment.Hours()/24)
		}
		return s
	}
	return "untimed"
}

type timeControlJSON struct {
	Kind        TimeKind `json:"kind"`
	BaseMs      int64    `json:"baseMs,omitempty"`
	IncrementMs int64    `json:"incrementMs,omitempty"`
}

// MarshalJSON writes {"kind", "baseMs", "incrementMs"}.
func (c TimeControl) MarshalJSON() ([]byte, error) {
	return json.Marshal(timeControlJSON{c.Kind, c.Base.Milliseconds(), c.Increment.Milliseconds()})
}

// UnmarshalJSON reads the wire form and validates it.
func (c *TimeControl) UnmarshalJSON(b []byte) error {
	var j timeControlJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if j.BaseMs < 0 || j.BaseMs > MaxBaseTime.Milliseconds() || j.IncrementMs < 0 || j.IncrementMs > MaxIncrement.Milliseconds() {
		return fmt.Errorf("%w: time control out of range", ErrOption)
	}
	t := TimeControl{j.Kind, time.Duration(j.BaseMs) * time.Millisecond, time.Duration(j.IncrementMs) * time.Millisecond}
	if err := t.Validate(); err != nil {
		return err
	}
	*c = t
	return nil
}

// Clock is the two sides' clocks: a plain value with no I/O, fed the time by its caller. Running
// clocks are charged from Since; a simultaneous node runs both at once.
type Clock struct {
	Control TimeControl
	// Remaining is each side's time as of Since.
	Remaining [2]time.Duration
	// Running tells whose clocks run.
	Running [2]bool
	// Since is when Remaining was last brought up to date.
	Since time.Time
	// FirstMoveBy is, in a Fischer game whose sides have not both made their first move (their
	// clocks do not run yet), when the side to move must have made it or the game is aborted;
	// zero otherwise.
	FirstMoveBy time.Time
}

// FirstMoveWait is how long a side of a Fischer game has for its first move, whose time its
// clock does not count: a quarter of the base time, from 30 seconds to 2 minutes.
func FirstMoveWait(c TimeControl) time.Duration {
	return min(max(c.Base/4, 30*time.Second), 2*time.Minute)
}

// NewClock returns clocks for c, both stopped, each holding the base time.
func NewClock(c TimeControl, now time.Time) Clock {
	return Clock{Control: c, Remaining: [2]time.Duration{c.Base, c.Base}, Since: now}
}

// Timed reports whether the clocks count at all.
func (c *Clock) Timed() bool { return c.Control.Kind != Untimed }

// Left returns p's time left at now (never below zero).
func (c *Clock) Left(p Player, now time.Time) time.Duration {
	if !p.Valid() {
		return 0
	}
	r := c.Remaining[p]
	if c.Running[p] && now.After(c.Since) {
		r -= now.Sub(c.Since)
	}
	return max(r, 0)
}

// charge brings Remaining up to date at now.
func (c *Clock) charge(now time.Time) {
	if !c.Timed() {
		c.Since = now
		return
	}
	if now.After(c.Since) {
		d := now.Sub(c.Since)
		for p := range c.Running {
			if c.Running[p] {
				c.Remaining[p] = max(c.Remaining[p]-d, 0)
			}
		}
	}
	if now.After(c.Since) || c.Since.IsZero() {
		c.Since = now
	}
}

// run sets whose clocks run from now on.
func (c *Clock) run(a Actors, now time.Time) {
	c.charge(now)
	if !c.Timed() {
		return
	}
	c.Running = [2]bool{a.Has(First), a.Has(Second)}
}

// stop stops p's clock at now.
func (c *Clock) stop(p Player, now time.Time) {
	c.charge(now)
	c.Running[p] = false
}

// credit gives p the time a completed move earns: the increment, or for correspondence without
// one, the whole time per move again.
func (c *Clock) credit(p Player) {
	switch c.Control.Kind {
	case Fischer:
		c.Remaining[p] += c.Control.Increment
	case Correspondence:
		if c.Control.Increment > 0 {
			c.Remaining[p] += c.Control.Increment
		} else {
			c.Remaining[p] = c.Control.Base
		}
	}
}

// Flagged returns the side whose time has run out at now; of two running clocks, the one that
// ran out first. both is true when the two ran out at the same instant (p is then NoPlayer).
func (c *Clock) Flagged(now time.Time) (p Player, both bool) {
	if !c.Timed() {
		return NoPlayer, false
	}
	out := [2]bool{c.Running[First] && c.Left(First, now) <= 0, c.Running[Second] && c.Left(Second, now) <= 0}
	switch {
	case out[First] && out[Second]:
		// Both ran from Since: the one with less time then ran out first.
		switch {
		case c.Remaining[First] < c.Remaining[Second]:
			return First, false
		case c.Remaining[Second] < c.Remaining[First]:
			return Second, false
		}
		return NoPlayer, true
	case out[First]:
		return First, false
	case out[Second]:
		return Second, false
	}
	return NoPlayer, false
}

// Deadline returns when the first running clock runs out, and false when none runs.
func (c *Clock) Deadline() (time.Time, bool) {
	if !c.Timed() {
		return time.Time{}, false
	}
	var best time.Duration = -1
	for p := range c.Running {
		if c.Running[p] && (best < 0 || c.Remaining[p] < best) {
			best = c.Remaining[p]
		}
	}
	if best < 0 {
		return time.Time{}, false
	}
	return c.Since.Add(best), true
}
