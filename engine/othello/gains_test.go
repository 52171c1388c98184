package othello

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
)

// positionWithEmpties returns a random 8x8 position with n empties.
func positionWithEmpties(rng *rand.Rand, n int) (p, o uint64) {
	for _, sq := range rng.Perm(64)[:64-n] {
		if rng.IntN(2) == 0 {
			p |= 1 << sq
		} else {
			o |= 1 << sq
		}
	}
	return p, o
}

// TestFeatureGains: on positions whose value is their mobility difference, the mobility
// features are worth the most; taken away, the fit cannot find the values; with a value made of
// potential mobility, that candidate is the one that pays.
func TestFeatureGains(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	samples := func(n int, value func(p, o uint64) int) []Sample {
		out := make([]Sample, n)
		for i := range out {
			e := 23 + rng.IntN(2)
			p, o := positionWithEmpties(rng, e)
			out[i] = Sample{P: p, O: o, Empties: uint8(e), Target: int8(value(p, o))}
		}
		return out
	}
	mobility := func(p, o uint64) int {
		return 2 * (bits.OnesCount64(discs.Moves(p, o)) - bits.OnesCount64(discs.Moves(o, p)))
	}
	potential := func(p, o uint64) int {
		empty := ^(p | o)
		return max(min(potentialMobility(o, empty)-potentialMobility(p, empty), 60), -60)
	}
	cfg := TrainConfig{Epochs: 6, Threads: 2}
	for _, c := range []struct {
		value     func(p, o uint64) int
		feature   string
		candidate bool
	}{{mobility, "mobility", false}, {potential, "potential mobility", true}} {
		rep, err := FeatureGains(context.Background(), samples(6000, c.value), samples(500, c.value), samples(1000, c.value), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Train != 6000 || rep.Valid != 500 || rep.Test != 1000 {
			t.Errorf("counts %d, %d, %d", rep.Train, rep.Valid, rep.Test)
		}
		var best FeatureGain
		families := map[string]bool{}
		for _, g := range rep.Gains {
			families[g.Feature] = true
			if g.Gain > best.Gain {
				best = g
			}
		}
		for _, want := range []string{"corner3x3", "corner2x5", "edge2x", "diagonal4", "mobility", "parity", "potential mobility", "triangle"} {
			if !families[want] {
				t.Errorf("no gain reported for %s", want)
			}
		}
		if best.Feature != c.feature || best.Candidate != c.candidate || best.Gain < 0.5 {
			t.Errorf("value of %s: the largest gain is %+v (every feature: RMSE %.3f)", c.feature, best, rep.RMSE)
		}
	}
}

// TestFeatureGainsRefuses: no positions, or positions of two phases, are refused.
func TestFeatureGainsRefuses(t *testing.T) {
	one := []Sample{{P: 1, O: 2, Empties: 24}}
	if _, err := FeatureGains(context.Background(), nil, nil, one, TrainConfig{}); !errors.Is(err, ErrNoTrainingData) {
		t.Errorf("no training positions: %v", err)
	}
	two := []Sample{{P: 1, O: 2, Empties: 24}, {P: 1, O: 2, Empties: 12}}
	if _, err := FeatureGains(context.Background(), one, nil, two, TrainConfig{}); err == nil {
		t.Error("positions of two phases: no error")
	}
}

// TestPhaseEmpties: the empties of a phase, at both ends of the game and in between.
func TestPhaseEmpties(t *testing.T) {
	for _, c := range []struct{ n, lo, hi int }{{24, 23, 24}, {23, 23, 24}, {12, 11, 12}, {1, 0, 2}, {0, 0, 2}, {59, 59, 60}, {58, 57, 58}} {
		if lo, hi := PhaseEmpties(c.n); lo != c.lo || hi != c.hi {
			t.Errorf("PhaseEmpties(%d) = %d, %d; want %d, %d", c.n, lo, hi, c.lo, c.hi)
		}
	}
}
