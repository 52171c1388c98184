package othello

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"time"

	"turncoat/games/discs"
)

// Book6Builder solves the positions of the exact 6x6 book (book6.go) with an engine. It keeps
// what it solved, so that books of several depths are built for the cost of the deepest: each
// walk from the starts meets the positions of the shallower ones first, in the same order.
type Book6Builder struct {
	e    *Engine
	full int
	// Logf, if set, reports the progress.
	Logf func(format string, args ...any)

	entries map[[2]uint64]book6Entry
	nodes   uint64
	start   time.Time
}

// NewBook6Builder returns a builder solving with e (whose table it keeps from position to
// position: each search's leaves are the next ones' roots) and giving the value of every move
// in the positions with full empties or more.
func NewBook6Builder(e *Engine, full int) *Book6Builder {
	return &Book6Builder{e: e, full: full, entries: map[[2]uint64]book6Entry{}, start: time.Now()}
}

// Build writes the book that stops at leaf empties, and returns its number of positions.
func (bb *Book6Builder) Build(ctx context.Context, leaf int, w io.Writer) (int, error) {
	b := &book6{leaf: leaf, full: bb.full, entries: map[[2]uint64]book6Entry{}}
	walk := &book6Walk{b: b, theirs: map[[2]uint64]bool{}, entry: func(p, o uint64, n int) (book6Entry, error) {
		return bb.entry(ctx, p, o, n)
	}}
	if err := walk.run(); err != nil {
		return 0, err
	}
	return len(b.entries), writeBook6(w, b)
}

// Seed takes the positions of the embedded book as solved, so that a deeper book solves only
// the positions below its leaf: the book's entries are exact, and its moves those the deeper
// book follows. It returns the number of positions taken.
func (bb *Book6Builder) Seed() (int, error) {
	b, err := sharedBook6()
	if err != nil {
		return 0, err
	}
	if b.full != bb.full {
		return 0, fmt.Errorf("6x6 book: the embedded book gives every move's value from %d empties, not %d", b.full, bb.full)
	}
	for k, e := range b.entries {
		bb.entries[k] = e
	}
	return len(b.entries), nil
}

// Nodes returns the nodes searched so far.
func (bb *Book6Builder) Nodes() uint64 { return bb.nodes }

// entry solves a canonical position of the book with n empties.
func (bb *Book6Builder) entry(ctx context.Context, p, o uint64, n int) (book6Entry, error) {
	k := [2]uint64{p, o}
	if e, ok := bb.entries[k]; ok {
		return e, nil
	}
	moves := discs.Moves(p, o) & mask6
	var e book6Entry
	if n >= bb.full {
		// every move, but one of each set a symmetry of the position maps onto each other
		syms := symmetriesOf(6, p, o) &^ 1
		solved := map[int]int8{}
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			v, alike := int8(0), false
			for s := syms; s != 0 && !alike; s &= s - 1 {
				v, alike = solved[symSquare(6, bits.TrailingZeros8(s), sq)]
			}
			if !alike {
				np, no := play(p, o, sq, flip(sq, p, o))
				cv, err := bb.solve(ctx, np, no)
				if err != nil {
					return e, err
				}
				v = int8(-cv)
				solved[sq] = v
			}
			if len(e.values) == 0 || v > e.values[e.best] {
				e.best = uint8(len(e.values))
			}
			e.values = append(e.values, v)
		}
		e.value = e.values[e.best]
	} else {
		r, err := bb.search(ctx, p, o)
		if err != nil {
			return e, err
		}
		if moves&(1<<r.Move) == 0 {
			return e, fmt.Errorf("6x6 book: the solver's move %d is not legal", r.Move)
		}
		e.best = uint8(bits.OnesCount64(moves & (1<<r.Move - 1)))
		e.value = int8(r.Score)
	}
	bb.entries[k] = e
	if bb.Logf != nil && (len(bb.entries)%100 == 0 || n >= bb.full) {
		bb.Logf("%d positions (this one %d empties, value %+d), %d nodes, %v", len(bb.entries), n, e.value, bb.nodes,
			time.Since(bb.start).Round(time.Second))
	}
	return e, nil
}

// solve returns the exact value of a position for its mover.
func (bb *Book6Builder) solve(ctx context.Context, p, o uint64) (int, error) {
	if discs.Moves(p, o)&mask6 == 0 && discs.Moves(o, p)&mask6 == 0 {
		return geometries[6].finalScore(p, o), nil
	}
	r, err := bb.search(ctx, p, o)
	return r.Score, err
}

// search solves a position where a side can move.
func (bb *Book6Builder) search(ctx context.Context, p, o uint64) (Result, error) {
	r, err := bb.e.Search(ctx, Position{P: p, O: o, Size: 6}, Limits{ExactEmpties: 64})
	bb.nodes += r.Nodes
	if err == nil && !r.Exact {
		err = errors.New("6x6 book: the solve stopped before the end")
	}
	if err == nil {
		err = ctx.Err()
	}
	return r, err
}
