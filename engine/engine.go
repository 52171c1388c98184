// Package engine is the contract of Turncoat's AI players. An Agent chooses an action for one
// side of a game state; Levels 1 (beginner) to 10 (strongest) are the scale every game's AI
// offers to the server and the CLI. The search packages (engine/mcts, engine/othello, ...)
// implement agents; engine/ai builds one from a game name and a level or a spec; engine/match
// plays agents against each other.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"turncoat/game"
)

// Agent chooses actions. Implementations honour ctx: when it is cancelled they return their best
// action so far if they have one, else ctx's error.
//
// An agent that holds what the garbage collector does not free in time (an external engine's
// process) also implements io.Closer: whoever made it closes it when its game ends, on every
// path (engine.Close does so for any agent). Closing releases those resources before Close
// returns, so that nothing of a finished game still runs beside the next one.
type Agent interface {
	// Name describes the agent, e.g. "reversi-ab level 7".
	Name() string
	// Choose returns p's action in s; p acts in s (alone, or at a simultaneous node with the
	// other side). s must not be changed.
	Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error)
}

// Close closes a if it holds resources (it implements io.Closer), and does nothing otherwise.
func Close(a Agent) error {
	if c, ok := a.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// A Starter is an agent with work to do before its first move (an external engine's process
// to start, its data to load). A match starts its agents before each game, so that their
// first move's time is their thinking only.
type Starter interface {
	Start(ctx context.Context) error
}

// Start starts a if it is a Starter, and does nothing otherwise.
func Start(ctx context.Context, a Agent) error {
	if s, ok := a.(Starter); ok {
		return s.Start(ctx)
	}
	return nil
}

// MoveStat is what an analysing agent knows of one candidate action: a UI shows these as hints.
type MoveStat struct {
	Action game.Action
	// Visits is the number of simulations or nodes spent on the action.
	Visits int64
	// Value is the expected result for the side to act: a win rate in [0,1] for MCTS, or a
	// score (discs, centipawns, ...) as Unit says.
	Value float64
	// Unit names Value's unit: "winrate", "discs", "score".
	Unit string
	// PV is the principal variation in notation, when the engine has one.
	PV string
	// Exact tells that Value is the action's value with perfect play from both sides (a
	// solved endgame), not an estimate.
	Exact bool
}

// Analyzer is an Agent that can report statistics on every candidate action.
type Analyzer interface {
	Agent
	Analyze(ctx context.Context, s game.State, p game.Player) ([]MoveStat, error)
}

// Level is an AI strength from MinLevel (beginner) to MaxLevel (strongest).
type Level int

// Level bounds.
const (
	MinLevel Level = 1
	MaxLevel Level = 10
)

// Valid reports whether l is within MinLevel..MaxLevel.
func (l Level) Valid() bool { return l >= MinLevel && l <= MaxLevel }

// ErrNoMove is returned by an agent asked to act when it does not.
var ErrNoMove = errors.New("engine: the player does not act in this state")

// Random plays uniformly random legal actions; it is the baseline of every match table.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random agent seeded for reproducible games.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Choose picks a legal action at random.
func (r *Random) Choose(_ context.Context, s game.State, p game.Player) (game.Action, error) {
	var buf [256]game.Action
	legal := s.Legal(p, buf[:0])
	if len(legal) == 0 {
		return game.NoAction, fmt.Errorf("%w: %s", ErrNoMove, p)
	}
	return legal[r.rng.IntN(len(legal))], nil
}

// Greedy plays the action that maximises a one-ply score of the game's choosing (for Reversi,
// the disc count after the move), breaking ties at random. It is the simple opponent the issue
// trackers and tests refer to as "one-ply greedy".
type Greedy struct {
	rng   *rand.Rand
	score func(s game.State, p game.Player) float64
}

// NewGreedy returns a greedy agent with the given evaluation (higher is better for p, measured
// in the state after p's move).
func NewGreedy(seed uint64, score func(s game.State, p game.Player) float64) *Greedy {
	return &Greedy{rng: rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d)), score: score}
}

// Name returns "greedy".
func (g *Greedy) Name() string { return "greedy" }

// Choose plays the best-scoring legal action one ply ahead; a winning action scores highest and
// a losing one lowest. At a simultaneous node, the other side is assumed to play its first
// legal action (greedy play does not model simultaneity).
func (g *Greedy) Choose(_ context.Context, s game.State, p game.Player) (game.Action, error) {
	var buf, other [256]game.Action
	legal := s.Legal(p, buf[:0])
	if len(legal) == 0 {
		return game.NoAction, fmt.Errorf("%w: %s", ErrNoMove, p)
	}
	best, bestScore, ties := legal[0], -1e300, 0
	for _, a := range legal {
		t := s.Clone()
		var err error
		if s.ToAct().Simultaneous() {
			j := game.Joint{}
			j[p] = a
			j[p.Other()] = s.Legal(p.Other(), other[:0])[0]
			err = t.ApplyJoint(j)
		} else {
			err = t.Apply(a)
		}
		if err != nil {
			return game.NoAction, err
		}
		var v float64
		if o := t.Outcome(); o.Over {
			v = 1e9 * (o.Reward(p) - 0.5)
		} else {
			v = g.score(t, p)
		}
		switch {
		case v > bestScore:
			best, bestScore, ties = a, v, 1
		case v == bestScore:
			ties++
			if g.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}
