package othello

import (
	"sync"
	"sync/atomic"
)

// Parallel search: young brothers wait, with split points anywhere in the tree.
//
// A node with enough work below it (a solver node with splitEmpties empties or more, a midgame
// node searched splitDepth plies or deeper) searches its first move alone; if a thread is idle
// then, the node becomes a split point: its other moves are shared out, the node's own thread
// and the idle ones each taking the next move in order until none is left or one refutes the
// node (it reaches beta), which aborts the others. At a null-window node every move is searched
// with the node's window; at a principal-variation node a move is searched with a null window
// at the best value so far and again with the full window when it beats it.
//
// The threads are tokens: a search of N threads lets N goroutines search at once. A split
// point's owner that runs out of moves while others still search its moves gives its token
// away while it waits, and gets one back from the last of them to finish; meanwhile an idle
// goroutine (a new one if need be, with a searcher of its own) may join any split point with
// moves left, typically one under the moves the owner waits for. So no core idles while an
// owner waits, and an owner never searches anything but its own node's moves, so its stack
// stays its own. Abort travels down: a thread checks the split point it works at and every one
// above it.

// pool is a search's threads: the tokens, the split points with moves left to hand out, and the
// helper goroutines.
type pool struct {
	mu   sync.Mutex
	cond *sync.Cond
	// free counts the tokens no goroutine holds (read without the lock to decide whether
	// splitting is worth trying).
	free atomic.Int32
	// open are the split points with moves left to hand out.
	open []*split
	// waiting counts the helper goroutines waiting for work.
	waiting int
	stopped bool
	wg      sync.WaitGroup
	// newHelper returns a searcher for a new helper goroutine; searchers lists every searcher
	// of the search (for the node count), under mu.
	newHelper func() *searcher
	searchers []*searcher
}

// newPool returns the pool of a search with threads threads, the main searcher holding one.
func newPool(threads int, main *searcher, newHelper func() *searcher) *pool {
	pl := &pool{newHelper: newHelper, searchers: []*searcher{main}}
	pl.cond = sync.NewCond(&pl.mu)
	pl.free.Store(int32(threads - 1))
	main.pool = pl
	return pl
}

// close stops the helpers and waits for them; it returns every searcher the search used.
func (pl *pool) close() []*searcher {
	pl.mu.Lock()
	pl.stopped = true
	pl.cond.Broadcast()
	pl.mu.Unlock()
	pl.wg.Wait()
	return pl.searchers
}

// nodes is the number of positions the searchers searched.
func (pl *pool) nodes() uint64 {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	var n uint64
	for _, s := range pl.searchers {
		n += s.nodes
	}
	return n
}

// splitMove is a move shared out at a split point: its square and the position after it (with
// the opponent's replies there, when the node knows them).
type splitMove struct {
	sq      int
	np, no  uint64
	replies uint64
}

// childSearch searches one move at a split point with searcher w in the window (lo, hi),
// returning the move's value for the side to move at the split point.
type childSearch func(w *searcher, m *splitMove, lo, hi int) int

// split is a split point.
type split struct {
	pool   *pool
	parent *split
	search childSearch
	beta   int
	// the owner's search settings, which the helpers take on
	sel, exactness int
	noMoveEnds     bool
	mpc            bool
	abort          atomic.Bool
	// wake hands the owner waiting for the helpers a token, from the last to finish.
	wake chan struct{}

	mu    sync.Mutex
	moves []splitMove
	next  int
	// alpha is the best value so far or the node's alpha, the floor of the next windows
	alpha          int
	best, bestMove int
	// workers counts the helpers searching here; ownerWaiting says the owner waits for them
	workers      int
	ownerWaiting bool
	// inexact counts the selective decisions the helpers made here
	inexact uint64
}

// aborted reports whether the split point or one above it was aborted.
func (sp *split) aborted() bool {
	for x := sp; x != nil; x = x.parent {
		if x.abort.Load() {
			return true
		}
	}
	return false
}

// canSplit reports whether a split point could get help now: a thread is idle.
func (s *searcher) canSplit() bool {
	return s.pool != nil && s.pool.free.Load() > 0
}

