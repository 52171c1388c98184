package exact

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"turncoat/game"
	"turncoat/games/turncoat"
)

// TurncoatMaxSize is the largest board the exact Turncoat solver takes: 4x4 (the state space of
// anything larger is out of reach).
const TurncoatMaxSize = 4

// TurncoatOptions configure the exact Turncoat solver.
type TurncoatOptions struct {
	// Rounds is the round cap to solve for: the values are those of the game drawn when Rounds
	// more rounds have been played without a winner. Zero means the rounds left in the start
	// position (its cap less the rounds played); SolveTurncoatSpace requires it.
	Rounds int
	// Tolerance stops the value iteration early, once an iteration changes no value by more
	// than Tolerance. Zero stops only when an iteration changes nothing at all: the values are
	// then a fixed point, exact for every larger cap as well. The iteration is non-expansive,
	// so stopping at a change of d leaves every value within d times the rounds skipped of the
	// capped value. A negative Tolerance never stops early.
	Tolerance float64
	// MaxStates refuses state spaces with more positions than this (default 5,000,000).
	MaxStates int
	// MaxCells refuses state spaces whose matrix games have more cells in all than this
	// (default 250,000,000). The solver keeps each cell's outcome, 4 bytes, so that the
	// iterations read the values they need without replaying rounds: a 4x4 white-only start
	// with 700,000 positions needs some 40 million cells, 160 MB.
	MaxCells int64
	// Workers is the number of goroutines (default 2).
	Workers int
	// Progress, if set, is called after each iteration with the iteration's number and the
	// largest change of a value.
	Progress func(iteration int, change float64)
}

// TurncoatSolution holds the exact values of every Turncoat position reachable from the starts
// it was built from, under a round cap, and solves the matrix game of any of them.
//
// A position is a pair of boards (Red's, Yellow's) with the same blanks, in the selection mode
// of the game. Its value to Red is +1 for a win, -1 for a loss, 0 for a draw (expected, under
// optimal mixed play), with Rounds rounds left to play.
//
// Inside, a board is packed into n*n bits (square r*n+c at bit r*n+c) and flipped by table
// lookup, and a position is Red's packed board in the high half of a uint32 and Yellow's in the
// low half.
type TurncoatSolution struct {
	size   int
	mode   turncoat.Mode
	pieces uint64 // on the 8x8 grid, for the boards going in and out
	packed packedRules
	states []uint32
	index  stateIndex
	// The matrix game of states[i] has its cells, row by row, at succ[cells[i]:cells[i+1]]:
	// the index of the position a round leads to, or a negative result code (see cellCode)
	// when the round ends the game.
	succ  []int32
	cells []int64
	// value[i] is the value of states[i] with Rounds rounds left, prev[i] with one round
	// fewer (the continuation values of its matrix game).
	value, prev []float64
	// Rounds is the number of rounds the values are exact for (or the iteration at which
	// they converged, see TurncoatOptions.Tolerance).
	Rounds int
	// Change is the largest change of a value in the last iteration: zero means a fixed point.
	Change float64
}

// packedRules plays rounds on packed boards.
type packedRules struct {
	n         int
	pieces    uint32  // packed squares holding a piece
	squares   []uint8 // the packed squares holding a piece, in order
	whiteOnly bool
	// flip[b<<shift|i] is packed board b flipped at packed square i.
	flip  []uint16
	shift uint
}

func newPackedRules(n int, pieces uint64, mode turncoat.Mode) packedRules {
	pr := packedRules{n: n, pieces: pack(pieces, n), whiteOnly: mode == turncoat.WhiteOnly, shift: 4}
	for i := range n * n {
		if pr.pieces&(1<<i) != 0 {
			pr.squares = append(pr.squares, uint8(i))
		}
	}
	pr.flip = make([]uint16, (1<<(n*n))<<pr.shift)
	for sub := pr.pieces; ; sub = (sub - 1) & pr.pieces {
		b := turncoat.Board{Pieces: pieces, Black: unpack(sub, n)}
		for _, i := range pr.squares {
			pr.flip[sub<<pr.shift|uint32(i)] = uint16(pack(b.Flip(8*(int(i)/n)+int(i)%n).Black, n))
		}
		if sub == 0 {
			break
		}
	}
	return pr
}

