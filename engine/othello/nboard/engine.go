package nboard

import (
	"context"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

// FromEngine returns the Turncoat engine as the protocol's Engine. At "set depth D" it searches
// D plies in the midgame, solves exactly with D+6 empties or fewer and for the win with D+8 or
// fewer. Contempt is accepted and has no effect: the engine's values are whole discs, and a
// contempt under a disc changes no choice between them.
func FromEngine(e *othello.Engine) Engine { return turncoat{e} }

type turncoat struct{ eng *othello.Engine }

// Name returns "Turncoat".
func (turncoat) Name() string { return "Turncoat" }

// NewGame clears the engine's table.
func (t turncoat) NewGame() { t.eng.Clear() }

// Limits returns the engine's limits at NBoard depth d.
func Limits(d int) othello.Limits {
	return othello.Limits{Depth: d, ExactEmpties: d + 6, WLDEmpties: d + 8}
}

// Search runs the engine at the limits of depth: a search for a "go", an analysis of every
// move for a "hint".
func (t turncoat) Search(ctx context.Context, b reversi.Board, depth, n int, _ float64) ([]Line, Stats, error) {
	lim := Limits(depth)
	pos := othello.PositionOf(b)
	if n <= 1 {
		res, err := t.eng.Search(ctx, pos, lim)
		if err != nil {
			return nil, Stats{}, err
		}
		return []Line{{PV: res.PV, Eval: float64(res.Score), Depth: res.Depth, Solved: solved(res.Exact, res.WLD)}},
			Stats{Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}, nil
	}
	values, res, err := t.eng.Analyze(ctx, pos, lim)
	if err != nil {
		return nil, Stats{}, err
	}
	out := make([]Line, 0, n)
	for _, v := range values[:min(n, len(values))] {
		// a win/draw/loss solve covers every move: each value's sign is its result
		out = append(out, Line{PV: v.PV, Eval: float64(v.Score), Depth: res.Depth, Solved: solved(v.Exact, res.WLD)})
	}
	return out, Stats{Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}, nil
}

// solved says how far a search result was solved. A win/draw/loss solve comes first: the
// engine also marks its values exact, having searched to the end, though with a null window
// around the draw only their signs are.
func solved(exact, wld bool) Solved {
	switch {
	case wld:
		return SolvedWLD
	case exact:
		return SolvedExact
	}
	return NotSolved
}
