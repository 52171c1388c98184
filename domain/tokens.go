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

// Purposes of the links mailed to an account.
const (
	// LinkEmail confirms an address (AccountLink.Email).
	LinkEmail = "email"
	// LinkReset sets a new password.
	LinkReset = "reset"
)

// AccountLink is a link mailed to an account: its secret is never stored, only its hash. It
// works once, before it expires.
type AccountLink struct {
	Hash    string
	UserID  int64
	Purpose string
	// Email is the address the link was mailed to (for LinkEmail, the address it confirms).
	Email            string
	Created, Expires time.Time
	// Used is when it was used (zero: not yet).
	Used time.Time
}
