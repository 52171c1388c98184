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

// TestSelectBit checks the branch-free bit select against clearing low bits one by one.
func TestSelectBit(t *testing.T) {
	w := newSource(1, 2)
	for i := range 20000 {
		x := w.Uint64()
		switch i % 4 {
		case 1:
			x &= w.Uint64()
		case 2:
			x &= w.Uint64() & w.Uint64()
		case 3:
			x = 1 << (w.Uint64() & 63)
		}
		if x == 0 {
			continue
		}
		m := x
		for k := range bitsCount(x) {
			want := trailing(m)
			if got := selectBit(x, k); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", x, k, got, want)
			}
			m &= m - 1
		}
	}
}

func bitsCount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func trailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}
