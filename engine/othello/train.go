package othello

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"turncoat/games/reversi"
)

// Training the evaluation from real games.
//
// Every position of every game is a sample; its target is the final disc difference for the
// side to move with perfect play, as well as it is known. WTHOR records the theoretical result:
// perfect play from the position with 24 empties; positions up to that one take it. Later, the
// players of the databases err a lot (seven games in eight end elsewhere than the theoretical
// result, 13 discs away on average), so the engine solves the game's positions with
// solveEmpties empties or fewer itself, and the positions between take a target that moves
// from the theoretical result to the first solved value in step with the empties. Without the
// solver, the real result stands in for the solved value at the end of the game. Each phase
// is fitted on its own by stochastic gradient descent on the squared error, with per-weight
// step sizes (AdaGrad) and a little L2 shrinkage; a validation set picks the epoch to keep.
// Everything is deterministic: the same games give the same weights.

// Sample is a training position: the mover's and the opponent's discs, the number of empties,
// and the target, the final disc difference for the mover.
type Sample struct {
	P, O    uint64
	Empties uint8
	Target  int8
}

// SamplesOf returns the positions of an 8x8 game with their targets (see the training notes
// above). With a solver, the positions with solveEmpties empties or fewer are solved exactly
// (the solver's table is kept from one to the next: each is a sub-position of the previous).
// Games without a result give no samples.
func SamplesOf(ctx context.Context, r reversi.Record, solver *Engine, solveEmpties int) ([]Sample, error) {
	if r.Start.Size != 8 {
		return nil, fmt.Errorf("training uses 8x8 games; this one is %dx%d", r.Start.Size, r.Start.Size)
	}
	if !r.HasResult {
		return nil, nil
	}
	// the positions, then their targets
	var boards []reversi.Board
	b := r.Start
	boards = append(boards, b)
	for i, m := range r.Moves {
		if m == reversi.Pass {
			b.Pass()
		} else if _, err := b.Play(m); err != nil {
			return nil, fmt.Errorf("ply %d: %w", i+1, err)
		}
		boards = append(boards, b)
	}
	empties := func(b reversi.Board) int { _, _, n := b.Counts(); return n }
	exact := make([]int, len(boards)) // Black's view
	solved := make([]bool, len(boards))
	// the anchor at the end of the game: the first solved position, or the real result
	anchorValue, anchorEmpties := r.Result, 0
	if solver != nil {
		first := true
		for i, b := range boards {
			if empties(b) > solveEmpties {
				continue
			}
			v, err := solvedValue(ctx, solver, b)
			if err != nil {
				return nil, err
			}
			exact[i], solved[i] = v, true
			if first {
				anchorValue, anchorEmpties, first = v, empties(b), false
			}
		}
	}
	out := make([]Sample, 0, len(boards))
	for i, b := range boards {
		n := empties(b)
		var target int
		switch d := r.TheoreticalDepth; {
		case solved[i]:
			target = exact[i]
		case !r.HasTheoretical || d <= 0:
			target = r.Result
		case n >= d:
			target = r.Theoretical
		default:
			target = anchorValue + int(math.Round(float64((r.Theoretical-anchorValue)*(n-anchorEmpties))/float64(d-anchorEmpties)))
		}
		if b.Turn == 1 {
			target = -target
		}
		p, o := b.Mover()
		out = append(out, Sample{P: p, O: o, Empties: uint8(n), Target: int8(target)})
	}
	return out, nil
}

// solvedValue returns the exact final disc difference of b for Black.
func solvedValue(ctx context.Context, e *Engine, b reversi.Board) (int, error) {
	res, err := e.Search(ctx, PositionOf(b), Limits{ExactEmpties: 64})
	var v int
	switch {
	case err == ErrGameOver:
		black, white := b.FinalScore()
		return black - white, nil
	case err != nil:
		return 0, err
	default:
		v = res.Score
	}
	if b.Turn == 1 {
		v = -v
	}
	return v, nil
}

// TrainConfig tunes the training.
type TrainConfig struct {
	// Epochs is the number of passes over the samples of each phase (default 8).
	Epochs int
	// Rate is the AdaGrad learning rate (default 1).
	Rate float64
	// L2 is the shrinkage of the weights (default 0.001; a negative value: none).
	L2 float64
	// Threads trains that many phases at once (default 1; the result does not depend on it).
	Threads int
	// Phases is the number of phases of equal length (default numPhases; a divisor of 60).
	Phases int
	// Spread widens each phase's training samples by this many empties either side: the
	// positions just outside a phase are almost as informative, and more samples per weight
	// steady the fit.
	Spread int
	// Progress, if set, is told of each finished epoch (from several goroutines when Threads
	// > 1).
	Progress func(phase, epoch int, trainRMSE, validRMSE float64)
}

