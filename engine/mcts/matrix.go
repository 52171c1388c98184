package mcts

// SolveMatrix approximately solves the zero-sum matrix game m, whose entries are the row
// player's rewards (the column player gets 1 - m[i][j]), by regret matching+ with alternating
// updates and linear averaging, for the given number of iterations. It returns both players'
// average strategies and the row player's value under them. The error of the equilibrium
// falls roughly as 1/iterations.
func SolveMatrix(m [][]float64, iterations int) (x, y []float64, value float64) {
	rows := len(m)
	if rows == 0 || len(m[0]) == 0 {
		return nil, nil, 0
	}
	cols := len(m[0])
	x, y = make([]float64, rows), make([]float64, cols)
	rx, ry := make([]float64, rows), make([]float64, cols)
	ax, ay := make([]float64, rows), make([]float64, cols)
	ux, uy := make([]float64, rows), make([]float64, cols)
	for i := range x {
		x[i] = 1 / float64(rows)
	}
	for j := range y {
		y[j] = 1 / float64(cols)
	}
	normalise := func(r, s []float64) {
		var t float64
		for _, v := range r {
			t += v
		}
		for i := range s {
			if t > 0 {
				s[i] = r[i] / t
			} else {
				s[i] = 1 / float64(len(s))
			}
		}
	}
	for it := 1; it <= iterations; it++ {
		// The row player's update against y.
		var v float64
		for i := range rows {
			var u float64
			for j, p := range y {
				u += m[i][j] * p
			}
			ux[i] = u
			v += x[i] * u
		}
		for i := range rows {
			rx[i] = max(0, rx[i]+ux[i]-v)
		}
		normalise(rx, x)
		// The column player's update against the new x.
		for j := range uy {
			uy[j] = 0
		}
		for i, p := range x {
			if p == 0 {
				continue
			}
			for j := range cols {
				uy[j] += (1 - m[i][j]) * p
			}
		}
		v = 0
		for j := range cols {
			v += y[j] * uy[j]
		}
		for j := range cols {
			ry[j] = max(0, ry[j]+uy[j]-v)
		}
		normalise(ry, y)
		w := float64(it)
		for i := range x {
			ax[i] += w * x[i]
		}
		for j := range y {
			ay[j] += w * y[j]
		}
	}
	normalise(ax, x)
	normalise(ay, y)
	for i := range rows {
		for j := range cols {
			value += x[i] * y[j] * m[i][j]
		}
	}
	return x, y, value
}
