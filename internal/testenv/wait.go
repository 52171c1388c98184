package testenv

import (
	"context"
	"testing"
	"time"
)

// Eventually retries cond at each tick until it holds, failing the test after timeout: for what
// happens on its own time (another process, another instance's listener) without saying when it
// is done. A bounded retry on a condition, never a fixed wait: it returns as soon as cond holds.
func Eventually(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	if !PollUntil(context.Background(), timeout, cond) {
		t.Fatalf("%s: not within %v", what, timeout)
	}
}

// PollUntil retries cond at each tick until it holds (true), or ctx ends or timeout passes
// (false).
func PollUntil(ctx context.Context, timeout time.Duration, cond func() bool) bool {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
	return true
}
