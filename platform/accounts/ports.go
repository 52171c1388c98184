package accounts

import (
	"context"
	"time"

	"turncoat/domain"
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
}