// PhaseError is the error of an evaluation on the samples of one phase.
type PhaseError struct {
	Phase, Samples int
	// RMSE and MAE are the root mean square and the mean absolute error, in discs.
	RMSE, MAE float64
}

// canonicalFeatures writes the features of a sample with each pattern index replaced by its
// canonical one (the weight the pattern's symmetries share).
func canonicalFeatures(canon [][]int32, p, o uint64, f *[64]int32) {
	features(p, o, f)
	for i := range numInstances {
		k := instancePattern[i]
		off := int32(patternOffset[k])
		f[i] = off + canon[k][f[i]-off]
	}
}

// withDefaults fills in the defaults of the zero fields.
func (cfg TrainConfig) withDefaults() TrainConfig {
	if cfg.Phases <= 0 || cfg.Phases > 60 || 60%cfg.Phases != 0 {
		cfg.Phases = numPhases
	}
	if cfg.Epochs <= 0 {
		cfg.Epochs = 8
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 1
	}
	if cfg.L2 < 0 {
		cfg.L2 = 0
	} else if cfg.L2 == 0 {
		cfg.L2 = 0.001
	}
	return cfg
}

// Train fits the evaluation's weights to the training samples; valid, a disjoint set, chooses
// the epoch kept for each phase. It stops early with ctx's error, and refuses an empty training
// set (ErrNoTrainingData).
func Train(ctx context.Context, train, valid []Sample, cfg TrainConfig) (*Weights, error) {
	if len(train) == 0 {
		return nil, ErrNoTrainingData
	}
	cfg = cfg.withDefaults()
	all := make([]int, cfg.Phases)
	for ph := range all {
		all[ph] = ph
	}
	tables := make([][]int16, cfg.Phases)
	if err := trainPhases(ctx, canonicalIndexes(), train, byPhase(train, cfg), valid, byPhase(valid, cfg), all, cfg, nil, tables); err != nil {
		return nil, err
	}
	return newWeights(tables), nil
}

