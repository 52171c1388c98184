package othello

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// What each feature of the evaluation is worth.
//
// A feature pays when the evaluation fitted without it predicts held-out positions worse. So
// one phase is fitted from zero on the same training positions once with every feature, once
// without each family of features in turn (a pattern's copies, both mobility counts, parity),
// and once with each candidate feature the evaluation does not have; each fit's error on
// held-out positions, against the fit with every feature, is the family's gain. The fits see
// the same positions in the same order, so the differences are the features', not chance's.

// Candidate features: computed from the position alone, each a table of weights indexed by a
// count, as the mobility features are.
var candidateFeatures = []candidate{
	{"potential mobility", 2 * 64, func(p, o uint64, f []int32) []int32 {
		empty := ^(p | o)
		// the mover's potential moves are next to the opponent's discs
		return append(f, int32(min(potentialMobility(o, empty), 63)), int32(64+min(potentialMobility(p, empty), 63)))
	}},
	{"stable discs", 2 * 65, func(p, o uint64, f []int32) []int32 {
		g := geometry8
		return append(f, int32(bits.OnesCount64(g.stable(p, o))), int32(65+bits.OnesCount64(g.stable(o, p))))
	}},
	{"disc difference", 129, func(p, o uint64, f []int32) []int32 {
		return append(f, int32(64+bits.OnesCount64(p)-bits.OnesCount64(o)))
	}},
	{"corner moves", 2 * 5, func(p, o uint64, f []int32) []int32 {
		const corners = 0x8100000000000081
		return append(f, int32(bits.OnesCount64(discs.Moves(p, o)&corners)), int32(5+bits.OnesCount64(discs.Moves(o, p)&corners)))
	}},
	// patterns the strongest engines have and this evaluation does not
	patternCandidate("triangle", "a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"),
	patternCandidate("corner block", "a1", "c1", "d1", "e1", "f1", "h1", "c2", "d2", "e2", "f2"),
	patternCandidate("edge block", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "c2", "f2"),
}

// patternCandidate is a candidate pattern: its configurations' weights, shared by its copies on
// the board under the eight symmetries (each set of squares once).
func patternCandidate(name string, squares ...string) candidate {
	var copies [][]int
	seen := map[uint64]bool{}
	for t := range 8 {
		var sqs []int
		var set uint64
		for _, s := range squares {
			sq, err := discs.ParseSquare(s)
			if err != nil {
				panic(err)
			}
			sq = symSquare(8, t, sq)
			sqs = append(sqs, sq)
			set |= 1 << sq
		}
		if !seen[set] {
			seen[set] = true
			copies = append(copies, sqs)
		}
	}
	return candidate{name, pow3(len(squares)), func(p, o uint64, f []int32) []int32 {
		for _, sqs := range copies {
			idx := int32(0)
			for _, sq := range sqs {
				idx *= 3
				switch bit := uint64(1) << sq; {
				case p&bit != 0:
					idx++
				case o&bit != 0:
					idx += 2
				}
			}
			f = append(f, idx)
		}
		return f
	}}
}

// candidate is a feature the evaluation does not have: size weights, and the indexes (below
// size) it appends for a position.
type candidate struct {
	name   string
	size   int
	append func(p, o uint64, f []int32) []int32
}

// FeatureGain is what one family of features is worth on held-out positions.
type FeatureGain struct {
	// Feature names the family: a pattern, "mobility", "parity", or a candidate.
	Feature string
	// Candidate tells a feature the evaluation lacks, measured by adding it; the others are
	// measured by taking them away.
	Candidate bool
	// Weights is the number of weights the family has in a phase.
	Weights int
	// RMSE is the held-out error of the fit without the family (with it, for a candidate).
	RMSE float64
	// Gain is how much the family lowers the held-out error, in discs: the error without it
	// less the error with it.
	Gain float64
}

