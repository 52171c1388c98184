package othello

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// Engine is the Othello engine: the evaluation, a transposition table kept from search to
// search, and the number of threads. One search runs at a time (an Engine serialises them);
// make several Engines for concurrent games.
type Engine struct {
	mu      sync.Mutex
	tt      *Table
	weights *Weights
	threads int
	// spare are searchers of earlier searches, kept for the next: a searcher's move stacks
	// and local tables are large (megabytes), too large to allocate and clear for every
	// short search; its local table holds only exact results, which stay true.
	spare []*searcher
	// weights6 is the 6x6 evaluation (nil: the embedded one).
	weights6 *Weights6
}

// Options configure an Engine.
type Options struct {
	// TableBytes is the transposition table's size (default 64 MiB).
	TableBytes int
	// Threads is the number of threads a search uses (default 1).
	Threads int
	// Weights is the 8x8 evaluation (default: the embedded trained weights). 4x4 uses a
	// heuristic evaluation.
	Weights *Weights
	// Weights6 is the 6x6 evaluation (default: the embedded trained weights, eval6.go).
	Weights6 *Weights6
}

// DefaultTableBytes is the default transposition table size.
const DefaultTableBytes = 64 << 20

// New returns an engine.
func New(o Options) *Engine {
	if o.TableBytes <= 0 {
		o.TableBytes = DefaultTableBytes
	}
	if o.Weights == nil {
		o.Weights = DefaultWeights()
	}
	return &Engine{tt: NewTable(o.TableBytes), weights: o.Weights, weights6: o.Weights6, threads: max(o.Threads, 1)}
}

// SearcherBytes is the memory each search thread of an engine holds besides the shared table:
// the solver's local tables (about 4 MiB on 8x8) and the move stacks. An engine keeps its
// threads' searchers from one search to the next.
const SearcherBytes = int(unsafe.Sizeof(searcher{}))

// Clear empties the transposition table and the searchers' local tables (a new game).
func (e *Engine) Clear() {
	e.mu.Lock()
	e.tt.Clear()
	e.spare = nil
	e.mu.Unlock()
}

// Limits bound a search. Zero values mean no limit; a search with no limit at all searches
// until the game's end is solved or its context ends.
type Limits struct {
	// Depth is the deepest midgame search, in plies.
	Depth int
	// Nodes stops the search after about this many nodes.
	Nodes uint64
	// Time stops the search after this long (it returns the best move of the deepest finished
	// iteration).
	Time time.Duration
	// ExactEmpties: with this many empty squares or fewer the search solves the position
	// exactly instead (time and node limits still apply).
	ExactEmpties int
	// WLDEmpties: with this many empties or fewer (and more than ExactEmpties) the search
	// solves for the win, draw or loss only; then, with a Time limit of which half is left,
	// exactly, keeping the winning move if the exact solve does not finish.
	WLDEmpties int
	// Selective lets the midgame iterations cut by multi-prob-cut (mpc.go): deeper in the
	// same time, at the risk of a cut the deep search would not have made. The solver's
	// searches stay exact.
	Selective bool
	// NoMoveEnds plays the rule under which the game ends as soon as the side to move has no
	// move (instead of passing).
	NoMoveEnds bool
	// Managed lets a search with a Time limit manage it (timing.go): it plays a move that is
	// the only one (up to symmetry) at once, stops the midgame iterations early once the best
	// move is settled, goes on up to the limit while it is in doubt, and starts no iteration
	// that is predicted not to finish in time. Without it, no midgame iteration starts after
	// half the Time limit. Depth and Nodes still apply.
	Managed bool
	// Progress, if set, is called after each finished iteration with the result so far: the
	// midgame iterations, then, for a solve, each selective search to the end (Selectivity
	// set) and the solve itself.
	Progress func(Result)
}

