package othello

import (
	"bytes"
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// randomPosition returns a random position of the n x n board: each square empty, the mover's
// or the opponent's, with a random density of discs.
func randomPosition(rng *rand.Rand, n int) (p, o uint64) {
	p, o = randomBoard(rng)
	mask := discs.SquareMask(n)
	return p & mask, o & mask
}

// TestFeaturesMatchDefinition checks each board's fast feature extraction against the
// square-by-square definition of its patterns.
func TestFeaturesMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, set := range []*patternSet{set8, set6} {
		var fast [maxFeatures]int32
		var ref []int
		for range 20000 {
			p, o := randomPosition(rng, set.size)
			set.extract(p, o, &fast)
			ref = set.generic(p, o, ref)
			if len(ref) != set.numFeatures {
				t.Fatalf("%dx%d: %d generic features, want %d", set.size, set.size, len(ref), set.numFeatures)
			}
			for i, want := range ref {
				if int(fast[i]) != want {
					t.Fatalf("%dx%d p=%#x o=%#x: feature %d = %d, want %d", set.size, set.size, p, o, i, fast[i], want)
				}
			}
		}
	}
}

// TestPatternCopies: the copies of each pattern lie on different squares, all on the board (a
// repeated symmetry would count one copy twice and leave another out), and together the copies
// cover every square.
func TestPatternCopies(t *testing.T) {
	for _, set := range []*patternSet{set8, set6} {
		mask := discs.SquareMask(set.size)
		seen := map[[2]uint64]bool{}
		var all uint64
		for i, sqs := range set.instSquares {
			var squares uint64
			for _, sq := range sqs {
				squares |= 1 << sq
			}
			name := set.patterns[set.instPattern[i]].name
			if squares&^mask != 0 || bits.OnesCount64(squares) != len(sqs) {
				t.Fatalf("%dx%d pattern %s: a copy off the board or with a square twice: %#x", set.size, set.size, name, squares)
			}
			key := [2]uint64{uint64(set.instPattern[i]), squares}
			if seen[key] {
				t.Fatalf("%dx%d pattern %s has two copies on squares %#x", set.size, set.size, name, squares)
			}
			seen[key] = true
			all |= squares
		}
		if all != mask {
			t.Fatalf("%dx%d: the patterns cover %#x, not the whole board", set.size, set.size, all)
		}
	}
}

// randomWeights are weights of set's evaluation with random values, shared as the patterns'
// symmetries demand.
func randomWeights(set *patternSet, rng *rand.Rand) weights {
	tables := make([][]int16, set.phases)
	stored := make([]int16, len(set.layout()))
	for ph := range tables {
		for i := range stored {
			stored[i] = int16(rng.IntN(401) - 200)
		}
		tables[ph] = set.expand(stored)
	}
	return newWeightsOf(set, tables)
}

// evaluators are the evaluations of both boards, random and shipped, by name.
func evaluators(rng *rand.Rand) []struct {
	name     string
	size     int
	evaluate func(p, o uint64, n int) int
} {
	return []struct {
		name     string
		size     int
		evaluate func(p, o uint64, n int) int
	}{
		{"8x8 random", 8, (&Weights{randomWeights(set8, rng)}).evaluate},
		{"8x8 shipped", 8, DefaultWeights().evaluate},
		{"6x6 random", 6, (&Weights6{randomWeights(set6, rng)}).evaluate},
		{"6x6 shipped", 6, DefaultWeights6().evaluate},
	}
}

// TestSymmetricPositionsEvaluateAlike: the evaluation sees the board's symmetries as the same
// position, since every pattern copy shares its weights and a pattern's own symmetries share a
// weight: with any weights, and the shipped ones.
func TestSymmetricPositionsEvaluateAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, ev := range evaluators(rng) {
		for range 2000 {
			pos, ok := randomGamePosition(rng, ev.size, rng.IntN(ev.size*ev.size-4))
			if !ok {
				continue
			}
			n := pos.Empties()
			want := ev.evaluate(pos.P, pos.O, n)
			for tr := 1; tr < 8; tr++ {
				if got := ev.evaluate(symBoard(ev.size, tr, pos.P), symBoard(ev.size, tr, pos.O), n); got != want {
					t.Fatalf("%s: %s: symmetry %d evaluates %d, the position %d", ev.name, pos, tr, got, want)
				}
			}
		}
	}
}

