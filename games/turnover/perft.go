package turnover

import "context"

// Perft counts the leaves of the game tree of p to the given depth under r, with game.Perft's
// convention (every action is a ply, a finished game is one leaf) and the whole of the rules:
// the end of the game, the claim action and automatic repetition, with history the hashes of
// the positions since the last capture or promotion, p's last (nil for none). It copies
// positions (copy-make) and generates into buffers it owns; the last ply is counted, not made.
func Perft(p Position, r Rules, history []uint64, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if len(history) == 0 || history[len(history)-1] != p.hash {
		history = []uint64{p.hash}
	}
	return perftFrom(&p, &r, history, false, depth)
}

// PerftContext is the State's Perft that stops soon after ctx is done, returning ctx's error
// and the leaves counted so far (game.ContextPerfter).
func (s *State) PerftContext(ctx context.Context, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.outcome.Over || depth == 0 {
		return 1, nil
	}
	return perftFromContext(ctx, &s.pos, &s.rules, s.hashes, s.claimed, depth)
}

func perftFrom(p *Position, r *Rules, history []uint64, claimed bool, depth int) uint64 {
	n, _ := perftFromContext(context.Background(), p, r, history, claimed, depth)
	return n
}

func perftFromContext(ctx context.Context, p *Position, r *Rules, history []uint64, claimed bool, depth int) (uint64, error) {
	if claimed {
		return 1, nil
	}
	w := perftWalker{ctx: ctx, rules: r, hashes: append(make([]uint64, 0, len(history)+depth+1), history...), bufs: make([][MaxMoves]Move, depth)}
	n := w.node(p, depth)
	return n, w.err
}

// perftCheckDepth is the depth from which the walker checks its context at every node: a
// subtree of three plies below is some tens of thousands of leaves, about a millisecond.
const perftCheckDepth = 4

type perftWalker struct {
	ctx    context.Context
	err    error // ctx's error once it stopped the walk
	rules  *Rules
	hashes []uint64 // positions since the last capture or promotion, the current one last
	bufs   [][MaxMoves]Move
}

// repetitions counts the occurrences of the current position (the last hash).
func (w *perftWalker) repetitions() int {
	h, n := w.hashes[len(w.hashes)-1], 0
	for i := len(w.hashes) - 1; i >= 0; i -= 2 {
		if w.hashes[i] == h {
			n++
		}
	}
	return n
}

func (w *perftWalker) node(p *Position, depth int) uint64 {
	if depth >= perftCheckDepth {
		if w.err = w.ctx.Err(); w.err != nil {
			return 0
		}
	}
	r := w.rules
	them := p.side.Other()
	if p.Castles(p.side) == 0 || p.Castles(them) == 0 || (r.FiftyMovePlies > 0 && int(p.clock) >= r.FiftyMovePlies) {
		return 1
	}
	moves := p.Moves(w.bufs[depth-1][:0])
	if len(moves) == 0 {
		return 1
	}
	if r.MateEndsGame && p.InCheck(p.side) && p.CannotSaveCastle() {
		return 1
	}
	claim := uint64(0)
	if len(w.hashes) >= 9 { // a third occurrence needs at least eight plies
		if n := w.repetitions(); n >= 3 {
			if r.Repetition == RepetitionAuto {
				return 1
			}
			claim = 1 // the claim action, a leaf
		}
	}
	if depth == 1 {
		return uint64(len(moves)) + claim
	}
	n := claim
	top := len(w.hashes)
	for _, m := range moves {
		c := *p
		c.Make(m)
		saved := w.hashes
		if m.Class() == ClassCapture || m.Promotes() {
			w.hashes = w.hashes[top:top] // a fresh window after an irreversible move
		}
		w.hashes = append(w.hashes, c.hash)
		n += w.node(&c, depth-1)
		w.hashes = saved[:top]
		if w.err != nil {
			return n
		}
	}
	return n
}
