package worker

import (
	"errors"
	"fmt"
	"time"

	"turncoat/game"
)

// The server's JSON forms, declared here again rather than imported: the API's package brings
// the server's domain (tournaments, ratings, catalogues of words) into the download, a tenth of
// its size. A test holds these to the API's types (the same JSON from the same values).

// Game is the API's game object (api.Game) of a hot-seat game.
type Game struct {
	ID      string    `json:"id"`
	Kind    string    `json:"kind"`
	Mode    string    `json:"mode"`
	Status  string    `json:"status"`
	Rated   bool      `json:"rated"`
	Created time.Time `json:"created"`
	Seats   [2]Seat   `json:"seats"`
	You     []string  `json:"you"`
	View    game.View `json:"view"`
	Actions []Action  `json:"actions,omitempty"`
}

// Seat is the API's seat (api.Seat).
type Seat struct {
	Side   game.Player `json:"side"`
	Name   string      `json:"name"`
	Player string      `json:"player,omitempty"`
	AI     string      `json:"ai,omitempty"`
	Open   bool        `json:"open"`
	You    bool        `json:"you"`
}

// Action is the API's description of a legal move (api.Action).
type Action struct {
	Move string `json:"move"`
	game.MoveDescription
}

// Hint is the API's value of a move (api.Hint).
type Hint struct {
	Move   string  `json:"move"`
	Visits int64   `json:"visits"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	PV     string  `json:"pv,omitempty"`
	Exact  bool    `json:"exact,omitempty"`
}

// Analyze is the API's analysis request (api.Analyze, the body of POST /api/analyze).
type Analyze struct {
	Kind    string            `json:"kind"`
	Options map[string]string `json:"options"`
	State   string            `json:"state"`
	Moves   []string          `json:"moves"`
	Level   int               `json:"level"`
	Side    string            `json:"side"`
}

// Analysis is the API's answer to an analysis (api.Analysis).
type Analysis struct {
	View    game.View   `json:"view"`
	Side    game.Player `json:"side"`
	Actions []Action    `json:"actions,omitempty"`
	Level   int         `json:"level,omitempty"`
	Moves   []Hint      `json:"moves,omitempty"`
}

// Record is the API's JSON record of a game (api.Record).
type Record struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Start   string            `json:"start"`
	Players [2]string         `json:"players"`
	Date    time.Time         `json:"date"`
	Moves   []string          `json:"moves"`
	Result  game.Outcome      `json:"result"`
}

// Command is the API's command body (api.Command), as far as a move reads it.
type Command struct {
	Side string `json:"side"`
	Move string `json:"move"`
	Ply  *int   `json:"ply"`
}

// Error is a refusal as the API writes it ({"code", "message"}), with the server's codes.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// The server's error codes (domain.Code) the engine answers with.
const (
	codeBadRequest  = "bad_request"
	codeBadJSON     = "bad_json"
	codeBadOption   = "bad_option"
	codeUnknownKind = "unknown_kind"
	codeNotFound    = "not_found"
	codeIllegalMove = "illegal_move"
	codeBadNotation = "bad_notation"
	codeNotYourTurn = "not_your_turn"
	codeGameOver    = "game_over"
	codeStalePly    = "stale_ply"
	codeConflict    = "conflict"
	codeNotAllowed  = "not_allowed"
	codeInternal    = "internal"
)

// errorf returns an Error of code with a formatted message, as the server's services do.
func errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// asError returns err as an Error: itself when it is one, the game contract's errors with the
// server's codes for them (domain.AsError), else an internal error.
func asError(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, game.ErrIllegal):
		return &Error{Code: codeIllegalMove, Message: err.Error()}
	case errors.Is(err, game.ErrSyntax):
		return &Error{Code: codeBadNotation, Message: err.Error()}
	case errors.Is(err, game.ErrNotYourTurn):
		return &Error{Code: codeNotYourTurn, Message: err.Error()}
	case errors.Is(err, game.ErrGameOver):
		return &Error{Code: codeGameOver, Message: err.Error()}
	case errors.Is(err, game.ErrNotAllowed):
		return &Error{Code: codeNotAllowed, Message: err.Error()}
	case errors.Is(err, game.ErrOption):
		return &Error{Code: codeBadOption, Message: err.Error()}
	case errors.Is(err, game.ErrNoSuchPlayer):
		return &Error{Code: codeBadRequest, Message: err.Error()}
	}
	return &Error{Code: codeInternal, Message: "internal error: " + err.Error()}
}

// actionsOf describes p's legal moves in st square by square, for games whose states describe
// their moves (game.MoveDescriber); nil for the others and at simultaneous nodes (the server's
// views do the same).
func actionsOf(st game.State, p game.Player) []Action {
	md, ok := st.(game.MoveDescriber)
	if !ok || !st.ToAct().Has(p) || st.ToAct().Simultaneous() {
		return nil
	}
	var buf [256]game.Action
	legal := st.Legal(p, buf[:0])
	out := make([]Action, 0, len(legal))
	for _, a := range legal {
		out = append(out, Action{Move: st.FormatAction(p, a), MoveDescription: md.DescribeAction(p, a)})
	}
	return out
}
