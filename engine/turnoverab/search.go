// Package turnover is the Turnover AI: alpha-beta search (principal variation search with a
// transposition table, iterative deepening, quiescence on captures, turnovers and promotions,
// killer and history move ordering, late-move reductions) over the rules package's fast
// Position, with an evaluation of material by kind of stack, Castle count and safety, mobility
// and pawn advance. It honours context cancellation and a time budget, and does no I/O.
package turnoverab

import (
	"context"
	"math/bits"
	"time"

	"turncoat/games/turnover"
)

// Scores.
const (
	infinity = 32000
	// mateScore is a won game; a win found at ply n scores mateScore-n, so nearer wins score
	// higher. Scores beyond mateBound are wins or losses.
	mateScore = 30000
	mateBound = mateScore - 1000
	maxPly    = 128
)

// Limits bound a search.
type Limits struct {
	// Depth is the deepest iteration, in plies (0: up to maxPly).
	Depth int
	// Time is the time budget (0: none). The search starts no iteration after half of it and
	// stops at it.
	Time time.Duration
	// Nodes bounds the nodes searched (0: none).
	Nodes int64
}

// Result is what a search found.
type Result struct {
	Move  turnover.Move // the best move (NoMove if the side has none)
	Score int           // its value for the side to move, in centipawns or a mate score
	Depth int           // the last completed iteration
	Nodes int64
	PV    []turnover.Move
}

// Searcher searches Turnover positions. It keeps its transposition table between searches;
// it is not safe for concurrent use.
type Searcher struct {
	rules turnover.Rules
	tt    table
	// noise, when non-zero, adds a pseudo-random amount in [-noise, noise] to every static
	// evaluation, fixed per position and seed (weaker levels).
	noise int
	seed  uint64
	// exact turns off what makes the value depend on the tree's shape (late-move reductions,
	// the last-Castle extension, delta pruning), for tests against minimax.
	exact bool

	nodes     int64
	rootHint  turnover.Move // the previous iteration's best move, searched first
	iteration int           // the depth of the current iteration
	limits    Limits
	deadline  time.Time
	ctx       context.Context
	stopped   bool

	// hashes are the positions of the game since its last capture or promotion and then the
	// search path; irreversible[ply] is where the window of the position at ply starts.
	hashes  []uint64
	killers [maxPly][2]turnover.Move
	history [2][64][64]int32
	moves   [maxPly + 1][turnover.MaxMoves]turnover.Move
	scores  [maxPly + 1][turnover.MaxMoves]int32
	pv      [maxPly + 1][maxPly + 1]turnover.Move
	pvLen   [maxPly + 1]int
}

// NewSearcher returns a searcher for the given rules with a transposition table of 2^ttBits
// entries (16 bytes each; ttBits is clamped to 10-26).
func NewSearcher(r turnover.Rules, ttBits int) *Searcher {
	return &Searcher{rules: r, tt: newTable(ttBits)}
}

// SetNoise makes the evaluation noisy by up to noise centipawns, fixed per position for a
// given seed.
func (s *Searcher) SetNoise(noise int, seed uint64) {
	s.noise, s.seed = noise, seed
	s.tt.clear()
}

