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
// Everything is deterministic: the same games give the same weights. The fitting, from here on
// (trainBoard, trainPhases, fitPhase), and the error report (phaseErrors) are the 6x6
// evaluation's as well (train6.go), driven by the board's patternSet.

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
	// Phases is the number of phases of equal length of an 8x8 evaluation (default numPhases;
	// a divisor of 60). The 6x6 evaluation has its own (phases6).
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

// withDefaults fills in the defaults of the zero fields, for the board of set.
func (cfg TrainConfig) withDefaults(set *patternSet) TrainConfig {
	if !set.phasesOK(cfg.Phases) {
		cfg.Phases = set.phases
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

// Train fits the 8x8 evaluation's weights to the training samples (see trainBoard).
func Train(ctx context.Context, train, valid []Sample, cfg TrainConfig) (*Weights, error) {
	tables, err := trainBoard(ctx, set8, train, valid, cfg)
	if err != nil {
		return nil, err
	}
	return newWeights(tables), nil
}

// trainBoard fits the weights of set's evaluation to the training samples, each phase on its
// own; valid, a disjoint set, chooses the epoch kept for each phase. Phases without training
// samples take the weights of the nearest phase that has some, the one nearer the end of the
// game when two are as near (of all the trained weights, those of positions with fewer empties
// are the better guess). It stops early with ctx's error, and refuses an empty training set
// (ErrNoTrainingData).
func trainBoard(ctx context.Context, set *patternSet, train, valid []Sample, cfg TrainConfig) ([][]int16, error) {
	if len(train) == 0 {
		return nil, ErrNoTrainingData
	}
	cfg = cfg.withDefaults(set)
	trainIdx := set.byPhase(train, cfg)
	var phases []int
	for ph, idx := range trainIdx {
		if len(idx) > 0 {
			phases = append(phases, ph)
		}
	}
	tables := make([][]int16, cfg.Phases)
	if err := trainPhases(ctx, set, train, trainIdx, valid, set.byPhase(valid, cfg), phases, cfg, nil, tables); err != nil {
		return nil, err
	}
	// the direction of the phases with fewer empties
	endward := 1
	if set.phaseOf(cfg.Phases, 0) == 0 {
		endward = -1
	}
	trained := func(ph int) bool { return ph >= 0 && ph < cfg.Phases && len(trainIdx[ph]) > 0 }
	for ph := range tables {
		for d := 1; !trained(ph) && d < cfg.Phases; d++ {
			if trained(ph + endward*d) {
				tables[ph] = tables[ph+endward*d]
				break
			}
			if trained(ph - endward*d) {
				tables[ph] = tables[ph-endward*d]
				break
			}
		}
	}
	return tables, nil
}

// byPhase lists the indexes of the samples each of cfg's phases of set's evaluation trains on:
// those of its empties and of cfg.Spread empties either side.
func (set *patternSet) byPhase(s []Sample, cfg TrainConfig) [][]int {
	out := make([][]int, cfg.Phases)
	for i := range s {
		n := int(s[i].Empties)
		a, b := set.phaseOf(cfg.Phases, n+cfg.Spread), set.phaseOf(cfg.Phases, max(n-cfg.Spread, 0))
		for ph := min(a, b); ph <= max(a, b); ph++ {
			out[ph] = append(out[ph], i)
		}
	}
	return out
}

// trainPhases fits the tables of the given phases of set's evaluation, cfg.Threads at a time,
// each on the samples that trainIdx and validIdx list for it, from zero or, given from, from its
// table there.
func trainPhases(ctx context.Context, set *patternSet, train []Sample, trainIdx [][]int, valid []Sample, validIdx [][]int,
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
				t, err := trainPhase(ctx, set, train, trainIdx[ph], valid, validIdx[ph], ph, cfg, start)
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

// trainPhase fits one phase of set's evaluation, from zero or from the table start, and returns
// its weights expanded and quantised.
func trainPhase(ctx context.Context, set *patternSet, train []Sample, ti []int, valid []Sample, vi []int, ph int, cfg TrainConfig, start []int16) ([]int16, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	nf := set.numFeatures
	feats := func(s []Sample, idx []int) ([]int32, []float64) {
		f := make([]int32, 0, len(idx)*nf)
		t := make([]float64, len(idx))
		var buf [maxFeatures]int32
		for j, i := range idx {
			set.canonicalFeatures(s[i].P, s[i].O, &buf)
			f = append(f, buf[:nf]...)
			t[j] = float64(s[i].Target)
		}
		return f, t
	}
	tf, tt := feats(train, ti)
	vf, vt := feats(valid, vi)
	var from []float64
	if start != nil {
		from = make([]float64, set.phaseSize)
		for i, x := range start {
			from[i] = float64(x) / weightScale
		}
	}
	best, err := fitPhase(ctx, cfg, ph, nf, set.phaseSize, set.trainSeed, from, tf, tt, vf, vt)
	if err != nil {
		return nil, err
	}
	return set.quantise(best), nil
}

// quantise returns a phase's fitted weights in weight units, every configuration with its
// canonical configuration's weight.
func (set *patternSet) quantise(w []float64) []int16 {
	t := make([]int16, set.phaseSize)
	for i, x := range w {
		t[i] = int16(max(min(math.Round(x*weightScale), math.MaxInt16), math.MinInt16))
	}
	set.shareCanonical(t)
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

// phaseErrors returns the error of evaluate (as the search sees it: rounded to discs and
// clamped) on samples, by group of empties (group(n), one of groups) and over all (Phase -1,
// last).
func phaseErrors(samples []Sample, groups int, group func(n int) int, evaluate func(p, o uint64, n int) int) []PhaseError {
	se, ae := make([]float64, groups+1), make([]float64, groups+1)
	n := make([]int, groups+1)
	add := func(k int, e float64) {
		se[k] += e * e
		ae[k] += math.Abs(e)
		n[k]++
	}
	for _, s := range samples {
		e := float64(evaluate(s.P, s.O, int(s.Empties)) - int(s.Target))
		if groups > 0 {
			add(group(int(s.Empties)), e)
		}
		add(groups, e)
	}
	out := make([]PhaseError, 0, groups+1)
	for k := range groups + 1 {
		pe := PhaseError{Phase: k, Samples: n[k]}
		if k == groups {
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
