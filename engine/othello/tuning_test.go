package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestTuningBySize: 8x8 and 4x4 search with the parameters of probcut.go and endgame.go, 6x6
// with its own.
func TestTuningBySize(t *testing.T) {
	for _, n := range []int{4, 8} {
		g := geometries[n]
		if len(g.probcutMargins) != len(probcutMargins) || &g.probcutMargins[0] != &probcutMargins[0] ||
			g.fastestFirst != fastestFirstEmpties || g.sortBase != sortBase || g.ttFrom != ttEmpties {
			t.Errorf("%dx%d: the search's parameters are not the 8x8 ones", n, n)
		}
	}
	g := geometries[6]
	if len(g.probcutMargins) != len(probcutT6) || g.fastestFirst != fastestFirst6 || g.sortBase != sortBase6 || g.ttFrom != ttEmpties6 {
		t.Errorf("6x6: the search's parameters are not its own")
	}
	for sel := range g.probcutMargins {
		for n := probcutMinEmpties; n <= 36; n++ {
			if m := g.probcutMargins[sel][n]; float64(m) < probcutT6[sel]*probcutSigma6[n] || m <= 0 {
				t.Errorf("6x6 selectivity %d at %d empties: margin %d, below %.1f sigma", sel+1, n, m, probcutT6[sel])
			}
		}
	}
}

// TestWeightedMobilityCorners: the corners that count twice are the board's own.
func TestWeightedMobilityCorners(t *testing.T) {
	for _, n := range []int{4, 6, 8} {
		g := geometries[n]
		for _, c := range g.cornerList {
			if got := weightedMobility(1<<c|1<<(c^1), g.corners); got != 3 {
				t.Errorf("%dx%d: a corner and another move weigh %d, want 3", n, n, got)
			}
		}
	}
	if geometries[8].corners != 0x8100000000000081 {
		t.Errorf("8x8 corners %#x", geometries[8].corners)
	}
}

// TestCornerStabilitySmallBoards: the 6x6 shortcut counts what the general rule does (each of
// p's corners and its discs on the edge squares beside them).
func TestCornerStabilitySmallBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{4, 6} {
		g := geometries[n]
		for range 5000 {
			p := rng.Uint64() & g.mask
			want := 0
			for i, c := range g.cornerList {
				if p&(1<<c) != 0 {
					want += 1 + bits.OnesCount64(p&g.cornerEdges[i])
				}
			}
			if got := g.cornerStability(p); got != want {
				t.Fatalf("%dx%d %#x: corner stability %d, want %d", n, n, p, got, want)
			}
		}
	}
}
