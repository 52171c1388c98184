package othello

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// Training the 6x6 evaluation.
//
// There are no databases of 6x6 games, but there is no need of any: a 6x6 position with twenty
// empties solves in a fraction of a second, so the samples are positions of generated games
// with their exact values. Game i (of a seed) starts from the diagonal start when i is even,
// the parallel one when it is odd; each move is a random one with probability one half, else
// the one the heuristic evaluation likes best one ply ahead (the searches meet good moves and
// bad ones alike). Every position of the game with SolveEmpties empties or fewer is solved
// exactly (one engine down the game: each position is one of the previous one's subtree) and is
// a sample. Each phase (two empties) is fitted on its own by stochastic gradient descent on the
// squared error, as the 8x8 evaluation is; phases with more empties than the samples reach take
// the weights of the last phase that has samples. Everything is deterministic: the same seed,
// games and SolveEmpties give the same samples and the same weights, whatever the threads.

// Samples6Config describes the games of Samples6.
type Samples6Config struct {
	// Games is the number of games; Seed makes them.
	Games int
	Seed  uint64
	// SolveEmpties: positions with this many empties or fewer are solved and kept.
	SolveEmpties int
	// Threads plays and solves that many games at once (the samples do not depend on it).
	Threads int
	// Progress, if set, is told now and then how many games are done.
	Progress func(done, total int)
}

