package mcts

import (
	"math/bits"

	"turncoat/game"
	"turncoat/games/turncoat"
)

// fastTactics is AnalyzeRound on Turncoat's bitboards; ok is false for other games.
func fastTactics(s game.State, p game.Player) (RoundTactics, bool) {
	ts, ok := s.(*turncoat.State)
	if !ok {
		return RoundTactics{}, false
	}
	r := ts.Rules()
	b := ts.Boards()
	return turncoatTactics(b, r.Mode, ts.Round(), r.Cap, p), true
}

// squares lists the squares of m.
func squares(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

// turncoatTactics analyses the round of boards b (Red's, Yellow's) after round rounds for p.
func turncoatTactics(b [2]turncoat.Board, mode turncoat.Mode, round, cap int, p game.Player) RoundTactics {
	q := p.Other()
	won := [2]turncoat.Result{turncoat.RedWins, turncoat.YellowWins}
	// play plays a round with p's square a and q's square c.
	play := func(x [2]turncoat.Board, a, c int) ([2]turncoat.Board, turncoat.Result) {
		rs, ys := a, c
		if p == game.Second {
			rs, ys = c, a
		}
		var res turncoat.Result
		x[0], x[1], res = turncoat.PlayRound(x[0], x[1], rs, ys)
		return x, res
	}
	// qForcedWin reports whether q can force a win in the round at x.
	qForcedWin := func(x [2]turncoat.Board) bool {
		mineMask := turncoat.Selectable(x[p], mode)
		for m := turncoat.Selectable(x[q], mode); m != 0; m &= m - 1 {
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
	mine := squares(turncoat.Selectable(b[p], mode))
	theirs := squares(turncoat.Selectable(b[q], mode))
	t := RoundTactics{Complete: true}
	for _, a := range mine {
		t.Legal = append(t.Legal, game.Action(a))
		win, safe := true, true
		for _, c := range theirs {
			x, res := play(b, a, c)
			win = win && res == won[p]
			switch {
			case res == won[q]:
				safe = false
			case res == turncoat.InPlay && round+1 < cap && safe:
				// (At the cap the round's end is a draw: nothing follows.)
				if qForcedWin(x) {
					safe = false
				}
			}
			if !win && !safe {
				break
			}
		}
		if win {
			t.Wins = append(t.Wins, game.Action(a))
		}
		if safe {
			t.Safe = append(t.Safe, game.Action(a))
		}
	}
	return t
}

// turncoatWins returns p's forced wins of the round at boards b.
func turncoatWins(b [2]turncoat.Board, mode turncoat.Mode, round, cap int, p game.Player) []game.Action {
	q := p.Other()
	won := [2]turncoat.Result{turncoat.RedWins, turncoat.YellowWins}
	theirs := turncoat.Selectable(b[q], mode)
	var wins []game.Action
	for m := turncoat.Selectable(b[p], mode); m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(m)
		win := true
		for n := theirs; n != 0 && win; n &= n - 1 {
			rs, ys := a, bits.TrailingZeros64(n)
			if p == game.Second {
				rs, ys = ys, rs
			}
			_, _, res := turncoat.PlayRound(b[0], b[1], rs, ys)
			win = res == won[p]
		}
		if win {
			wins = append(wins, game.Action(a))
		}
	}
	return wins
}
