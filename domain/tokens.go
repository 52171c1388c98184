package domain

import "time"

// APIToken is a bearer token of a registered user's bots and scripts as its owner sees it: the
// token itself is never stored, only its hash.
type APIToken struct {
	// ID names the token in the owner's list and in a revoke.
	ID      string
	Name    string
	Created time.Time
	// Expires is when the token stops working (zero: never).
	Expires time.Time
}

// Expired reports whether the token has expired at now.
func (t APIToken) Expired(now time.Time) bool { return !t.Expires.IsZero() && !now.Before(t.Expires) }
