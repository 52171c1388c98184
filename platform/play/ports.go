package play

import (
	"context"
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// Store is the service's port to the data it keeps: package store implements it (SQLite and
// PostgreSQL), and the service's tests can run against an in-memory fake.
type Store interface {
	// AITurnGames returns, a page at a time, the games in play where an AI seat must act: those of
	// ids after afterID, in id order, at most limit.
	AITurnGames(ctx context.Context, afterID string, limit int) ([]domain.Game, error)
	// AddChat stores a chat message (its ID and Created are set) and returns it.
	AddChat(ctx context.Context, m domain.ChatMessage, now time.Time) (domain.ChatMessage, error)
	// ChatMessage returns one chat message.
	ChatMessage(ctx context.Context, id int64) (domain.ChatMessage, error)
	// Chat returns a game's chat messages after the message afterID, oldest first, at most limit.
	Chat(ctx context.Context, gameID string, afterID int64, limit int) ([]domain.ChatMessage, error)
	// ChatOff reports which of the users switched the chat off.
	ChatOff(ctx context.Context, userIDs ...int64) (map[int64]bool, error)
	// ChatSeats returns the chat settings of the users in a game, by user.
	ChatSeats(ctx context.Context, gameID string) (map[int64]domain.ChatSeat, error)
	// Commit stores a change: the game's row, the moves played (or taken back), the pending
	// selections and the events, in one transaction, and on PostgreSQL notifies the other
	// instances. A change from a stale version, or for a ply already played, is ErrConflict and
	// stores nothing. A change that seats a player (Seat) or makes the game's rematch (Rematch)
	// does so in the same transaction, so that every instance learns of it as of a move.
	Commit(ctx context.Context, c domain.Change) error
	// CountPlaying returns the number of games of a mode in play (active) in which a user holds a
	// seat.
	CountPlaying(ctx context.Context, userID int64, mode domain.Mode) (int, error)
	// CreateGame stores a new game with its seats (and, for a rematch, links the game it follows).
	CreateGame(ctx context.Context, g domain.Game, jobs ...domain.Job) error
	// CreateGameWithMoves stores a new game and its first change (an imported game's moves)
	// in one transaction: a change that fails stores no game.
	CreateGameWithMoves(ctx context.Context, g domain.Game, c domain.Change) error
	// Events returns a game's events after a version, oldest first (at most limit).
	Events(ctx context.Context, id string, after int64, limit int) ([]domain.Event, error)
	// Game returns a game's row with its seats.
	Game(ctx context.Context, id string) (domain.Game, error)
	// GameRatingChanges returns the players' ratings before and after a rated game, once its
	// update is stored (nil before, or for a game recorded without a change).
	GameRatingChanges(ctx context.Context, gameID string) ([]domain.RatingChange, error)
	// GameSettingsOf returns a game's settings (the zero value for a game made without any).
	GameSettingsOf(ctx context.Context, gameID string) (domain.GameSettings, error)
	// ListGames returns games by filter, the most recently updated first.
	ListGames(ctx context.Context, f domain.ListFilter) ([]domain.Game, error)
	// LoadSnapshot returns a game's row and its table's snapshot (to restore with game.Restore).
	LoadSnapshot(ctx context.Context, id string) (domain.Game, game.Snapshot, error)
	// SetChatOff switches a user's chat off (or on again) in every game.
	SetChatOff(ctx context.Context, userID int64, off bool) error
	// SetChatSeat stores a player's chat settings in a game.
	SetChatSeat(ctx context.Context, gameID string, userID int64, cs domain.ChatSeat) error
	// SetGameSettings stores a game's settings.
	SetGameSettings(ctx context.Context, gameID string, gs domain.GameSettings) error
	// TakeVacation records days of vacation taken by a user in year, within allowance days a year:
	// beyond it, ErrAllowance and nothing is recorded. It returns the days used in the year after
	// the request.
	TakeVacation(ctx context.Context, userID int64, year, days, allowance int) (int, error)
	// UserRating returns a user's rating in a variant (a new player's rating, with no games, when
	// they have none).
	UserRating(ctx context.Context, userID int64, variant string) (domain.Rating, error)
	// VacationUsed returns the vacation days a user took in year.
	VacationUsed(ctx context.Context, userID int64, year int) (int, error)
}
