package turncoat

import (
	"math/bits"
	"math/rand/v2"

	"turncoat/game"
	"turncoat/internal/wyrand"
)

// Playouts and move ordering on bitboards, for Monte Carlo searches: a state plays itself out
// (Playout) and scores its selections (OrderSelections) faster than a search could through the
// game contract.

// OrderSelections scores p's selections acts, higher for more promising, as GreedyGame picks
// them: fewer white pieces left on one's own board after one's own flip, and more on the
// opponent's. The scores are appended to buf[:0] in the order of acts.
func (s *State) OrderSelections(p game.Player, acts []game.Action, buf []float64) []float64 {
	buf = buf[:0]
	b := s.boards
	own, opp := b[p], b[p.Other()]
	for _, a := range acts {
		sq := int(a)
		buf = append(buf, float64(greedyScore(own, opp, sq)))
	}
	return buf
}

// PlayoutEpsilon is the share of uniformly random selections in the game's playout.
const PlayoutEpsilon = 0.1

// Playout plays the game out from s on bitboards with epsilon-greedy selections (see
// GreedyGame) and returns Red's reward: 1, 0.5 or 0. Uniformly random playouts almost never end
// a game of Turncoat before the round cap, so they tell a search nothing; greedy ones end in
// about 17 rounds. s is left as it was.
func (s *State) Playout(rng *rand.Rand) float64 {
	return GreedyGame(s.boards[0], s.boards[1], s.rules.Mode, s.round, s.rules.Cap, PlayoutEpsilon, rng)
}

// RandomGame plays a game of Turncoat out from Red's and Yellow's boards after round
// rounds (of a cap) with uniformly random selections, and returns Red's reward: 1, 0.5 or 0.
func RandomGame(red, yellow Board, mode Mode, round, cap int, rng *rand.Rand) float64 {
	w := wyrand.Seed(rng.Uint64()) // a local source: no interface call per round
	res := Check(red, yellow)
	for ; res == InPlay && round < cap; round++ {
		rs := w.Square(Selectable(red, mode))
		ys := w.Square(Selectable(yellow, mode))
		red, yellow, res = PlayRound(red, yellow, rs, ys)
	}
	return reward(res)
}

// GreedyGame plays a game of Turncoat out like RandomGame, but each side picks
// a uniformly random selection only with probability epsilon, and otherwise the selection that
// leaves the fewest white pieces on its own board after its own flip, less a quarter of those
// the same flip would leave on the opponent's board as it stands (the opponent's own flip comes
// first there, but it is unknown); ties go at random.
func GreedyGame(red, yellow Board, mode Mode, round, cap int, epsilon float64, rng *rand.Rand) float64 {
	w := wyrand.Seed(rng.Uint64())
	res := Check(red, yellow)
	for ; res == InPlay && round < cap; round++ {
		rs := greedySelection(&w, red, yellow, mode, epsilon)
		ys := greedySelection(&w, yellow, red, mode, epsilon)
		red, yellow, res = PlayRound(red, yellow, rs, ys)
	}
	return reward(res)
}

// greedySelection is one side's selection in GreedyGame, with its own board and the
// opponent's.
func greedySelection(w *wyrand.Source, own, opp Board, mode Mode, epsilon float64) int {
	m := Selectable(own, mode)
	if w.Float() < epsilon {
		return w.Square(m)
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
			if w.Below(ties) == 0 {
				best = sq
			}
		}
	}
	return best
}

// greedyScore is the greedy value of selecting sq with one's own board own against the
// opponent's opp: fewer white pieces on own after the flip, and (a quarter as much) more on opp.
func greedyScore(own, opp Board, sq int) int {
	return 4*-bits.OnesCount64(own.Flip(sq).White()) + bits.OnesCount64(opp.Flip(sq).White())
}

func reward(res Result) float64 {
	switch res {
	case RedWins:
		return 1
	case YellowWins:
		return 0
	}
	return 0.5
}
