package othello

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Whether the data or the form limits the evaluation.
//
// A phase fitted from zero on a half, a quarter, ... of its training positions and measured on
// the same held-out positions draws a learning curve: the held-out error against the number of
// positions. Fitted by err(n) = Limit + Scale·n^-Power, its Limit is what this form of
// evaluation would reach with unlimited positions of the same kind and labels. A limit above a
// target says more data cannot reach the target: the form must change.

// CurvePoint is one fit of a learning curve.
type CurvePoint struct {
	// Positions is the number of positions fitted.
	Positions int
	// TrainRMSE and TestRMSE are the fit's errors on those positions and on the held-out
	// ones, as the search sees its evaluation (rounded to discs), in discs.
	TrainRMSE, TestRMSE float64
}

// Curve is a learning curve and its fitted law.
type Curve struct {
	// Points are the fits, from the fewest positions to all of them.
	Points []CurvePoint
	// Fitted tells that the law below was fitted: held-out errors that fall as the positions
	// grow (else Limit, Scale and Power are zero).
	Fitted bool
	// The law: the held-out error with n positions is Limit + Scale·n^-Power.
	Limit, Scale, Power float64
}

// At returns the law's held-out error with n positions.
func (c Curve) At(n float64) float64 { return c.Limit + c.Scale*math.Pow(n, -c.Power) }

// LearningCurve fits the 8x8 evaluation's phase of the training positions (which must all lie
// in one phase) from zero on parts nested shares of them: all, the first half, the first
// quarter, ..., of an order shuffled once, each choosing its epoch on valid, measures each on
// test, and fits the law to the held-out errors. cfg gives the fits' epochs, rate, shrinkage and
// threads.
func LearningCurve(ctx context.Context, train, valid, test []Sample, cfg TrainConfig, parts int) (Curve, error) {
	if len(train) == 0 || len(test) == 0 {
		return Curve{}, ErrNoTrainingData
	}
	if parts < 2 || len(train)>>(parts-1) < 1 {
		return Curve{}, fmt.Errorf("a learning curve of %d parts wants at least %d training positions (it has %d)", parts, 1<<max(parts-1, 1), len(train))
	}
	cfg = cfg.withDefaults(set8)
	ph, err := onePhase(cfg.Phases, "a learning curve draws", train, valid, test)
	if err != nil {
		return Curve{}, err
	}
	// the shares are prefixes of one shuffled order, so that each is a fair sample of the
	// training positions (which come in the order of their games: by year) and holds the
	// smaller ones
	order := slices.Clone(train)
	rand.New(rand.NewPCG(set8.trainSeed, uint64(ph))).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	cols := featureFamilies(set8)
	points := make([]CurvePoint, parts)
	err = parallelFor(ctx, parts, cfg.Threads, nil, func() func(i int) error {
		return func(i int) error {
			fitted := order[:len(order)>>(parts-1-i)]
			e, err := fitVariant(ctx, cfg, ph, cols, variant{}, fitted, valid, fitted, test)
			if err == nil {
				points[i] = CurvePoint{Positions: len(fitted), TrainRMSE: e[0].RMSE, TestRMSE: e[1].RMSE}
			}
			return err
		}
	})
	if err != nil {
		return Curve{}, err
	}
	c := Curve{Points: points}
	c.Limit, c.Scale, c.Power, c.Fitted = fitPowerLaw(points)
	return c, nil
}

// fitPowerLaw fits err(n) = limit + scale·n^-power to the points' held-out errors by least
// squares: for each power on a fine grid the best limit (never below zero) and scale are a
// linear fit, and the power with the least squared error wins. It fits nothing (ok false)
// unless the errors fall as the positions grow: a law that rises would extrapolate to nonsense.
func fitPowerLaw(points []CurvePoint) (limit, scale, power float64, ok bool) {
	if len(points) < 3 {
		return 0, 0, 0, false
	}
	best := math.Inf(1)
	for p := 0.02; p <= 2.0001; p += 0.005 {
		var sx, sy, sxx, sxy float64
		for _, pt := range points {
			x := math.Pow(float64(pt.Positions), -p)
			sx, sy, sxx, sxy = sx+x, sy+pt.TestRMSE, sxx+x*x, sxy+x*pt.TestRMSE
		}
		n := float64(len(points))
		den := n*sxx - sx*sx
		if den == 0 {
			continue
		}
		b := (n*sxy - sx*sy) / den
		a := (sy - b*sx) / n
		if a < 0 {
			// an error is never below zero: the best law with the limit at zero
			a, b = 0, sxy/sxx
		}
		if b <= 0 {
			continue
		}
		var se float64
		for _, pt := range points {
			e := a + b*math.Pow(float64(pt.Positions), -p) - pt.TestRMSE
			se += e * e
		}
		if se < best {
			best, limit, scale, power, ok = se, a, b, p, true
		}
	}
	return limit, scale, power, ok
}
