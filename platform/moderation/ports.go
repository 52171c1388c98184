package moderation

import (
	"context"
	"time"

	"turncoat/domain"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests run against an in-memory fake.
type Store interface {
	// UserByName returns the user of a name (and its password hash, unused here).
	UserByName(ctx context.Context, name string) (domain.User, string, error)
	// UserByID returns a user.
	UserByID(ctx context.Context, id int64) (domain.User, error)
	// Game returns a game's row with its seats.
	Game(ctx context.Context, id string) (domain.Game, error)

	// SetBlock records (on) or lifts a user's block of another.
	SetBlock(ctx context.Context, userID, blockedID int64, on bool, now time.Time) error
	// Blocks returns the users a user blocked, by name.
	Blocks(ctx context.Context, userID int64) ([]domain.User, error)
	// Blocked reports whether a blocked b and whether b blocked a.
	Blocked(ctx context.Context, a, b int64) (aBlockedB, bBlockedA bool, err error)
	// SetMute records (on) or lifts a user's mute of another.
	SetMute(ctx context.Context, userID, mutedID int64, on bool, now time.Time) error
	// Mutes returns the users a user muted, by name.
	Mutes(ctx context.Context, userID int64) ([]domain.User, error)
	// MutedBy returns the users who muted a user.
	MutedBy(ctx context.Context, userID int64) (map[int64]bool, error)

	// SetModerator names a user a moderator (on) or takes the role back.
	SetModerator(ctx context.Context, userID int64, on bool, now time.Time) error
	// IsModerator reports whether a user is a moderator.
	IsModerator(ctx context.Context, userID int64) (bool, error)

	// AddReport stores a report (its ID, Status and Created are set) and returns it.
	AddReport(ctx context.Context, r domain.Report, now time.Time) (domain.Report, error)
	// Reports returns the reports of a status ("" for all), the oldest first, at most limit.
	Reports(ctx context.Context, status string, limit int) ([]domain.Report, error)
	// Report returns one report.
	Report(ctx context.Context, id int64) (domain.Report, error)
	// CloseReport sets an open report's status and logs the action in one transaction:
	// ErrConflict when it is no longer open, ErrNotFound when there is no such report.
	CloseReport(ctx context.Context, id int64, status string, a domain.ModAction) error

	// AddModAction stores an entry of the moderation log.
	AddModAction(ctx context.Context, a domain.ModAction) error
	// ModLog returns the moderation log, the newest first: entries with an ID below before
	// (0: from the newest), at most limit.
	ModLog(ctx context.Context, before int64, limit int) ([]domain.ModAction, error)

	// SetChatBan mutes a user in every chat until ban.Until (zero lifts it) and logs the
	// action, in one transaction.
	SetChatBan(ctx context.Context, ban domain.ChatBan, a domain.ModAction) error
	// ChatBanOf returns a user's chat mute (Until zero when there is none).
	ChatBanOf(ctx context.Context, userID int64) (domain.ChatBan, error)
	// ChatMessage returns one chat message.
	ChatMessage(ctx context.Context, id int64) (domain.ChatMessage, error)
	// ChatAround returns at most n messages of a game before a message, itself, and at most n
	// after it, oldest first.
	ChatAround(ctx context.Context, gameID string, id int64, n int) ([]domain.ChatMessage, error)
	// SetChatHidden hides a message for everyone (byID, a moderator) or shows it again (0),
	// logs the action and tells every instance sharing the store, in one transaction;
	// ErrNotFound for an unknown message.
	SetChatHidden(ctx context.Context, id, byID int64, a domain.ModAction) error

	// ChatWords returns the words the chat refuses, in order.
	ChatWords(ctx context.Context) ([]string, error)
	// SetChatWord adds (on) or removes a word the chat refuses; removing one not listed is
	// ErrNotFound.
	SetChatWord(ctx context.Context, word string, on bool) error
}

// Accounts is the accounts service's part in closing an account: Suspend ends the user's
// sessions and live games and refuses their log-ins, play and chat until Reinstate.
type Accounts interface {
	Suspend(ctx context.Context, userID int64, reason string) error
	Reinstate(ctx context.Context, userID int64) error
}

// Notifier stores a notice for a user and pushes it to their connections (a warning).
type Notifier interface {
	Notify(ctx context.Context, notes []domain.Notification) error
}

// Chat is the game service's chat: told of a line a moderator hid or showed again, so that
// its game's followers see it at once.
type Chat interface {
	ChatChanged(ctx context.Context, gameID string, id int64)
}