// pack maps a board's bits on the 8x8 grid to n*n bits.
func pack(b uint64, n int) uint32 {
	var p uint32
	for r := range n {
		p |= uint32(b>>(8*r)&(1<<n-1)) << (n * r)
	}
	return p
}

// unpack is pack's inverse.
func unpack(p uint32, n int) uint64 {
	var b uint64
	for r := range n {
		b |= uint64(p>>(n*r)&(1<<n-1)) << (8 * r)
	}
	return b
}

// selectable returns the packed squares a player may select on packed board b.
func (pr *packedRules) selectable(b uint32) uint32 {
	if pr.whiteOnly {
		return pr.pieces &^ b
	}
	return pr.pieces
}

// round plays a round on packed boards (see turncoat.PlayRound).
func (pr *packedRules) round(red, yellow uint32, rs, ys int) (uint32, uint32, turncoat.Result) {
	red = uint32(pr.flip[red<<pr.shift|uint32(rs)])
	yellow = uint32(pr.flip[yellow<<pr.shift|uint32(ys)])
	if res := pr.check(red, yellow); res != turncoat.InPlay {
		return red, yellow, res
	}
	red = uint32(pr.flip[red<<pr.shift|uint32(ys)])
	yellow = uint32(pr.flip[yellow<<pr.shift|uint32(rs)])
	return red, yellow, pr.check(red, yellow)
}

func (pr *packedRules) check(red, yellow uint32) turncoat.Result {
	switch r, y := red == pr.pieces, yellow == pr.pieces; {
	case r && y:
		return turncoat.Drawn
	case r:
		return turncoat.RedWins
	case y:
		return turncoat.YellowWins
	}
	return turncoat.InPlay
}

// SolveTurncoat solves the position s exactly: it collects every position reachable from s,
// then runs value iteration over them, one matrix game per position and round. The cost grows
// with the state space: a 4x4 start in white-only mode reaches some 10^5 to 10^6 positions,
// solved in seconds to minutes on two cores (see the package's benchmarks). What is out of
// reach (TurncoatInReach: larger boards, white-and-black boards of many pieces) is refused
// before any work; MaxStates and MaxCells bound the rest.
func SolveTurncoat(ctx context.Context, s *turncoat.State, opt TurncoatOptions) (*TurncoatSolution, error) {
	r := s.Rules()
	if opt.Rounds == 0 {
		opt.Rounds = r.Cap - s.Round()
	}
	if s.Result() != turncoat.InPlay {
		return nil, fmt.Errorf("exact: the game is over")
	}
	if err := TurncoatInReach(s); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	b := s.Boards()
	sol := newSolution(r.Size, r.Mode, b[0].Pieces)
	start := pack(b[0].Black, r.Size)<<16 | pack(b[1].Black, r.Size)
	return sol, sol.solve(ctx, []uint32{start}, opt)
}

// SolveTurncoatSpace solves every position of size x size boards without blanks in mode: every
// pair of boards each showing some white (511 x 511 on 3x3, the largest size allowed).
func SolveTurncoatSpace(ctx context.Context, size int, mode turncoat.Mode, opt TurncoatOptions) (*TurncoatSolution, error) {
	if size < turncoat.MinSize || size > 3 {
		return nil, fmt.Errorf("exact: the whole state space is only within reach on 3x3 boards")
	}
	sol := newSolution(size, mode, turncoat.SquareMask(size))
	full := sol.packed.pieces
	starts := make([]uint32, 0, full*full)
	for r := range full {
		for y := range full {
			starts = append(starts, r<<16|y)
		}
	}
	return sol, sol.solve(ctx, starts, opt)
}

func newSolution(size int, mode turncoat.Mode, pieces uint64) *TurncoatSolution {
	return &TurncoatSolution{size: size, mode: mode, pieces: pieces, packed: newPackedRules(size, pieces, mode)}
}

