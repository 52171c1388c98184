package mcts

import (
	"math/bits"
	"math/rand/v2"

	"turncoat/game"
	"turncoat/games/turncoat"
)

func init() {
	registerPlayout("turncoat", turncoatPlayout)
	registerOrdering("turncoat", turncoatOrdering)
}

// turncoatOrdering scores selections as TurncoatGreedyGame does: fewer white pieces left on
// one's own board after one's own flip, and more on the opponent's.
func turncoatOrdering(s game.State, p game.Player, acts []game.Action, buf []float64) []float64 {
	buf = buf[:0]
	ts, ok := s.(*turncoat.State)
	if !ok {
		for range acts {
			buf = append(buf, 0)
		}
		return buf
	}
	b := ts.Boards()
	own, opp := b[p], b[p.Other()]
	for _, a := range acts {
		sq := int(a)
		buf = append(buf, float64(greedyScore(own, opp, sq)))
	}
	return buf
}

// TurncoatEpsilon is the share of uniformly random selections in Turncoat's game playout.
const TurncoatEpsilon = 0.1

// turncoatPlayout is Turncoat's game playout on bitboards: epsilon-greedy selections (see
// TurncoatGreedyGame). Uniformly random playouts almost never end a game of Turncoat before
// the round cap, so they tell the search nothing; greedy ones end in about 17 rounds.
func turncoatPlayout(g game.Game) Playout {
	return fallbackPlayout(g, func(ts *turncoat.State, rng *rand.Rand) (float64, bool) {
		r := ts.Rules()
		b := ts.Boards()
		return TurncoatGreedyGame(b[0], b[1], r.Mode, ts.Round(), r.Cap, TurncoatEpsilon, rng), true
	})
}

// TurncoatRandomGame plays a game of Turncoat out from Red's and Yellow's boards after round
// rounds (of a cap) with uniformly random selections, and returns Red's reward: 1, 0.5 or 0.
func TurncoatRandomGame(red, yellow turncoat.Board, mode turncoat.Mode, round, cap int, rng *rand.Rand) float64 {
	w := wyrand{state: rng.Uint64()} // a local source: no interface call per round
	res := turncoat.Check(red, yellow)
	for ; res == turncoat.InPlay && round < cap; round++ {
		rs := w.square(turncoat.Selectable(red, mode))
		ys := w.square(turncoat.Selectable(yellow, mode))
		red, yellow, res = turncoat.PlayRound(red, yellow, rs, ys)
	}
	return turncoatReward(res)
}

// TurncoatGreedyGame plays a game of Turncoat out like TurncoatRandomGame, but each side picks
// a uniformly random selection only with probability epsilon, and otherwise the selection that
// leaves the fewest white pieces on its own board after its own flip, less a quarter of those
// the same flip would leave on the opponent's board as it stands (the opponent's own flip comes
// first there, but it is unknown); ties go at random.
func TurncoatGreedyGame(red, yellow turncoat.Board, mode turncoat.Mode, round, cap int, epsilon float64, rng *rand.Rand) float64 {
	w := wyrand{state: rng.Uint64()}
	res := turncoat.Check(red, yellow)
	for ; res == turncoat.InPlay && round < cap; round++ {
		rs := w.greedySelection(red, yellow, mode, epsilon)
		ys := w.greedySelection(yellow, red, mode, epsilon)
		red, yellow, res = turncoat.PlayRound(red, yellow, rs, ys)
	}
	return turncoatReward(res)
}

// greedySelection is one side's selection in TurncoatGreedyGame, with its own board and the
// opponent's.
func (w *wyrand) greedySelection(own, opp turncoat.Board, mode turncoat.Mode, epsilon float64) int {
	m := turncoat.Selectable(own, mode)
	if w.float() < epsilon {
		return w.square(m)
	}
	best, bestV, ties := 0, -1<<30, 0
	for x := m; x != 0; x &= x - 1 {
		sq := bits.TrailingZeros64(x)
		v := greedyScore(own, opp, sq)
		switch {
		case v > bestV:
			best, bestV, ties = sq, v, 1
		case v == bestV:
			ties++
			if w.below(ties) == 0 {
				best = sq
			}
		}
	}
	return best
}

// greedyScore is the greedy value of selecting sq with one's own board own against the
// opponent's opp: fewer white pieces on own after the flip, and (a quarter as much) more on opp.
func greedyScore(own, opp turncoat.Board, sq int) int {
	return 4*-bits.OnesCount64(own.Flip(sq).White()) + bits.OnesCount64(opp.Flip(sq).White())
}

func turncoatReward(res turncoat.Result) float64 {
	switch res {
	case turncoat.RedWins:
		return 1
	case turncoat.YellowWins:
		return 0
	}
	return 0.5
}