// Search finds the best move of the side to move of p, a position of a game whose earlier
// positions since the last capture or promotion have the hashes history (p's last; nil for
// none).
func (s *Searcher) Search(ctx context.Context, p turnover.Position, history []uint64, lim Limits) Result {
	s.ctx, s.limits, s.nodes, s.stopped = ctx, lim, 0, false
	if lim.Time > 0 {
		s.deadline = time.Now().Add(lim.Time)
	} else {
		s.deadline = time.Time{}
	}
	s.hashes = append(s.hashes[:0], history...)
	if len(s.hashes) == 0 || s.hashes[len(s.hashes)-1] != p.Hash() {
		s.hashes = append(s.hashes[:0], p.Hash())
	}
	s.killers = [maxPly][2]turnover.Move{}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	s.tt.age++

	var res Result
	root := s.moves[0][:0]
	root = p.Moves(root)
	if len(root) == 0 {
		return res
	}
	res.Move = root[0]
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > maxPly-8 {
		maxDepth = maxPly - 8
	}
	start := time.Now()
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && ctx != nil && ctx.Err() != nil {
			break
		}
		s.rootHint, s.iteration = res.Move, depth
		score := s.negamax(&p, depth, 0, -infinity, infinity, 0, true)
		if s.stopped {
			// The unfinished iteration searched the previous best move first; a root move
			// in its principal variation was searched fully and is that move or a better one.
			if s.pvLen[0] > 0 {
				res.Move = s.pv[0][0]
			}
			break
		}
		res.Score, res.Depth = score, depth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) > 0 {
			res.Move = res.PV[0]
		}
		if score > mateBound || score < -mateBound {
			break // a forced result: deeper search will not change the choice
		}
		if lim.Time > 0 && time.Since(start) > lim.Time/2 {
			break
		}
		if len(root) == 1 && depth >= 2 {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// checkStop notices cancellation, the deadline and the node budget every few thousand nodes.
func (s *Searcher) checkStop() bool {
	if s.stopped {
		return true
	}
	if s.nodes&2047 == 0 {
		if s.ctx != nil && s.ctx.Err() != nil {
			s.stopped = true
		}
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
	}
	return s.stopped
}

// repeated reports whether the position at the top of the stack occurred before in its
// window (since the last capture or promotion): the search scores it as a draw.
func (s *Searcher) repeated(window int) bool {
	n := len(s.hashes) - 1
	h := s.hashes[n]
	for i := n - 2; i >= window; i -= 2 {
		if s.hashes[i] == h {
			return true
		}
	}
	return false
}

// terminal scores the end-of-game rules that do not need move generation, for the side to
// move at ply; ok is false when the game goes on.
func (s *Searcher) terminal(p *turnover.Position, ply int) (score int, ok bool) {
	us := p.Side()
	cu, ct := p.Castles(us), p.Castles(us.Other())
	switch {
	case cu == 0 && ct == 0:
		return 0, true
	case cu == 0:
		return -mateScore + ply, true
	case ct == 0:
		return mateScore - ply, true
	case s.rules.FiftyMovePlies > 0 && p.Clock() >= s.rules.FiftyMovePlies:
		return 0, true
	}
	return 0, false
}

func (s *Searcher) eval(p *turnover.Position) int {
	v := Evaluate(p)
	if s.noise > 0 {
		h := (p.Hash() ^ s.seed) * 0x9e3779b97f4a7c15
		v += int(h>>40%uint64(2*s.noise+1)) - s.noise
	}
	return v
}

// negamax searches p to depth at ply within (alpha, beta); window is where p's repetition
// window starts in s.hashes.
func (s *Searcher) negamax(p *turnover.Position, depth, ply, alpha, beta, window int, pvNode bool) int {
	s.pvLen[ply] = 0
	if ply > 0 {
		if v, ok := s.terminal(p, ply); ok {
			return v
		}
		if s.repeated(window) {
			return 0
		}
		// Mate-distance pruning.
		alpha = max(alpha, -mateScore+ply)
		beta = min(beta, mateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return s.quiesce(p, ply, alpha, beta, 0)
	}
	s.nodes++
	if s.checkStop() {
		return 0
	}
	us := p.Side()
	inCheck := p.InCheck(us)

	// Transposition table.
	var ttMove turnover.Move
	if e, ok := s.tt.probe(p.Hash()); ok {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth && ply > 0 {
			v := scoreFromTT(int(e.score), ply)
			switch {
			case e.flag == boundExact,
				e.flag == boundLower && v >= beta,
				e.flag == boundUpper && v <= alpha:
				return v
			}
		}
	}

	if ply == 0 && s.rootHint != turnover.NoMove {
		ttMove = s.rootHint
	}
	moves := p.Moves(s.moves[ply][:0])
	if len(moves) == 0 {
		if inCheck {
			return -mateScore + ply
		}
		return 0
	}
	if s.rules.MateEndsGame && inCheck && p.CannotSaveCastle() {
		return -mateScore + ply
	}
	if inCheck && !s.exact && p.Castles(us) == 1 && ply < 2*s.iteration {
		// The last Castle is attacked: it may not move (but to a Queen), and the next
		// move may take it. Look one ply further, within the iteration's reach.
		depth++
	}
	s.order(p, moves, s.scores[ply][:len(moves)], ttMove, ply)

	best, bestMove := -infinity, turnover.NoMove
	origAlpha := alpha
	for i := range moves {
		m := pickNext(moves, s.scores[ply][:len(moves)], i)
		c := *p
		c.Make(m)
		childWindow := window
		if m.Class() == turnover.ClassCapture || m.Promotes() {
			childWindow = len(s.hashes)
		}
		s.hashes = append(s.hashes, c.Hash())
		quiet := m.Class() != turnover.ClassCapture && m.Class() != turnover.ClassTurnover && !m.Promotes()
		var v int
		if i == 0 {
			v = -s.negamax(&c, depth-1, ply+1, -beta, -alpha, childWindow, pvNode)
		} else {
			// Late-move reduction for quiet moves far down the list.
			r := 0
			if depth >= 3 && i >= 3 && quiet && !inCheck && !s.exact && m != s.killers[ply][0] && m != s.killers[ply][1] {
				r = 1
				if i >= 8 && depth >= 5 {
					r = 2
				}
			}
			v = -s.negamax(&c, depth-1-r, ply+1, -alpha-1, -alpha, childWindow, false)
			if v > alpha && r > 0 {
				v = -s.negamax(&c, depth-1, ply+1, -alpha-1, -alpha, childWindow, false)
			}
			if v > alpha && v < beta {
				v = -s.negamax(&c, depth-1, ply+1, -beta, -alpha, childWindow, true)
			}
		}
		s.hashes = s.hashes[:len(s.hashes)-1]
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if v >= beta {
					if quiet {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						h := &s.history[us][m.From()][m.To()]
						*h += int32(depth * depth)
						if *h > 1<<20 {
							for f := range s.history[us] {
								for t := range s.history[us][f] {
									s.history[us][f][t] /= 2
								}
							}
						}
					}
					break
				}
			}
		}
	}
	flag := boundExact
	switch {
	case best >= beta:
		flag = boundLower
	case best <= origAlpha:
		flag = boundUpper
	}
	s.tt.store(p.Hash(), bestMove, scoreToTT(best, ply), depth, flag)
	return best
}

