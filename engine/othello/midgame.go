package othello

import (
	"math/bits"
	"sync/atomic"
	"turncoat/games/discs"
)

// The midgame search: principal-variation search to a fixed depth with the transposition table,
// the evaluation at the leaves, and the exact solver wherever the depth reaches the end of the
// game. Iterative deepening, aspiration windows and time control sit above it (search.go).

// searcher is the state of one thread of a search.
type searcher struct {
	g     *geometry
	tt    *Table
	w     *Weights // the learned evaluation; nil on boards without one (heuristic)
	nodes uint64
	stop  *atomic.Bool
	// maxNodes stops the search when nodes passes it.
	maxNodes uint64
	// noMoveEnds plays the rule that ends the game when the side to move has no move; the
	// solver, which knows only passing, is then not used.
	noMoveEnds bool
	// w6 is the learned 6x6 evaluation, on 6x6 (eval6.go).
	w6 *Weights6
	// history counts, by square, the cut-offs moves there made in the midgame search (weighted
	// by the depth squared): among moves the other criteria rank alike, the more often
	// refuting one goes first. historyMax is the largest count.
	history    [64]uint32
	historyMax uint32
	// sel is the selectivity of an endgame search: 0 solves exactly, i+1 cuts with the margin
	// probcutT[i]. exactness is what the table records of its results: selExact, or i.
	sel, exactness int
	// mpc lets midNWS cut by multi-prob-cut (mpc.go).
	mpc bool
	// inexact counts the selective decisions of the search so far: probcut cuts and bounds
	// taken from selective searches. A node whose subtree made none was solved exactly.
	inexact uint64
	// pool is the search's threads (nil with one thread); split is the split point this
	// searcher works at (parallel.go), nil outside any.
	pool  *pool
	split *split
	// moveStack[n] holds the moves of the node with n empties being searched: the empties
	// fall by one at every move, so a node's list is never overwritten while it is in use,
	// and taking it costs nothing where a local array would be cleared at every node.
	moveStack [65][discs.MaxMoves]child
	// keyStack[n] holds the packed ordering keys of the moves of moveStack[n].
	keyStack [65][discs.MaxMoves]uint64
	// kids evaluates the children of a position (childrenOf).
	kids children
	// ttFrom is the number of empties from which the solver uses the shared table: the
	// board's ttFrom, raised to its ttFromFull once the solver's stores have evicted fillLimit
	// entries of the search (counted in evictions).
	ttFrom               int
	evictions, fillLimit uint64
	// local is the solver's local table (endgame.go), by empties from shallowEmpties.
	local [ttEmpties - shallowEmpties][1 << localBits]localEntry
}

// checkStop unwinds the search when it must stop, or when the split point it works at (or one
// above) is aborted.
func (s *searcher) checkStop() {
	if s.stop.Load() || s.nodes > s.maxNodes || (s.split != nil && s.split.aborted()) {
		panic(stopSignal{})
	}
}

// evaluate estimates the final score of a position with n empties for p, within [-63, 63].
func (s *searcher) evaluate(p, o uint64, n int) int {
	if s.w != nil {
		return s.w.evaluate(p, o, n)
	}
	if s.w6 != nil {
		return s.w6.evaluate(p, o, n)
	}
	return s.heuristic(p, o)
}

// childrenOf returns the searcher's children evaluator (evaluateChild) for the position p, o
// (nil on boards other than 8x8: evaluateChild then evaluates each child on its own).
func (s *searcher) childrenOf(p, o uint64) *children {
	if s.w == nil {
		return nil
	}
	s.kids.init(p, o)
	return &s.kids
}

// evaluateChild is evaluate for the child np, no (n empties) of the position c was made for,
// where the mover (p) played sq.
func (s *searcher) evaluateChild(c *children, p, np, no uint64, sq, n int) int {
	if c == nil {
		return s.evaluate(np, no, n)
	}
	return s.w.evaluateChild(c, np, no, sq, no&^p&^(1<<sq), n)
}

