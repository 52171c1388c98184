package othello

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"turncoat/games/reversi"
)

// Training on search labels.
//
// Real games give positions; their results are poor targets (the players err, and a game's
// result is one noisy draw of what the position is worth). So the evaluation is trained on
// the values the engine itself finds, from the end of the game backwards: positions with few
// empties are solved exactly, and each earlier position takes the value of a search of
// LabelDepth plies whose leaves fall in phases already trained. Each phase is fitted to
// targets that are better than the evaluation of the phases a few empties later; this is the
// fitted value iteration that the strong programs of the 1990s (Buro's Logistello) used.
//
// Positions come from two sources: the games of the WTHOR databases, and games the engine
// plays against itself from diverse openings (WTHOR openings cut at a random ply, or random
// moves from the start), choosing among its moves with a shallow search and now and then at
// random, so that the positions cover what a search meets, not only what good players play.
// Every position is kept once, whichever symmetric image it came as.
//
// Everything is deterministic: each game and each label depends on its own inputs only, never
// on the number of threads or on which thread did it.

// SelfPlayConfig configures the engine's games against itself.
type SelfPlayConfig struct {
	// Games is the number of games.
	Games int
	// Seed makes the games reproducible.
	Seed uint64
	// Openings are games to start from, cut at a random ply (OpeningPlies at most); half the
	// games start with random moves instead (RandomPlies at most). Without openings every
	// game does.
	Openings     []reversi.Record
	OpeningPlies int
	RandomPlies  int
	// Depth is the depth of the search that chooses the moves.
	Depth int
	// RandomMove is the chance that a move is chosen at random instead.
	RandomMove float64
	// Threads plays that many games at once.
	Threads int
	// Progress, if set, is told how many games are done now and then.
	Progress func(done, total int)
}

// SelfPlay plays the games of cfg and returns the positions of each (every position with a
// side to move, from the mover's view, in order), with zero targets.
func SelfPlay(ctx context.Context, cfg SelfPlayConfig) ([][]Sample, error) {
	out := make([][]Sample, cfg.Games)
	err := parallelFor(ctx, cfg.Games, cfg.Threads, cfg.Progress, func() func(i int) error {
		eng := New(Options{TableBytes: 1 << 20})
		return func(i int) error {
			eng.Clear()
			g, err := selfPlayGame(ctx, eng, cfg, uint64(i))
			out[i] = g
			return err
		}
	})
	return out, err
}

// selfPlayGame plays game i of cfg.
func selfPlayGame(ctx context.Context, eng *Engine, cfg SelfPlayConfig, i uint64) ([]Sample, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, i^0x73656c66706c6179))
	b := reversi.Start(8)
	var out []Sample
	record := func() {
		p, o := b.Mover()
		_, _, n := b.Counts()
		out = append(out, Sample{P: p, O: o, Empties: uint8(n)})
	}
	randomPlies := 0
	if len(cfg.Openings) > 0 && rng.IntN(2) == 0 {
		r := cfg.Openings[rng.IntN(len(cfg.Openings))]
		for _, m := range r.Moves[:min(len(r.Moves), rng.IntN(cfg.OpeningPlies+1))] {
			if b.Moves() == 0 && b.OpponentMoves() == 0 {
				break
			}
			if m == reversi.Pass {
				b.Pass()
				continue
			}
			record()
			if _, err := b.Play(m); err != nil {
				return nil, fmt.Errorf("opening: %w", err)
			}
		}
	} else {
		randomPlies = rng.IntN(cfg.RandomPlies + 1)
	}
	for ply := 0; ; ply++ {
		moves := b.Moves()
		if moves == 0 {
			if b.OpponentMoves() == 0 {
				return out, nil
			}
			b.Pass()
			continue
		}
		record()
		var sq int
		if ply < randomPlies || rng.Float64() < cfg.RandomMove {
			for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
				moves &= moves - 1
			}
			sq = bits.TrailingZeros64(moves)
		} else {
			res, err := eng.Search(ctx, PositionOf(b), Limits{Depth: cfg.Depth})
			if err != nil {
				return nil, err
			}
			sq = res.Move
		}
		if _, err := b.Play(sq); err != nil {
			return nil, err
		}
	}
}

