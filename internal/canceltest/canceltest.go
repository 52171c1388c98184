// Package canceltest checks that long work stops soon after its context is cancelled, without
// wall-clock assertions that could flake on a loaded machine.
package canceltest

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Delay is how long the work runs before its context is cancelled; Bound is how long it may
// then take to return: generous enough for a loaded machine, short enough that a count which
// ignores its context (minutes or hours) fails.
const (
	Delay = 100 * time.Millisecond
	Bound = 5 * time.Second
)

// Stops runs work, which must not finish on its own within Delay + Bound, cancels its context
// after Delay and fails t unless work then returns context.Canceled within Bound.
func Stops(t testing.TB, work func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- work(ctx) }()
	timer := time.AfterFunc(Delay, cancel)
	defer timer.Stop()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("returned %v, want context.Canceled", err)
		}
	case <-time.After(Delay + Bound):
		t.Fatalf("still running %v after its context was cancelled", Bound)
	}
}