// heuristic is the evaluation of boards without learned weights: mobility, corners, stable
// discs, and X-squares next to empty corners, in rough discs.
func (s *searcher) heuristic(p, o uint64) int {
	g := s.g
	mp := bits.OnesCount64(discs.Moves(p, o) & g.mask)
	mo := bits.OnesCount64(discs.Moves(o, p) & g.mask)
	v := 2 * (mp - mo)
	empty := g.mask &^ (p | o)
	v += potentialMobility(o, empty) - potentialMobility(p, empty)
	for i, corner := range g.cornerList {
		bit := uint64(1) << corner
		switch {
		case p&bit != 0:
			v += 8
		case o&bit != 0:
			v -= 8
		default:
			x := uint64(1) << g.cornerX[i]
			if p&x != 0 {
				v -= 5
			} else if o&x != 0 {
				v += 5
			}
		}
	}
	if p&g.corners|o&g.corners != 0 {
		v += 2 * (bits.OnesCount64(g.stable(p, o)) - bits.OnesCount64(g.stable(o, p)))
	}
	return clampEval(v / 2)
}

// orderMid sets the keys of moves at a node searched to depth with alpha the bottom of its
// window: the hash move first, then sortKey plus, from midSortMin plies, the value of a shallow
// search of each child.
func (s *searcher) orderMid(p, o uint64, list []child, depth, n, hashMove, alpha int) {
	sortDepth := -1
	if depth >= midSortMin {
		sortDepth = min((depth-midSortMin)/3, 6)
	}
	sortAlpha := max(-64, alpha-8)
	var c *children
	if sortDepth == 0 {
		c = s.childrenOf(p, o)
	}
	for i := range list {
		m := &list[i]
		switch {
		case m.Square == hashMove:
			m.Key = 1 << 30
			continue
		case m.P == 0:
			m.Key = 1 << 29
			continue
		}
		key := s.sortKey(m) + s.historyKey(m.Square)
		if sortDepth >= 0 {
			key += s.searchKey(p, c, m, sortDepth, n, sortAlpha)
		}
		m.Key = key
	}
}

const (
	// midTableMinDepth is the depth to which null-window midgame searches do without the table.
	midTableMinDepth = 1
	// midSortMin is the least midgame depth at which moves are ordered by a shallow search.
	midSortMin = 4
	// sortBase sets the depth of the solver's ordering searches: (empties - sortBase) / 3.
	sortBase = 15
	// splitDepth and splitEmpties are the least midgame depth and solver empties at which a
	// PV node shares its moves among the threads.
	splitDepth   = 5
	splitEmpties = 12
)

// historyKey is a move's history as a tie-breaker: below every other ordering weight.
func (s *searcher) historyKey(sq int) int {
	return int(uint64(s.history[sq]) * wHistory / (uint64(s.historyMax) + 1))
}

// cutoff records that the move at sq refuted a position searched to depth.
func (s *searcher) cutoff(sq, depth int) {
	h := s.history[sq] + uint32(depth*depth)
	if h >= 1<<30 { // age the counts before they overflow
		for i := range s.history {
			s.history[i] /= 2
		}
		h /= 2
		s.historyMax /= 2
	}
	s.history[sq] = h
	s.historyMax = max(s.historyMax, h)
}