// Result is the outcome of a search.
type Result struct {
	// Move is the best move found: a square, or reversi.Pass when the side to move must pass.
	Move int
	// Score is the value of the position for the side to move, in discs: exact when Exact;
	// when WLD only its sign is meaningful (a win, a draw, a loss); else the evaluation of a
	// search to Depth.
	Score int
	// Depth is the depth of the deepest finished iteration (the number of empties when the
	// position was solved).
	Depth int
	// Partial tells that Move comes from the unfinished iteration after Depth, which proved it
	// better than the finished iteration's move before a limit stopped it; Score is then its
	// value (or bound) at that deeper depth.
	Partial bool
	// Exact tells whether Score is the exact final score with perfect play.
	Exact bool
	// Selectivity, when not 0, tells that Score is the value of a selective search to the
	// end (probcut.go) rather than of the iteration to Depth: each of its cuts is right with
	// this chance, in percent. A solve reports these searches as its progress, and a solve
	// stopped before it was exact returns the last one's move and value.
	Selectivity int
	// WLD tells whether the position was solved for the win, draw or loss only (never
	// together with Exact).
	WLD bool
	// PV is the principal variation from the position, starting with Move.
	PV []int
	// Nodes is the number of positions searched.
	Nodes   uint64
	Elapsed time.Duration
}

// MoveValue is the value of one move, for analysis.
type MoveValue struct {
	Move  int
	Score int
	// Exact tells whether Score is the exact final score with perfect play.
	Exact bool
	PV    []int
}

// ErrGameOver is returned when a search is asked about a finished game.
var ErrGameOver = errors.New("the game is over: neither side can move")

// searchState is what one search shares between its root and its threads.
type searchState struct {
	g        *geometry
	stop     atomic.Bool
	maxNodes uint64
	start    time.Time
}

// newSearcher returns a searcher for a search on the board g: a spare one of the same board,
// its state of the last search reset, or a new one.
func (e *Engine) newSearcher(g *geometry, st *searchState, lim Limits) *searcher {
	var s *searcher
	for i, sp := range e.spare {
		if sp.g == g {
			s = sp
			e.spare = append(e.spare[:i], e.spare[i+1:]...)
			break
		}
	}
	if s == nil {
		s = &searcher{g: g}
	}
	s.tt, s.stop, s.maxNodes, s.noMoveEnds = e.tt, &st.stop, st.maxNodes, lim.NoMoveEnds
	s.nodes, s.sel, s.exactness, s.inexact = 0, 0, selExact, 0
	s.history, s.historyMax = [64]uint32{}, 0
	s.pool, s.split = nil, nil
	s.startTable()
	s.mpc = lim.Selective && g.size == 8
	s.w = nil
	if g.size == 8 {
		s.w = e.weights
	}
	if g.size == 6 {
		s.w6 = e.weights6
		if s.w6 == nil {
			s.w6 = DefaultWeights6()
		}
	}
	return s
}

// keep returns a search's searchers to the engine for the next search.
func (e *Engine) keep(searchers ...*searcher) {
	e.spare = append(e.spare, searchers...)
}

// prepare checks the position and starts the search's stop conditions: the context, the time
// limit. The returned function releases them.
func (e *Engine) prepare(ctx context.Context, pos Position, lim Limits) (*searchState, func(), error) {
	g, err := pos.check()
	if err != nil {
		return nil, nil, err
	}
	st := &searchState{g: g, maxNodes: lim.Nodes, start: time.Now()}
	if st.maxNodes == 0 {
		st.maxNodes = math.MaxUint64
	}
	stopCtx := context.AfterFunc(ctx, func() { st.stop.Store(true) })
	var timer *time.Timer
	if lim.Time > 0 {
		timer = time.AfterFunc(lim.Time, func() { st.stop.Store(true) })
	}
	if ctx.Err() != nil {
		st.stop.Store(true)
	}
	return st, func() {
		stopCtx()
		if timer != nil {
			timer.Stop()
		}
	}, nil
}

// rootMove is a move at the root with what the search knows of it.
type rootMove struct {
	sq     int
	np, no uint64
	score  int
}