// GainReport is the result of FeatureGains.
type GainReport struct {
	// Train, Valid and Test count the positions fitted, choosing the epoch, and measured.
	Train, Valid, Test int
	// RMSE and MAE are the held-out errors of the fit with every feature of the evaluation.
	RMSE, MAE float64
	// Shipped is the held-out error of the evaluation the engine has (fitted on other data, by
	// the whole training), for scale.
	Shipped float64
	// Gains lists the families, the evaluation's then the candidates.
	Gains []FeatureGain
	// AllCandidates is the held-out error with every candidate added at once.
	AllCandidates float64
}

// FeatureGains fits the 8x8 evaluation's phase of the training positions (which must all lie
// in one phase) from zero with each family of features taken away or added (see above), choosing
// each fit's epoch on valid, and measures each on test. cfg gives the fit's epochs, rate,
// shrinkage and threads.
func FeatureGains(ctx context.Context, train, valid, test []Sample, cfg TrainConfig) (GainReport, error) {
	if len(train) == 0 || len(test) == 0 {
		return GainReport{}, ErrNoTrainingData
	}
	cfg = cfg.withDefaults(set8)
	ph, err := onePhase(cfg.Phases, "feature gains measure", train, valid, test)
	if err != nil {
		return GainReport{}, err
	}
	set := set8
	cols := featureFamilies(set)
	variants := []variant{{}}
	for c, name := range cols {
		if name != "" && !slices.Contains(cols[:c], name) {
			variants = append(variants, variant{drop: name})
		}
	}
	weightsOf := map[string]int{"mobility": 2 * set.mobilityCap, "parity": parityFeatures}
	for _, pt := range set.patterns {
		weightsOf[pt.name] = pow3(len(pt.squares))
	}
	for _, c := range candidateFeatures {
		variants = append(variants, variant{added: []candidate{c}})
	}
	variants = append(variants, variant{added: candidateFeatures})

	// each variant's error on the test positions, as the search would see its evaluation
	errs := make([]PhaseError, len(variants))
	err = parallelFor(ctx, len(variants), cfg.Threads, nil, func() func(i int) error {
		return func(i int) error {
			e, err := fitVariant(ctx, cfg, ph, cols, variants[i], train, valid, test)
			if err == nil {
				errs[i] = e[0]
			}
			return err
		}
	})
	if err != nil {
		return GainReport{}, err
	}
	rep := GainReport{Train: len(train), Valid: len(valid), Test: len(test), RMSE: errs[0].RMSE, MAE: errs[0].MAE}
	rep.Shipped = phaseErrors(test, 0, nil, DefaultWeights().evaluate)[0].RMSE
	for i, v := range variants[1:] {
		r := errs[i+1].RMSE
		switch {
		case v.drop != "":
			rep.Gains = append(rep.Gains, FeatureGain{Feature: v.drop, Weights: weightsOf[v.drop], RMSE: r, Gain: r - rep.RMSE})
		case len(v.added) == 1:
			rep.Gains = append(rep.Gains, FeatureGain{Feature: v.added[0].name, Candidate: true, Weights: v.added[0].size, RMSE: r, Gain: rep.RMSE - r})
		default:
			rep.AllCandidates = r
		}
	}
	return rep, nil
}

// variant is a form of the evaluation whose gain FeatureGains measures.
type variant struct {
	drop  string      // the family taken away
	added []candidate // the candidates added
}

// featureFamilies returns the family of each feature column of set's evaluation ("" for the
// constant, always kept).
func featureFamilies(set *patternSet) []string {
	cols := make([]string, set.numFeatures)
	numInst := len(set.instSquares)
	for c := range cols {
		switch {
		case c < numInst:
			cols[c] = set.patterns[set.instPattern[c]].name
		case c < numInst+2:
			cols[c] = "mobility"
		case c == numInst+2:
			cols[c] = "parity"
		}
	}
	return cols
}

