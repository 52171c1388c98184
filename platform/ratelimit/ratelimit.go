// Package ratelimit is token buckets by key (an address, a user, a user in a game), forgotten
// when idle, for the limits on what one caller may do.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiters are token buckets by key.
type Limiters struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	m     map[string]*entry
	// purgeAbove is the number of keys past which a new key first forgets the idle ones
	// (maxKeys; a test sets a few).
	purgeAbove int
}

// maxKeys is how many keys are held before the idle ones are forgotten: a flood of addresses
// cannot grow the map without end.
const maxKeys = 100000

// idleFor is how long a key is unused before it may be forgotten.
const idleFor = 10 * time.Minute

type entry struct {
	l    *rate.Limiter
	seen time.Time
}

// New returns buckets of every tokens a second (rate.Inf: no limit) and a burst.
func New(every rate.Limit, burst int) *Limiters {
	return &Limiters{every: every, burst: burst, m: map[string]*entry{}, purgeAbove: maxKeys}
}

// Of returns a rate: def for 0, none for a negative r, else r.
func Of(r, def float64) rate.Limit {
	switch {
	case r == 0:
		return rate.Limit(def)
	case r < 0:
		return rate.Inf
	}
	return rate.Limit(r)
}

// Allow takes a token of key's bucket at now, reporting whether there was one.
func (l *Limiters) Allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.m[key]
	if e == nil {
		if len(l.m) > l.purgeAbove {
			for k, v := range l.m {
				if now.Sub(v.seen) > idleFor {
					delete(l.m, k)
				}
			}
		}
		e = &entry{l: rate.NewLimiter(l.every, l.burst)}
		l.m[key] = e
	}
	e.seen = now
	return e.l.AllowN(now, 1)
}
