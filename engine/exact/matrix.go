package exact

import (
	"fmt"
	"math"
)

// MatrixGame is a two-player zero-sum game in normal form: the row player picks a row, the
// column player a column, at once, and the row player receives Payoff[row*Cols+col], which the
// column player pays. The row player maximises.
type MatrixGame struct {
	Rows, Cols int
	Payoff     []float64
}

// Equilibrium is a solution of a matrix game: its value to the row player and an optimal mixed
// strategy for each side (probabilities by row and by column).
type Equilibrium struct {
	Value    float64
	Row, Col []float64
}

// At returns the payoff of row i against column j.
func (g MatrixGame) At(i, j int) float64 { return g.Payoff[i*g.Cols+j] }

// Solve returns the game's value and optimal strategies (allocating them).
func (g MatrixGame) Solve() (Equilibrium, error) {
	if g.Rows <= 0 || g.Cols <= 0 || len(g.Payoff) != g.Rows*g.Cols {
		return Equilibrium{}, fmt.Errorf("exact: a %dx%d matrix game with %d payoffs", g.Rows, g.Cols, len(g.Payoff))
	}
	e := Equilibrium{Row: make([]float64, g.Rows), Col: make([]float64, g.Cols)}
	var s MatrixSolver
	e.Value = s.Solve(g.Payoff, g.Rows, g.Cols, e.Row, e.Col)
	return e, nil
}

// RowSecurity returns what the row player's mixed strategy x guarantees: its expected payoff
// against the column player's best reply. It is at most the value, and equal for an optimal x.
func (g MatrixGame) RowSecurity(x []float64) float64 {
	worst := math.Inf(1)
	for j := range g.Cols {
		var v float64
		for i := range g.Rows {
			v += x[i] * g.Payoff[i*g.Cols+j]
		}
		worst = min(worst, v)
	}
	return worst
}

// ColSecurity returns what the column player's mixed strategy y concedes at most: the row
// player's expected payoff with the best reply to y. It is at least the value, and equal for an
// optimal y.
func (g MatrixGame) ColSecurity(y []float64) float64 {
	worst := math.Inf(-1)
	for i := range g.Rows {
		var v float64
		for j := range g.Cols {
			v += g.Payoff[i*g.Cols+j] * y[j]
		}
		worst = max(worst, v)
	}
	return worst
}

// MatrixSolver solves matrix games without allocating once its workspace has grown to the
// largest game seen. It is not safe for concurrent use; use one per goroutine.
//
// It first looks for a saddle point (a pure equilibrium, which most positions of a game have),
// and otherwise solves the column player's linear program
//
//	maximise sum(q) subject to (A + k) q <= 1, q >= 0
//
// with the payoffs shifted by k to be at least 1, by a dense tableau simplex (Dantzig's rule,
// falling back to Bland's rule, which cannot cycle, on degenerate runs). The row player's
// strategy comes from the dual prices of the constraints.
type MatrixSolver struct {
	tab   []float64
	basis []int
}

// Solve writes optimal strategies of the rows x cols game a (row-major payoffs to the row
// player) into x and y and returns the value.
func (s *MatrixSolver) Solve(a []float64, rows, cols int, x, y []float64) float64 {
	if v, ok := saddle(a, rows, cols, x, y); ok {
		return v
	}
	return s.simplex(a, rows, cols, x, y)
}

// saddle finds a pure equilibrium: a row whose worst payoff equals a column's best.
func saddle(a []float64, rows, cols int, x, y []float64) (float64, bool) {
	maxmin, bi := math.Inf(-1), 0
	for i := range rows {
		row := a[i*cols : i*cols+cols]
		lo := row[0]
		for _, v := range row[1:] {
			lo = min(lo, v)
		}
		if lo > maxmin {
			maxmin, bi = lo, i
		}
	}
	minmax, bj := math.Inf(1), 0
	for j := range cols {
		hi := a[j]
		for i := 1; i < rows; i++ {
			hi = max(hi, a[i*cols+j])
		}
		if hi < minmax {
			minmax, bj = hi, j
		}
	}
	if maxmin != minmax {
		return 0, false
	}
	clear(x[:rows])
	clear(y[:cols])
	x[bi], y[bj] = 1, 1
	return maxmin, true
}

func (s *MatrixSolver) simplex(a []float64, m, n int, x, y []float64) float64 {
	lo, hi := a[0], a[0]
	for _, v := range a[:m*n] {
		lo, hi = min(lo, v), max(hi, v)
	}
	shift := 1 - lo
	eps := 1e-12 * max(1, hi+shift)
	w := n + m + 1 // columns: q (n), slacks (m), right-hand side
	if cap(s.tab) < (m+1)*w {
		s.tab = make([]float64, (m+1)*w)
	}
	t := s.tab[:(m+1)*w]
	clear(t)
	if cap(s.basis) < m {
		s.basis = make([]int, m)
	}
	basis := s.basis[:m]
	for i := range m {
		row := t[i*w : i*w+w]
		for j := range n {
			row[j] = a[i*n+j] + shift
		}
		row[n+i] = 1
		row[w-1] = 1
		basis[i] = n + i
	}
	obj := t[m*w : m*w+w]
	for j := range n {
		obj[j] = -1
	}
	bland := false
	for iter := 0; ; iter++ {
		if iter > 20*(m+n) {
			bland = true // a long degenerate run: switch to the rule that cannot cycle
		}
		e := -1
		best := -eps
		for j := range n + m {
			if obj[j] < best {
				e, best = j, obj[j]
				if bland {
					break
				}
			}
		}
		if e < 0 {
			break // optimal
		}
		r := -1
		var ratio float64
		for i := range m {
			piv := t[i*w+e]
			if piv <= eps {
				continue
			}
			q := t[i*w+w-1] / piv
			if r < 0 || q < ratio-eps || (q <= ratio+eps && basis[i] < basis[r]) {
				r, ratio = i, q
			}
		}
		if r < 0 || iter > 1000*(m+n) {
			// Cannot happen: the shifted payoffs are positive, so the program is bounded, and
			// Bland's rule ends. Fall back to the safe pure strategies rather than loop.
			break
		}
		pivot(t, w, m, r, e)
		basis[r] = e
	}
	z := obj[w-1] // the optimum of sum(q): 1 / (value + shift)
	clear(y[:n])
	for i, b := range basis {
		if b < n {
			y[b] = t[i*w+w-1] / z
		}
	}
	for i := range m {
		x[i] = obj[n+i] / z
	}
	normalise(x[:m])
	normalise(y[:n])
	return 1/z - shift
}

// pivot makes column e basic in row r.
func pivot(t []float64, w, m, r, e int) {
	prow := t[r*w : r*w+w]
	inv := 1 / prow[e]
	for j := range prow {
		prow[j] *= inv
	}
	prow[e] = 1
	for i := 0; i <= m; i++ {
		if i == r {
			continue
		}
		row := t[i*w : i*w+w]
		f := row[e]
		if f == 0 {
			continue
		}
		for j := range row {
			row[j] -= f * prow[j]
		}
		row[e] = 0
	}
}

// normalise clears rounding noise: negative probabilities become zero and the rest sum to one.
func normalise(p []float64) {
	var sum float64
	for i, v := range p {
		if v < 0 {
			p[i] = 0
		}
		sum += p[i]
	}
	if sum <= 0 {
		for i := range p {
			p[i] = 1 / float64(len(p))
		}
		return
	}
	for i := range p {
		p[i] /= sum
	}
}
