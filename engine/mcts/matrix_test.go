package mcts

import (
	"math"
	"testing"
)

// TestSolveMatrix checks the matrix-game solver against games with known equilibria.
func TestSolveMatrix(t *testing.T) {
	cases := []struct {
		name  string
		m     [][]float64
		value float64
		x, y  []float64
	}{
		{"rps", [][]float64{{.5, 0, 1}, {1, .5, 0}, {0, 1, .5}}, 0.5, []float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}},
		{"win-draw", [][]float64{{1, 0}, {0, .5}}, 1. / 3, []float64{1. / 3, 2. / 3}, []float64{1. / 3, 2. / 3}},
		{"saddle", [][]float64{{0.3, 0.6}, {0.2, 0.1}}, 0.3, []float64{1, 0}, []float64{1, 0}},
		{"3x2", [][]float64{{1, 0}, {0, 1}, {0.4, 0.4}}, 0.5, []float64{0.5, 0.5, 0}, []float64{0.5, 0.5}},
	}
	for _, c := range cases {
		x, y, v := SolveMatrix(c.m, 5000)
		if math.Abs(v-c.value) > 1e-3 {
			t.Errorf("%s: value %.5f, want %.5f", c.name, v, c.value)
		}
		for i := range x {
			if math.Abs(x[i]-c.x[i]) > 0.01 {
				t.Errorf("%s: row strategy %.4f, want %.4f", c.name, x, c.x)
				break
			}
		}
		for j := range y {
			if math.Abs(y[j]-c.y[j]) > 0.01 {
				t.Errorf("%s: column strategy %.4f, want %.4f", c.name, y, c.y)
				break
			}
		}
	}
	if x, y, v := SolveMatrix(nil, 10); x != nil || y != nil || v != 0 {
		t.Errorf("empty matrix: got %v %v %v", x, y, v)
	}
}