// midNWS is the null-window midgame search (alpha, alpha+1) to depth: a value above alpha is a
// lower bound of the depth's minimax value, one at most alpha an upper bound.
func (s *searcher) midNWS(p, o uint64, alpha, depth, n int) int {
	if depth >= n && !s.noMoveEnds {
		return s.nws(p, o, alpha, n, s.g.parity(s.g.mask&^(p|o)))
	}
	if depth == 0 || n == 0 {
		if n == 0 {
			return s.g.finalScore(p, o)
		}
		return s.evaluate(p, o, n)
	}
	s.nodes++
	s.checkStop()
	moves := discs.Moves(p, o) & s.g.mask
	if moves == 0 {
		if s.noMoveEnds || discs.Moves(o, p)&s.g.mask == 0 {
			return s.g.finalScore(p, o)
		}
		return -s.midNWS(o, p, -alpha-1, depth, n)
	}
	hashMove := noMove
	// the shallowest searches (most of probcut's and the move ordering's nodes) do without
	// the table: a probe costs more than the search it could save
	useTT := depth > midTableMinDepth
	if useTT {
		if d := s.tt.probe(p, o); d.valid() {
			if d.depth() >= depth {
				if d.lower() > alpha {
					return d.lower()
				}
				if d.upper() <= alpha {
					return d.upper()
				}
			}
			hashMove = d.move()
		}
	}
	if s.mpc && depth >= mpcMinDepth {
		if v, ok := s.midProbcut(p, o, alpha, depth, n); ok {
			return v
		}
	}
	start := s.nodes
	best, bestMove := -infinity, noMove
	if depth == 1 {
		best, bestMove = s.midLeaves(p, o, alpha, n, moves)
	} else {
		if hashMove != noMove && moves&(1<<hashMove) != 0 {
			// the hash move first, before the others are generated and ordered (by
			// searches): it often refutes alone
			f := flip(hashMove, p, o)
			best = -s.midNWS(o&^f, p|f|1<<hashMove, -alpha-1, depth-1, n-1)
			bestMove = hashMove
			moves &^= 1 << hashMove
			if best > alpha {
				s.cutoff(hashMove, depth)
			}
		}
		if best <= alpha && moves != 0 {
			best, bestMove = s.midMoves(p, o, alpha, depth, n, moves, best, bestMove)
		}
	}
	if useTT {
		s.tt.store(p, o, depth, s.exactness, alpha, alpha+1, best, bestMove, s.nodes-start)
	}
	return best
}

// midLeaves is midNWS at depth 1: each move's position is evaluated, in square order, until
// one is above alpha. Most of probcut's and the ordering searches' nodes are here, so nothing
// is generated ahead: a move's discs are turned only when its turn comes.
func (s *searcher) midLeaves(p, o uint64, alpha, n int, moves uint64) (best, bestMove int) {
	best, bestMove = -infinity, noMove
	c := s.childrenOf(p, o)
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := flip(sq, p, o)
		np, no := o&^f, p|f|1<<sq
		s.nodes++
		var v int
		switch {
		case np == 0:
			v = s.g.squares // a wipe-out: the opponent has no discs
		case n == 1:
			v = -s.g.finalScore(np, no)
		case c != nil:
			v = -s.w.evaluateChild(c, np, no, sq, f, n-1)
		default:
			v = -s.evaluate(np, no, n-1)
		}
		if v > best {
			best, bestMove = v, sq
			if v > alpha {
				break
			}
		}
	}
	return best, bestMove
}

// midMoves searches the moves (a bitboard, without the hash move, already searched) of midNWS's
// node to depth in order until one is above alpha, starting from the best value and move found
// so far.
func (s *searcher) midMoves(p, o uint64, alpha, depth, n int, moves uint64, best, bestMove int) (int, int) {
	list := genMoves(p, o, moves, s.g.mask, &s.moveStack[n])
	if depth-1 > midTableMinDepth {
		for i := range list { // the children probe the table after the ordering
			s.tt.prefetch(list[i].P, list[i].O)
		}
	}
	s.orderMid(p, o, list, depth, n, noMove, alpha)
	for i := range list {
		if best != -infinity && depth >= splitDepth && len(list)-i >= 2 && s.canSplit() {
			// the first move did not refute the node: share the others with idle threads
			best, bestMove = s.splitMoves(splitList(list[i:]), alpha, alpha+1, best, bestMove, func(w *searcher, m *splitMove, lo, hi int) int {
				return -w.midNWS(m.np, m.no, -hi, depth-1, n-1)
			})
			if best > alpha {
				s.cutoff(bestMove, depth)
			}
			return best, bestMove
		}
		pickBest(list, i)
		m := &list[i]
		v := -s.midNWS(m.P, m.O, -alpha-1, depth-1, n-1)
		if v > best {
			best, bestMove = v, m.Square
			if v > alpha {
				s.cutoff(m.Square, depth)
				break
			}
		}
	}
	return best, bestMove
}

