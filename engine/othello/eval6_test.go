package othello

import (
	"bytes"
	"compress/flate"
	"context"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/games/discs"
)

// random6 returns a random 6x6 position: each square empty, the mover's or the opponent's.
func random6(rng *rand.Rand) (p, o uint64) {
	mask := discs.SquareMask(6)
	a, b := rng.Uint64()&mask, rng.Uint64()&mask
	return a &^ b, b &^ a
}

// TestFeatures6MatchDefinition checks the fast 6x6 feature extraction against the
// square-by-square definition of the patterns.
func TestFeatures6MatchDefinition(t *testing.T) {
	if set6.numFeatures != numFeatures6 {
		t.Fatalf("%d features in the layout, %d in the extraction", set6.numFeatures, numFeatures6)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	var fast [numFeatures6]int32
	var ref []int
	for range 20000 {
		p, o := random6(rng)
		features6(p, o, &fast)
		ref = set6.generic(p, o, ref)
		for i, want := range ref {
			if int(fast[i]) != want {
				t.Fatalf("p=%#x o=%#x: feature %d = %d, want %d", p, o, i, fast[i], want)
			}
		}
	}
}

// TestPatterns6Copies: the copies of each 6x6 pattern lie on different squares, all on the board,
// and together the copies cover every square.
func TestPatterns6Copies(t *testing.T) {
	seen := map[[2]uint64]bool{}
	var all uint64
	for i, sqs := range set6.instSquares {
		var set uint64
		for _, sq := range sqs {
			set |= 1 << sq
		}
		if set&^discs.SquareMask(6) != 0 || bits.OnesCount64(set) != len(sqs) {
			t.Fatalf("pattern %s: a copy off the board or with a square twice: %#x", patterns6[set6.instPattern[i]].name, set)
		}
		key := [2]uint64{uint64(set6.instPattern[i]), set}
		if seen[key] {
			t.Fatalf("pattern %s has two copies on squares %#x", patterns6[set6.instPattern[i]].name, set)
		}
		seen[key] = true
		all |= set
	}
	if all != discs.SquareMask(6) {
		t.Fatalf("the patterns cover %#x, not the whole board", all)
	}
}

// randomWeights6 are weights with random values, shared as the patterns' symmetries demand.
func randomWeights6(rng *rand.Rand) *Weights6 {
	layout := set6.layout()
	w := &Weights6{}
	stored := make([]int16, len(layout))
	for ph := range w.phases {
		for i := range stored {
			stored[i] = int16(rng.IntN(401) - 200)
		}
		w.phases[ph] = set6.expand(stored, layout)
	}
	return w
}

// TestSymmetric6PositionsEvaluateAlike: any weights see the board's symmetries as the same
// position, and so do the shipped ones.
func TestSymmetric6PositionsEvaluateAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, w := range []*Weights6{randomWeights6(rng), DefaultWeights6()} {
		for range 3000 {
			p, o := random6(rng)
			n := 36 - bits.OnesCount64(p|o)
			want := w.evaluate(p, o, n)
			for tr := 1; tr < 8; tr++ {
				if got := w.evaluate(symBoard(6, tr, p), symBoard(6, tr, o), n); got != want {
					t.Fatalf("p=%#x o=%#x: symmetry %d evaluates %d, the position %d", p, o, tr, got, want)
				}
			}
		}
	}
}

