package othello

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"turncoat/games/discs"
)

// TestFitPowerLaw: the law is found again from points that follow it, and no law is fitted to
// errors that do not fall.
func TestFitPowerLaw(t *testing.T) {
	law := Curve{Limit: 6.86, Scale: 272, Power: 0.51}
	var points []CurvePoint
	for _, n := range []int{14290, 28581, 57162, 114324} {
		points = append(points, CurvePoint{Positions: n, TestRMSE: law.At(float64(n))})
	}
	limit, scale, power, ok := fitPowerLaw(points)
	if !ok || math.Abs(limit-law.Limit) > 0.02 || math.Abs(power-law.Power) > 0.01 || math.Abs(scale-law.Scale)/law.Scale > 0.05 {
		t.Errorf("fitted %v: limit %.3f scale %.1f power %.3f; want %+v", ok, limit, scale, power, law)
	}
	rising := []CurvePoint{{Positions: 100, TestRMSE: 5}, {Positions: 200, TestRMSE: 5.5}, {Positions: 400, TestRMSE: 6}}
	if _, _, _, ok := fitPowerLaw(rising); ok {
		t.Error("a law fitted to rising errors")
	}
	if _, _, _, ok := fitPowerLaw(points[:2]); ok {
		t.Error("a law fitted to two points")
	}
}

// TestLearningCurve: on positions whose value is their mobility difference plus noise the
// evaluation cannot know, the held-out error falls as the positions grow, stays above the
// noise, and the law's limit lies between the noise and the errors measured.
func TestLearningCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const noise = 3 // the targets' own error: uniform in [-3, 3], 2.0 discs root mean square
	samples := func(n int) []Sample {
		out := make([]Sample, n)
		for i := range out {
			e := 23 + rng.IntN(2)
			p, o := positionWithEmpties(rng, e)
			v := 2*(bits.OnesCount64(discs.Moves(p, o))-bits.OnesCount64(discs.Moves(o, p))) + rng.IntN(2*noise+1) - noise
			out[i] = Sample{P: p, O: o, Empties: uint8(e), Target: int8(v)}
		}
		return out
	}
	c, err := LearningCurve(context.Background(), samples(24000), samples(1000), samples(2000), TrainConfig{Epochs: 6, Threads: 2}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Points) != 4 || c.Points[0].Positions != 3000 || c.Points[3].Positions != 24000 {
		t.Fatalf("points %+v", c.Points)
	}
	for i, pt := range c.Points {
		if pt.TestRMSE < 1.9 {
			t.Errorf("%d positions: held-out error %.3f, below the targets' own noise", pt.Positions, pt.TestRMSE)
		}
		if i > 0 && pt.TestRMSE >= c.Points[i-1].TestRMSE {
			t.Errorf("held-out error %.3f with %d positions, not below %.3f with %d", pt.TestRMSE, pt.Positions, c.Points[i-1].TestRMSE, c.Points[i-1].Positions)
		}
	}
	if !c.Fitted || c.Limit < 1.9 || c.Limit > c.Points[3].TestRMSE {
		t.Errorf("law %+v for points %+v", c, c.Points)
	}
}

// TestLearningCurveRefuses: no positions, too few for the parts, or positions of two phases.
func TestLearningCurveRefuses(t *testing.T) {
	one := []Sample{{P: 1, O: 2, Empties: 24}}
	ctx := context.Background()
	if _, err := LearningCurve(ctx, nil, nil, one, TrainConfig{}, 3); !errors.Is(err, ErrNoTrainingData) {
		t.Errorf("no training positions: %v", err)
	}
	if _, err := LearningCurve(ctx, one, nil, one, TrainConfig{}, 3); err == nil {
		t.Error("3 parts of one position accepted")
	}
	two := []Sample{{P: 1, O: 2, Empties: 24}, {P: 1, O: 2, Empties: 40}}
	if _, err := LearningCurve(ctx, two, nil, one, TrainConfig{}, 2); err == nil {
		t.Error("two phases accepted")
	}
}