// splitList returns the moves of list, best first, for a split point.
func splitList(list []child) []splitMove {
	out := make([]splitMove, len(list))
	for i := range list {
		pickBest(list, i)
		m := &list[i]
		out[i] = splitMove{sq: m.Square, np: m.P, no: m.O, replies: m.Replies}
	}
	return out
}

// midPVS is the full-window midgame search to depth.
func (s *searcher) midPVS(p, o uint64, alpha, beta, depth, n int) int {
	if depth >= n && !s.noMoveEnds {
		return s.pvs(p, o, alpha, beta, n, s.g.parity(s.g.mask&^(p|o)))
	}
	if depth == 0 || n == 0 {
		if n == 0 {
			return s.g.finalScore(p, o)
		}
		return s.evaluate(p, o, n)
	}
	if beta-alpha == 1 {
		return s.midNWS(p, o, alpha, depth, n)
	}
	s.nodes++
	s.checkStop()
	moves := discs.Moves(p, o) & s.g.mask
	if moves == 0 {
		if s.noMoveEnds || discs.Moves(o, p)&s.g.mask == 0 {
			return s.g.finalScore(p, o)
		}
		return -s.midPVS(o, p, -beta, -alpha, depth, n)
	}
	hashMove := noMove
	if d := s.tt.probe(p, o); d.valid() {
		if d.depth() >= depth {
			if d.lower() >= beta {
				return d.lower()
			}
			if d.upper() <= alpha {
				return d.upper()
			}
			if d.lower() == d.upper() {
				return d.lower()
			}
		}
		hashMove = d.move()
	}
	list := genMoves(p, o, moves, s.g.mask, &s.moveStack[n])
	s.orderMid(p, o, list, depth, n, hashMove, alpha)
	start := s.nodes
	a := alpha
	best, bestMove := -infinity, noMove
	for i := range list {
		if i >= 1 && depth >= splitDepth && len(list)-i >= 2 && s.canSplit() {
			best, bestMove = s.splitMoves(splitList(list[i:]), a, beta, best, bestMove, func(w *searcher, m *splitMove, lo, hi int) int {
				return -w.midPVS(m.np, m.no, -hi, -lo, depth-1, n-1)
			})
			if best >= beta {
				s.cutoff(bestMove, depth)
			}
			break
		}
		pickBest(list, i)
		m := &list[i]
		var v int
		if i == 0 {
			v = -s.midPVS(m.P, m.O, -beta, -a, depth-1, n-1)
		} else {
			v = -s.midNWS(m.P, m.O, -a-1, depth-1, n-1)
			if v > a && v < beta {
				v = -s.midPVS(m.P, m.O, -beta, -v, depth-1, n-1)
			}
		}
		if v > best {
			best, bestMove = v, m.Square
			if v >= beta {
				s.cutoff(m.Square, depth)
				break
			}
			a = max(a, v)
		}
	}
	s.tt.store(p, o, depth, s.exactness, alpha, beta, best, bestMove, s.nodes-start)
	return best
}