// Search finds the best move of the position within the limits. It returns the best move of
// the deepest finished iteration when a limit or the context stops it; an error only when the
// position is invalid, the game is over, or it was stopped before any move was known.
func (e *Engine) Search(ctx context.Context, pos Position, lim Limits) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.search(ctx, pos, lim)
}

// search is Search with the engine locked.
func (e *Engine) search(ctx context.Context, pos Position, lim Limits) (Result, error) {
	st, release, err := e.prepare(ctx, pos, lim)
	if err != nil {
		return Result{}, err
	}
	defer release()
	e.tt.NewSearch()
	g := st.g
	p, o := pos.P, pos.O
	if discs.Moves(p, o)&g.mask == 0 {
		if discs.Moves(o, p)&g.mask == 0 || lim.NoMoveEnds {
			return Result{}, ErrGameOver
		}
		// a forced pass: the value is the opponent's, negated
		r, err := e.run(ctx, st, o, p, lim)
		if err != nil {
			return Result{}, err
		}
		r.Move, r.Score = reversi.Pass, -r.Score
		r.PV = append([]int{reversi.Pass}, r.PV...)
		return r, nil
	}
	return e.run(ctx, st, p, o, lim)
}

// run searches a position where the side to move has a move.
func (e *Engine) run(ctx context.Context, st *searchState, p, o uint64, lim Limits) (Result, error) {
	g := st.g
	n := g.squares - bits.OnesCount64(p|o)
	maxDepth, solve, wld := schedule(n, lim)
	lo, hi := -64, 64
	if wld {
		lo, hi = -1, 1
	}
	// upgraded tells that a win/loss/draw solve is followed by an exact one
	upgraded := false
	var res Result
	var nodes func() uint64 // the nodes of the search's threads so far (startThreads)
	// progress reports the result so far to lim.Progress, if set
	progress := func() {
		if lim.Progress != nil {
			res.Nodes, res.Elapsed = nodes(), time.Since(st.start)
			res.PV = e.pv(p, o, res.Move, g)
			lim.Progress(res)
		}
	}
	// plan runs the iterations, reporting each: report returns false to stop
	plan := func(s *searcher, roots []rootMove, report func(depth, v int, final bool) bool) {
		v := 0
		for depth := 1; depth <= maxDepth; depth++ {
			var ok bool
			last := roots[0].sq
			if v, ok = s.aspiration(roots, v, depth, n); !ok {
				if depth > 1 && roots[0].sq != last {
					// the unfinished iteration searched the last best move and then proved
					// another better (searchRoot moves such a move to the front): play it
					res.Move, res.Score, res.Partial = roots[0].sq, roots[0].score, true
				}
				return
			}
			if !report(depth, v, false) {
				return
			}
		}
		s.setMPC(false) // the solves are exact
		if (solve || wld) && maxDepth >= 1 && n >= selectiveEmpties {
			// selective searches to the end first (probcut.go), each in a window around the
			// previous estimate
			var ok bool
			if v, ok = s.selective(roots, v, n, func(v, confidence int) {
				// a solve stopped by the time limit plays the selective searches' best
				// move rather than the midgame iterations'
				res.Move, res.Score, res.Selectivity, res.Partial = roots[0].sq, v, confidence, false
				progress()
			}); !ok {
				return
			}
		}
		switch {
		case wld:
			est := v
			if v, ok := s.searchRoot(roots, lo, hi, n, n); ok {
				report(n, v, true)
				if lim.Time > 0 && time.Since(st.start) < lim.Time/2 {
					// the win is sure; the time left goes to the exact solve, whose best
					// move, if it finishes, loses no disc (else the winning one stands)
					upgraded = true
					if v, ok := s.aspiration(roots, est, n, n); ok {
						report(n, v, true)
					}
				}
			}
		case solve && maxDepth >= 1:
			// a window around the estimate: most nodes then prove a bound near the score
			// instead of bounds far from it
			if v, ok := s.aspiration(roots, v, n, n); ok {
				report(n, v, true)
			}
		case solve:
			if v, ok := s.searchRoot(roots, lo, hi, n, n); ok {
				report(n, v, true)
			}
		}
	}

	main := e.newSearcher(g, st, lim)
	var done func()
	nodes, done = e.startThreads(main, st, lim)
	defer done()
	// moves a symmetry of the position maps onto each other are alike: one of each will do
	roots := distinctRoots(p, o, rootMoves(p, o, g), g)
	res.Move = roots[0].sq
	managed := lim.Managed && lim.Time > 0
	if managed && len(roots) == 1 && !solve && !wld {
		// nothing to choose: one shallow iteration gives the move a value (a solve still
		// runs: its value is exact, as the level promises)
		maxDepth = 1
	}
	var hist []iteration // the midgame iterations, for managed time
	plan(main, roots, func(depth, v int, final bool) bool {
		res.Move, res.Score, res.Depth, res.Partial, res.Selectivity = roots[0].sq, v, depth, false, 0
		res.Exact, res.WLD = solvedAs(final, wld && !upgraded, depth, n)
		progress()
		if final || solve || wld || lim.Time <= 0 {
			return true
		}
		if managed {
			hist = append(hist, iteration{depth: depth, move: res.Move, score: v, elapsed: time.Since(st.start)})
			more, _ := nextIteration(hist, len(roots), lim.Time, managedTime)
			return more
		}
		// in the midgame, another iteration would not finish in time
		return time.Since(st.start) < lim.Time/2
	})
	if res.Depth == 0 && ctx.Err() != nil {
		return Result{}, ctx.Err()
	}
	res.Nodes = nodes()
	res.Elapsed = time.Since(st.start)
	res.PV = e.pv(p, o, res.Move, g)
	return res, nil
}

