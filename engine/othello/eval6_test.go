package othello

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/games/discs"
)

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
	benchSearches(b, New(Options{TableBytes: 16 << 20}), ps, Limits{Depth: 8})
}