// maxTurnoverPly is the quiescence depth after which only captures and promotions are
// searched: turnovers do not shrink the material, and chains of them could run long.
const maxTurnoverPly = 6

// maxQuiescePly is the quiescence depth after which only captures that land safely (or take
// a Castle) are searched.
const maxQuiescePly = 8

// quiesce searches captures, turnovers and promotions until the position is quiet.
func (s *Searcher) quiesce(p *turnover.Position, ply, alpha, beta, qdepth int) int {
	s.nodes++
	s.pvLen[ply] = 0
	if s.checkStop() {
		return 0
	}
	moves := p.NoisyMoves(s.moves[ply][:0])
	us := p.Side()
	// A side without a legal move has lost (checkmate) or drawn (stalemate). Full move
	// generation finds out; it is needed only where that can happen: with few stacks, or
	// with the last Castle attacked.
	if len(moves) == 0 && (bits.OnesCount64(p.Owned(us)) <= 4 || p.Castles(us) == 1 && p.InCheck(us)) && !p.HasMoves() {
		if p.InCheck(us) {
			return -mateScore + ply
		}
		return 0
	}
	stand := s.eval(p)
	if ply >= maxPly-1 {
		return stand
	}
	if stand >= beta {
		return stand
	}
	if stand > alpha {
		alpha = stand
	}
	// Keep the noisy moves, scored by material gain.
	scores := s.scores[ply][:0]
	n := 0
	for _, m := range moves {
		if m.Class() == turnover.ClassTurnover && !m.Promotes() && qdepth >= maxTurnoverPly {
			continue
		}
		g := moveGain(m)
		if m.Target() != turnover.Castle {
			if stand+g+200 < alpha && !s.exact {
				continue // delta pruning: even the gain cannot reach alpha
			}
			if g < 0 || qdepth >= maxQuiescePly {
				// A losing exchange, or a long one: keep it only if the stack that lands
				// is safe there.
				c := *p
				c.Make(m)
				if c.Attacked(m.To(), us) {
					continue
				}
			}
		}
		moves[n] = m
		scores = append(scores, int32(g))
		n++
	}
	moves = moves[:n]
	best := stand
	for i := range moves {
		m := pickNext(moves, scores, i)
		c := *p
		c.Make(m)
		var v int
		if cs, ok := s.terminal(&c, ply+1); ok {
			v = -cs
		} else {
			v = -s.quiesce(&c, ply+1, -beta, -alpha, qdepth+1)
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// order scores moves for pickNext: the table's move first, then captures and turnovers by
// gain (most valuable victim first), promotions, killers, and quiet moves by history.
func (s *Searcher) order(p *turnover.Position, moves []turnover.Move, scores []int32, ttMove turnover.Move, ply int) {
	us := p.Side()
	for i, m := range moves {
		var v int32
		switch {
		case m == ttMove:
			v = 1 << 30
		case m.Class() == turnover.ClassCapture || m.Class() == turnover.ClassTurnover || m.Promotes():
			v = 1<<28 + int32(moveGain(m))*16 - int32(m.Mover())
			if m.Target() == turnover.Castle {
				v += 1 << 20
			}
		case m == s.killers[ply][0]:
			v = 1 << 27
		case m == s.killers[ply][1]:
			v = 1<<27 - 1
		default:
			v = s.history[us][m.From()][m.To()]
		}
		scores[i] = v
	}
}

// pickNext moves the best-scored move from i on to position i and returns it.
func pickNext(moves []turnover.Move, scores []int32, i int) turnover.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
	return moves[i]
}

func scoreToTT(v, ply int) int {
	switch {
	case v > mateBound:
		return v + ply
	case v < -mateBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v > mateBound:
		return v - ply
	case v < -mateBound:
		return v + ply
	}
	return v
}

// Decisive reports whether a score is a won or lost game (a forced result), not an evaluation.
func Decisive(score int) bool { return score > mateBound || score < -mateBound }