func (sol *TurncoatSolution) solve(ctx context.Context, starts []uint32, opt TurncoatOptions) error {
	if opt.Rounds <= 0 {
		return fmt.Errorf("exact: want a positive number of rounds")
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = 5_000_000
	}
	if opt.MaxCells <= 0 {
		opt.MaxCells = 250_000_000
	}
	if opt.Workers <= 0 {
		opt.Workers = 2
	}
	if err := sol.collect(ctx, starts, opt.MaxStates, opt.MaxCells); err != nil {
		return err
	}
	n := len(sol.states)
	sol.value, sol.prev = make([]float64, n), make([]float64, n) // V_0 = 0: the cap draws
	for k := 1; k <= opt.Rounds; k++ {
		sol.prev, sol.value = sol.value, sol.prev
		change, err := sol.iterate(ctx, opt.Workers)
		if err != nil {
			return err
		}
		sol.Rounds, sol.Change = k, change
		if opt.Progress != nil {
			opt.Progress(k, change)
		}
		if change <= opt.Tolerance {
			break
		}
	}
	return nil
}

// cellCode is the entry of a cell whose round ends the game: the result, Red's payoff -1, 0 or
// 1, less 2, so that every code is negative.
func cellCode(r turncoat.Result) int32 { return int32(r) - 2 }

// collect finds every position in play reachable from starts, and the cells of their matrix
// games.
func (sol *TurncoatSolution) collect(ctx context.Context, starts []uint32, maxStates int, maxCells int64) error {
	pr := &sol.packed
	sol.index.init(sol.size, len(starts))
	add := func(k uint32) (int32, error) {
		if i := sol.index.find(k); i >= 0 {
			return i, nil
		}
		if len(sol.states) >= maxStates {
			return -1, fmt.Errorf("exact: more than %d positions reachable; the problem is too large", maxStates)
		}
		i := int32(len(sol.states))
		sol.index.insert(k, i)
		sol.states = append(sol.states, k)
		return i, nil
	}
	for _, k := range starts {
		if pr.check(k>>16, k&0xFFFF) == turncoat.InPlay {
			if _, err := add(k); err != nil {
				return err
			}
		}
	}
	sol.cells = append(sol.cells[:0], 0)
	for i := 0; i < len(sol.states); i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		red, yellow := sol.states[i]>>16, sol.states[i]&0xFFFF
		rm, ym := pr.selectable(red), pr.selectable(yellow)
		if int64(len(sol.succ))+int64(bits.OnesCount32(rm)*bits.OnesCount32(ym)) > maxCells {
			return fmt.Errorf("exact: the matrix games have more than %d cells; the problem is too large", maxCells)
		}
		for r := rm; r != 0; r &= r - 1 {
			for y := ym; y != 0; y &= y - 1 {
				nr, ny, res := pr.round(red, yellow, bits.TrailingZeros32(r), bits.TrailingZeros32(y))
				if res != turncoat.InPlay {
					sol.succ = append(sol.succ, cellCode(res))
					continue
				}
				j, err := add(nr<<16 | ny)
				if err != nil {
					return err
				}
				sol.succ = append(sol.succ, j)
			}
		}
		sol.cells = append(sol.cells, int64(len(sol.succ)))
	}
	return nil
}

// iterate computes value from prev for every state and returns the largest change.
func (sol *TurncoatSolution) iterate(ctx context.Context, workers int) (float64, error) {
	const chunk = 1024
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		next   int
		change float64
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w matrixWork
			local := 0.0
			for {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= len(sol.states) || ctx.Err() != nil {
					break
				}
				for i := lo; i < min(lo+chunk, len(sol.states)); i++ {
					rows, cols := sol.build(i, sol.prev, &w)
					v := w.solver.Solve(w.payoff, rows, cols, w.x, w.y)
					sol.value[i] = v
					local = max(local, math.Abs(v-sol.prev[i]))
				}
			}
			mu.Lock()
			change = max(change, local)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return change, ctx.Err()
}

// matrixWork is one goroutine's reusable buffers.
type matrixWork struct {
	solver       MatrixSolver
	payoff, x, y []float64
}

