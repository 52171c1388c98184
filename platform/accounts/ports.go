package accounts

import (
	"context"
	"time"

	"turncoat/domain"
	"turncoat/platform/mail"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// APITokenUser returns the user of a bearer token and the token (expired or not: the caller
	// tells an expired token from an unknown one).
	APITokenUser(ctx context.Context, tokenHash string) (domain.User, domain.APIToken, error)
	// APITokens lists a user's tokens, the oldest first.
	APITokens(ctx context.Context, userID int64) ([]domain.APIToken, error)
	// CreateAPIToken stores a bearer token of a user by its hash, unless the user already holds
	// limit tokens that have not expired (ErrLimit).
	CreateAPIToken(ctx context.Context, userID int64, tokenHash string, t domain.APIToken, limit int) error
	// CreateSession stores a session by the hash of its token (never the token itself).
	CreateSession(ctx context.Context, tokenHash string, userID int64, expires, now time.Time) error
	// CreateUser adds a user; passHash is empty for a guest. A name already taken is ErrConflict.
	CreateUser(ctx context.Context, name, passHash string, guest bool, now time.Time) (domain.User, error)
	// DeleteAPIToken revokes a user's token by its id and returns its hash; ErrNotFound when the
	// user has no such token. On PostgreSQL the other instances are told (ListenEnded).
	DeleteAPIToken(ctx context.Context, userID int64, id string) (string, error)
	// DeleteAPITokenByHash revokes the token of a hash (its bearer logs out).
	DeleteAPITokenByHash(ctx context.Context, tokenHash string) error
	// DeleteExpiredCredentials removes the sessions that expired before now, and the API tokens that
	// expired more than keep before now (their owners see them as expired for that long).
	DeleteExpiredCredentials(ctx context.Context, now time.Time, keep time.Duration) error
	// EndSession deletes a session and, on PostgreSQL, tells the other instances (ListenEnded).
	EndSession(ctx context.Context, tokenHash string) error
	// EndUserSessions deletes every session of a user and returns their hashes (the other instances
	// are told of each).
	EndUserSessions(ctx context.Context, userID int64) ([]string, error)
	// SessionByHash returns the user of a session and when it expires, expired or not (the caller
	// tells an expired session from an unknown one).
	SessionByHash(ctx context.Context, tokenHash string) (domain.User, time.Time, error)
	// SetPassword turns a guest into a registered user with a name and password (or changes them).
	SetPassword(ctx context.Context, id int64, name, passHash string) error
	// UserByName returns the user of a name and its password hash ("" for a guest).
	UserByName(ctx context.Context, name string) (domain.User, string, error)

	// UserByID returns a user.
	UserByID(ctx context.Context, id int64) (domain.User, error)

	// What an account's mail needs: its settings (the confirmed address, the language), the
	// language set, the address cleared.
	MailSettings(ctx context.Context, userID int64) (domain.MailSettings, error)
	SetMailLang(ctx context.Context, userID int64, lang string) error
	SetEmail(ctx context.Context, userID int64, email string) error

	// AddAccountLink stores a link mailed to a user by its hash; a new address's link makes the
	// user's unused ones expire (one address waits for confirmation at a time).
	AddAccountLink(ctx context.Context, l domain.AccountLink) error
	// AccountLink returns the link of a hash (used or expired or not); ErrNotFound for none.
	AccountLink(ctx context.Context, hash string) (domain.AccountLink, error)
	// PendingEmail returns the user's address waiting for confirmation (its unused link
	// unexpired at now); ErrNotFound when there is none.
	PendingEmail(ctx context.Context, userID int64, now time.Time) (domain.AccountLink, error)
	// RecentLinks counts the links of a purpose made after since for a user or to an address.
	RecentLinks(ctx context.Context, userID int64, email, purpose string, since time.Time) (int, error)
	// ConfirmEmail marks an address's link used and makes its address the user's, in one
	// transaction; ErrNotFound when the link is unknown, used or expired.
	ConfirmEmail(ctx context.Context, hash string, now time.Time) (domain.AccountLink, error)
	// ResetPassword marks a reset link used, sets the password and ends every session and API
	// token of the user, in one transaction (their hashes are returned; the other instances are
	// told); ErrNotFound when the link is unknown, used or expired.
	ResetPassword(ctx context.Context, hash, passHash string, now time.Time) (domain.AccountLink, []string, error)
	// UsersByEmail returns the users whose confirmed address is email.
	UsersByEmail(ctx context.Context, email string) ([]domain.User, error)
	// EndCredentials ends every session of a user but keep's ("" for none) and, with tokens,
	// every API token; it returns their hashes (the other instances are told).
	EndCredentials(ctx context.Context, userID int64, keep string, tokens bool) ([]string, error)
	// NameHeld reports whether a closed account's old name is held at now.
	NameHeld(ctx context.Context, name string, now time.Time) (bool, error)
	// CloseUser renames a user anon, holds its old name until holdUntil, drops its password,
	// address and links, and ends its credentials (their hashes are returned).
	CloseUser(ctx context.Context, userID int64, anon string, holdUntil, now time.Time) ([]string, error)
	// SuspendUser marks a user suspended for a reason and ends its credentials; ReinstateUser
	// lifts it.
	SuspendUser(ctx context.Context, userID int64, reason string, now time.Time) ([]string, error)
	ReinstateUser(ctx context.Context, userID int64) error
}

// Games is the game service's part in closing an account: its unfinished games end as
// abandoned, and the games in memory show its new name.
type Games interface {
	AbandonGamesOf(ctx context.Context, userID int64) (int, error)
	PlayerRenamed(ctx context.Context, userID int64, name string)
}

// Mailer sends an account's mail (to m.To).
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Ended is told the hashes of the credentials a change ended, so that the adapter closes their
// connections on this instance (the others hear of them through the store).
type Ended func(hashes []string)
