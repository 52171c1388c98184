package exact

import (
	"math"
	"math/rand/v2"
	"testing"
)

const tol = 1e-9

// checkEquilibrium verifies a solution by its certificate: both strategies are probability
// vectors, the row strategy guarantees at least the value against every column and the column
// strategy concedes at most the value against every row. Any pair that passes is optimal.
func checkEquilibrium(t *testing.T, g MatrixGame, e Equilibrium) {
	t.Helper()
	for _, p := range [][]float64{e.Row, e.Col} {
		var sum float64
		for _, v := range p {
			if v < -tol || v > 1+tol {
				t.Fatalf("%v: probability %v out of range", g, v)
			}
			sum += v
		}
		if math.Abs(sum-1) > tol {
			t.Fatalf("%v: probabilities sum to %v", g, sum)
		}
	}
	if lo := g.RowSecurity(e.Row); lo < e.Value-tol {
		t.Fatalf("%+v: the row strategy %v guarantees %v, less than the value %v", g, e.Row, lo, e.Value)
	}
	if hi := g.ColSecurity(e.Col); hi > e.Value+tol {
		t.Fatalf("%+v: the column strategy %v concedes %v, more than the value %v", g, e.Col, hi, e.Value)
	}
}

func TestKnownGames(t *testing.T) {
	third := 1.0 / 3
	cases := []struct {
		name     string
		g        MatrixGame
		value    float64
		row, col []float64 // nil: not unique
	}{
		{"matching pennies", MatrixGame{2, 2, []float64{1, -1, -1, 1}}, 0, []float64{.5, .5}, []float64{.5, .5}},
		{"rock paper scissors", MatrixGame{3, 3, []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}}, 0,
			[]float64{third, third, third}, []float64{third, third, third}},
		{"a saddle point", MatrixGame{2, 3, []float64{3, 1, 4, 1, 0, 5}}, 1, []float64{1, 0}, []float64{0, 1, 0}},
		// 2x2 without a saddle: value (ad-bc)/(a+d-b-c) = (2*1-(-1)(-1))/(2+1+1+1) = 1/5,
		// row plays the first row with (d-c)/(a+d-b-c) = 2/5.
		{"2x2 mixed", MatrixGame{2, 2, []float64{2, -1, -1, 1}}, 0.2, []float64{0.4, 0.6}, []float64{0.4, 0.6}},
		{"one row", MatrixGame{1, 3, []float64{4, -2, 7}}, -2, []float64{1}, []float64{0, 1, 0}},
		{"one column", MatrixGame{3, 1, []float64{4, -2, 7}}, 7, []float64{0, 0, 1}, []float64{1}},
		{"constant", MatrixGame{3, 3, []float64{.5, .5, .5, .5, .5, .5, .5, .5, .5}}, .5, nil, nil},
		// Morra-like game with a dominated row: the third row is never played.
		{"dominated row", MatrixGame{3, 2, []float64{1, -1, -1, 1, -2, -2}}, 0, []float64{.5, .5, 0}, []float64{.5, .5}},
		// Rock-paper-scissors where rock's win over scissors pays 2: value 1/12 (checked by the
		// certificate; the strategies are then optimal whatever they are).
		{"weighted rps", MatrixGame{3, 3, []float64{0, -1, 2, 1, 0, -1, -1, 1, 0}}, 1.0 / 12, nil, nil},
	}
	for _, c := range cases {
		e, err := c.g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(e.Value-c.value) > tol {
			t.Errorf("%s: value %v, want %v", c.name, e.Value, c.value)
		}
		checkEquilibrium(t, c.g, e)
		for i := range c.row {
			if math.Abs(e.Row[i]-c.row[i]) > tol {
				t.Errorf("%s: row strategy %v, want %v", c.name, e.Row, c.row)
				break
			}
		}
		for j := range c.col {
			if math.Abs(e.Col[j]-c.col[j]) > tol {
				t.Errorf("%s: column strategy %v, want %v", c.name, e.Col, c.col)
				break
			}
		}
	}
	if _, err := (MatrixGame{2, 2, []float64{1}}).Solve(); err == nil {
		t.Error("a game with too few payoffs solved")
	}
}

// TestRandomGames checks the certificate on random games of every shape up to 20x20, with
// continuous payoffs and with the few values a game position has (-1, 0, 1, and values in
// between), where degenerate pivots are common.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var s MatrixSolver
	for k := range 20_000 {
		m, n := 1+rng.IntN(20), 1+rng.IntN(20)
		g := MatrixGame{m, n, make([]float64, m*n)}
		levels := []float64{-1, 0, 1, 0.25, -0.5}
		for i := range g.Payoff {
			switch k % 3 {
			case 0:
				g.Payoff[i] = rng.Float64()*2 - 1
			case 1:
				g.Payoff[i] = levels[rng.IntN(3)]
			default:
				g.Payoff[i] = levels[rng.IntN(len(levels))] * 7
			}
		}
		e := Equilibrium{Row: make([]float64, m), Col: make([]float64, n)}
		e.Value = s.Solve(g.Payoff, m, n, e.Row, e.Col)
		checkEquilibrium(t, g, e)
	}
}

func BenchmarkMatrixSolver(b *testing.B) {
	for _, size := range []int{9, 16} {
		rng := rand.New(rand.NewPCG(2, 2))
		const count = 256
		games := make([][]float64, count)
		for k := range games {
			games[k] = make([]float64, size*size)
			for i := range games[k] {
				games[k][i] = rng.Float64()*2 - 1
			}
		}
		x, y := make([]float64, size), make([]float64, size)
		b.Run(sizeName(size), func(b *testing.B) {
			var s MatrixSolver
			k := 0
			for b.Loop() {
				s.Solve(games[k%count], size, size, x, y)
				k++
			}
		})
	}
}

func sizeName(n int) string {
	return string(rune('0'+n/10)) + string(rune('0'+n%10)) + "x" + string(rune('0'+n/10)) + string(rune('0'+n%10))
}
