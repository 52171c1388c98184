package othello

import (
	"context"
	"slices"

	"turncoat/engine"
	"turncoat/game"
)

// The agent on 6x6, where the game is solved: the exact book (book6.go) gives the moves and
// values of the positions it holds, and below its leaf the solver finishes the game.

// choose6 returns the move of an agent that plays 6x6 perfectly (Level.Exact6): the book's,
// else, from the book's leaf down, the solver's, without the level's time limit (about a
// second at most there, but a loaded machine must not make it play a worse move). ok is false
// elsewhere (and without the book, which TestBook6File makes sure loads): the usual search
// then chooses. A book whose leaf has more empties than perfectSolve6 leaves a gap where the
// solver would take seconds: there the level's search chooses, within its time.
func (a *Agent) choose6(ctx context.Context, pos Position) (game.Action, bool, error) {
	b, err := sharedBook6()
	if err != nil {
		return game.NoAction, false, nil
	}
	if sq, ok := b.bestMove(pos.P, pos.O); ok {
		return game.Action(sq), true, nil
	}
	if pos.Empties() > perfectFrom6(b) {
		return game.NoAction, false, nil
	}
	res, err := a.engine().Search(ctx, pos, Limits{ExactEmpties: 64})
	if err != nil {
		return game.NoAction, false, err
	}
	return game.Action(res.Move), true, nil
}

// analyze6 returns the exact values of the moves of a 6x6 position the book knows (the mover
// has a move), best first; ok is false when the book does not know them all.
func analyze6(pos Position) ([]engine.MoveStat, bool) {
	b, err := sharedBook6()
	if err != nil {
		return nil, false
	}
	values, ok := b.moveValues(pos.P, pos.O)
	if !ok {
		return nil, false
	}
	slices.SortStableFunc(values, func(x, y MoveValue) int { return y.Score - x.Score })
	out := make([]engine.MoveStat, len(values))
	for i, v := range values {
		pv := []int{v.Move}
		np, no := play(pos.P, pos.O, v.Move, flip(v.Move, pos.P, pos.O))
		pv = append(pv, b.line(np, no)...)
		out[i] = engine.MoveStat{Action: game.Action(v.Move), Value: float64(v.Score), Unit: "discs", PV: FormatMoves(pv), Exact: true}
	}
	return out, true
}

// analyzeExact6 is the number of empties from which the analysis of a 6x6 position solves
// every move: about a second on one thread (a position at 22 empties takes 0.1 to 1 s to
// solve, at 24 up to 5 s), so that the levels' time limits rarely stop it.
const analyzeExact6 = 22

// perfectSolve6 is the most empties at which the perfect agent solves a position the book does
// not hold: one best move (not every move's value, as the analysis), without the level's time
// limit. Positions of real lines at 24 empties took 2.5 M to 42 M nodes to solve, 14 M on
// average (about half a second on one thread; 1.7 s the slowest); at 22 a tenth of that.
const perfectSolve6 = 24

// perfectFrom6 is the number of empties from which the perfect agent solves: the book's leaf,
// unless that is more than perfectSolve6 (the book then leaves a gap where the level's search
// chooses).
func perfectFrom6(b *book6) int { return min(b.leaf, perfectSolve6) }

// exactEmpties6 is the ExactEmpties of an analysis of a 6x6 position: at least
// analyzeExact6, nor more than the book's leaf.
func exactEmpties6(lim Limits) int {
	b, err := sharedBook6()
	if err != nil {
		return lim.ExactEmpties
	}
	return max(lim.ExactEmpties, min(b.leaf, analyzeExact6))
}