// GamePositions returns the positions of a record (every position with a side to move, from
// the mover's view, in order), with zero targets.
func GamePositions(r reversi.Record) ([]Sample, error) {
	if r.Start.Size != 8 {
		return nil, fmt.Errorf("training uses 8x8 games; this one is %dx%d", r.Start.Size, r.Start.Size)
	}
	b := r.Start
	var out []Sample
	for i, m := range r.Moves {
		if m != reversi.Pass {
			p, o := b.Mover()
			_, _, n := b.Counts()
			out = append(out, Sample{P: p, O: o, Empties: uint8(n)})
		}
		if m == reversi.Pass {
			b.Pass()
		} else if _, err := b.Play(m); err != nil {
			return nil, fmt.Errorf("ply %d: %w", i+1, err)
		}
	}
	return out, nil
}

// canonical returns the image of the position under the board's symmetries that comes first:
// the same for all eight images.
func canonical(p, o uint64) (uint64, uint64) {
	bp, bo := p, o
	for t := 1; t < 8; t++ {
		tp, to := symBoard(8, t, p), symBoard(8, t, o)
		if tp < bp || (tp == bp && to < bo) {
			bp, bo = tp, to
		}
	}
	return bp, bo
}

// Unique keeps each position once, whatever its symmetric image: the first game to hold it (in
// order) keeps it, the games after it lose it. It returns how many positions were dropped.
func Unique(games [][]Sample) int {
	type key struct{ p, o uint64 }
	seen := make(map[key]struct{})
	dropped := 0
	for gi, g := range games {
		kept := g[:0]
		for _, s := range g {
			p, o := canonical(s.P, s.O)
			if _, dup := seen[key{p, o}]; dup {
				dropped++
				continue
			}
			seen[key{p, o}] = struct{}{}
			kept = append(kept, s)
		}
		games[gi] = kept
	}
	return dropped
}

// LabelExact sets the target of every position with exactEmpties empties or fewer to its exact
// value, game by game (a game's positions share the solver's table: the later ones are mostly
// in the earlier ones' trees).
func LabelExact(ctx context.Context, games [][]Sample, exactEmpties, threads int, progress func(done, total int)) error {
	return parallelFor(ctx, len(games), threads, progress, func() func(i int) error {
		eng := New(Options{TableBytes: 16 << 20})
		return func(i int) error {
			eng.Clear()
			for j := range games[i] {
				s := &games[i][j]
				if int(s.Empties) > exactEmpties {
					continue
				}
				v, err := valueOf(ctx, eng, s.P, s.O, Limits{ExactEmpties: 64})
				if err != nil {
					return err
				}
				s.Target = int8(v)
			}
			return nil
		}
	})
}

// valueOf returns the value for the mover of the position p, o searched within lim: the final
// score when the game is over.
func valueOf(ctx context.Context, eng *Engine, p, o uint64, lim Limits) (int, error) {
	res, err := eng.Search(ctx, Position{P: p, O: o}, lim)
	if errors.Is(err, ErrGameOver) {
		return geometries[8].finalScore(p, o), nil
	}
	if err != nil {
		return 0, err
	}
	return res.Score, nil
}

// BootstrapConfig configures Bootstrap.
type BootstrapConfig struct {
	TrainConfig
	// ExactEmpties is the most empties of the positions whose targets are exact (LabelExact
	// set them); every other target is a search's.
	ExactEmpties int
	// LabelDepth is the depth of the searches that label the positions with more empties.
	LabelDepth int
	// Stage, if set, is told of each stage: the phases it trains and how many positions it
	// labelled.
	Stage func(phases []int, labelled int)
}