// TestWeightsRoundTrip: written weights read back the same on both boards; garbage, a file cut
// short and the other board's file are refused, saying which board's weights were wanted.
func TestWeightsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	files := map[*patternSet][]byte{}
	for _, set := range []*patternSet{set8, set6} {
		w := randomWeights(set, rng)
		var buf bytes.Buffer
		if err := w.Write(&buf); err != nil {
			t.Fatal(err)
		}
		files[set] = buf.Bytes()
		r, err := readWeights[struct{ weights }](set, &buf)
		if err != nil {
			t.Fatal(err)
		}
		for ph := range w.phases {
			if !slices.Equal(w.phases[ph], r.phases[ph]) {
				t.Fatalf("%dx%d phase %d differs after a round trip", set.size, set.size, ph)
			}
		}
	}
	for set, other := range map[*patternSet]*patternSet{set8: set6, set6: set8} {
		own := files[set]
		for _, bad := range [][]byte{nil, []byte("not weights"), own[:len(own)/2], files[other]} {
			if _, err := readWeights[struct{ weights }](set, bytes.NewReader(bad)); err == nil || !strings.HasPrefix(err.Error(), set.name+":") {
				t.Errorf("%d bytes read as %s (error %v)", len(bad), set.name, err)
			}
		}
	}
	// an 8x8 file of older weights, of 15 phases, reads; a number of phases that does not
	// divide the game does not
	for _, phases := range []int{15, 7} {
		w := randomWeights(set8, rng)
		w.phases = w.phases[:phases]
		var buf bytes.Buffer
		if err := w.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadWeights(&buf); (err == nil) != (phases == 15) {
			t.Errorf("%d phases: error %v", phases, err)
		}
	}
}

// FuzzReadWeights: a weights file from outside is either read or refused, never a crash.
func FuzzReadWeights(f *testing.F) {
	f.Add(evalWeights[:200])
	plain := randomWeights(set8, rand.New(rand.NewPCG(1, 2)))
	f.Add(writePlain(f, &plain)[:200])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		ReadWeights(bytes.NewReader(data))
	})
}

// TestEvaluationPredictsResults checks that the trained weights know something: on positions
// of games played by the engine against itself the evaluation's sign agrees with the exact
// result of the endgame far more often than chance.
func TestEvaluationPredictsResults(t *testing.T) {
	w := DefaultWeights()
	e := New(Options{TableBytes: 4 << 20})
	rng := rand.New(rand.NewPCG(9, 9))
	agree, total := 0, 0
	for total < 60 {
		pos, ok := randomGamePosition(rng, 8, 14)
		if !ok {
			continue
		}
		res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64})
		if err != nil || res.Score == 0 {
			continue
		}
		v := w.evaluate(pos.P, pos.O, pos.Empties())
		if (v > 0) == (res.Score > 0) {
			agree++
		}
		total++
	}
	if agree < total*3/4 {
		t.Fatalf("the evaluation's sign agreed with the exact result %d times in %d", agree, total)
	}
}

