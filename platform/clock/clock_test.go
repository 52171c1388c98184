package clock

import (
	"sync"
	"testing"
	"time"
)

// TestManualFiresInOrder: timers fire when the clock passes them, in the order of their times,
// at their times; stopped ones never; one set by a firing timer fires too within the advance.
func TestManualFiresInOrder(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewManual(t0)
	var mu sync.Mutex
	var got []time.Duration
	note := func() {
		mu.Lock()
		got = append(got, m.Now().Sub(t0))
		mu.Unlock()
	}
	m.AfterFunc(3*time.Second, note)
	m.AfterFunc(time.Second, func() {
		note()
		m.AfterFunc(time.Second, note) // at 2 s
	})
	stopped := m.AfterFunc(2500*time.Millisecond, note)
	if !stopped.Stop() || stopped.Stop() {
		t.Fatal("Stop")
	}
	m.AfterFunc(10*time.Second, note)
	m.Advance(5 * time.Second)
	want := []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}
	if len(got) != len(want) {
		t.Fatalf("fired at %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("fired at %v, want %v", got, want)
		}
	}
	if m.Now().Sub(t0) != 5*time.Second || m.Pending() != 1 {
		t.Fatalf("now %v, %d pending", m.Now().Sub(t0), m.Pending())
	}
}

// TestManualJumpLeavesTimersLate: Jump moves the time past a timer without firing it; the next
// Advance, even by nothing, fires it.
func TestManualJumpLeavesTimersLate(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewManual(t0)
	fired := 0
	m.AfterFunc(time.Second, func() { fired++ })
	m.Jump(2 * time.Second)
	if fired != 0 || m.Now().Sub(t0) != 2*time.Second || m.Pending() != 1 {
		t.Fatalf("after the jump: fired %d, now %v, %d pending", fired, m.Now().Sub(t0), m.Pending())
	}
	m.Advance(0)
	if fired != 1 || m.Now().Sub(t0) != 2*time.Second || m.Pending() != 0 {
		t.Fatalf("after Advance(0): fired %d, now %v, %d pending", fired, m.Now().Sub(t0), m.Pending())
	}
}
