// Package game is the contract every Turncoat game meets.
//
// A game is a [Game] (its name, side names, typed options, and constructors) and its positions
// are [State] values. Moves are [Action]s: small integers whose meaning each game defines, with
// parse and format to the game's notation, so search stays allocation-free and records stay
// readable.
//
// A state says who must act now (see [Actors]): one side (Othello, Turnover, Blocs, Troll), both
// sides at once (a Turncoat round, a simultaneous node: see [State.ApplyJoint]), or nobody, when
// the game is over and [State.Outcome] tells the winner, or a draw, and a score where the game has
// one.
//
// Every game in Turncoat has exactly two sides, [First] and [Second].
//
// The package does no I/O; records, servers and engines build on it.
package game

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Player is a side of the game: First (index 0) or Second (index 1). Which colour that is depends
// on the game: Black in Reversi, Red in Turncoat, White in Turnover.
type Player int8

// The two sides, and NoPlayer for "nobody" (a draw, or a game still in play).
const (
	NoPlayer Player = -1
	First    Player = 0
	Second   Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// Valid reports whether p is First or Second.
func (p Player) Valid() bool { return p == First || p == Second }

// String returns "first", "second" or "none".
func (p Player) String() string {
	switch p {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return "none"
}

// Actors is the set of players who must act in a state. Empty means the game is over.
type Actors uint8

// Sets of actors.
const (
	Nobody     Actors = 0
	FirstActs  Actors = 1 << First
	SecondActs Actors = 1 << Second
	BothAct    Actors = FirstActs | SecondActs
)

// ActorsOf returns the set holding just p (empty when p is not a side).
func ActorsOf(p Player) Actors {
	if !p.Valid() {
		return Nobody
	}
	return 1 << p
}

// Has reports whether p must act.
func (a Actors) Has(p Player) bool { return p.Valid() && a&(1<<p) != 0 }

// Simultaneous reports whether both sides act at once.
func (a Actors) Simultaneous() bool { return a == BothAct }

// Single returns the one player who acts, or NoPlayer when nobody or both act.
func (a Actors) Single() Player {
	switch a {
	case FirstActs:
		return First
	case SecondActs:
		return Second
	}
	return NoPlayer
}

// Action is a move, a selection or a placement: a small integer whose meaning each game defines.
// Games parse and format actions with [State.ParseAction] and [State.FormatAction].
type Action int32

// NoAction is never a legal action of any game.
const NoAction Action = -1

// Joint is the pair of actions of a simultaneous node, indexed by Player.
type Joint [2]Action

// State is a position of a game together with everything that decides its future: options,
// side to move, counters. States are mutable values; Clone copies one.
//
// Legal, Apply and ApplyJoint are the hot path of generic search: implementations keep them free
// of allocation (Legal appends into the caller's buffer).
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// Options returns the options the game was created with.
	Options() Options
	// ToAct returns who must act now; Nobody when the game is over.
	ToAct() Actors
	// Legal appends p's legal actions to buf[:0] and returns the result. It is empty exactly
	// when p does not act now: a side that must pass has a pass action.
	Legal(p Player, buf []Action) []Action
	// Apply plays the action of the single player to act. The action must be one Legal
	// returned: games reject what they can cheaply detect, and Play validates fully.
	Apply(a Action) error
	// ApplyJoint plays both sides' actions at a simultaneous node.
	ApplyJoint(j Joint) error
	// Clone returns an independent copy.
	Clone() State
	// Outcome tells whether the game is over and how it ended.
	Outcome() Outcome
	// Encode returns the canonical text of the state: options included, so that the game's
	// Decode gives back a state that encodes to exactly the same text and plays the same.
	Encode() string
	// ParseAction reads p's action in the game's notation. It does not check legality.
	ParseAction(p Player, text string) (Action, error)
	// FormatAction writes p's action in the game's notation, given this state (some
	// notations, like Turnover's, disambiguate by position).
	FormatAction(p Player, a Action) string
}

// Game describes one kind of game: its name, its sides, its options and its constructors.
type Game interface {
	// Name is the identifier used in URLs, records and the CLI ("reversi", "turnover").
	Name() string
	// Title is the display name ("Reversi / Othello").
	Title() string
	// SideNames returns the names of First and Second under the given options
	// ("Black", "White"; "Red", "Blue" on the 6x6 by post).
	SideNames(o Options) [2]string
	// OptionSpecs lists the game's options in a fixed order.
	OptionSpecs() []OptionSpec
	// New returns the starting state under the given options (from ParseOptions).
	New(o Options) (State, error)
	// Decode reads a state from its canonical text (State.Encode).
	Decode(text string) (State, error)
}

// Errors shared by every game, for errors.Is.
var (
	// ErrIllegal marks an action that is not legal in the state.
	ErrIllegal = errors.New("illegal move")
	// ErrNotYourTurn marks an action by a player who does not act now.
	ErrNotYourTurn = errors.New("not this player's turn")
	// ErrGameOver marks an action after the end of the game.
	ErrGameOver = errors.New("game is over")
	// ErrSyntax marks text that is not valid notation or encoding.
	ErrSyntax = errors.New("syntax error")
	// ErrOption marks an unknown or invalid option.
	ErrOption = errors.New("invalid option")
)

// Play validates p's action against the legal actions of s and, at a sequential node, applies it.
// At a simultaneous node use PlayJoint. It is the safe entry point for actions from outside
// (users, records, the network); search calls Apply directly.
func Play(s State, p Player, a Action) error {
	if err := CheckLegal(s, p, a); err != nil {
		return err
	}
	if s.ToAct().Simultaneous() {
		return fmt.Errorf("%w: both sides act at once here; use a joint move", ErrNotYourTurn)
	}
	return s.Apply(a)
}

// PlayJoint validates both actions of a simultaneous node and applies them.
func PlayJoint(s State, j Joint) error {
	if !s.ToAct().Simultaneous() {
		if s.ToAct() == Nobody {
			return ErrGameOver
		}
		return fmt.Errorf("%w: only %s acts here", ErrNotYourTurn, s.ToAct().Single())
	}
	for p := First; p <= Second; p++ {
		if err := CheckLegal(s, p, j[p]); err != nil {
			return err
		}
	}
	return s.ApplyJoint(j)
}

// legalBuffers hold the legal moves CheckLegal looks through.
var legalBuffers = sync.Pool{New: func() any { b := make([]Action, 0, 256); return &b }}

// CheckLegal returns nil when a is one of p's legal actions in s, and an error that says why
// not otherwise (game over, not p's turn, or illegal).
func CheckLegal(s State, p Player, a Action) error {
	acts := s.ToAct()
	if acts == Nobody {
		return ErrGameOver
	}
	if !acts.Has(p) {
		return fmt.Errorf("%w: %s does not act now", ErrNotYourTurn, p)
	}
	// The buffer would escape through the interface call, a heap allocation per move checked.
	buf := legalBuffers.Get().(*[]Action)
	legal := s.Legal(p, (*buf)[:0])
	found := slices.Contains(legal, a)
	legalBuffers.Put(buf)
	if found {
		return nil
	}
	if e, ok := s.(IllegalExplainer); ok {
		if why := e.ExplainIllegal(p, a); why != "" {
			return fmt.Errorf("%w: %s: %s", ErrIllegal, s.FormatAction(p, a), why)
		}
	}
	return fmt.Errorf("%w: %s", ErrIllegal, s.FormatAction(p, a))
}

// Bounded is a state whose rules and options bound how many more moves (plies; a round of
// simultaneous selections is one) its game can last: a round cap, squares left to fill. A
// server refuses a game that could outlast what it keeps, and ends one without a bound at its
// own limit.
type Bounded interface {
	MovesLeft() int
}

// TurnSkipper is a state whose side to move can lose its turn, whether it has moves or not: what
// a play-by-post tournament's forced-pass rule does to a player who missed a round. SkipTurn
// returns the state with the other side to move and leaves s unchanged.
type TurnSkipper interface {
	SkipTurn() (State, error)
}

// PostSideNamer is a game whose sides are named otherwise when it is played by post (6x6
// Othello's forum games call its discs Red and Blue).
type PostSideNamer interface {
	PostSideNames(o Options) [2]string
}

// MoveDescriber is a state whose moves take a piece from one square to another (Turnover): it
// describes each of its legal actions square by square, so that a client highlights a picked
// piece's destinations without knowing the game's notation.
type MoveDescriber interface {
	DescribeAction(p Player, a Action) MoveDescription
}

// Forfeiter is a state some of whose legal moves lose the game at once for the side that plays
// them: moves the rules make a way to give up (Turnover: moving one's last Castle is how a
// player resigns). A table's view lists the viewer's such moves (View.Losing), so that a client
// asks its player to confirm one before sending it. Forfeits is asked of p's legal actions at a
// node where p acts alone, and is true exactly when the game is over after the action and p
// has lost (the conformance suite checks it against Apply and Outcome).
type Forfeiter interface {
	Forfeits(p Player, a Action) bool
}

// MoveDescription is one move square by square. The squares are named as the board view names
// its cells.
type MoveDescription struct {
	// From and To are the origin and target squares (empty for a move without squares, like a
	// claim).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Class is what the move does on its target: "move", "combine", "turnover", "capture",
	// "claim".
	Class string `json:"class"`
	// Result is the kind of the piece on the target after the move ("queen" after a
	// promotion), as the board view names kinds.
	Result string `json:"result,omitempty"`
}

// IllegalExplainer is a state that says why one of p's actions is illegal, in the words of the
// game's rules ("a disc on an edge square must capture"), for a player who tried it. It is
// called only for actions that are not legal; "" means it has nothing to add.
type IllegalExplainer interface {
	ExplainIllegal(p Player, a Action) string
}

// Marshal returns "<game name> <canonical encoding>", which Unmarshal reads back through a
// registry.
func Marshal(s State) string { return s.Game().Name() + " " + s.Encode() }

// PositionReader is a game that reads positions in its players' own notation (a FEN-like text,
// a board diagram) as well as its canonical encoding.
type PositionReader interface {
	ParsePosition(o Options, text string) (State, error)
}

// ReadPosition reads a position of g under o: the game's own position notation when it has one
// and the text parses, else the canonical encoding.
func ReadPosition(g Game, o Options, text string) (State, error) {
	if pr, ok := g.(PositionReader); ok {
		s, err := pr.ParsePosition(o, text)
		if err == nil {
			return s, nil
		}
		if s2, err2 := g.Decode(text); err2 == nil {
			return s2, nil
		}
		return nil, err
	}
	return g.Decode(text)
}

// Diagrammer is a state that draws itself as text for the terminal: the board with its
// coordinates, what each side has (counts, pieces in hand), and for viewer (a side, or
// NoPlayer for everything public) the marks that help it choose, such as Reversi's legal-move
// markers. Hot-seat play calls it for the side about to act.
type Diagrammer interface {
	Diagram(viewer Player) string
}