// TestWeights6RoundTrip: written weights read back the same; other files are refused.
func TestWeights6RoundTrip(t *testing.T) {
	w := randomWeights6(rand.New(rand.NewPCG(8, 8)))
	var buf bytes.Buffer
	if err := w.Write(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := ReadWeights6(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for ph := range w.phases {
		if !bytes.Equal(int16Bytes(w.phases[ph]), int16Bytes(r.phases[ph])) {
			t.Fatalf("phase %d differs after a round trip", ph)
		}
	}
	// the head of an 8x8 weights file
	var eight bytes.Buffer
	zw, _ := flate.NewWriter(&eight, flate.BestSpeed)
	zw.Write(append([]byte("TCEVAL1\n"), 15, 0, 0, 0, 1, 0, 0, 0))
	zw.Close()
	for _, bad := range [][]byte{nil, []byte("garbage"), eight.Bytes(), buf.Bytes()[:buf.Len()/2]} {
		if _, err := ReadWeights6(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "6x6 weights") {
			t.Errorf("%d bytes read as 6x6 weights (error %v)", len(bad), err)
		}
	}
}

func int16Bytes(x []int16) []byte {
	b := make([]byte, 0, 2*len(x))
	for _, v := range x {
		b = append(b, byte(v), byte(v>>8))
	}
	return b
}

// TestEvaluation6BeatsHeuristic: on exactly solved positions of generated 6x6 games (not the
// seed the shipped weights were trained on), the learned evaluation is closer to the truth than
// the heuristic it replaced.
func TestEvaluation6BeatsHeuristic(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves 6x6 games")
	}
	samples, err := Samples6(context.Background(), Samples6Config{Games: 60, Seed: 12345, SolveEmpties: 16})
	if err != nil {
		t.Fatal(err)
	}
	learned := DefaultWeights6().Errors(samples)
	all := learned[len(learned)-1]
	h := HeuristicErrors6(samples)
	t.Logf("%d positions: learned rmse %.2f mae %.2f, heuristic rmse %.2f mae %.2f", all.Samples, all.RMSE, all.MAE, h.RMSE, h.MAE)
	if all.RMSE >= 0.8*h.RMSE {
		t.Errorf("learned rmse %.2f, heuristic %.2f: want at least 20%% less", all.RMSE, h.RMSE)
	}
}

// BenchmarkEvaluate6 evaluates positions of random 6x6 games.
func BenchmarkEvaluate6(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	var ps []Position
	for len(ps) < 1024 {
		if pos, ok := randomGamePosition(rng, 6, 8+rng.IntN(20)); ok {
			ps = append(ps, pos)
		}
	}
	w := DefaultWeights6()
	sum, i := 0, 0
	for b.Loop() {
		pos := ps[i&1023]
		sum += w.evaluate(pos.P, pos.O, pos.Empties())
		i++
	}
	_ = sum
}

// TestSamples6: the generated positions are labelled with their exact values (minimax checks
// those with few empties), and the same games give the same samples whatever the threads; the
// samples file keeps them.
func TestSamples6(t *testing.T) {
	ctx := context.Background()
	one, err := Samples6(ctx, Samples6Config{Games: 24, Seed: 3, SolveEmpties: 10})
	if err != nil {
		t.Fatal(err)
	}
	three, err := Samples6(ctx, Samples6Config{Games: 24, Seed: 3, SolveEmpties: 10, Threads: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(one) < 24*5 || len(one) != len(three) {
		t.Fatalf("%d and %d samples", len(one), len(three))
	}
	g := geometries[6]
	for i, s := range one {
		if s != three[i] {
			t.Fatalf("sample %d: %+v with one thread, %+v with three", i, s, three[i])
		}
		if s.Empties <= 8 {
			if v := minimax(s.P, s.O, g); v != int(s.Target) {
				t.Fatalf("sample %d (%d empties): target %+d, minimax %+d", i, s.Empties, s.Target, v)
			}
		}
	}
	var buf bytes.Buffer
	if err := WriteSamples(&buf, 6, one); err != nil {
		t.Fatal(err)
	}
	size, back, err := ReadSamples(&buf)
	if err != nil || size != 6 || len(back) != len(one) || back[len(back)-1] != one[len(one)-1] {
		t.Fatalf("samples file: %dx%d, %d read back (%v)", size, size, len(back), err)
	}
	var eight bytes.Buffer
	WriteSamples(&eight, 8, one[:1])
	for _, bad := range []string{"", "TCSAMP2\n\x06\x01\x00\x00\x00\x00\x00\x00\x00" + strings.Repeat("\xff", 18), "TCSAMP2\n\x06short",
		"TCSAMP2\n\x05" + strings.Repeat("\x00", 8)} {
		if _, _, err := ReadSamples(strings.NewReader(bad)); err == nil {
			t.Errorf("%q read as samples", bad)
		}
	}
	// a 6x6 position is no 8x8 one: its empties count differs
	if _, _, err := ReadSamples(bytes.NewReader(eight.Bytes())); err == nil {
		t.Errorf("6x6 samples read as 8x8")
	}
}

// BenchmarkMidgame6 searches positions of random 6x6 games (22 to 26 empties) to a fixed depth:
// the evaluation at the leaves and in the move ordering, as the 6x6 levels search.
func BenchmarkMidgame6(b *testing.B) {
	rng := rand.New(rand.NewPCG(10, 10))
	var ps []Position
	for len(ps) < 20 {
		if pos, ok := randomGamePosition(rng, 6, 22+rng.IntN(5)); ok && discs.Moves(pos.P, pos.O) != 0 {
			ps = append(ps, pos)
		}
	}
	e := New(Options{TableBytes: 16 << 20})
	var nodes uint64
	for b.Loop() {
		for _, pos := range ps {
			e.Clear()
			res, err := e.Search(context.Background(), pos, Limits{Depth: 8})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