// Move ordering weights (Edax's scheme): the opponent's replies and the value of a shallow
// search count alike, corner stability and potential mobility break ties. Measured in the
// solver's nodes (one thread, FFO #40-#49, #53 and #54: 4.95 G), the static evaluation's part
// at twice or half its weight took 1.6% and 1.1% more, the shallow searches' part at twice
// its weight 0.6% more, and their window from alpha-4 or alpha-12 instead of alpha-8 2.2% and
// 0.7% more.
const (
	wMobility          = 1 << 15
	wEval              = 1 << 15
	wCornerStability   = 1 << 11
	wPotentialMobility = 1 << 5
	wParity            = 1 << 3
	wHistory           = 1 << 4
)

// cornerStability counts p's corners and the edge squares next to its corners: discs no move
// can take back, which a move that makes them is worth.
func (g *geometry) cornerStability(p uint64) int {
	if g.size == 8 {
		// each corner disc and, when the corner is p's, the edge discs beside it
		s := (p&0x0100000000000001)<<1 | (p&0x8000000000000080)>>1 | (p&0x0000000000000081)<<8 |
			(p&0x8100000000000000)>>8 | 0x8100000000000081
		return bits.OnesCount64(s & p)
	}
	if g.size == 6 {
		// the same on 6x6: corners a1, f1, a6 and f6
		s := (p&0x0000010000000001)<<1 | (p&0x0000200000000020)>>1 | (p&0x0000000000000021)<<8 |
			(p&0x0000210000000000)>>8 | 0x0000210000000021
		return bits.OnesCount64(s & p)
	}
	n := 0
	for i, c := range g.cornerList {
		if p&(1<<c) != 0 {
			n += 1 + bits.OnesCount64(p&g.cornerEdges[i])
		}
	}
	return n
}

// sortKey is the part of a move's ordering key that does not depend on a search: the fewer
// (weighted) replies and potential replies the opponent has, and the more stable corner discs
// the mover gets, the better.
func (s *searcher) sortKey(m *child) int {
	empty := s.g.mask &^ (m.P | m.O)
	return mobilityKey(m.Replies, s.g.corners) + (36-potentialMobility(m.O, empty))*wPotentialMobility +
		s.g.cornerStability(m.O)*wCornerStability
}

// mobilityKey is the part of sortKey from the opponent's replies (a bitboard), corners counting
// twice.
func mobilityKey(replies, corners uint64) int {
	return (36 - weightedMobility(replies, corners)) * wMobility
}

// orderEvaluated sets the keys of moves at a solver node with n (many) empties searched with
// the null window (alpha, alpha+1): sortKey plus the value of a shallow search of each child,
// deeper the more empties are left.
func (s *searcher) orderEvaluated(p, o uint64, list []child, n, alpha int) {
	sortDepth := min(max((n-s.g.sortBase)/3, 0), 6)
	if n >= 27 {
		sortDepth = min(sortDepth+1, 6)
	}
	sortAlpha := max(-64, alpha-8)
	var c *children
	if sortDepth == 0 {
		c = s.childrenOf(p, o)
	}
	for i := range list {
		m := &list[i]
		if m.P == 0 {
			m.Key = 1 << 30
			continue
		}
		m.Key = s.sortKey(m) + s.searchKey(p, c, m, sortDepth, n, sortAlpha)
	}
}

// searchKey is the part of a move's ordering key from a search of depth sortDepth of the child
// (n-1 empties), the lower its value for the opponent the better: the static evaluation (a
// quarter of the weight) at depth 0, a search bounded at sortAlpha from below (half) at depths
// 1 and 2, an exact one beyond.
func (s *searcher) searchKey(p uint64, c *children, m *child, sortDepth, n, sortAlpha int) int {
	switch sortDepth {
	case 0:
		return ((64 - s.evaluateChild(c, p, m.P, m.O, m.Square, n-1)) >> 2) * wEval
	case 1, 2:
		return ((64 - s.midPVS(m.P, m.O, -64, -sortAlpha, sortDepth, n-1)) >> 1) * wEval
	default:
		return (64 - s.midPVS(m.P, m.O, -64, 64, sortDepth, n-1)) * wEval
	}
}