// trainPhases fits the tables of the given phases, cfg.Threads at a time, each on the samples
// that trainIdx and validIdx list for it, from zero or, given from, from its table there.
func trainPhases(ctx context.Context, canon [][]int32, train []Sample, trainIdx [][]int, valid []Sample, validIdx [][]int,
	phases []int, cfg TrainConfig, from, tables [][]int16) error {
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range max(cfg.Threads, 1) {
		wg.Go(func() {
			for ph := range next {
				var start []int16
				if from != nil {
					start = from[ph]
				}
				t, err := trainPhase(ctx, canon, train, trainIdx[ph], valid, validIdx[ph], ph, cfg, start)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				tables[ph] = t
				mu.Unlock()
			}
		})
	}
feed:
	for _, ph := range phases {
		select {
		case next <- ph:
		case <-ctx.Done(): // the phases left would each prepare its samples for nothing
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// trainCheckEvery is how many samples an epoch fits between two checks of its context: an
// epoch over a phase of the full WTHOR base takes about a second, a check every few thousand
// samples a millisecond or so.
const trainCheckEvery = 4096

// trainPhase fits one phase's weights, from zero or from the table start, and returns them
// expanded and quantised.
func trainPhase(ctx context.Context, canon [][]int32, train []Sample, ti []int, valid []Sample, vi []int, ph int, cfg TrainConfig, start []int16) ([]int16, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	feats := func(s []Sample, idx []int) ([]int32, []float64) {
		f := make([]int32, 0, len(idx)*numFeatures)
		t := make([]float64, len(idx))
		var buf [64]int32
		for j, i := range idx {
			canonicalFeatures(canon, s[i].P, s[i].O, &buf)
			f = append(f, buf[:numFeatures]...)
			t[j] = float64(s[i].Target)
		}
		return f, t
	}
	tf, tt := feats(train, ti)
	vf, vt := feats(valid, vi)
	var from []float64
	if start != nil {
		from = make([]float64, phaseSize)
		for i, x := range start {
			from[i] = float64(x) / weightScale
		}
	}
	best, err := fitPhase(ctx, cfg, ph, numFeatures, phaseSize, 0x747261696e, from, tf, tt, vf, vt)
	if err != nil {
		return nil, err
	}
	return quantise(canon, best), nil
}

// quantise returns a phase's fitted weights in weight units, every configuration with its
// canonical configuration's weight.
func quantise(canon [][]int32, w []float64) []int16 {
	t := make([]int16, phaseSize)
	for i, x := range w {
		t[i] = int16(max(min(math.Round(x*weightScale), math.MaxInt16), math.MinInt16))
	}
	for k := range patterns {
		off := patternOffset[k]
		for idx, c := range canon[k] {
			t[off+idx] = t[off+int(c)]
		}
	}
	return t
}

// fitPhase fits the weights of one phase (size of them) by AdaGrad to the targets tt of the
// training positions, whose nf feature indexes each are in tf, for cfg.Epochs epochs in an
// order shuffled from seed and the phase, and returns those of the epoch with the least error
// on the validation positions (vf, vt; on the training ones when there are none). It starts
// from zero, or from start if given: then the shrinkage pulls towards start, and the fit
// returns start itself unless an epoch does better on the validation positions.
func fitPhase(ctx context.Context, cfg TrainConfig, ph, nf, size int, seed uint64, start []float64, tf []int32, tt []float64, vf []int32, vt []float64) ([]float64, error) {
	w := make([]float64, size)
	g2 := make([]float64, size)
	best := make([]float64, size)
	bestErr := math.Inf(1)
	var anchor []float64 // what the shrinkage pulls towards, when not zero
	if start != nil {
		anchor = slices.Clone(start)
		copy(w, start)
		copy(best, start)
	}
	order := make([]int, len(tt))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(uint64(ph), seed))
	rmse := func(f []int32, t []float64) float64 {
		var se float64
		for j := range t {
			var pred float64
			for _, k := range f[j*nf : (j+1)*nf] {
				pred += w[k]
			}
			se += (pred - t[j]) * (pred - t[j])
		}
		return math.Sqrt(se / max(float64(len(t)), 1))
	}
	if start != nil && len(vt) > 0 {
		bestErr = rmse(vf, vt)
	}
	for epoch := range cfg.Epochs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var se float64
		for n, j := range order {
			if n%trainCheckEvery == trainCheckEvery-1 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			fs := tf[j*nf : (j+1)*nf]
			var pred float64
			for _, k := range fs {
				pred += w[k]
			}
			e := pred - tt[j]
			se += e * e
			for _, k := range fs {
				g := e + cfg.L2*w[k]
				if anchor != nil {
					g = e + cfg.L2*(w[k]-anchor[k])
				}
				g2[k] += g * g
				w[k] -= cfg.Rate * g / math.Sqrt(g2[k]+1e-8)
			}
		}
		trainErr := math.Sqrt(se / max(float64(len(tt)), 1))
		validErr := trainErr
		if len(vt) > 0 {
			validErr = rmse(vf, vt)
		}
		if validErr < bestErr {
			bestErr = validErr
			copy(best, w)
		}
		if cfg.Progress != nil {
			cfg.Progress(ph, epoch+1, trainErr, validErr)
		}
	}
	return best, nil
}

// ErrorBuckets is the number of groups of positions, by empties, that Errors reports: four
// empties each (60-57, 56-53, ..., 8-5 and the last 4 with 4 or fewer), whatever the
// weights' phases, so that evaluations with different phases compare on the same groups.
const ErrorBuckets = 15

// ErrorBucket returns the Errors group of a position with n empties.
func ErrorBucket(n int) int { return phaseIn(ErrorBuckets, n) }

// Errors returns the evaluation's error on samples, by group of empties (ErrorBucket) and over
// all (Phase -1, last), as the search sees it (rounded to discs and clamped).
func (w *Weights) Errors(samples []Sample) []PhaseError {
	var se, ae [ErrorBuckets + 1]float64
	var n [ErrorBuckets + 1]int
	for _, s := range samples {
		ph := ErrorBucket(int(s.Empties))
		e := float64(w.evaluate(s.P, s.O, int(s.Empties)) - int(s.Target))
		for _, k := range [2]int{ph, ErrorBuckets} {
			se[k] += e * e
			ae[k] += math.Abs(e)
			n[k]++
		}
	}
	out := make([]PhaseError, 0, ErrorBuckets+1)
	for k := range ErrorBuckets + 1 {
		pe := PhaseError{Phase: k, Samples: n[k]}
		if k == ErrorBuckets {
			pe.Phase = -1
		}
		if n[k] > 0 {
			pe.RMSE = math.Sqrt(se[k] / float64(n[k]))
			pe.MAE = ae[k] / float64(n[k])
		}
		out = append(out, pe)
	}
	return out
}