// solvedAs says what an iteration to depth of a position with n empties established: the
// exact score (a final solve with a full window, or a midgame search to the end), or, for a
// final win/loss/draw solve, only its sign. A win/loss/draw solve also reaches the end, but
// with a null window around the draw, so it is never exact.
func solvedAs(final, wld bool, depth, n int) (exact, wldSolved bool) {
	if final && wld {
		return false, true
	}
	return final || depth >= n, false
}

// schedule decides the iterations of a search of a position with n empties: midgame searches
// to depths 1 to maxDepth (the search itself, or the move ordering of a solve), then, if solve
// or wld, the exact or win/loss/draw solve. A search without any limit solves exactly unless
// asked for the win only.
func schedule(n int, lim Limits) (maxDepth int, solve, wld bool) {
	if !lim.NoMoveEnds {
		unlimited := lim.Depth == 0 && lim.Time == 0 && lim.Nodes == 0
		wld = n <= lim.WLDEmpties && n > lim.ExactEmpties
		solve = n <= lim.ExactEmpties || (unlimited && !wld)
	}
	maxDepth = lim.Depth
	if maxDepth <= 0 || maxDepth > n {
		maxDepth = n
	}
	if solve || wld {
		maxDepth = min(maxDepth, n-12, 10)
	}
	return maxDepth, solve, wld
}

// startThreads gives the main searcher the search's other threads (none with one thread). It
// returns a function counting the nodes of all the threads so far (between iterations: no
// split point open), and one to call when the search ends, which stops the threads and keeps
// their searchers for the next search.
func (e *Engine) startThreads(main *searcher, st *searchState, lim Limits) (nodes func() uint64, done func()) {
	if e.threads <= 1 {
		return func() uint64 { return main.nodes }, func() { e.keep(main) }
	}
	pl := newPool(e.threads, main, func() *searcher { return e.newSearcher(st.g, st, lim) })
	return pl.nodes, func() { e.keep(pl.close()...) }
}

// rootMoves lists the moves of the root.
func rootMoves(p, o uint64, g *geometry) []rootMove {
	var buf [discs.MaxMoves]child
	list := genMoves(p, o, discs.Moves(p, o)&g.mask, g.mask, &buf)
	roots := make([]rootMove, len(list))
	for i, m := range list {
		roots[i] = rootMove{sq: m.Square, np: m.P, no: m.O, score: -infinity}
	}
	return roots
}

