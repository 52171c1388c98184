package api

import (
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// Kind describes a game kind (GET /api/kinds).
type Kind struct {
	Name    string            `json:"name"`
	Title   string            `json:"title"`
	Sides   [2]string         `json:"sides"`
	Options []game.OptionSpec `json:"options"`
	Records []string          `json:"records"`
	Levels  [2]int            `json:"levels"`
	Hints   bool              `json:"hints"`
	// Summary, Pieces, Checkered and Tournament are what the game says of itself
	// (game.Info, filled in by DescribeKind), so that the UI shows any game without knowing
	// it by name: one line of English for the home page; how its pieces and its sides are
	// drawn ("disc", "stack" or "number"); a board of light and dark squares; whether
	// play-by-post tournaments may run it; and the board theme its options pick for the
	// "auto" setting (6x6 Othello in the forum's red and blue), the first hint that applies.
	Summary    string           `json:"summary"`
	Pieces     game.PieceStyle  `json:"pieces"`
	Checkered  bool             `json:"checkered"`
	Tournament bool             `json:"tournament"`
	Themes     []game.ThemeHint `json:"themes,omitempty"`
}

// CreateGame is the body of POST /api/games.
type CreateGame struct {
	Kind    string            `json:"kind"`
	Options map[string]string `json:"options"`
	// Mode is "hotseat" (you hold both seats), "ai" (you against the AI) or "online" (you
	// against a person who joins by invitation or from the lobby).
	Mode domain.Mode `json:"mode"`
	// Side is the side you play ("first", "second", or "random"); hot-seat games ignore it.
	Side string `json:"side"`
	// Level (1-10) or Engine (a vetted engine spec) set the AI of an "ai" game.
	Level  int    `json:"level"`
	Engine string `json:"engine"`
	// Open puts an online game in the lobby for anyone to accept; otherwise only the
	// invitation link lets someone join.
	Open  bool             `json:"open"`
	Time  game.TimeControl `json:"time"`
	Rated bool             `json:"rated"`
	// Correspondence sets a correspondence time control in days (instead of Time).
	Correspondence *Correspondence `json:"correspondence"`
	// Hints gives both players of an online game the engine's help while it runs.
	Hints bool `json:"hints"`
	// Position, when set, is the position the game starts from, in the game's position
	// notation or a view's "state" (a review's "practise from here"): hot-seat games and games
	// against the AI only.
	Position string `json:"position,omitempty"`
	// BrowserAI (a game against the AI at a level) lets the page's own engine play the AI's
	// moves: the player's page sends them (POST /api/games/{id}/move with "ai": true), and
	// the server's AI moves for the seat only when none comes within a few seconds.
	BrowserAI bool `json:"browserAI,omitempty"`
}

// Correspondence is a correspondence time control as the API takes it: days per move and an
// optional increment in days.
type Correspondence struct {
	Days          int `json:"days"`
	IncrementDays int `json:"incrementDays"`
}

// Join is the body of POST /api/games/{id}/join: the invitation's token, or nothing for an
// open challenge.
type Join struct {
	Token string `json:"token"`
}

// Seat is a seat as clients see it.
type Seat struct {
	Side   game.Player `json:"side"`
	Name   string      `json:"name"`
	Player string      `json:"player,omitempty"`
	AI     string      `json:"ai,omitempty"`
	Open   bool        `json:"open"`
	You    bool        `json:"you"`
	// Browser: the seat's AI moves may come from its game's player's browser (see
	// CreateGame.BrowserAI).
	Browser bool `json:"browser,omitempty"`
}

// Game is a game as the caller sees it: the game's row and the table's view for the caller's
// side.
type Game struct {
	ID        string        `json:"id"`
	Kind      string        `json:"kind"`
	Mode      domain.Mode   `json:"mode"`
	Status    domain.Status `json:"status"`
	Rated     bool          `json:"rated"`
	Created   time.Time     `json:"created"`
	RematchOf string        `json:"rematchOf,omitempty"`
	Rematch   string        `json:"rematch,omitempty"`
	Seats     [2]Seat       `json:"seats"`
	You       []string      `json:"you"`
	Invite    string        `json:"invite,omitempty"`
	View      game.View     `json:"view"`
	// Actions describe the viewer's legal moves square by square, in games whose moves take a
	// piece from one square to another (Turnover).
	Actions []Action `json:"actions,omitempty"`
}

// Action describes a legal move of a game whose pieces go from one square to another, so a
// client can highlight a picked piece's destinations without knowing the game's notation.
type Action struct {
	// Move is the move in the game's notation (what the client sends back).
	Move string `json:"move"`
	game.MoveDescription
}

// Summary is a game in a list (your games, the lobby, a profile).
type Summary struct {
	ID      string        `json:"id"`
	Kind    string        `json:"kind"`
	Mode    domain.Mode   `json:"mode"`
	Status  domain.Status `json:"status"`
	Rated   bool          `json:"rated"`
	Options string        `json:"options"`
	Time    string        `json:"time"`
	Seats   [2]Seat       `json:"seats"`
	Ply     int           `json:"ply"`
	Updated time.Time     `json:"updated"`
	Outcome game.Outcome  `json:"outcome"`
	// Clock is the time control (Time in words).
	Clock game.TimeControl `json:"clock"`
	// Ratings are the seated players' ratings in the game's variant (lobby challenges), or
	// before the game with its change (a profile's rated games).
	Ratings [2]*GameRating `json:"ratings,omitzero"`
	// YourMove tells the caller that they must act in the game (their own list).
	YourMove bool `json:"yourMove,omitempty"`
}

// Lobby is the lobby's lists.
type Lobby struct {
	Challenges []Summary `json:"challenges"`
	Live       []Summary `json:"live"`
}

// Command is the body of the command endpoints (every field optional but "move").
type Command struct {
	Side   string `json:"side"`
	Move   string `json:"move"`
	Ply    *int   `json:"ply"`
	Moves  int    `json:"moves"`
	Accept bool   `json:"accept"`
	// AI marks a move as the AI seat's, computed by the engine in the browser of the game's
	// player (a game created with CreateGame.BrowserAI); it must name the ply it was computed
	// at.
	AI bool `json:"ai,omitempty"`
}

// Import is the body of POST /api/import.
type Import struct {
	Kind    string            `json:"kind"`
	Format  string            `json:"format"`
	Text    string            `json:"text"`
	Options map[string]string `json:"options"`
	// Finished refuses a record that does not reach the game's end: a game played on a device
	// without the network is uploaded only once it is over, as a finished casual game.
	Finished bool `json:"finished,omitempty"`
}

// Analyze is the body of POST /api/analyze: a position of any game, given as a start and
// moves from it, and how hard the engine should look at it.
type Analyze struct {
	Kind    string            `json:"kind"`
	Options map[string]string `json:"options"`
	// State is the starting position: the game's own position notation (an OBF-like board for
	// Reversi) or a canonical encoding (a view's "state"); empty for the start under Options.
	State string `json:"state"`
	// Moves are played from the starting position, in the game's notation.
	Moves []string `json:"moves"`
	// Level is the engine's strength, 1 to 10; 0 only replays the position (a replay of a
	// game's earlier position, a variation on the analysis board).
	Level int `json:"level"`
	// Side is whose moves to value at a simultaneous node ("first" or "second"; default first).
	Side string `json:"side"`
}

// Analysis is the answer to an analysis: the position's view for the side, and with a level
// the engine's values of its moves.
type Analysis struct {
	View    game.View   `json:"view"`
	Side    game.Player `json:"side"`
	Actions []Action    `json:"actions,omitempty"`
	Level   int         `json:"level,omitempty"`
	Moves   []Hint      `json:"moves,omitempty"`
}

// Hint is the engine's opinion of one move, as hints and analyses report it.
type Hint struct {
	Move   string  `json:"move"`
	Visits int64   `json:"visits"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	PV     string  `json:"pv,omitempty"`
	// Exact tells that Value is the move's value with perfect play (a solved endgame).
	Exact bool `json:"exact,omitempty"`
}

// Hints is the answer to GET /api/games/{id}/hint.
type Hints struct {
	Side  game.Player `json:"side"`
	Level int         `json:"level"`
	Moves []Hint      `json:"moves"`
}

// GameAnalysis is the body of POST /api/games/{id}/analysis.
type GameAnalysis struct {
	// Ply is the position's number: 0 the start, n after the game's n-th move.
	Ply int `json:"ply"`
	// Level is the engine's strength (1-10), or 0 for the position alone.
	Level int `json:"level"`
}

// GameRating is a player's rating as a game's page shows it.
type GameRating struct {
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Games     int     `json:"games"`
	// Change is the rating's change by this game, once it is over and rated.
	Change *float64 `json:"change,omitempty"`
}

// GameInfo is what a game's page shows beside the board: the settings, the players' ratings
// in the game's variant (and their change at the end), the number of spectators, and what the
// caller may do.
type GameInfo struct {
	Hints bool `json:"hints"`
	// EngineHelp tells whether the engine may help now (hints, evaluation, analysis board).
	EngineHelp bool `json:"engineHelp"`
	// BetweenPeople tells whether the game is played online by two people.
	BetweenPeople bool `json:"betweenPeople"`
	Rated         bool `json:"rated"`
	// Ratings are the players' ratings in a rated game (before it, while it runs).
	Ratings  *[2]GameRating `json:"ratings,omitempty"`
	Watchers int            `json:"watchers"`
	Chat     ChatInfo       `json:"chat"`
}

// Record is a game's JSON record (GET /api/games/{id}/export?format=json).
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

// BookPosition is what the opening book knows of a position (GET /api/book).
type BookPosition struct {
	ToMove string `json:"toMove"`
	InBook bool   `json:"inBook"`
	// Games is the number of the book's games through the position (in the book only).
	Games int `json:"games,omitempty"`
	// Value is the position's value for the side to move, in discs, when known.
	Value *int       `json:"value,omitempty"`
	Moves []BookMove `json:"moves"`
	// Opening names the line's opening, reached at OpeningPly.
	Opening    string    `json:"opening"`
	OpeningPly int       `json:"openingPly"`
	Book       BookStats `json:"book"`
}

// BookStats is the size of the opening book.
type BookStats struct {
	Positions int `json:"positions"`
	Games     int `json:"games"`
	Plies     int `json:"plies"`
	Depth     int `json:"depth"`
}

// BookMove is a move of the opening explorer.
type BookMove struct {
	Move string `json:"move"`
	// Value is the move's value for the side to move, in discs (null while unknown).
	Value *int `json:"value"`
	Games int  `json:"games"`
	// Leaf marks the best move outside the book, valued by the engine.
	Leaf bool `json:"leaf,omitempty"`
	// Opening names the opening the move reaches, when it reaches a named one.
	Opening string `json:"opening,omitempty"`
}