// Bootstrap trains the evaluation phase by phase from the end of the game: the phases whose
// positions are all exactly labelled first, then, in turn, each batch of phases whose labelling
// searches reach only phases already trained, after labelling their positions with those
// searches. train and valid get their search targets on the way.
func Bootstrap(ctx context.Context, train, valid []Sample, cfg BootstrapConfig) (*Weights, error) {
	if len(train) == 0 {
		return nil, ErrNoTrainingData
	}
	if cfg.LabelDepth < 1 {
		return nil, fmt.Errorf("label depth %d: want 1 or more", cfg.LabelDepth)
	}
	cfg.TrainConfig = cfg.TrainConfig.withDefaults(set8)
	phases := cfg.Phases
	phaseOf := func(n int) int { return phaseIn(phases, n) }
	tables := make([][]int16, phases)
	for ph := range tables {
		tables[ph] = make([]int16, set8.phaseSize)
	}
	w := newWeights(tables)
	// trained[ph]: phase ph's weights are fitted; labelledPhase[ph]: its positions have their
	// targets
	trained, labelledPhase := make([]bool, phases), make([]bool, phases)
	// the empties each phase holds
	phaseEmpties := make([][]int, phases)
	for n := 0; n <= 60; n++ {
		phaseEmpties[phaseOf(n)] = append(phaseEmpties[phaseOf(n)], n)
	}
	// ready reports whether phase ph can be labelled now: every search it needs reaches only
	// trained phases (or exact labels)
	ready := func(ph int) bool {
		for _, n := range phaseEmpties[ph] {
			if n > cfg.ExactEmpties && n > cfg.LabelDepth && !trained[phaseOf(n-cfg.LabelDepth)] {
				return false
			}
		}
		return true
	}
	// the samples each phase labels (its own), and those it trains on (with the spread)
	own := cfg.TrainConfig
	own.Spread = 0
	trainOwn, validOwn := set8.byPhase(train, own), set8.byPhase(valid, own)
	trainIdx, validIdx := set8.byPhase(train, cfg.TrainConfig), set8.byPhase(valid, cfg.TrainConfig)
	for ph := phases - 1; ph >= 0; {
		// the batch: this phase and the earlier ones that are ready as well
		batch := []int{ph}
		for next := ph - 1; next >= 0 && ready(next); next-- {
			// a phase is ready when its searches reach only phases trained before this
			// batch: check without the batch's own phases
			batch = append(batch, next)
		}
		if !ready(ph) {
			return nil, fmt.Errorf("phase %d: its labelling searches reach untrained phases", ph)
		}
		// the targets of the batch's positions with more than ExactEmpties empties
		labelled := 0
		for _, set := range [2]struct {
			s   []Sample
			idx [][]int
		}{{train, trainOwn}, {valid, validOwn}} {
			var todo []int
			for _, b := range batch {
				for _, i := range set.idx[b] {
					if int(set.s[i].Empties) > cfg.ExactEmpties {
						todo = append(todo, i)
					}
				}
			}
			if err := labelBySearch(ctx, set.s, todo, w, cfg.LabelDepth, cfg.Threads); err != nil {
				return nil, err
			}
			labelled += len(todo)
		}
		if cfg.Stage != nil {
			cfg.Stage(batch, labelled)
		}
		for _, b := range batch {
			labelledPhase[b] = true
		}
		tables = slices.Clone(tables)
		if err := trainPhases(ctx, set8, train, withTargets(train, trainIdx, batch, labelledPhase, cfg.ExactEmpties),
			valid, withTargets(valid, validIdx, batch, labelledPhase, cfg.ExactEmpties), batch, cfg.TrainConfig, nil, tables); err != nil {
			return nil, err
		}
		w = newWeights(tables)
		for _, b := range batch {
			trained[b] = true
		}
		ph = batch[len(batch)-1] - 1
	}
	return w, nil
}

// withTargets returns, for each phase of batch, the samples idx lists for it that have their
// targets: exact ones (exactEmpties empties or fewer) and those of labelled phases. With a
// spread, a phase's samples include some of the next (earlier) phase's, which wait for their
// own labelling.
func withTargets(s []Sample, idx [][]int, batch []int, labelled []bool, exactEmpties int) [][]int {
	out := make([][]int, len(idx))
	for _, b := range batch {
		for _, i := range idx[b] {
			if n := int(s[i].Empties); n <= exactEmpties || labelled[phaseIn(len(labelled), n)] {
				out[b] = append(out[b], i)
			}
		}
	}
	return out
}

// labelBySearch sets the targets of samples[i] for i in todo to the value of a search to depth
// with the weights w.
func labelBySearch(ctx context.Context, samples []Sample, todo []int, w *Weights, depth, threads int) error {
	return parallelFor(ctx, len(todo), threads, nil, func() func(k int) error {
		// a small table, cleared for each position: a label depends on its position only
		eng := New(Options{TableBytes: 256 << 10, Weights: w})
		return func(k int) error {
			eng.tt.Clear() // (its searchers' local tables hold exact results only: they stay)
			s := &samples[todo[k]]
			v, err := valueOf(ctx, eng, s.P, s.O, Limits{Depth: depth})
			s.Target = int8(v)
			return err
		}
	})
}