// build fills w.payoff with the matrix game of states[i], the continuation values taken from
// cont, and returns its numbers of rows and columns.
func (sol *TurncoatSolution) build(i int, cont []float64, w *matrixWork) (rows, cols int) {
	k := sol.states[i]
	rows = bits.OnesCount32(sol.packed.selectable(k >> 16))
	cols = bits.OnesCount32(sol.packed.selectable(k & 0xFFFF))
	w.payoff = w.payoff[:0]
	for _, c := range sol.succ[sol.cells[i]:sol.cells[i+1]] {
		if c < 0 {
			w.payoff = append(w.payoff, float64(c+2))
		} else {
			w.payoff = append(w.payoff, cont[c])
		}
	}
	if cap(w.x) < rows {
		w.x = make([]float64, rows)
	}
	if cap(w.y) < cols {
		w.y = make([]float64, cols)
	}
	w.x, w.y = w.x[:rows], w.y[:cols]
	return rows, cols
}

// States returns the number of positions solved.
func (sol *TurncoatSolution) States() int { return len(sol.states) }

// Value returns the value to Red of the position with boards red and yellow (Rounds rounds
// left); ok is false when the position is not among those solved (or is over).
func (sol *TurncoatSolution) Value(red, yellow turncoat.Board) (v float64, ok bool) {
	i, ok := sol.lookup(red, yellow)
	if !ok {
		return 0, false
	}
	return sol.value[i], true
}

func (sol *TurncoatSolution) key(red, yellow turncoat.Board) uint32 {
	return pack(red.Black, sol.size)<<16 | pack(yellow.Black, sol.size)
}

func (sol *TurncoatSolution) lookup(red, yellow turncoat.Board) (int32, bool) {
	if red.Pieces != sol.pieces || yellow.Pieces != sol.pieces || (red.Black|yellow.Black)&^sol.pieces != 0 {
		return -1, false
	}
	i := sol.index.find(sol.key(red, yellow))
	return i, i >= 0
}

// TurncoatGame is the matrix game of one position: Red's selections are the rows, Yellow's the
// columns, and each payoff is the round's result if it ends the game (+1 Red wins, -1 Yellow
// wins, 0 a draw), else the exact value of the position it leads to with one round fewer left.
type TurncoatGame struct {
	MatrixGame
	// RedSquares and YellowSquares are the squares of the rows and of the columns.
	RedSquares, YellowSquares []game.Action
	// Equilibrium is an optimal pair of mixed strategies and the position's value.
	Equilibrium
}

// Game returns the solved matrix game of the position with boards red and yellow, with Rounds
// rounds left; ok is false when the position is not among those solved.
func (sol *TurncoatSolution) Game(red, yellow turncoat.Board) (TurncoatGame, bool) {
	i, ok := sol.lookup(red, yellow)
	if !ok {
		return TurncoatGame{}, false
	}
	var w matrixWork
	rows, cols := sol.build(int(i), sol.prev, &w)
	g := TurncoatGame{MatrixGame: MatrixGame{Rows: rows, Cols: cols, Payoff: w.payoff}}
	for m := turncoat.Selectable(red, sol.mode); m != 0; m &= m - 1 {
		g.RedSquares = append(g.RedSquares, game.Action(bits.TrailingZeros64(m)))
	}
	for m := turncoat.Selectable(yellow, sol.mode); m != 0; m &= m - 1 {
		g.YellowSquares = append(g.YellowSquares, game.Action(bits.TrailingZeros64(m)))
	}
	g.Equilibrium = Equilibrium{Row: make([]float64, g.Rows), Col: make([]float64, g.Cols)}
	g.Value = w.solver.Solve(g.Payoff, g.Rows, g.Cols, g.Row, g.Col)
	return g, true
}

