package mcts

import (
	"math/bits"
	"math/rand/v2"

	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
)

func init() { registerPlayout("reversi", reversiPlayout) }

// reversiPlayout is the uniformly random Reversi playout on bitboards: the same distribution
// of games as RandomPlayout, without the contract's per-move checks. Games it does not cover
// (the free start's placements, the rule that a side without a move ends the game) fall back to
// RandomPlayout.
func reversiPlayout(g game.Game) Playout {
	return fallbackPlayout(g, func(rs *reversi.State, rng *rand.Rand) (float64, bool) {
		r := rs.Rules()
		b := rs.Board()
		centre := discs.CentreMask(b.Size)
		if r.NoMove != reversi.NoMovePass || (b.Black|b.White)&centre != centre {
			return 0, false
		}
		return ReversiRandomGame(b, rng), true
	})
}

// ReversiRandomGame plays two uniformly random games from b (a side without a move passes; a
// game ends when neither can move) and returns Black's mean reward over the two: 1, 0.75, 0.5,
// 0.25 or 0. Sampling each leaf twice costs little more than once: discs.RandomPlayouts2
// interleaves the two games in one AVX2 loop.
func ReversiRandomGame(b reversi.Board, rng *rand.Rand) float64 {
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
