package reversi

import (
	"math/bits"
	"math/rand/v2"

	"turncoat/game"
	"turncoat/games/discs"
)

// Playout plays the game out from s with uniformly random moves and returns Black's reward: 1,
// 0.5 or 0 (for a Monte Carlo search). On bitboards where it can (the same distribution of games,
// without the contract's per-move checks), through the rules otherwise (the free start's
// placements, the rule that a side without a move ends the game). s is left as it was.
func (s *State) Playout(rng *rand.Rand) float64 {
	b := s.board
	centre := discs.CentreMask(b.Size)
	if s.rules.NoMove == NoMovePass && (b.Black|b.White)&centre == centre {
		return RandomGame(b, rng)
	}
	c := s.Clone()
	var buf [65]game.Action // every square, or a pass
	for range 2 * 64 {
		acts := c.ToAct()
		if acts == game.Nobody {
			return c.Outcome().Reward(game.First)
		}
		legal := c.Legal(acts.Single(), buf[:0])
		if len(legal) == 0 || c.Apply(legal[rng.IntN(len(legal))]) != nil {
			return 0.5
		}
	}
	return 0.5
}

// RandomGame plays two uniformly random games from b (a side without a move passes; a
// game ends when neither can move) and returns Black's mean reward over the two: 1, 0.75, 0.5,
// 0.25 or 0. Sampling each leaf twice costs little more than once: discs.RandomPlayouts2
// interleaves the two games in one AVX2 loop.
func RandomGame(b Board, rng *rand.Rand) float64 {
	p, o := b.Mover()
	p1, o1, p2, o2 := discs.RandomPlayouts2(p, o, b.Squares(), rng.Uint64())
	r := (reward(p1, o1) + reward(p2, o2)) / 2
	if b.Turn != 0 {
		r = 1 - r // the rewards are the side to move's; Black's is wanted
	}
	return r
}

// reward is the result of a finished game for the side with discs p: 1, 0.5 or 0.
func reward(p, o uint64) float64 {
	np, no := bits.OnesCount64(p), bits.OnesCount64(o)
	switch {
	case np > no:
		return 1
	case np < no:
		return 0
	}
	return 0.5
}