// parallelFor runs job(i) for i from 0 to n-1 on threads goroutines, each with its own job
// function from newJob (its own engine, say). It stops at the first error or when ctx ends;
// progress, if set, is told from the calling goroutine how many were handed out, now and then.
func parallelFor(ctx context.Context, n, threads int, progress func(done, total int), newJob func() func(i int) error) error {
	js := startJobs(ctx, 0, n, threads, newJob, nil)
	if progress != nil {
		done := make(chan struct{})
		go func() { js.wg.Wait(); close(done) }()
		for waiting := true; waiting; {
			select {
			case <-done:
				waiting = false
			case <-ctx.Done():
				<-done
				waiting = false
			case <-time.After(time.Second):
				progress(min(int(js.next.Load()), n), n)
			}
		}
	}
	return js.wait()
}

// jobs are the indexes of a piece of work handed out to goroutines one at a time (startJobs).
type jobs struct {
	next    atomic.Int64
	failed  atomic.Bool
	errOnce sync.Once
	first   error
	wg      sync.WaitGroup
}

// startJobs runs job(i) for i from from to n-1 on threads goroutines, each with its own job
// function from newJob, and calls finished(i), if set, from the goroutine that did i. The
// goroutines stop at the first error (or fail), or when ctx ends.
func startJobs(ctx context.Context, from, n, threads int, newJob func() func(i int) error, finished func(i int)) *jobs {
	js := &jobs{}
	js.next.Store(int64(from))
	for range max(threads, 1) {
		js.wg.Go(func() {
			job := newJob()
			for !js.failed.Load() {
				i := int(js.next.Add(1)) - 1
				if i >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					js.fail(err)
					return
				}
				if err := job(i); err != nil {
					js.fail(err)
					return
				}
				if finished != nil {
					finished(i)
				}
			}
		})
	}
	return js
}

// fail stops the goroutines; wait returns the first error failed with.
func (js *jobs) fail(err error) {
	js.errOnce.Do(func() { js.first = err })
	js.failed.Store(true)
}

// wait waits for the goroutines and returns the first error, if any.
func (js *jobs) wait() error {
	js.wg.Wait()
	js.errOnce.Do(func() {}) // the error is set, or never will be
	return js.first
}