// splitMoves searches moves (the node's moves left, best first; its first move was searched
// already, giving best and bestMove) with the idle threads, in the window (alpha, beta), and
// returns the node's best value and move. The searcher's inexact count and nodes include the
// helpers'. It unwinds (stopSignal) when the search stops or a split point above is aborted.
func (s *searcher) splitMoves(moves []splitMove, alpha, beta, best, bestMove int, search childSearch) (int, int) {
	pl := s.pool
	sp := &split{pool: pl, parent: s.split, search: search, beta: beta, sel: s.sel, exactness: s.exactness,
		noMoveEnds: s.noMoveEnds, mpc: s.mpc, wake: make(chan struct{}, 1), moves: moves,
		alpha: max(alpha, best), best: best, bestMove: bestMove}
	pl.mu.Lock()
	pl.open = append(pl.open, sp)
	if pl.free.Load() > 0 {
		if pl.waiting == 0 {
			pl.startHelper()
		}
		pl.cond.Broadcast()
	}
	pl.mu.Unlock()

	stop := s.workAt(sp)

	// the owner leaves: nobody joins any more; it waits for the helpers still at work, its
	// token lent out meanwhile
	pl.mu.Lock()
	pl.close1(sp)
	sp.mu.Lock()
	if sp.workers > 0 {
		sp.ownerWaiting = true
		sp.mu.Unlock()
		pl.free.Add(1)
		if pl.waiting == 0 {
			pl.startHelper()
		}
		pl.cond.Broadcast()
		pl.mu.Unlock()
		<-sp.wake
	} else {
		sp.mu.Unlock()
		pl.mu.Unlock()
	}
	s.inexact += sp.inexact
	if stop || sp.parent.aborted() || s.stop.Load() {
		panic(stopSignal{})
	}
	return sp.best, sp.bestMove
}

// close1 takes sp off the open split points (under pl.mu).
func (pl *pool) close1(sp *split) {
	for i, x := range pl.open {
		if x == sp {
			pl.open = append(pl.open[:i], pl.open[i+1:]...)
			return
		}
	}
}

// startHelper starts a helper goroutine (under pl.mu).
func (pl *pool) startHelper() {
	w := pl.newHelper()
	w.pool = pl
	pl.searchers = append(pl.searchers, w)
	pl.waiting++
	pl.wg.Go(func() { pl.helper(w) })
}

// work returns an open split point with moves left, the one nearest the root (most work per
// move), or nil (under pl.mu).
func (pl *pool) work() *split {
	var best *split
	depth := func(sp *split) int {
		d := 0
		for x := sp.parent; x != nil; x = x.parent {
			d++
		}
		return d
	}
	for _, sp := range pl.open {
		sp.mu.Lock()
		left := sp.next < len(sp.moves) && !sp.abort.Load()
		sp.mu.Unlock()
		if left && (best == nil || depth(sp) < depth(best)) {
			best = sp
		}
	}
	return best
}

// helper is a helper goroutine: it waits for a token and a split point with moves left, works
// there, and gives the token back (to the split point's owner if it waits for this helper).
func (pl *pool) helper(w *searcher) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for {
		var sp *split
		for !pl.stopped {
			if pl.free.Load() > 0 {
				if sp = pl.work(); sp != nil {
					break
				}
			}
			pl.cond.Wait()
		}
		if pl.stopped {
			pl.waiting--
			return
		}
		pl.waiting--
		pl.free.Add(-1)
		sp.mu.Lock()
		sp.workers++
		sp.mu.Unlock()
		pl.mu.Unlock()

		w.sel, w.exactness, w.noMoveEnds, w.mpc = sp.sel, sp.exactness, sp.noMoveEnds, sp.mpc
		inexact := w.inexact
		w.workAt(sp)

		pl.mu.Lock()
		pl.waiting++
		sp.mu.Lock()
		sp.workers--
		sp.inexact += w.inexact - inexact
		handOver := sp.workers == 0 && sp.ownerWaiting
		sp.mu.Unlock()
		if handOver {
			sp.wake <- struct{}{}
		} else {
			pl.free.Add(1)
			pl.cond.Broadcast()
		}
	}
}

// workAt searches the moves of split point sp one after another until none is left or the
// split point is aborted. It reports whether it was stopped by something else than sp's own
// abort (the search stopping, or a split point above aborted).
func (s *searcher) workAt(sp *split) (stopped bool) {
	saved := s.split
	s.split = sp
	defer func() {
		s.split = saved
		if r := recover(); r != nil {
			if _, ok := r.(stopSignal); !ok {
				panic(r)
			}
			stopped = sp.parent.aborted() || s.stop.Load() || s.nodes > s.maxNodes
		}
	}()
	for {
		sp.mu.Lock()
		if sp.next >= len(sp.moves) || sp.abort.Load() {
			sp.mu.Unlock()
			return false
		}
		m := &sp.moves[sp.next]
		sp.next++
		a := sp.alpha
		sp.mu.Unlock()
		v := sp.search(s, m, a, a+1)
		if v > a && v < sp.beta {
			// above the null window: search it again in the full one, from the best value
			// so far (which may have risen meanwhile: the null window's bound does not tell
			// whether the move beats it)
			sp.mu.Lock()
			a = sp.alpha
			sp.mu.Unlock()
			v = sp.search(s, m, a, sp.beta)
		}
		sp.mu.Lock()
		if v > sp.best {
			sp.best, sp.bestMove = v, m.sq
			if v >= sp.beta {
				sp.abort.Store(true)
			} else {
				sp.alpha = max(sp.alpha, v)
			}
		}
		sp.mu.Unlock()
	}
}