// aspiration searches the root to depth with a window around the previous score, widening it
// until the value falls inside; ok is false when the search was stopped.
func (s *searcher) aspiration(roots []rootMove, guess, depth, n int) (v int, ok bool) {
	delta := 4
	lo, hi := max(guess-delta, -64), min(guess+delta, 64)
	if depth <= 2 {
		lo, hi = -64, 64
	}
	for {
		v, ok = s.searchRoot(roots, lo, hi, depth, n)
		if !ok {
			return v, false
		}
		switch {
		case v <= lo && lo > -64:
			lo = max(v-delta, -64)
		case v >= hi && hi < 64:
			hi = min(v+delta, 64)
		default:
			return v, true
		}
		delta *= 2
	}
}

// searchRoot searches the root moves to depth in the window (alpha, beta), principal variation
// first (the others shared among the threads), and moves the best to the front. ok is false
// when the search was stopped.
func (s *searcher) searchRoot(roots []rootMove, alpha, beta, depth, n int) (best int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isStop := r.(stopSignal); !isStop {
				panic(r)
			}
			ok = false
		}
	}()
	solve := depth >= n && !s.noMoveEnds
	a := alpha
	best = -infinity
	for i := range roots {
		m := &roots[i]
		if i >= 1 && len(roots)-i >= 2 && s.canSplit() {
			rest := make([]splitMove, len(roots)-i)
			for j := range rest {
				rest[j] = splitMove{sq: roots[i+j].sq, np: roots[i+j].np, no: roots[i+j].no}
			}
			var bestMove int
			best, bestMove = s.splitMoves(rest, a, beta, best, roots[0].sq, func(w *searcher, m *splitMove, lo, hi int) int {
				if solve {
					return -w.pvs(m.np, m.no, -hi, -lo, n-1, w.g.parity(w.g.mask&^(m.np|m.no)))
				}
				return -w.midPVS(m.np, m.no, -hi, -lo, depth-1, n-1)
			})
			// the best move goes to the front, the others keep their order
			for j := range roots {
				if roots[j].sq == bestMove && j > 0 {
					mv := roots[j]
					copy(roots[1:j+1], roots[:j])
					roots[0] = mv
				}
			}
			roots[0].score = best
			break
		}
		par := s.g.parity(s.g.mask &^ (m.np | m.no))
		child := func(lo, hi int) int {
			if solve {
				return -s.pvs(m.np, m.no, -hi, -lo, n-1, par)
			}
			return -s.midPVS(m.np, m.no, -hi, -lo, depth-1, n-1)
		}
		var v int
		if i == 0 {
			v = child(a, beta)
		} else {
			v = child(a, a+1)
			if v > a && v < beta {
				v = child(v-1, beta)
			}
		}
		m.score = v
		if v > best {
			best = v
			if i > 0 {
				// the new best move goes to the front, the others keep their order
				mv := *m
				copy(roots[1:i+1], roots[:i])
				roots[0] = mv
			}
			if v >= beta {
				break
			}
			a = max(a, v)
		}
	}
	return best, true
}

// pv follows the table's best moves from the position after move.
func (e *Engine) pv(p, o uint64, move int, g *geometry) []int {
	pv := []int{move}
	f := flip(move, p, o)
	p, o = play(p, o, move, f)
	for len(pv) < 60 {
		moves := discs.Moves(p, o) & g.mask
		if moves == 0 {
			if discs.Moves(o, p)&g.mask == 0 {
				break
			}
			pv = append(pv, reversi.Pass)
			p, o = o, p
			continue
		}
		d := e.tt.probe(p, o)
		if !d.valid() || d.move() == noMove || moves&(1<<d.move()) == 0 {
			break
		}
		sq := d.move()
		pv = append(pv, sq)
		p, o = play(p, o, sq, flip(sq, p, o))
	}
	return pv
}