// fitVariant fits the 8x8 phase ph from zero with the variant's features (cols: their
// families, featureFamilies) on train, valid choosing the epoch, and returns the fit's error
// on each of measured, as the search would see its evaluation.
func fitVariant(ctx context.Context, cfg TrainConfig, ph int, cols []string, v variant, train, valid []Sample, measured ...[]Sample) ([]PhaseError, error) {
	set := set8
	// row appends the indexes of the variant's features of the position p, o to dst: the
	// evaluation's (canonical, as the training fits them) but the family dropped, then each
	// candidate's after the evaluation's weights
	row := func(p, o uint64, dst []int32) []int32 {
		var buf [maxFeatures]int32
		set.canonicalFeatures(p, o, &buf)
		for c, name := range cols {
			if v.drop == "" || name != v.drop {
				dst = append(dst, buf[c])
			}
		}
		off := int32(set.phaseSize)
		for _, c := range v.added {
			n := len(dst)
			dst = c.append(p, o, dst)
			for j := n; j < len(dst); j++ {
				dst[j] += off
			}
			off += int32(c.size)
		}
		return dst
	}
	features := func(s []Sample) (f []int32, t []float64) {
		t = make([]float64, len(s))
		for i, x := range s {
			f = row(x.P, x.O, f)
			t[i] = float64(x.Target)
		}
		return f, t
	}
	size := set.phaseSize
	for _, c := range v.added {
		size += c.size
	}
	nf := len(row(0, 0, nil)) // the same number for every position
	tf, tt := features(train)
	vf, vt := features(valid)
	w, err := fitPhase(ctx, cfg, ph, nf, size, set.trainSeed, nil, tf, tt, vf, vt)
	if err != nil {
		return nil, err
	}
	var f []int32
	evaluate := func(p, o uint64, _ int) int {
		f = row(p, o, f[:0])
		var pred float64
		for _, k := range f {
			pred += w[k]
		}
		return clampEval(int(math.Round(pred)))
	}
	errs := make([]PhaseError, len(measured))
	for i, m := range measured {
		errs[i] = phaseErrors(m, 0, nil, evaluate)[0]
	}
	return errs, nil
}

// onePhase returns the phase of the samples of parts, or an error naming what (a measure of
// one phase) if they are in more than one.
func onePhase(phases int, what string, parts ...[]Sample) (int, error) {
	ph := phaseIn(phases, int(parts[0][0].Empties))
	for _, part := range parts {
		for _, s := range part {
			if phaseIn(phases, int(s.Empties)) != ph {
				return 0, fmt.Errorf("%s one phase: positions with %d and %d empties are in different phases", what, parts[0][0].Empties, s.Empties)
			}
		}
	}
	return ph, nil
}

// PhasePositions returns the positions of the games with between lo and hi empties and a move
// to play, each once whatever its symmetric image, with no target yet.
func PhasePositions(records []reversi.Record, lo, hi int) []Sample {
	var games [][]Sample
	for _, r := range records {
		g, err := GamePositions(r)
		if err != nil {
			continue
		}
		var keep []Sample
		for _, s := range g {
			if int(s.Empties) >= lo && int(s.Empties) <= hi {
				keep = append(keep, s)
			}
		}
		games = append(games, keep)
	}
	Unique(games)
	var out []Sample
	for _, g := range games {
		out = append(out, g...)
	}
	return out
}

// SolveSamples sets each sample's target to its exact value, threads at a time.
func SolveSamples(ctx context.Context, s []Sample, threads int, progress func(done, total int)) error {
	return parallelFor(ctx, len(s), threads, progress, func() func(i int) error {
		eng := New(Options{TableBytes: 16 << 20})
		return func(i int) error {
			eng.Clear()
			v, err := valueOf(ctx, eng, s[i].P, s[i].O, Limits{ExactEmpties: 64})
			s[i].Target = int8(v)
			return err
		}
	})
}

// PhaseEmpties returns the fewest and most empties of the 8x8 evaluation's phase that holds
// positions with n empties.
func PhaseEmpties(n int) (lo, hi int) {
	ph := phaseOf(n)
	lo, hi = n, n
	for lo > 0 && phaseOf(lo-1) == ph {
		lo--
	}
	for hi < 60 && phaseOf(hi+1) == ph {
		hi++
	}
	return lo, hi
}