// Samples6 plays and solves the games of cfg and returns their samples, game by game in order.
func Samples6(ctx context.Context, cfg Samples6Config) ([]Sample, error) {
	if cfg.Games <= 0 || cfg.SolveEmpties <= 0 || cfg.SolveEmpties > 32 {
		return nil, fmt.Errorf("6x6 samples: want games and 1 to 32 solved empties, got %d games, %d empties", cfg.Games, cfg.SolveEmpties)
	}
	out := make([][]Sample, cfg.Games)
	next := make(chan int)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		done     int
	)
	for range max(cfg.Threads, 1) {
		wg.Go(func() {
			e := New(Options{TableBytes: 16 << 20})
			for i := range next {
				s, err := game6Samples(ctx, e, cfg.Seed, i, cfg.SolveEmpties)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("game %d: %w", i, err)
				}
				out[i] = s
				done++
				if cfg.Progress != nil && done%100 == 0 {
					cfg.Progress(done, cfg.Games)
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range cfg.Games {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
	}
	close(next)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return nil, firstErr
	}
	var all []Sample
	for _, s := range out {
		all = append(all, s...)
	}
	return all, nil
}

// game6Positions plays game i of the seed and returns its positions from the start to the end.
func game6Positions(seed uint64, i int) []reversi.Board {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	start := reversi.StartDiagonal
	if i%2 == 1 {
		start = reversi.StartParallel
	}
	b := reversi.NewState(reversi.Rules{Size: 6, Start: start, NoMove: reversi.NoMovePass}).Board()
	g := geometries[6]
	s := &searcher{g: g}
	boards := []reversi.Board{b}
	for {
		p, o := b.Mover()
		moves := discs.Moves(p, o) & g.mask
		if moves == 0 {
			if discs.Moves(o, p)&g.mask == 0 {
				return boards
			}
			b.Pass()
			boards = append(boards, b)
			continue
		}
		var sq int
		if rng.IntN(2) == 0 {
			m := moves
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			sq = bits.TrailingZeros64(m)
		} else {
			best := infinity
			for m := moves; m != 0; m &= m - 1 {
				x := bits.TrailingZeros64(m)
				np, no := play(p, o, x, flip(x, p, o))
				if v := s.heuristic(np, no); v < best {
					best, sq = v, x
				}
			}
		}
		if _, err := b.Play(sq); err != nil {
			panic(err)
		}
		boards = append(boards, b)
	}
}

// game6Samples plays game i of the seed and solves its positions with solveEmpties empties or
// fewer (but at least one) with the engine e.
func game6Samples(ctx context.Context, e *Engine, seed uint64, i, solveEmpties int) ([]Sample, error) {
	e.Clear()
	var out []Sample
	for _, b := range game6Positions(seed, i) {
		_, _, n := b.Counts()
		if n > solveEmpties || n == 0 {
			continue
		}
		res, err := e.Search(ctx, PositionOf(b), Limits{ExactEmpties: 64})
		var v int
		switch {
		case errors.Is(err, ErrGameOver):
			continue
		case err != nil:
			return nil, err
		default:
			v = res.Score
		}
		p, o := b.Mover()
		out = append(out, Sample{P: p, O: o, Empties: uint8(n), Target: int8(v)})
	}
	return out, nil
}

// SplitSamples puts about one position in validEvery into valid, the others into train, by a
// hash of the position: the same split wherever the samples came from, and a position met in
// several games always on the same side.
func SplitSamples(samples []Sample, validEvery int) (train, valid []Sample) {
	for _, s := range samples {
		if checkPosition(s.P, s.O)%uint64(validEvery) == 0 {
			valid = append(valid, s)
		} else {
			train = append(train, s)
		}
	}
	return train, valid
}

// Train6 fits the 6x6 evaluation to the training samples; valid, a disjoint set, chooses the
// epoch kept for each phase. Phases without training samples take the weights of the nearest
// phase with fewer empties that has some. It stops early with ctx's error, and refuses an empty
// training set (ErrNoTrainingData).
func Train6(ctx context.Context, train, valid []Sample, cfg TrainConfig) (*Weights6, error) {
	if len(train) == 0 {
		return nil, ErrNoTrainingData
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
	byPhase := func(s []Sample) [phases6][]int {
		var out [phases6][]int
		for i := range s {
			ph := phaseOf6(int(s[i].Empties))
			out[ph] = append(out[ph], i)
		}
		return out
	}
	trainIdx, validIdx := byPhase(train), byPhase(valid)
	w := &Weights6{}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	phases := make(chan int)
	for range max(cfg.Threads, 1) {
		wg.Go(func() {
			for ph := range phases {
				t, err := train6Phase(ctx, train, trainIdx[ph], valid, validIdx[ph], ph, cfg)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				w.phases[ph] = t
				mu.Unlock()
			}
		})
	}
feed:
	for ph := range phases6 {
		if len(trainIdx[ph]) == 0 {
			continue
		}
		select {
		case phases <- ph:
		case <-ctx.Done():
			break feed
		}
	}
	close(phases)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return nil, firstErr
	}
	// phases without samples: those of the nearest phase with some, below first
	trained := func(ph int) bool { return ph >= 0 && ph < phases6 && len(trainIdx[ph]) > 0 }
	for ph := range phases6 {
		for d := 1; !trained(ph) && d < phases6; d++ {
			if trained(ph - d) {
				w.phases[ph] = w.phases[ph-d]
				break
			}
			if trained(ph + d) {
				w.phases[ph] = w.phases[ph+d]
				break
			}
		}
	}
	return w, nil
}

// canonicalFeatures6 writes the features of a 6x6 position with each pattern index replaced by
// its canonical one (the weight the pattern's symmetries share).
func canonicalFeatures6(p, o uint64, f *[numFeatures6]int32) {
	features6(p, o, f)
	for i := range set6.instPattern {
		k := set6.instPattern[i]
		off := int32(set6.offset[k])
		f[i] = off + set6.canon[k][f[i]-off]
	}
}

// train6Phase fits one phase's weights and returns them expanded and quantised.
func train6Phase(ctx context.Context, train []Sample, ti []int, valid []Sample, vi []int, ph int, cfg TrainConfig) ([]int16, error) {
	const nf = numFeatures6
	feats := func(s []Sample, idx []int) ([]int32, []float64) {
		f := make([]int32, 0, len(idx)*nf)
		t := make([]float64, len(idx))
		var buf [nf]int32
		for j, i := range idx {
			canonicalFeatures6(s[i].P, s[i].O, &buf)
			f = append(f, buf[:]...)
			t[j] = float64(s[i].Target)
		}
		return f, t
	}
	tf, tt := feats(train, ti)
	vf, vt := feats(valid, vi)
	best, err := fitPhase(ctx, cfg, ph, nf, set6.phaseSize, 0x747261696e36, nil, tf, tt, vf, vt)
	if err != nil {
		return nil, err
	}
	t := make([]int16, set6.phaseSize)
	for i, x := range best {
		t[i] = int16(max(min(math.Round(x*weightScale), math.MaxInt16), math.MinInt16))
	}
	for k := range set6.patterns {
		off := set6.offset[k]
		for idx, c := range set6.canon[k] {
			t[off+idx] = t[off+int(c)]
		}
	}
	return t, nil
}

// Errors returns the evaluation's error on 6x6 samples, by phase and over all (Phase -1), as
// the search sees it (rounded to discs and clamped).
func (w *Weights6) Errors(samples []Sample) []PhaseError {
	var se, ae [phases6 + 1]float64
	var n [phases6 + 1]int
	for _, s := range samples {
		ph := phaseOf6(int(s.Empties))
		e := float64(w.evaluate(s.P, s.O, int(s.Empties)) - int(s.Target))
		for _, k := range [2]int{ph, phases6} {
			se[k] += e * e
			ae[k] += math.Abs(e)
			n[k]++
		}
	}
	out := make([]PhaseError, 0, phases6+1)
	for k := range phases6 + 1 {
		pe := PhaseError{Phase: k, Samples: n[k]}
		if k == phases6 {
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

// HeuristicErrors6 is Errors for the heuristic evaluation that 6x6 had before its weights, for
// comparison.
func HeuristicErrors6(samples []Sample) PhaseError {
	s := &searcher{g: geometries[6]}
	var se, ae float64
	for _, x := range samples {
		e := float64(s.heuristic(x.P, x.O) - int(x.Target))
		se += e * e
		ae += math.Abs(e)
	}
	pe := PhaseError{Phase: -1, Samples: len(samples)}
	if len(samples) > 0 {
		pe.RMSE = math.Sqrt(se / float64(len(samples)))
		pe.MAE = ae / float64(len(samples))
	}
	return pe
}
