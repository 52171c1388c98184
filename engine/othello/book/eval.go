package book

import (
	"context"
	"errors"
	"math/bits"

	"turncoat/engine/othello"
	"turncoat/games/discs"
)

// An Evaluator values a book position's best move outside the book: a leaf of the book tree.
type Evaluator interface {
	// Leaf returns the best of the mover's legal moves (p to move against o; the mover has
	// one) that are not in exclude, with its value in discs for the mover; ok is false when
	// every legal move is excluded. It must be deterministic: the same position and exclusions
	// give the same answer, whatever was evaluated before.
	Leaf(ctx context.Context, p, o, exclude uint64) (move, value int, ok bool, err error)
}

// EngineEvaluator values leaves with the Othello engine searching depth plies: the position is
// searched to depth, and when its best move is excluded each move that is not is searched
// (its position to depth-1) instead. The engine's table is cleared first, so that the values
// never depend on what was searched before. The engine must not be used by others meanwhile.
func EngineEvaluator(eng *othello.Engine, depth int) Evaluator {
	return &engineEvaluator{eng: eng, depth: max(depth, 1)}
}

type engineEvaluator struct {
	eng   *othello.Engine
	depth int
}

func (e *engineEvaluator) Leaf(ctx context.Context, p, o, exclude uint64) (int, int, bool, error) {
	moves := discs.Moves(p, o) &^ exclude
	if moves == 0 {
		return 0, 0, false, ctx.Err()
	}
	e.eng.Clear()
	res, err := e.eng.Search(ctx, othello.Position{P: p, O: o, Size: 8}, othello.Limits{Depth: e.depth})
	if err != nil {
		return 0, 0, false, err
	}
	if res.Move >= 0 && res.Move < 64 && moves&(1<<res.Move) != 0 {
		return res.Move, res.Score, true, nil
	}
	best, bestV := -1, 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		np, no := play(p, o, sq)
		v, err := e.value(ctx, np, no)
		if err != nil {
			return 0, 0, false, err
		}
		if v = -v; best < 0 || v > bestV {
			best, bestV = sq, v
		}
	}
	return best, bestV, true, nil
}

// value returns the value of a position for its mover (p): a search depth-1 plies deep, or the
// final disc difference of a finished game.
func (e *engineEvaluator) value(ctx context.Context, p, o uint64) (int, error) {
	res, err := e.eng.Search(ctx, othello.Position{P: p, O: o, Size: 8}, othello.Limits{Depth: max(e.depth-1, 1)})
	if errors.Is(err, othello.ErrGameOver) {
		return finalMargin(p, o), nil
	}
	if err != nil {
		return 0, err
	}
	return res.Score, nil
}

// finalMargin is the value of a finished game for p: discs minus the opponent's, the empty
// squares to the side ahead.
func finalMargin(p, o uint64) int {
	np, no := bits.OnesCount64(p), bits.OnesCount64(o)
	empty := 64 - np - no
	switch {
	case np > no:
		return np - no + empty
	case np < no:
		return np - no - empty
	}
	return 0
}
