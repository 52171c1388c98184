package turncoat

import (
	"math/bits"

	"turncoat/game"
)

// The exact one-round tactics of a round (the rule spec's "strong AI": take a forced win, avoid
// a selection after which the opponent has one), on bitboards.

// RoundTactics returns p's exact one-round analysis of the round at s: its forced wins (they
// win this round whatever the other side selects), its safe selections (after which, whatever
// the other side selects, p neither loses this round nor faces a forced win in the next), and
// all its selections.
func (s *State) RoundTactics(p game.Player) (wins, safe, legal []game.Action) {
	return roundTactics(s.boards, s.rules.Mode, s.round, s.rules.Cap, p)
}

// ForcedWins returns p's forced wins of the round at s.
func (s *State) ForcedWins(p game.Player) []game.Action {
	return forcedWins(s.boards, s.rules.Mode, p)
}

// squares lists the squares of m.
func squares(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

// roundTactics analyses the round of boards b (Red's, Yellow's) after round rounds for p.
func roundTactics(b [2]Board, mode Mode, round, cap int, p game.Player) (wins, safe, legal []game.Action) {
	q := p.Other()
	won := [2]Result{RedWins, YellowWins}
	// play plays a round with p's square a and q's square c.
	play := func(x [2]Board, a, c int) ([2]Board, Result) {
		rs, ys := a, c
		if p == game.Second {
			rs, ys = c, a
		}
		var res Result
		x[0], x[1], res = PlayRound(x[0], x[1], rs, ys)
		return x, res
	}
	// qForcedWin reports whether q can force a win in the round at x.
	qForcedWin := func(x [2]Board) bool {
		mineMask := Selectable(x[p], mode)
		for m := Selectable(x[q], mode); m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			wins := true
			for n := mineMask; n != 0; n &= n - 1 {
				if _, res := play(x, bits.TrailingZeros64(n), c); res != won[q] {
					wins = false
					break
				}
			}
			if wins {
				return true
			}
		}
		return false
	}
	mine := squares(Selectable(b[p], mode))
	theirs := squares(Selectable(b[q], mode))
	for _, a := range mine {
		legal = append(legal, game.Action(a))
		win, ok := true, true
		for _, c := range theirs {
			x, res := play(b, a, c)
			win = win && res == won[p]
			switch {
			case res == won[q]:
				ok = false
			case res == InPlay && round+1 < cap && ok:
				// (At the cap the round's end is a draw: nothing follows.)
				if qForcedWin(x) {
					ok = false
				}
			}
			if !win && !ok {
				break
			}
		}
		if win {
			wins = append(wins, game.Action(a))
		}
		if ok {
			safe = append(safe, game.Action(a))
		}
	}
	return wins, safe, legal
}

// forcedWins returns p's forced wins of the round at boards b.
func forcedWins(b [2]Board, mode Mode, p game.Player) []game.Action {
	q := p.Other()
	won := [2]Result{RedWins, YellowWins}
	theirs := Selectable(b[q], mode)
	var wins []game.Action
	for m := Selectable(b[p], mode); m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		win := true
		for n := theirs; n != 0 && win; n &= n - 1 {
			rs, ys := a, bits.TrailingZeros64(n)
			if p == game.Second {
				rs, ys = ys, rs
			}
			_, _, res := PlayRound(b[0], b[1], rs, ys)
			win = res == won[p]
		}
		if win {
			wins = append(wins, game.Action(a))
		}
	}
	return wins
}
