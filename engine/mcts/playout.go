package mcts

import (
	"math/rand/v2"

	"turncoat/game"
)

// Playout plays a game out from s, which it may change, and returns First's reward: 1 for a
// win, 0.5 for a draw, 0 for a loss. rng is the search tree's own source; a Playout belongs to
// one tree and may keep scratch buffers, so it is not shared between goroutines.
type Playout func(s game.State, rng *rand.Rand) float64

// PlayoutFactory makes a Playout for one search tree of game g.
type PlayoutFactory func(g game.Game) Playout

// Playouter is a state with a playout policy of its own (a game that knows a better or faster
// way to finish itself than uniformly random moves through the contract). GamePlayout uses it.
type Playouter interface {
	// Playout plays the game out from the state, which it may change, and returns First's
	// reward (1, 0.5 or 0).
	Playout(rng *rand.Rand) float64
}

// MaxPlayoutPlies ends a playout that runs longer as a draw; every game of Turncoat ends well
// before (round caps, full boards), so it only guards against a game bug looping for ever.
const MaxPlayoutPlies = 10000

// RandomPlayout returns the uniformly random playout through the game contract: every side to
// act picks one of its legal actions with equal probability (both sides at a simultaneous
// node). It works for any game; Legal fills buffers the playout owns, so a playout does not
// allocate beyond what the game's Apply does.
func RandomPlayout(game.Game) Playout {
	var buf [2][]game.Action
	buf[0] = make([]game.Action, 0, 256)
	buf[1] = make([]game.Action, 0, 256)
	return func(s game.State, rng *rand.Rand) float64 {
		for range MaxPlayoutPlies {
			acts := s.ToAct()
			switch {
			case acts == game.Nobody:
				return s.Outcome().Reward(game.First)
			case acts.Simultaneous():
				buf[0] = s.Legal(game.First, buf[0])
				buf[1] = s.Legal(game.Second, buf[1])
				j := game.Joint{buf[0][rng.IntN(len(buf[0]))], buf[1][rng.IntN(len(buf[1]))]}
				if s.ApplyJoint(j) != nil {
					return 0.5
				}
			default:
				p := acts.Single()
				buf[0] = s.Legal(p, buf[0])
				if len(buf[0]) == 0 || s.Apply(buf[0][rng.IntN(len(buf[0]))]) != nil {
					return 0.5 // a game bug; a playout has no one to report it to
				}
			}
		}
		return 0.5
	}
}

// GamePlayout returns the game's own playout policy: a state's Playouter method when it has
// one (Reversi and Turncoat play themselves out on bitboards), else RandomPlayout.
func GamePlayout(g game.Game) Playout {
	random := RandomPlayout(g)
	return func(s game.State, rng *rand.Rand) float64 {
		if p, ok := s.(Playouter); ok {
			return p.Playout(rng)
		}
		return random(s, rng)
	}
}

// Ordering scores p's actions acts in s, higher for more promising, appending the scores to
// buf[:0] in the order of acts. Searches with Config.Widen keep only the best few selections
// at simultaneous nodes.
type Ordering func(s game.State, p game.Player, acts []game.Action, buf []float64) []float64

// SelectionOrderer is a state that scores its selections itself (Turncoat on bitboards): the
// search's Ordering for its game.
type SelectionOrderer interface {
	OrderSelections(p game.Player, acts []game.Action, buf []float64) []float64
}

// orderingOf returns g's move ordering, or nil when its states have none.
func orderingOf(g game.Game) Ordering {
	start, err := g.New(game.DefaultOptions(g.OptionSpecs()))
	if err != nil {
		return nil
	}
	if _, ok := start.(SelectionOrderer); !ok {
		return nil
	}
	return func(s game.State, p game.Player, acts []game.Action, buf []float64) []float64 {
		if o, ok := s.(SelectionOrderer); ok {
			return o.OrderSelections(p, acts, buf)
		}
		buf = buf[:0]
		for range acts {
			buf = append(buf, 0)
		}
		return buf
	}
}
