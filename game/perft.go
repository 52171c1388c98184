package game

import "context"

// Perft counts the leaves of the game tree of s to the given depth through the contract, with the
// convention of published perft tables: every action (a pass too) consumes one ply, a joint move
// of a simultaneous node is one ply, and a finished game reached before the last ply is one leaf.
// s is not changed. Games ship faster specialised versions; this one is their reference.
func Perft(s State, depth int) uint64 {
	n, _ := PerftContext(context.Background(), s, depth)
	return n
}

// PerftContext is Perft that stops soon after ctx is done, returning ctx's error and the leaves
// counted so far. It checks ctx at every node two or more plies above the leaves: a node of the
// contract costs a clone and an apply, next to which the check is free.
func PerftContext(ctx context.Context, s State, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth == 0 || s.ToAct() == Nobody {
		return 1, nil
	}
	w := perftWalker{ctx: ctx, bufs: make([][2][]Action, depth)}
	n := w.node(s, depth)
	return n, w.err
}

// perftWalker is one perft through the contract: a buffer pair per ply, and the error that
// stopped it.
type perftWalker struct {
	ctx  context.Context
	bufs [][2][]Action
	err  error
}

func (w *perftWalker) node(s State, depth int) uint64 {
	if depth == 0 || s.ToAct() == Nobody {
		return 1
	}
	if depth >= 2 {
		if w.err = w.ctx.Err(); w.err != nil {
			return 0
		}
	}
	acts := s.ToAct()
	b := &w.bufs[depth-1]
	var n uint64
	if acts.Simultaneous() {
		b[0] = s.Legal(First, b[0][:0])
		b[1] = s.Legal(Second, b[1][:0])
		if depth == 1 {
			return uint64(len(b[0]) * len(b[1]))
		}
		for _, a := range b[0] {
			for _, c := range b[1] {
				t := s.Clone()
				if err := t.ApplyJoint(Joint{a, c}); err != nil {
					panic("game: perft: legal joint move rejected: " + err.Error())
				}
				n += w.node(t, depth-1)
				if w.err != nil {
					return n
				}
			}
		}
		return n
	}
	p := acts.Single()
	b[0] = s.Legal(p, b[0][:0])
	if depth == 1 {
		return uint64(len(b[0]))
	}
	for _, a := range b[0] {
		t := s.Clone()
		if err := t.Apply(a); err != nil {
			panic("game: perft: legal move rejected: " + err.Error())
		}
		n += w.node(t, depth-1)
		if w.err != nil {
			return n
		}
	}
	return n
}

// Perfter is a state with a specialised perft of its own, with Perft's convention.
type Perfter interface {
	Perft(depth int) uint64
}

// ContextPerfter is a state whose specialised perft stops soon after a context is done (within
// a fraction of a second: the checks sit at the upper plies, where they cost nothing), returning
// the context's error and the leaves counted so far.
type ContextPerfter interface {
	PerftContext(ctx context.Context, depth int) (uint64, error)
}

// FastPerft uses the state's own perft when it has one, else Perft.
func FastPerft(s State, depth int) uint64 {
	if p, ok := s.(Perfter); ok {
		return p.Perft(depth)
	}
	return Perft(s, depth)
}

// FastPerftContext is FastPerft that stops soon after ctx is done, with ctx's error. A state
// whose specialised perft cannot be stopped (a Perfter but no ContextPerfter) is counted through
// the contract instead: slower, but a long count must always be interruptible.
func FastPerftContext(ctx context.Context, s State, depth int) (uint64, error) {
	if p, ok := s.(ContextPerfter); ok {
		return p.PerftContext(ctx, depth)
	}
	return PerftContext(ctx, s, depth)
}
