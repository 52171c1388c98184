package api

import (
	"time"

	"turncoat/game"
	"turncoat/tournament"
)

// CreateTournament is the body of POST /api/tournaments: tournament.Config with durations as
// text ("24h", "90m") and the options as text.
type CreateTournament struct {
	Title        string             `json:"title"`
	Game         string             `json:"game"`
	Options      string             `json:"options"`
	Sides        [2]string          `json:"sides"`
	RoundLength  string             `json:"roundLength"`
	Window       string             `json:"window"`
	Reward       *tournament.Amount `json:"reward"`
	Currency     string             `json:"currency"`
	NoReward     bool               `json:"noReward"`
	OddPlayer    string             `json:"oddPlayer"`
	Missed       string             `json:"missed"`
	ReplaceAfter int                `json:"replaceAfter"`
}

// TournamentRow is a tournament in a list.
type TournamentRow struct {
	ID      string    `json:"id"`
	Title   string    `json:"title"`
	Host    string    `json:"host"`
	Game    string    `json:"game"`
	Phase   string    `json:"phase"`
	Version int64     `json:"version"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// NextDeadline is when the tournament next needs advancing (zero when nothing is due).
	NextDeadline time.Time `json:"nextDeadline,omitzero"`
}

// Tournament is a tournament as clients see it.
type Tournament struct {
	TournamentRow
	Config             tournament.Config `json:"config"`
	SubscriptionCloses time.Time         `json:"subscriptionCloses"`
	Subscribers        []string          `json:"subscribers"`
	Reserves           []string          `json:"reserves"`
	Boards             int               `json:"boards"`
	Round              *Round            `json:"round,omitempty"`
	ClosedRounds       int               `json:"closedRounds"`
	// You says what the caller is: the host, a player (with their board), due to post.
	You *TournamentYou `json:"you,omitempty"`
}

// Round is a tournament's open round.
type Round struct {
	Number   int         `json:"number"`
	Side     game.Player `json:"side"`
	Colour   string      `json:"colour"`
	Title    string      `json:"title"`
	Opened   time.Time   `json:"opened"`
	Deadline time.Time   `json:"deadline"`
}

// TournamentYou is what the caller is in a tournament.
type TournamentYou struct {
	Host   bool `json:"host"`
	Player bool `json:"player"`
	Board  int  `json:"board,omitempty"`
	Due    bool `json:"due"`
}

// OpResult is the answer to a tournament operation: the tournament's version and the events it
// caused.
type OpResult struct {
	Version int64              `json:"version"`
	Events  []tournament.Event `json:"events"`
}

// Post is a post as the API takes it: the forum's text, or a board and a move (for an edit, the
// round of the post: by default the open one).
type Post struct {
	Text  string `json:"text"`
	Board int    `json:"board"`
	Move  string `json:"move"`
	Round int    `json:"round"`
}

// HostAction is the body of the host's tools.
type HostAction struct {
	Board    int               `json:"board"`
	Player   string            `json:"player"`
	Out      string            `json:"out"`
	In       string            `json:"in"`
	Duration string            `json:"duration"`
	Winner   *game.Player      `json:"winner"`
	Draw     bool              `json:"draw"`
	Reason   string            `json:"reason"`
	Seq      int               `json:"seq"`
	Amount   tournament.Amount `json:"amount"`
}

// Board is a tournament's board with its game as a client draws it.
type Board struct {
	tournament.BoardInfo
	View *game.View `json:"view,omitempty"`
}

// Ledger is a tournament's ledger.
type Ledger struct {
	Currency string                       `json:"currency"`
	Entries  []tournament.LedgerEntry     `json:"entries"`
	Balances map[string]tournament.Amount `json:"balances"`
	Total    tournament.Amount            `json:"total"`
}

// CreateEvent is the body of POST /api/events.
type CreateEvent struct {
	Format         string            `json:"format"`
	Kind           string            `json:"kind"`
	Options        map[string]string `json:"options"`
	Time           game.TimeControl  `json:"time"`
	Correspondence *Correspondence   `json:"correspondence"`
	Rated          bool              `json:"rated"`
	Rounds         int               `json:"rounds"`
}

// PairedEvent is a round-robin, Swiss or knockout event as the API shows it.
type PairedEvent struct {
	ID      string            `json:"id"`
	Format  string            `json:"format"`
	Kind    string            `json:"kind"`
	Options map[string]string `json:"options,omitempty"`
	Time    game.TimeControl  `json:"time"`
	Rated   bool              `json:"rated"`
	// Rounds is the number of rounds: given for Swiss, n-1 (n made even) for a round robin,
	// the bracket's depth for a knockout.
	Rounds int    `json:"rounds"`
	Host   string `json:"host"`
	Status string `json:"status"`
	// Players are the names in seed order.
	Players   []string              `json:"players"`
	RoundList []EventRound          `json:"roundList"`
	Bracket   *tournament.Knockout  `json:"bracket,omitempty"`
	Champion  string                `json:"champion,omitempty"`
	Standings []tournament.Standing `json:"standings"`
}

// EventRound is one round of a paired event.
type EventRound struct {
	Number   int            `json:"number"`
	Pairings []EventPairing `json:"pairings"`
}

// EventPairing is one board of a paired event's round: Players[0] plays First. A bye has no
// second player and no game.
type EventPairing struct {
	Board   int                    `json:"board"`
	Players [2]string              `json:"players"`
	Game    string                 `json:"game,omitempty"`
	Result  *tournament.GameResult `json:"result,omitempty"`
	// Ending is how the game ended (game.Outcome.Ending).
	Ending string `json:"ending,omitempty"`
	// Advanced is who went through a knockout match (the higher seed on a draw).
	Advanced string `json:"advanced,omitempty"`
}
