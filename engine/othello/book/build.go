package book

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"turncoat/games/reversi"
)

// BuildConfig sets up Build.
type BuildConfig struct {
	// Plies: the positions of the games' first Plies plies (the start is ply 0) may enter the
	// book (DefaultPlies when 0).
	Plies int
	// MinGames: a position enters the book when at least this many games reached it, and the
	// game reached it through book positions only (so that every book position is reachable
	// from the start through the book). Default 1.
	MinGames int
	// Evaluator values the leaves.
	Evaluator Evaluator
	// Depth is the depth of the Evaluator's searches, recorded in the book (see Book.Depth).
	Depth int
	// Progress, if set, is called as the work goes on: stage "games" while the games are
	// walked (done of total games), then "leaves" while the leaves are evaluated.
	Progress func(stage string, done, total int)
}

// Build makes a book from games, each a move list from the standard 8x8 start (squares and
// reversi.Pass; passes may be left out): their positions reached by at least MinGames games
// within Plies plies, each position's leaf evaluated by cfg.Evaluator, the tree valued by
// negamax. The same games and evaluator give the same book. A game with an illegal move is an
// error naming it; stopped by ctx, Build returns ctx's error and no book.
func Build(ctx context.Context, games [][]int, cfg BuildConfig) (*Book, error) {
	if cfg.Evaluator == nil {
		return nil, errors.New("book: no evaluator")
	}
	if cfg.Plies < 0 || cfg.Plies > MaxPlies {
		return nil, fmt.Errorf("book: %d plies: want 1 to %d", cfg.Plies, MaxPlies)
	}
	minGames := uint32(max(cfg.MinGames, 1))
	b := New(cfg.Plies, cfg.Depth)
	progress := func(stage string, done, total int) {
		if cfg.Progress != nil {
			cfg.Progress(stage, done, total)
		}
	}
	paths := make([][]Key, len(games))
	counts := map[Key]uint32{}
	for i, g := range games {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			progress("games", i, len(games))
		}
		keys, err := path(g, b.plies)
		if err != nil {
			return nil, fmt.Errorf("book: game %d: %w", i+1, err)
		}
		paths[i] = keys
		for _, k := range keys {
			if counts[k] < 1<<32-1 {
				counts[k]++
			}
		}
	}
	progress("games", len(games), len(games))
	for _, keys := range paths {
		for _, k := range keys {
			if counts[k] < minGames {
				break
			}
			b.nodes[k] = node{games: counts[k], leaf: leafPending}
		}
	}
	paths, counts = nil, nil
	keys := b.nodes.pending()
	if err := b.nodes.evaluate(ctx, cfg.Evaluator, keys, func(done, total int) { progress("leaves", done, total) }); err != nil {
		return nil, err
	}
	b.nodes.negamax()
	return b, nil
}

// Learn adds a game (a move list from the standard 8x8 start, passes optional) to the book:
// the positions of its first Plies plies that the book lacks are added, the game count of each
// of its positions goes up by one, the new leaves and those the new positions made stale are
// evaluated, and the book is valued again. It returns the learned part, a book of the game's
// positions (each with one game and its leaf as the book now has it) to keep in a user's book
// (Merge) or a store, and the number of positions added. An illegal game, or an evaluation
// that fails or is stopped by ctx, changes nothing.
func (b *Book) Learn(ctx context.Context, moves []int, ev Evaluator) (*Book, int, error) {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	keys, err := path(moves, b.plies)
	if err != nil {
		return nil, 0, fmt.Errorf("book: %w", err)
	}
	t := b.snapshot()
	added := 0
	for _, k := range keys {
		n, ok := t[k]
		if !ok {
			n, added = node{leaf: leafPending}, added+1
		}
		if n.games < 1<<32-1 {
			n.games++
		}
		t[k] = n
	}
	if err := t.evaluate(ctx, ev, t.pending(), nil); err != nil {
		return nil, 0, err
	}
	t.negamax()
	b.swap(t)
	delta := New(b.plies, b.depth)
	for _, k := range keys {
		n := t[k]
		d := node{games: 1, leaf: n.leaf, leafValue: n.leafValue}
		if d.leaf == leafNone {
			// "every move is a book move" holds in this book, not in the learned part alone
			d.leaf = leafPending
		}
		delta.nodes[k] = d
	}
	delta.nodes.negamax()
	return delta, added, nil
}

// Merge lays books over b, in order: their positions that b lacks are added with their
// leaves, and the game counts of those both have are added up. Where both have a leaf, b's is
// kept unless its move has become a book move and the other's has not; a leaf whose move is
// now a book move is left pending (Refresh evaluates it; until then the position is valued by
// its book moves). Merge does not change the books laid over b.
func (b *Book) Merge(books ...*Book) {
	var incoming []tree
	for _, o := range books {
		if o != b {
			incoming = append(incoming, o.snapshotRead())
		}
	}
	if len(incoming) == 0 {
		return
	}
	b.wmu.Lock()
	defer b.wmu.Unlock()
	t := b.snapshot()
	for _, in := range incoming {
		t.merge(in)
	}
	t.pending()
	t.negamax()
	b.swap(t)
}

// merge lays in over t (see Merge).
func (t tree) merge(incoming tree) {
	for k, in := range incoming {
		n, ok := t[k]
		if !ok {
			t[k] = in
			continue
		}
		n.games = uint32(min(uint64(n.games)+uint64(in.games), 1<<32-1))
		t[k] = n
	}
	for k, in := range incoming {
		n := t[k]
		if n.leaf == in.leaf || in.leaf == leafPending || (n.leaf != leafPending && !t.stale(k, n)) {
			continue
		}
		if !t.stale(k, in) {
			n.leaf, n.leafValue = in.leaf, in.leafValue
			t[k] = n
		}
	}
}

// snapshotRead returns a copy of the tree for reading.
func (b *Book) snapshotRead() tree {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return maps.Clone(b.nodes)
}

// GameMoves returns the moves of a record for Build and Learn: ErrNotStandard when the game
// does not start from the standard 8x8 start with Black to move.
func GameMoves(r reversi.Record) ([]int, error) {
	if r.Start != reversi.Start(8) {
		return nil, ErrNotStandard
	}
	return r.Moves, nil
}