// shuffled returns the samples of games in a reproducible random order (games' positions come
// in runs; the training shuffles anyway, but splits by position count want them mixed).
func shuffled(games [][]Sample, seed uint64) []Sample {
	var out []Sample
	for _, g := range games {
		out = append(out, g...)
	}
	rand.New(rand.NewPCG(seed, 0x73687566)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return slices.Clip(out)
}

// TrainingData describes the training positions: those of real games and of self-play games.
type TrainingData struct {
	// Records are the real games (8x8).
	Records []reversi.Record
	// SelfPlay configures the engine's games against itself (its Openings are Records);
	// SelfPlay.Games may be 0.
	SelfPlay SelfPlayConfig
	// ExactEmpties: positions with this many empties or fewer get their exact value.
	ExactEmpties int
	// ValidEvery: one game in ValidEvery (real games first, then self-play) validates.
	ValidEvery int
	// Threads plays and solves that many games at once.
	Threads int
	// Progress, if set, is told of the steps' progress.
	Progress func(step string, done, total int)
}

// Positions returns the training and validation positions of d (its HeldOut part empty), each
// once (whatever its symmetric image), those with ExactEmpties empties or fewer with their exact
// values, the others with zero targets (Bootstrap labels them).
func (d TrainingData) Positions(ctx context.Context) (TrainingSet, error) {
	if d.ValidEvery < 2 {
		return TrainingSet{}, fmt.Errorf("validation of one game in %d leaves none to train on: want 2 or more", d.ValidEvery)
	}
	progress := func(step string) func(done, total int) {
		if d.Progress == nil {
			return nil
		}
		return func(done, total int) { d.Progress(step, done, total) }
	}
	games := make([][]Sample, 0, len(d.Records)+d.SelfPlay.Games)
	for i, r := range d.Records {
		g, err := GamePositions(r)
		if err != nil {
			return TrainingSet{}, fmt.Errorf("game %d (%s %s-%s): %w", i+1, r.Date, r.Black, r.White, err)
		}
		games = append(games, g)
	}
	sp := d.SelfPlay
	sp.Openings, sp.Threads, sp.Progress = d.Records, d.Threads, progress("self-play games")
	played, err := SelfPlay(ctx, sp)
	if err != nil {
		return TrainingSet{}, err
	}
	games = append(games, played...)
	Unique(games)
	if err := LabelExact(ctx, games, d.ExactEmpties, d.Threads, progress("solving positions")); err != nil {
		return TrainingSet{}, err
	}
	var trainGames, validGames [][]Sample
	for i, g := range games {
		if i%d.ValidEvery == d.ValidEvery-1 {
			validGames = append(validGames, g)
		} else {
			trainGames = append(trainGames, g)
		}
	}
	return TrainingSet{Train: shuffled(trainGames, 1), Valid: shuffled(validGames, 2),
		TrainGames: len(trainGames), ValidGames: len(validGames)}, nil
}

// ExactTestSet returns, for each group of four empties (ErrorBucket) with at most maxEmpties
// empties, up to perBucket positions of the games (spread over them reproducibly) with their
// exact values.
func ExactTestSet(ctx context.Context, records []reversi.Record, maxEmpties, perBucket, threads int, progress func(done, total int)) ([]Sample, error) {
	var byBucket [ErrorBuckets][]Sample
	for _, r := range records {
		g, err := GamePositions(r)
		if err != nil || r.Start.Size != 8 {
			continue
		}
		for _, s := range g {
			if int(s.Empties) <= maxEmpties {
				b := ErrorBucket(int(s.Empties))
				byBucket[b] = append(byBucket[b], s)
			}
		}
	}
	var picked []Sample
	rng := rand.New(rand.NewPCG(uint64(maxEmpties), 0x74657374))
	for _, all := range byBucket {
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		picked = append(picked, all[:min(len(all), perBucket)]...)
	}
	return picked, SolveSamples(ctx, picked, threads, progress)
}

// BucketEmpties returns the fewest and most empties of the positions of Errors group b.
func BucketEmpties(b int) (lo, hi int) {
	hi = 60 - 4*b
	lo = hi - 3
	if b == ErrorBuckets-1 {
		lo = 0
	}
	return lo, hi
}

// The samples file: "TCSAMP2\n", the board size (one byte: 4, 6 or 8), the number of samples
// (uint64), then each sample as P and O (uint64), its empties and its target (one byte each),
// little-endian.

var samplesMagic = []byte("TCSAMP2\n")

// WriteSamples writes samples of positions on a size x size board in the file format
// ReadSamples reads.
func WriteSamples(w io.Writer, size int, samples []Sample) error {
	bw := bufio.NewWriter(w)
	bw.Write(samplesMagic)
	bw.WriteByte(byte(size))
	var buf [18]byte
	binary.LittleEndian.PutUint64(buf[:8], uint64(len(samples)))
	bw.Write(buf[:8])
	for _, s := range samples {
		binary.LittleEndian.PutUint64(buf[:8], s.P)
		binary.LittleEndian.PutUint64(buf[8:16], s.O)
		buf[16], buf[17] = s.Empties, byte(s.Target)
		bw.Write(buf[:])
	}
	return bw.Flush()
}

// ReadSamples reads a samples file: the board size and the samples. It refuses a file that is
// cut short or holds what is no position of its board.
func ReadSamples(r io.Reader) (size int, samples []Sample, err error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(samplesMagic)+9)
	if _, err := io.ReadFull(br, head); err != nil {
		return 0, nil, fmt.Errorf("samples: reading the header: %w", err)
	}
	if !bytes.Equal(head[:len(samplesMagic)], samplesMagic) {
		return 0, nil, errors.New("samples: not a Turncoat samples file")
	}
	size = int(head[len(samplesMagic)])
	g, err := geometryOf(size)
	if err != nil {
		return 0, nil, fmt.Errorf("samples: %w", err)
	}
	n := binary.LittleEndian.Uint64(head[len(samplesMagic)+1:])
	samples = make([]Sample, 0, min(n, 1<<20))
	var buf [18]byte
	for i := uint64(0); i < n; i++ {
		if _, err := io.ReadFull(br, buf[:]); err != nil {
			return 0, nil, fmt.Errorf("samples: sample %d of %d: %w", i+1, n, err)
		}
		s := Sample{P: binary.LittleEndian.Uint64(buf[:8]), O: binary.LittleEndian.Uint64(buf[8:16]), Empties: buf[16], Target: int8(buf[17])}
		if s.P&s.O != 0 || (s.P|s.O)&^g.mask != 0 || int(s.Empties) != g.squares-bits.OnesCount64(s.P|s.O) ||
			int(s.Target) < -g.squares || int(s.Target) > g.squares {
			return 0, nil, fmt.Errorf("samples: sample %d of %d is not a %dx%d position", i+1, n, size, size)
		}
		samples = append(samples, s)
	}
	return size, samples, nil
}