// String describes a result in one line.
func (r Result) String() string {
	kind := fmt.Sprintf("depth %d", r.Depth)
	switch {
	case r.Exact:
		kind = "exact"
	case r.WLD:
		kind = "win/loss/draw"
	}
	return fmt.Sprintf("%s %+d (%s) nodes=%d", reversi.SquareName(r.Move), r.Score, kind, r.Nodes)
}

// Analyze evaluates every legal move of the position within the limits, best first: each move
// is searched with a full window, so every value is the move's own (exact when Exact), not a
// bound. The Result describes the best move. With no limits at all the moves are solved.
func (e *Engine) Analyze(ctx context.Context, pos Position, lim Limits) ([]MoveValue, Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, Result{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	// every move is valued as fully as the limits allow: managed time is for choosing a move
	// to play, and would stop some moves' searches sooner than others'
	lim.Managed = false
	g, err := pos.check()
	if err != nil {
		return nil, Result{}, err
	}
	p, o := pos.P, pos.O
	if discs.Moves(p, o)&g.mask == 0 {
		// the only move is a pass: search (which handles it) says what it is worth
		r, err := e.search(ctx, pos, lim)
		if err != nil {
			return nil, Result{}, err
		}
		return []MoveValue{{Move: reversi.Pass, Score: r.Score, Exact: r.Exact, PV: r.PV}}, r, nil
	}
	st, release, err := e.prepare(ctx, pos, lim)
	if err != nil {
		return nil, Result{}, err
	}
	defer release()
	e.tt.NewSearch()
	n := g.squares - bits.OnesCount64(p|o)
	s := e.newSearcher(g, st, lim)
	nodes, finish := e.startThreads(s, st, lim)
	defer finish()
	roots := rootMoves(p, o, g)
	maxDepth, solve, wld := schedule(n, lim)
	values := make([]MoveValue, len(roots))
	done := 0 // depth of the last finished pass over the moves
	exactPass := false
	pass := func(depth int, final bool) bool {
		ok := true
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, isStop := r.(stopSignal); !isStop {
						panic(r)
					}
					ok = false
				}
			}()
			for i := range roots {
				m := &roots[i]
				par := g.parity(g.mask &^ (m.np | m.no))
				switch {
				case final && wld:
					m.score = -s.pvs(m.np, m.no, -1, 1, n-1, par)
				case final || (depth >= n && !s.noMoveEnds):
					m.score = -s.pvs(m.np, m.no, -64, 64, n-1, par)
				default:
					m.score = -s.midPVS(m.np, m.no, -64, 64, depth-1, n-1)
				}
			}
		}()
		if !ok {
			return false
		}
		slices.SortStableFunc(roots, func(a, b rootMove) int { return b.score - a.score })
		exact, wldSolved := solvedAs(final, wld, depth, n)
		for i, m := range roots {
			values[i] = MoveValue{Move: m.sq, Score: m.score, Exact: exact}
		}
		done, exactPass = depth, final
		if lim.Progress != nil {
			lim.Progress(Result{Move: roots[0].sq, Score: roots[0].score, Depth: depth, Exact: exact,
				WLD: wldSolved, Nodes: nodes(), Elapsed: time.Since(st.start), PV: e.pv(p, o, roots[0].sq, g)})
		}
		return true
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if !pass(depth, false) {
			break
		}
		if !solve && !wld && lim.Time > 0 && time.Since(st.start) > lim.Time/2 {
			break
		}
	}
	if (solve || wld) && done == max(maxDepth, 0) {
		s.setMPC(false) // the solves are exact
		pass(n, true)
	}
	if done == 0 {
		if err := ctx.Err(); err != nil {
			return nil, Result{}, err
		}
		return nil, Result{}, errors.New("the search was stopped before it evaluated every move once")
	}
	for i := range values {
		values[i].PV = e.pv(p, o, values[i].Move, g)
	}
	res := Result{Move: values[0].Move, Score: values[0].Score, Depth: done, Exact: values[0].Exact,
		WLD: exactPass && wld, PV: values[0].PV, Nodes: nodes(), Elapsed: time.Since(st.start)}
	if exactPass {
		res.Depth = n
	}
	return values, res, nil
}
