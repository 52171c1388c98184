package ratelimit

import (
	"strconv"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

func TestOf(t *testing.T) {
	for _, c := range []struct {
		r, def float64
		want   rate.Limit
	}{
		{0, 5, 5},
		{2.5, 5, 2.5},
		{-1, 5, rate.Inf},
		{-0.1, 5, rate.Inf},
	} {
		if got := Of(c.r, c.def); got != c.want {
			t.Errorf("Of(%v, %v) = %v, want %v", c.r, c.def, got, c.want)
		}
	}
}

// TestAllow: a key has its burst at once, then a token every 1/rate seconds of the times it is
// given (no wall clock); keys do not share tokens; rate.Inf never refuses.
func TestAllow(t *testing.T) {
	l := New(2, 3) // two a second, three at once
	allowed := func(key string, at time.Time, n int) int {
		ok := 0
		for range n {
			if l.Allow(key, at) {
				ok++
			}
		}
		return ok
	}
	if got := allowed("a", t0, 5); got != 3 {
		t.Errorf("a burst of 3 allowed %d of 5", got)
	}
	if got := allowed("b", t0, 5); got != 3 {
		t.Errorf("another key allowed %d of 5: keys share tokens", got)
	}
	if got := allowed("a", t0.Add(499*time.Millisecond), 1); got != 0 {
		t.Error("a token before its half second")
	}
	if got := allowed("a", t0.Add(500*time.Millisecond), 2); got != 1 {
		t.Errorf("half a second gave %d tokens, want 1", got)
	}
	// A long idle spell refills the bucket to its burst, never beyond.
	if got := allowed("a", t0.Add(time.Hour), 10); got != 3 {
		t.Errorf("after an hour %d allowed, want the burst of 3", got)
	}
	free := New(rate.Inf, 0)
	if got := func() int {
		n := 0
		for range 1000 {
			if free.Allow("x", t0) {
				n++
			}
		}
		return n
	}(); got != 1000 {
		t.Errorf("an unlimited bucket allowed %d of 1000", got)
	}
}

// TestForgetsIdleKeys: past maxKeys keys (here 100), a new key first drops those idle for ten
// minutes, so that a flood of addresses cannot grow the map without end; a key seen lately is
// kept with its spent tokens.
func TestForgetsIdleKeys(t *testing.T) {
	if New(1, 1).purgeAbove != 100000 {
		t.Fatalf("the program's limiters forget idle keys past %d, want 100000", New(1, 1).purgeAbove)
	}
	l := New(rate.Every(time.Hour), 1)
	l.purgeAbove = 100
	for i := range 101 {
		l.Allow("old"+strconv.Itoa(i), t0)
	}
	l.Allow("recent", t0.Add(idleFor))
	if n := len(l.m); n != 102 {
		t.Fatalf("%d keys, want 102 (none idle for more than ten minutes yet)", n)
	}
	l.Allow("new", t0.Add(idleFor+time.Second))
	if n := len(l.m); n != 2 {
		t.Errorf("%d keys after the purge, want 2 (recent and new)", n)
	}
	if l.Allow("recent", t0.Add(10*time.Minute+time.Second)) {
		t.Error("the recent key's spent token came back: it was forgotten")
	}
}
