package turncoat

import (
	"context"
	"math/bits"
)

// perftCheckDepth is the depth from which PerftContext checks its context at every node: a node
// two plies above the leaves plays each joint selection (some 4096 rounds on 8x8 boards, a
// fraction of a millisecond) and counts the last ply by multiplying, in the unchecked perft.
const perftCheckDepth = 2

// PerftContext is Perft that stops soon after ctx is done, returning ctx's error and the leaves
// counted so far (game.ContextPerfter).
func (s *State) PerftContext(ctx context.Context, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= 0 || s.Result() != InPlay {
		return 1, nil
	}
	return perftChecked(ctx, s.boards[0], s.boards[1], s.rules.Mode, s.rules.Cap-s.round, depth)
}

// perftChecked is perft with a check of ctx at every node perftCheckDepth or more plies above
// the leaves.
func perftChecked(ctx context.Context, red, yellow Board, mode Mode, roundsLeft, depth int) (uint64, error) {
	if depth < perftCheckDepth {
		return perft(red, yellow, mode, roundsLeft, depth), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var n uint64
	rm, ym := Selectable(red, mode), Selectable(yellow, mode)
	for r := rm; r != 0; r &= r - 1 {
		rs := bits.TrailingZeros64(r)
		for y := ym; y != 0; y &= y - 1 {
			nr, ny, res := PlayRound(red, yellow, rs, bits.TrailingZeros64(y))
			if res != InPlay || roundsLeft == 1 {
				n++
				continue
			}
			c, err := perftChecked(ctx, nr, ny, mode, roundsLeft-1, depth-1)
			n += c
			if err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
