// Package clock is the time of the game service: what its clocks and deadlines read and the
// timers they set. The program runs on the real one; tests run on Manual, which moves only when
// told, firing the timers that come due, so that a test of a flag fall advances time instead of
// sleeping.
package clock

import (
	"sort"
	"sync"
	"time"
)

// Clock tells the time and runs functions later.
type Clock interface {
	Now() time.Time
	// AfterFunc runs f in a goroutine of its own once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc.
type Timer interface {
	// Stop cancels the call; false when it has run or was stopped already.
	Stop() bool
}

// Real is the system's clock.
type Real struct{}

// Now returns the current time, in UTC.
func (Real) Now() time.Time { return time.Now().UTC() }

// AfterFunc is time.AfterFunc.
func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// Manual is a clock that moves only by Advance and Set. Its timers fire, in the order of their
// times, when the clock passes them; each runs in a goroutine of its own (as real ones do), and
// Advance returns once they have all returned.
type Manual struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
	seq    int
}

type manualTimer struct {
	m       *Manual
	at      time.Time
	seq     int
	f       func()
	stopped bool
	fired   bool
}

// NewManual returns a manual clock at t.
func NewManual(t time.Time) *Manual { return &Manual{now: t.UTC()} }

// Now returns the clock's time.
func (m *Manual) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

// AfterFunc registers f to run when the clock reaches Now()+d.
func (m *Manual) AfterFunc(d time.Duration, f func()) Timer {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seq++
	t := &manualTimer{m: m, at: m.now.Add(max(d, 0)), seq: m.seq, f: f}
	m.timers = append(m.timers, t)
	return t
}

// Stop cancels the timer.
func (t *manualTimer) Stop() bool {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	if t.stopped || t.fired {
		return false
	}
	t.stopped = true
	return true
}

// Advance moves the clock on by d, firing the timers that come due on the way (a timer set by
// one that fires runs too, if it falls within d) and waiting for them to return.
func (m *Manual) Advance(d time.Duration) {
	m.mu.Lock()
	end := m.now.Add(d)
	m.mu.Unlock()
	m.advanceTo(end)
}

// Jump moves the clock on by d without firing the timers that come due: they fire at the next
// Advance or Set, as timers running late (a loaded machine) would. Tests use it to see what
// holds between a time's passing and its timer.
func (m *Manual) Jump(d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.now = m.now.Add(max(d, 0))
}

// Set moves the clock to t (not backwards), as Advance does.
func (m *Manual) Set(t time.Time) { m.advanceTo(t.UTC()) }

func (m *Manual) advanceTo(end time.Time) {
	for {
		m.mu.Lock()
		var due []*manualTimer
		keep := m.timers[:0]
		for _, t := range m.timers {
			switch {
			case t.stopped || t.fired:
			case !t.at.After(end):
				due = append(due, t)
			default:
				keep = append(keep, t)
			}
		}
		m.timers = keep
		if len(due) == 0 {
			if end.After(m.now) {
				m.now = end
			}
			m.mu.Unlock()
			return
		}
		sort.Slice(due, func(i, j int) bool {
			if !due[i].at.Equal(due[j].at) {
				return due[i].at.Before(due[j].at)
			}
			return due[i].seq < due[j].seq
		})
		// Fire the earliest, at its time; the others go back (the earliest may stop them).
		first := due[0]
		first.fired = true
		m.timers = append(m.timers, due[1:]...)
		if first.at.After(m.now) {
			m.now = first.at
		}
		m.mu.Unlock()
		done := make(chan struct{})
		go func() {
			defer close(done)
			first.f()
		}()
		<-done
	}
}

// Pending returns how many timers wait.
func (m *Manual) Pending() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, t := range m.timers {
		if !t.stopped && !t.fired {
			n++
		}
	}
	return n
}
