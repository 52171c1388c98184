package othello

import (
	"sync"
	"sync/atomic"
)

// Parallel search by splitting principal-variation nodes (the "young brothers wait" idea): at a
// PV node, once its first move has been searched alone and has set the window, the other moves
// are shared out among all the threads, each searched with a null window at the best value so
// far and searched again with the full window when it beats it. A move that reaches beta aborts
// the others. One split runs at a time; the threads meet the tree's other nodes alone, sharing
// only the transposition table. Without helpers (one thread) nothing here runs.

// pool holds a search's helper threads.
type pool struct {
	helpers []*searcher
	busy    atomic.Bool
}

// splitMove is a move shared out at a split: its square and the position after it.
type splitMove struct {
	sq     int
	np, no uint64
}

// childSearch searches one move at a split with searcher w in the window (lo, hi), returning
// the move's value for the side to move at the split node.
type childSearch func(w *searcher, m *splitMove, lo, hi int) int

// trySplit searches moves in parallel when the search has idle helpers, and reports whether it
// did: best and bestMove then include them (they come in with the first move's result).
func (s *searcher) trySplit(moves []splitMove, alpha, beta int, best, bestMove *int, child childSearch) bool {
	pl := s.pool
	if pl == nil || len(moves) < 2 || !pl.busy.CompareAndSwap(false, true) {
		return false
	}
	defer pl.busy.Store(false)
	var (
		next    atomic.Int32
		abort   atomic.Bool
		alphaAt atomic.Int32
		mu      sync.Mutex
		stopped atomic.Bool
		wg      sync.WaitGroup
	)
	alphaAt.Store(int32(max(alpha, *best)))
	work := func(w *searcher) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopSignal); !ok {
					panic(r)
				}
				if !abort.Load() {
					stopped.Store(true) // the search itself stops
				}
			}
		}()
		for !abort.Load() {
			i := int(next.Add(1)) - 1
			if i >= len(moves) {
				return
			}
			m := &moves[i]
			a := int(alphaAt.Load())
			v := child(w, m, a, a+1)
			if v > a && v < beta {
				// above the window it was searched in: search it again in the full one, at
				// the best value so far (which may have risen meanwhile: the null window's
				// bound does not tell whether the move beats it)
				v = child(w, m, int(alphaAt.Load()), beta)
			}
			mu.Lock()
			if v > *best {
				*best, *bestMove = v, m.sq
				if v >= beta {
					abort.Store(true)
				} else if int32(v) > alphaAt.Load() {
					alphaAt.Store(int32(v))
				}
			}
			mu.Unlock()
		}
	}
	for _, h := range pl.helpers {
		h.noMoveEnds, h.abort = s.noMoveEnds, &abort
		wg.Go(func() { work(h) })
	}
	saved := s.abort
	s.abort = &abort
	work(s)
	s.abort = saved
	wg.Wait()
	if s.sel != 0 {
		// the helpers' selective decisions are not counted here: take the result as selective
		s.inexact++
	}
	if stopped.Load() || s.stop.Load() {
		panic(stopSignal{})
	}
	return true
}
