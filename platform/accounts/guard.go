package accounts

import (
	"sync"
	"time"
)

// Log-in back-off per account: after loginFreeFailures wrong passwords in a row, an account
// (known or not: an unknown name backs off the same way, so the answers do not tell names
// apart) waits before its next attempt, twice as long after each further failure, up to
// loginMaxWait; a success, or a day without failures, starts the count again. One attempt per
// account is checked at a time, so parallel guesses gain nothing. The state is each instance's
// own.
const (
	loginFreeFailures = 5
	loginFirstWait    = time.Second
	loginMaxWait      = 15 * time.Minute
	loginForget       = 24 * time.Hour
)

type loginGuard struct {
	mu sync.Mutex
	m  map[string]*loginRecord
}

type loginRecord struct {
	failures int
	last     time.Time
	until    time.Time
	busy     bool
}

// begin starts an attempt on an account; a refusal says how long to wait.
func (g *loginGuard) begin(key string, now time.Time) (time.Duration, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m == nil {
		g.m = map[string]*loginRecord{}
	}
	r := g.m[key]
	if r == nil {
		if len(g.m) >= 100000 {
			for k, v := range g.m {
				if !v.busy && now.After(v.until) && now.Sub(v.last) > time.Hour {
					delete(g.m, k)
				}
			}
		}
		r = &loginRecord{}
		g.m[key] = r
	}
	if r.busy {
		return time.Second, false
	}
	if now.Before(r.until) {
		return r.until.Sub(now), false
	}
	if now.Sub(r.last) > loginForget {
		r.failures = 0
	}
	r.busy = true
	return 0, true
}

// end finishes an attempt begun on an account.
func (g *loginGuard) end(key string, ok bool, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r := g.m[key]
	if r == nil {
		return
	}
	r.busy = false
	if ok {
		delete(g.m, key)
		return
	}
	r.failures++
	r.last = now
	if n := r.failures - loginFreeFailures; n >= 0 {
		r.until = now.Add(min(loginFirstWait<<min(n, 20), loginMaxWait))
	}
}
