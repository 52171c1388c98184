package othello

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// randomRecord plays a random game from the start and records it with its final result and,
// as WTHOR would, a made-up theoretical result at 24 empties.
func randomRecord(rng *rand.Rand, theoretical int) reversi.Record {
	b := reversi.Start(8)
	r := reversi.Record{Start: b, HasTheoretical: true, Theoretical: theoretical, TheoreticalDepth: 24, HasResult: true}
	for {
		m := b.Moves()
		if m == 0 {
			if b.OpponentMoves() == 0 {
				break
			}
			b.Pass()
			r.Moves = append(r.Moves, reversi.Pass)
			continue
		}
		for k := rng.IntN(discs.Count(m)); k > 0; k-- {
			m &= m - 1
		}
		sq := discs.Count(m&-m - 1)
		b.Play(sq)
		r.Moves = append(r.Moves, sq)
	}
	black, white := b.FinalScore()
	r.Result = black - white
	return r
}

// TestSamplesOfTargets checks the targets of a game's positions: the theoretical result up to
// 24 empties, the exact value from the solved empties on, and in between values that run from
// the one to the other; all from the side to move's view.
func TestSamplesOfTargets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	e := New(Options{TableBytes: 1 << 20})
	for range 5 {
		r := randomRecord(rng, 12)
		samples, err := SamplesOf(context.Background(), r, e, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(samples) != len(r.Moves)+1 {
			t.Fatalf("%d samples for %d moves", len(samples), len(r.Moves))
		}
		b := r.Start
		for i, s := range samples {
			black := int(s.Target)
			if b.Turn == 1 {
				black = -black
			}
			_, _, n := b.Counts()
			switch {
			case n >= 24 && black != 12:
				t.Fatalf("ply %d (%d empties): target %d for Black, want the theoretical 12", i, n, black)
			case n <= 10:
				res, err := e.Search(context.Background(), PositionOf(b), Limits{ExactEmpties: 64})
				want := res.Score
				if err == ErrGameOver {
					bl, wh := b.FinalScore()
					want = bl - wh
					if b.Turn == 1 {
						want = -want
					}
				} else if err != nil {
					t.Fatal(err)
				}
				if int(s.Target) != want {
					t.Fatalf("ply %d (%d empties): target %d, exact value %d", i, n, s.Target, want)
				}
			}
			if i < len(r.Moves) {
				if r.Moves[i] == reversi.Pass {
					b.Pass()
				} else {
					b.Play(r.Moves[i])
				}
			}
		}
		// without a solver the game's real result anchors the end
		plain, err := SamplesOf(context.Background(), r, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		last := plain[len(plain)-1]
		if want := r.Result; (b.Turn == 0 && int(last.Target) != want) || (b.Turn == 1 && int(last.Target) != -want) {
			t.Fatalf("last target %d, the real result %d", last.Target, r.Result)
		}
	}
}

// TestTrainLearnsAndIsDeterministic trains on synthetic games whose results follow the disc
// count and checks that the weights fit them far better than guessing zero, and that training
// twice gives the same weights.
func TestTrainLearnsAndIsDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	var train, valid []Sample
	for i := range 300 {
		r := randomRecord(rng, 0)
		s, err := SamplesOf(context.Background(), r, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// a learnable target: the mover's disc advantage, doubled
		for j := range s {
			s[j].Target = int8(2 * (discs.Count(s[j].P) - discs.Count(s[j].O)))
		}
		if i%5 == 0 {
			valid = append(valid, s...)
		} else {
			train = append(train, s...)
		}
	}
	cfg := TrainConfig{Epochs: 3}
	w1, err := Train(context.Background(), train, valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var zero float64
	for _, s := range valid {
		zero += float64(s.Target) * float64(s.Target)
	}
	all := w1.Errors(valid)[ErrorBuckets]
	if all.Phase != -1 || all.RMSE*all.RMSE > zero/float64(len(valid))/4 {
		t.Fatalf("validation rmse %.2f; guessing zero gives %.2f", all.RMSE, zero/float64(len(valid)))
	}
	cfg.Threads = 2
	w2, err := Train(context.Background(), train, valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for ph := range w1.phases {
		if !slices.Equal(w1.phases[ph], w2.phases[ph]) {
			t.Fatalf("phase %d differs between two trainings", ph)
		}
	}
}

// TestTrainFillsPhasesWithoutSamples: on both boards a phase without training positions takes
// the weights of the nearest phase trained, the one nearer the end of the game when two are as
// near.
func TestTrainFillsPhasesWithoutSamples(t *testing.T) {
	ctx := context.Background()
	// 8x8: positions with 20 to 23 empties only (phases 18 to 20, counted from the start)
	rng := rand.New(rand.NewPCG(4, 5))
	var eight []Sample
	for len(eight) < 300 {
		if pos, ok := randomGamePosition(rng, 8, 20+rng.IntN(4)); ok && pos.Empties() >= 20 {
			eight = append(eight, Sample{P: pos.P, O: pos.O, Empties: uint8(pos.Empties()), Target: int8(discs.Count(pos.P) - discs.Count(pos.O))})
		}
	}
	w8, err := Train(ctx, eight, nil, TrainConfig{Epochs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for ph, table := range w8.phases {
		want := min(max(ph, 18), 20)
		if &table[0] != &w8.phases[want][0] {
			t.Errorf("8x8 phase %d: not phase %d's weights", ph, want)
		}
	}
	// 6x6: positions with 8 empties or fewer (phases 0 to 4, counted from the end)
	six, err := Samples6(ctx, Samples6Config{Games: 6, Seed: 1, SolveEmpties: 8})
	if err != nil {
		t.Fatal(err)
	}
	w6, err := Train6(ctx, six, nil, TrainConfig{Epochs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for ph, table := range w6.phases {
		if want := min(ph, 4); &table[0] != &w6.phases[want][0] {
			t.Errorf("6x6 phase %d: not phase %d's weights", ph, want)
		}
	}
}
