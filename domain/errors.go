package domain

import (
	"errors"
	"fmt"

	"turncoat/game"
)

// Code says what kind of failure an Error is. Codes are stable: clients read them. Each has one
// meaning, so an adapter maps each to one status of its protocol.
type Code string

// The codes.
const (
	// BadRequest: a request's field is missing or out of range.
	BadRequest Code = "bad_request"
	// BadJSON: a request's body is not the JSON wanted.
	BadJSON Code = "bad_json"
	// TooLarge: a request or a record is larger than allowed.
	TooLarge Code = "too_large"
	// BadOption: a game's options or time control are not valid.
	BadOption Code = "bad_option"
	// UnknownKind: no such game.
	UnknownKind Code = "unknown_kind"
	// BadRecord: a record (a game's text) cannot be read, or a game cannot be written in a
	// format.
	BadRecord Code = "bad_record"
	// NotFound: no such game, user, tournament, event or token.
	NotFound Code = "not_found"
	// IllegalMove: the rules refuse the move.
	IllegalMove Code = "illegal_move"
	// BadNotation: the move is not written in the game's notation.
	BadNotation Code = "bad_notation"
	// NotYourTurn: the side does not act now.
	NotYourTurn Code = "not_your_turn"
	// GameOver: the game has ended.
	GameOver Code = "game_over"
	// StalePly: the command was made on a position the game has left (the error carries the
	// fresh view).
	StalePly Code = "stale_ply"
	// Conflict: another change came first.
	Conflict Code = "conflict"
	// NotAllowed: the state of the game, tournament or account does not allow it now.
	NotAllowed Code = "not_allowed"
	// Unauthorized: no credential, or one that is not (or no longer) valid.
	Unauthorized Code = "unauthorized"
	// Forbidden: the caller may not do this.
	Forbidden Code = "forbidden"
	// RateLimited: too many requests, or too much work waiting.
	RateLimited Code = "rate_limited"
	// Busy: a game's queue of commands is full; try again.
	Busy Code = "busy"
	// BadLogin: a wrong name or password.
	BadLogin Code = "bad_login"
	// NameTaken: the name is taken.
	NameTaken Code = "name_taken"
	// Unavailable: the service cannot answer now (the AI is busy, the database is down).
	Unavailable Code = "unavailable"
	// Internal: a fault of the service; its log says more.
	Internal Code = "internal"

	// TokenExpired, SessionExpired: the credential presented has expired.
	TokenExpired   Code = "token_expired"
	SessionExpired Code = "session_expired"
	// SessionEnded, TokenRevoked: the credential was ended (a log-out, a revoke).
	SessionEnded Code = "session_ended"
	TokenRevoked Code = "token_revoked"
	// TooManyTokens: the user has the most API tokens allowed.
	TooManyTokens Code = "too_many_tokens"
	// TooManySockets: the caller has the most live connections allowed.
	TooManySockets Code = "too_many_sockets"
	// TooManySubscriptions: the connection follows the most games allowed.
	TooManySubscriptions Code = "too_many_subscriptions"
	// LoginBackoff: the account refuses log-ins for a while after wrong passwords.
	LoginBackoff Code = "login_backoff"
	// WeakPassword: a common password, or the name.
	WeakPassword Code = "weak_password"
	// AccountClosed, AccountSuspended: the account was closed by its owner, or suspended by a
	// moderator; its credentials no longer work.
	AccountClosed    Code = "account_closed"
	AccountSuspended Code = "account_suspended"
	// LinkInvalid: a mailed link (an address's confirmation, a password reset) is unknown,
	// used already, or expired.
	LinkInvalid Code = "link_invalid"

	// Play by post: BadPost, a post that cannot be read (no board, no move); PassRefused, a
	// pass while a move exists; NotYourBoard, a board of someone else's; NotYourRound, the
	// other colour posts this round; SecondPost, a second post in a round (change the first);
	// RoundClosed, an edit after the round closed; NoPost, nothing to change; WrongPhase, before
	// the start or after the end.
	BadPost      Code = "bad_post"
	PassRefused  Code = "pass_refused"
	NotYourBoard Code = "not_your_board"
	NotYourRound Code = "not_your_round"
	SecondPost   Code = "second_post"
	RoundClosed  Code = "round_closed"
	NoPost       Code = "no_post"
	WrongPhase   Code = "wrong_phase"

	// A game's chat: ChatEmpty and ChatTooLong, a message without text or too long; ChatOff, the
	// chat is off (one's own setting or the opponent's).
	ChatEmpty   Code = "chat_empty"
	ChatTooLong Code = "chat_too_long"
	ChatOff     Code = "chat_off"
)

// Error is a failure a service reports to its caller: a code and a sentence that says what was
// wrong (in English: logs, the CLI). View, when set, is the fresh state the caller should catch
// up with (a stale command's game).
type Error struct {
	Code    Code
	Message string
	View    any
	// Err is the cause, if any, for errors.Is and errors.As (never shown to callers).
	Err error
	// Key, when set, names the sentence in the catalogues of the people's languages
	// (internal/words) that says Message, filled with Args; an adapter writes it in the
	// caller's language.
	Key  string
	Args map[string]string
}

// Words sets the catalogue's sentence that says e to a person (see Key), with its arguments
// as name, value pairs; it returns e.
func (e *Error) Words(key string, nameValues ...string) *Error {
	e.Key = key
	if len(nameValues) > 1 {
		e.Args = make(map[string]string, len(nameValues)/2)
		for i := 0; i+1 < len(nameValues); i += 2 {
			e.Args[nameValues[i]] = nameValues[i+1]
		}
	}
	return e
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an Error of code with a formatted message; a %w verb records the cause.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Code: code, Message: err.Error(), Err: errors.Unwrap(err)}
}

// ErrorCode returns the code of err: its Error's, or Internal.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Errors of storage, for errors.Is: package store returns them.
var (
	// ErrNotFound: no such row.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the change lost a race (a stale version, a ply already played, a name
	// taken).
	ErrConflict = errors.New("conflict")
)

// AsError returns err as an Error: itself when it is one; the game contract's and the store's
// errors with their codes; Internal, with a message that tells nothing, for anything else.
func AsError(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, game.ErrIllegal):
		return &Error{Code: IllegalMove, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrSyntax):
		return &Error{Code: BadNotation, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrNotYourTurn):
		return &Error{Code: NotYourTurn, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrGameOver):
		return &Error{Code: GameOver, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrNotAllowed):
		return &Error{Code: NotAllowed, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrOption):
		return &Error{Code: BadOption, Message: err.Error(), Err: err}
	case errors.Is(err, game.ErrNoSuchPlayer):
		return &Error{Code: BadRequest, Message: err.Error(), Err: err}
	case errors.Is(err, ErrNotFound):
		return &Error{Code: NotFound, Message: err.Error(), Err: err}
	case errors.Is(err, ErrConflict):
		return &Error{Code: Conflict, Message: err.Error(), Err: err}
	}
	return &Error{Code: Internal, Message: "internal error", Err: err}
}