// TestStableDiscsStay plays random games and checks that no disc once found stable is ever
// flipped, and that stable discs are found at all.
func TestStableDiscsStay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	found := 0
	for _, size := range []int{8, 6, 4} {
		g := geometries[size]
		for range 300 {
			b := reversi.Start(size)
			var stable [2]uint64 // by colour
			for {
				for c := range 2 {
					own, opp := b.Black, b.White
					if c == 1 {
						own, opp = opp, own
					}
					s := g.stable(own, opp)
					if s&^own != 0 {
						t.Fatalf("%s: stable squares %#x are not the colour's discs", b.Text(), s&^own)
					}
					if stable[c]&^own != 0 {
						t.Fatalf("%s: a disc found stable was flipped", b.Text())
					}
					stable[c] |= s
					found += bits.OnesCount64(s)
				}
				if !playRandom(rng, &b) {
					break
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no stable disc found in 900 games")
	}
}

func TestTableBounds(t *testing.T) {
	tt := NewTable(1 << 16)
	p, o := uint64(0x0000001008000000), uint64(0x0000000810000000)
	if tt.probe(p, o).valid() {
		t.Fatal("an empty table has an entry")
	}
	tt.store(p, o, 10, selExact, 0, 1, 5, 19, 1000) // fails high: lower bound 5
	d := tt.probe(p, o)
	if !d.valid() || d.lower() != 5 || d.upper() != 64 || d.move() != 19 || d.depth() != 10 {
		t.Fatalf("after a fail-high: lower %d upper %d move %d depth %d", d.lower(), d.upper(), d.move(), d.depth())
	}
	tt.store(p, o, 10, selExact, 8, 9, 7, noMove, 1000) // fails low at the same depth: upper bound 7
	d = tt.probe(p, o)
	if d.lower() != 5 || d.upper() != 7 || d.move() != 19 {
		t.Fatalf("bounds not merged: lower %d upper %d move %d", d.lower(), d.upper(), d.move())
	}
	tt.store(p, o, 9, selExact, 0, 1, -3, 20, 10) // shallower: ignored
	if d = tt.probe(p, o); d.depth() != 10 || d.lower() != 5 {
		t.Fatalf("a shallower result replaced a deeper one")
	}
	tt.store(p, o, 12, selExact, -64, 64, 6, 21, 10) // deeper and exact: replaces
	if d = tt.probe(p, o); d.depth() != 12 || d.lower() != 6 || d.upper() != 6 || d.move() != 21 {
		t.Fatalf("a deeper result did not replace: %d %d %d %d", d.depth(), d.lower(), d.upper(), d.move())
	}
	if tt.probe(o, p).valid() {
		t.Fatal("the position with colours swapped was found")
	}

	// probcut's results: trusted by a search as selective, not by an exact one; an exact
	// result of the same depth replaces them, and they never replace an exact one
	q := p | 1<<63
	tt.store(q, o, 20, 1, -64, 64, 4, 22, 10)
	if d = tt.probe(q, o); !d.covers(20, 1) || !d.covers(20, 0) || d.covers(20, 2) || d.covers(20, selExact) {
		t.Fatalf("a selective result of exactness 1 covers (20, 1) %v, (20, 0) %v, (20, 2) %v, exact %v",
			d.covers(20, 1), d.covers(20, 0), d.covers(20, 2), d.covers(20, selExact))
	}
	tt.store(q, o, 20, selExact, -64, 64, 2, 23, 10)
	if d = tt.probe(q, o); !d.covers(20, selExact) || d.lower() != 2 || d.move() != 23 {
		t.Fatalf("an exact result did not replace a selective one: %d %d", d.lower(), d.move())
	}
	tt.store(q, o, 20, 3, -64, 64, 8, 24, 10)
	if d = tt.probe(q, o); !d.covers(20, selExact) || d.lower() != 2 {
		t.Fatalf("a selective result replaced an exact one")
	}
}

// TestFullDiagonals checks the 8x8 shift version of the full diagonal lines against the check
// of each line in turn, on random boards filled from sparse to full.
func TestFullDiagonals(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 20000 {
		x := rng.Uint64()
		for k := i % 4; k > 0; k-- {
			x |= rng.Uint64()
		}
		var wantD, wantA uint64
		for l := range 15 {
			if m := diagonalLines[l]; x&m == m {
				wantD |= m
			}
			if m := antiDiagonalLines[l]; x&m == m {
				wantA |= m
			}
		}
		if d, a := fullDiagonals(x); d != wantD || a != wantA {
			t.Fatalf("%#x: full diagonals %#x and %#x, want %#x and %#x", x, d, a, wantD, wantA)
		}
	}
}

// TestEvaluateChild: a child evaluated from its parent's pattern indexes gets the value of
// evaluating it from scratch, for every move of random positions.
func TestEvaluateChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	w := DefaultWeights()
	checked := 0
	for checked < 3000 {
		pos, ok := randomGamePosition(rng, 8, 2+rng.IntN(58))
		if !ok {
			continue
		}
		var c children
		c.init(pos.P, pos.O)
		for m := discs.Moves(pos.P, pos.O); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := flip(sq, pos.P, pos.O)
			np, no := play(pos.P, pos.O, sq, f)
			n := pos.Empties() - 1
			if got, want := w.evaluateChild(&c, np, no, sq, f, n), w.evaluate(np, no, n); got != want {
				t.Fatalf("%s, move %s: %d from the parent, %d from scratch", pos, reversi.SquareName(sq), got, want)
			}
			checked++
		}
	}
}

