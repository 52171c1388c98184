package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
)

// TestTuningBySize: 8x8 and 4x4 search with the parameters of probcut.go and endgame.go, 6x6
// with its own.
func TestTuningBySize(t *testing.T) {
	for _, n := range []int{4, 8} {
		g := geometries[n]
		if len(g.probcutMargins) != len(probcutMargins) || &g.probcutMargins[0] != &probcutMargins[0] ||
			g.fastestFirst != fastestFirstEmpties || g.sortBase != sortBase || g.ttFrom != ttEmptiesRoom || g.ttFromFull != ttEmpties ||
			g.localShift != 64-localBits {
			t.Errorf("%dx%d: the search's parameters are not the 8x8 ones", n, n)
		}
	}
	g := geometries[6]
	if len(g.probcutMargins) != len(probcutT6) || g.fastestFirst != fastestFirst6 || g.sortBase != sortBase6 || g.ttFrom != ttEmpties6 || g.ttFromFull != ttEmpties6 ||
		g.localShift != 64-localBits6 {
		t.Errorf("6x6: the search's parameters are not its own")
	}
	for _, n := range []int{4, 6, 8} {
		if b := 64 - geometries[n].localShift; b < 1 || b > localBits {
			t.Errorf("%dx%d: local tables of 2^%d entries, the searcher has 2^%d", n, n, b, localBits)
		}
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

// TestTableFillRaisesBound: a solver starts on the shared table from its board's bound for a
// table with room, and moves to the bound for a full one once its stores evict a share of the
// table's entries of the search; entries of an older search are no eviction, nor is narrowing
// a position's own entry.
func TestTableFillRaisesBound(t *testing.T) {
	g := geometries[8]
	tb := NewTable(1 << 16) // 1,024 buckets of four
	tb.NewSearch()
	// Six positions of one bucket: the fifth evicts one of the four before it; the sixth, in
	// the next search, one of the last search's.
	var ps [][2]uint64
	rng := rand.New(rand.NewPCG(3, 4))
	var bucket uint64
	for len(ps) < 6 {
		p := rng.Uint64() // with an empty o: the table takes any pair of boards
		if b := hashPosition(p, 0) & tb.mask; len(ps) == 0 || b == bucket {
			bucket = b
			ps = append(ps, [2]uint64{p, 0})
		}
	}
	for i, q := range ps[:4] {
		if tb.store(q[0], q[1], 20, selExact, 0, 1, 5, noMove, 100) {
			t.Errorf("store %d into a bucket with room reported an eviction", i)
		}
	}
	if tb.store(ps[0][0], ps[0][1], 20, selExact, 0, 1, 7, noMove, 100) {
		t.Error("narrowing a position's own entry reported an eviction")
	}
	if !tb.store(ps[4][0], ps[4][1], 20, selExact, 0, 1, 5, noMove, 100) {
		t.Error("a fifth position in a full bucket of this search evicted nothing")
	}
	tb.NewSearch()
	if tb.store(ps[5][0], ps[5][1], 20, selExact, 0, 1, 5, noMove, 100) {
		t.Error("replacing an older search's entry reported an eviction")
	}

	// A solve whose table fills raises the bound; one whose table has room keeps it.
	rng = rand.New(rand.NewPCG(5, 6))
	var pos Position
	for ok := false; !ok || discs.Moves(pos.P, pos.O) == 0; {
		pos, ok = randomGamePosition(rng, 8, 20)
	}
	parity := g.parity(g.mask &^ (pos.P | pos.O))
	for _, c := range []struct {
		bytes int
		want  int
	}{{1 << 16, ttEmpties}, {1 << 26, ttEmptiesRoom}} {
		s := newTestSearcher(g)
		s.tt = NewTable(c.bytes)
		s.startTable()
		if s.ttFrom != ttEmptiesRoom {
			t.Fatalf("a search starts from %d empties, want %d", s.ttFrom, ttEmptiesRoom)
		}
		s.pvs(pos.P, pos.O, -64, 64, 20, parity)
		if s.ttFrom != c.want {
			t.Errorf("a %d-byte table after a 20-empty solve (%d nodes, %d evictions): the shared table from %d empties, want %d",
				c.bytes, s.nodes, s.evictions, s.ttFrom, c.want)
		}
	}
}
