package discs

import (
	"context"
	"math/bits"
)

// Perft counts the leaves of the game tree below the position where p is to move against o, on
// the squares of mask (SquareMask of the board's size), to the given depth, with the published
// convention: a pass is a move that consumes one ply and happens only when the side to move has
// no legal move but the opponent has; a finished game reached before the last ply is one leaf.
// It uses the standard rules (a side without a move passes).
func Perft(p, o, mask uint64, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if mask == ^uint64(0) {
		return perft8(p, o, depth)
	}
	return perftMasked(p, o, mask, depth)
}

// perftCheckDepth is the depth from which PerftContext checks its context at every node; the
// subtrees below run in the unchecked kernels. Six plies from a midgame position are about a
// million leaves, a millisecond or so, and some tens of milliseconds on the widest positions.
const perftCheckDepth = 6

// PerftContext is Perft that stops soon after ctx is done, returning ctx's error and the leaves
// counted so far. Only the nodes more than perftCheckDepth plies above the leaves check ctx (one
// in about a million), so the count runs as fast as Perft's.
func PerftContext(ctx context.Context, p, o, mask uint64, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return perftChecked(ctx, p, o, mask, depth)
}

func perftChecked(ctx context.Context, p, o, mask uint64, depth int) (uint64, error) {
	if depth <= perftCheckDepth {
		return Perft(p, o, mask, depth), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	moves := Moves(p, o) & mask
	if moves == 0 {
		if Moves(o, p)&mask == 0 {
			return 1, nil
		}
		return perftChecked(ctx, o, p, mask, depth-1)
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(sq, p, o)
		c, err := perftChecked(ctx, o&^f, p|f|uint64(1)<<sq, mask, depth-1)
		n += c
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// perft8 is the 8x8 hot path. At the last ply it counts moves without playing them; a side that
// must pass, or a finished game, is one leaf there, so the count is max(1, moves).
func perft8(p, o uint64, depth int) uint64 {
	moves := Moves(p, o)
	if moves == 0 {
		if depth == 1 || Moves(o, p) == 0 {
			return 1
		}
		return perft8(o, p, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	if depth == 3 {
		if useAVX2 {
			return perft3AVX2(p, o, moves)
		}
		return perft3Go(p, o, moves)
	}
	if depth == 2 {
		if useAVX2 {
			return perft2AVX2(p, o, moves)
		}
		return perft2Go(p, o, moves)
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(sq, p, o)
		n += perft8(o&^f, p|f|uint64(1)<<sq, depth-1)
	}
	return n
}

// perftMasked is Perft for boards smaller than 8x8.
func perftMasked(p, o, mask uint64, depth int) uint64 {
	moves := Moves(p, o) & mask
	if moves == 0 {
		if depth == 1 || Moves(o, p)&mask == 0 {
			return 1
		}
		return perftMasked(o, p, mask, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(sq, p, o)
		n += perftMasked(o&^f, p|f|uint64(1)<<sq, mask, depth-1)
	}
	return n
}

// perft2Go counts the leaves two plies below a position where p has the given moves: for each
// move, the opponent's replies, a pass or a finished game counting one.
func perft2Go(p, o, moves uint64) uint64 {
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(sq, p, o)
		c := bits.OnesCount64(Moves(o&^f, p|f|uint64(1)<<sq))
		n += uint64(c + (c-1)>>63&1) // max(c, 1)
	}
	return n
}

// perft3Go counts the leaves three plies below a position where p has the given moves.
func perft3Go(p, o, moves uint64) uint64 {
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(sq, p, o)
		cp, co := o&^f, p|f|uint64(1)<<sq
		if m := Moves(cp, co); m != 0 {
			n += perft2Go(cp, co, m)
			continue
		}
		c := bits.OnesCount64(Moves(co, cp))
		n += uint64(c + (c-1)>>63&1) // max(c, 1): p's replies after the pass, or the end
	}
	return n
}