// BenchmarkEvaluate evaluates the children of positions of random games from scratch and from
// their parent's pattern indexes.
func BenchmarkEvaluate(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	type kid struct {
		np, no uint64
		sq     int
		f      uint64
	}
	var parents []Position
	var kids [][]kid
	for len(parents) < 256 {
		pos, ok := randomGamePosition(rng, 8, 20+rng.IntN(30))
		if !ok || discs.Moves(pos.P, pos.O) == 0 {
			continue
		}
		var ks []kid
		for m := discs.Moves(pos.P, pos.O); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := flip(sq, pos.P, pos.O)
			np, no := play(pos.P, pos.O, sq, f)
			ks = append(ks, kid{np, no, sq, f})
		}
		parents = append(parents, pos)
		kids = append(kids, ks)
	}
	w := DefaultWeights()
	sum := 0
	b.Run("scratch", func(b *testing.B) {
		i := 0
		for b.Loop() {
			pos := parents[i&255]
			for _, k := range kids[i&255] {
				sum += w.evaluate(k.np, k.no, pos.Empties()-1)
			}
			i++
		}
	})
	b.Run("children", func(b *testing.B) {
		i := 0
		var c children
		for b.Loop() {
			pos := parents[i&255]
			c.init(pos.P, pos.O)
			for _, k := range kids[i&255] {
				sum += w.evaluateChild(&c, k.np, k.no, k.sq, k.f, pos.Empties()-1)
			}
			i++
		}
	})
	_ = sum
}

// TestTableReplacement: a full bucket gives up the entry whose search was cheapest to redo
// (fewest nodes), whatever its depth; the shallower first among equally costly ones; and any
// entry of an older search before those of the present one.
func TestTableReplacement(t *testing.T) {
	tt := NewTable(1 << 16)
	// five positions that share a bucket
	var ps []uint64
	const o = uint64(0x0000000810000000)
	want := hashPosition(0x0000001008000000, o) & tt.mask
	for p := uint64(0x0000001008000000); len(ps) < 5; p += 1 << 40 {
		if hashPosition(p, o)&tt.mask == want {
			ps = append(ps, p)
		}
	}
	present := func() (in []bool) {
		for _, p := range ps {
			in = append(in, tt.probe(p, o).valid())
		}
		return in
	}
	store := func(i, depth int, nodes uint64) { tt.store(ps[i], o, depth, selExact, 0, 1, 1, 19, nodes) }

	tt.NewSearch()
	store(0, 24, 10)    // deep, but a few nodes: cheap to find again
	store(1, 14, 1<<20) // shallow and costly
	store(2, 20, 1<<20) // as costly, deeper
	store(3, 16, 1<<18) //
	store(4, 18, 1<<19) // evicts the cheapest: 0
	if in := present(); in[0] || !in[1] || !in[2] || !in[3] || !in[4] {
		t.Fatalf("after the fifth store, present %v: want all but the deep cheap entry", in)
	}
	store(0, 15, 1<<20) // evicts 3 (2^18 nodes)
	store(3, 22, 1<<20) // all four now cost 2^19-2^20: evicts 4 (2^19)
	if in := present(); !in[0] || !in[1] || !in[2] || !in[3] || in[4] {
		t.Fatalf("present %v: want all but the least costly", in)
	}
	store(4, 24, 1<<20) // four equally costly: the shallowest (1, depth 14) goes
	if in := present(); in[1] || !in[0] || !in[2] || !in[3] || !in[4] {
		t.Fatalf("present %v: want the shallowest of equals evicted", in)
	}
	// a new search: the old entries go first, even the costly ones
	tt.NewSearch()
	store(1, 13, 1)
	if in := present(); !in[1] {
		t.Fatalf("present %v: a new search's entry was not stored over an old one", in)
	}
}