// Exploitability returns how much a mixed strategy of p (probabilities by square) gives away in
// this position: the position's value less what the strategy guarantees against a best reply,
// from p's side; zero for an optimal strategy. Squares p cannot select must have no weight.
func (g TurncoatGame) Exploitability(p game.Player, strategy map[game.Action]float64) (float64, error) {
	squares := g.RedSquares
	if p == game.Second {
		squares = g.YellowSquares
	}
	probs := make([]float64, len(squares))
	var total float64
	for i, sq := range squares {
		probs[i] = strategy[sq]
		total += probs[i]
	}
	for sq, w := range strategy {
		if w != 0 && !slices.Contains(squares, sq) {
			return 0, fmt.Errorf("exact: %s cannot select %s", [2]string{"Red", "Yellow"}[p&1], turncoat.SquareName(int(sq)))
		}
	}
	if math.Abs(total-1) > 1e-6 {
		return 0, fmt.Errorf("exact: the strategy's probabilities sum to %v", total)
	}
	if p == game.First {
		return g.Value - g.RowSecurity(probs), nil
	}
	return g.ColSecurity(probs) - g.Value, nil
}

// Outcomes counts the positions by value: won for Red (value 1), drawn (0), won for Yellow
// (-1), each within eps, and the rest, whose value is strictly between.
func (sol *TurncoatSolution) Outcomes(eps float64) (redWins, draws, yellowWins, mixed int) {
	for _, v := range sol.value {
		switch {
		case v >= 1-eps:
			redWins++
		case v <= -1+eps:
			yellowWins++
		case math.Abs(v) <= eps:
			draws++
		default:
			mixed++
		}
	}
	return
}

// Each calls f with every position solved and its value, in no set order, until f returns
// false.
func (sol *TurncoatSolution) Each(f func(red, yellow turncoat.Board, value float64) bool) {
	for i, k := range sol.states {
		red := turncoat.Board{Pieces: sol.pieces, Black: unpack(k>>16, sol.size)}
		yellow := turncoat.Board{Pieces: sol.pieces, Black: unpack(k&0xFFFF, sol.size)}
		if !f(red, yellow, sol.value[i]) {
			return
		}
	}
}

// stateIndex maps positions to their index: a plain table when positions have at most 18 bits
// (3x3 boards), else a hash table by open addressing, one uint64 per slot (the key in the high
// half, the index plus one in the low half; zero is an empty slot).
type stateIndex struct {
	direct []int32
	slots  []uint64
	n      int
}

func (h *stateIndex) init(size, capacity int) {
	h.direct, h.slots, h.n = nil, nil, 0
	if size <= 3 {
		h.direct = make([]int32, 1<<18)
		for i := range h.direct {
			h.direct[i] = -1
		}
		return
	}
	n := 1024
	for n < 2*capacity {
		n *= 2
	}
	h.slots = make([]uint64, n)
}

func (h *stateIndex) slot(key uint32) int {
	return int((uint64(key) * 0x9e3779b97f4a7c15) >> (64 - bits.TrailingZeros(uint(len(h.slots)))))
}

// find returns key's index, or -1.
func (h *stateIndex) find(key uint32) int32 {
	if h.direct != nil {
		return h.direct[key>>16<<9|key&0x1FF]
	}
	mask := len(h.slots) - 1
	for i := h.slot(key); ; i = (i + 1) & mask {
		s := h.slots[i]
		if s == 0 {
			return -1
		}
		if uint32(s>>32) == key {
			return int32(uint32(s)) - 1
		}
	}
}

// insert adds a key that is not there.
func (h *stateIndex) insert(key uint32, v int32) {
	if h.direct != nil {
		h.direct[key>>16<<9|key&0x1FF] = v
		return
	}
	if 10*(h.n+1) > 7*len(h.slots) { // keep the load under 0.7
		old := h.slots
		h.slots = make([]uint64, 2*len(old))
		h.n = 0
		for _, s := range old {
			if s != 0 {
				h.insert(uint32(s>>32), int32(uint32(s))-1)
			}
		}
	}
	mask := len(h.slots) - 1
	i := h.slot(key)
	for h.slots[i] != 0 {
		i = (i + 1) & mask
	}
	h.slots[i] = uint64(key)<<32 | uint64(uint32(v+1))
	h.n++
}
