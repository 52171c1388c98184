package othello

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestTheoreticalSamples: each game gives its position with 24 empties, the theoretical score
// for the side to move there.
func TestTheoreticalSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var records []reversi.Record
	for i := range 40 {
		records = append(records, randomRecord(rng, 2*i-40))
	}
	records = append(records, reversi.Record{Start: reversi.Start(8)}) // no theoretical score
	got := TheoreticalSamples(records)
	if len(got) < 30 || len(got) > 40 {
		t.Fatalf("%d positions from 40 games", len(got))
	}
	for _, s := range got {
		if s.Empties != 24 || discs.Count(s.P|s.O) != 40 || discs.Moves(s.P, s.O) == 0 {
			t.Fatalf("position %#x %#x with %d empties", s.P, s.O, s.Empties)
		}
	}
	// the mover's view: the same game's sample, seen from its side
	for _, r := range records[:40] {
		b := r.Start
		for _, m := range r.Moves {
			if _, _, n := b.Counts(); n == 24 {
				if m == reversi.Pass || b.Moves() == 0 {
					break
				}
				p, o := b.Mover()
				want := r.Theoretical
				if b.Turn == 1 {
					want = -want
				}
				i := slices.IndexFunc(got, func(s Sample) bool { return s.P == p && s.O == o })
				if i < 0 || int(got[i].Target) != want {
					t.Fatalf("game with theoretical %d: sample %d, want target %d", r.Theoretical, i, want)
				}
				break
			}
			if m == reversi.Pass {
				b.Pass()
			} else {
				b.Play(m)
			}
		}
	}
}

// TestRefine: refining fits the phase that holds the positions better than the start did,
// leaves the other phases alone, keeps the start when no epoch improves on it, and is
// deterministic.
func TestRefine(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var train, valid []Sample
	for i := range 3000 {
		r := randomRecord(rng, 0)
		s, err := GamePositions(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range s {
			if x.Empties == 24 {
				// a learnable target the start does not know: the disc advantage
				x.Target = int8(2 * (discs.Count(x.P) - discs.Count(x.O)))
				if i%5 == 0 {
					valid = append(valid, x)
				} else {
					train = append(train, x)
				}
			}
		}
	}
	start := DefaultWeights()
	cfg := TrainConfig{Epochs: 3, Rate: 0.3}
	w, err := Refine(context.Background(), start, train, valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	before, after := start.Errors(valid)[ErrorBuckets], w.Errors(valid)[ErrorBuckets]
	if after.RMSE >= before.RMSE*0.8 {
		t.Fatalf("validation rmse %.2f after refining, %.2f before", after.RMSE, before.RMSE)
	}
	ph := phaseOf(24)
	for i := range w.phases {
		if changed := !slices.Equal(w.phases[i], start.phases[i]); changed != (i == ph) {
			t.Fatalf("phase %d changed: %v (the positions' phase is %d)", i, changed, ph)
		}
	}
	cfg.Threads = 2
	w2, err := Refine(context.Background(), start, train, valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(w.phases[ph], w2.phases[ph]) {
		t.Fatal("two refinements differ")
	}
	// validated on the start's own values, no epoch beats the start
	own := slices.Clone(valid)
	for i := range own {
		own[i].Target = int8(start.evaluate(own[i].P, own[i].O, 24))
	}
	w3, err := Refine(context.Background(), start, train, own, TrainConfig{Epochs: 2, Rate: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(w3.phases[ph], start.phases[ph]) {
		t.Fatal("the refinement replaced the start with weights that validate worse")
	}
	if _, err := Refine(context.Background(), start, nil, valid, cfg); err != ErrNoTrainingData {
		t.Fatalf("refining on nothing: %v", err)
	}
}
