package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

// Options of a build.
type Options struct {
	// Seed chooses the games, and in each game the position: the same seed, games and options
	// give the same set.
	Seed uint64
	// Count is the number of Othello puzzles wanted.
	Count int
	// MinEmpties and MaxEmpties bound the positions' empties (default 12 to 16).
	MinEmpties, MaxEmpties int
	// Margin is the least number of discs every other first move must lose (default MinMargin).
	Margin int
	// Workers solve in parallel (default 1); the set does not depend on their number.
	Workers int
	// Progress, if set, is told after each batch how many puzzles were found out of how many
	// positions tried (games played, for the kinds of Build).
	Progress func(found, tried, candidates int)
	// MaxGames bounds the self-play games Build plays (default 50 a puzzle wanted).
	MaxGames int
}

// WTHORCandidates reads the WTHOR databases (*.wtb with their name files) of dir and returns one
// position of each game, in an order the seed shuffles: a position with empties in [lo, hi]
// (chosen by the seed) where the side to move has at least two moves. Games that repeat a
// position already taken give none.
func WTHORCandidates(dir string, seed uint64, lo, hi int) ([]Candidate, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.wtb"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no WTHOR database (*.wtb) in %s", dir)
	}
	slices.Sort(paths)
	rng := rand.New(rand.NewPCG(seed, 0x70757a7a6c6573))
	var out []Candidate
	seen := map[[2]uint64]bool{}
	for _, path := range paths {
		l, err := files.Load(path)
		if err != nil {
			return nil, err
		}
		year, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "WTH_"), ".wtb"))
		for _, r := range l.Records {
			want := lo + rng.IntN(hi-lo+1)
			b := r.Start
			for ply, m := range r.Moves {
				if _, _, e := b.Counts(); e == want {
					if b.Moves() != 0 && popcount(b.Moves()) >= 2 && !seen[[2]uint64{b.Black, b.White<<1 | uint64(b.Turn)}] {
						seen[[2]uint64{b.Black, b.White<<1 | uint64(b.Turn)}] = true
						out = append(out, Candidate{Board: b, Source: Source{
							Black: strings.TrimSpace(r.Black), White: strings.TrimSpace(r.White),
							Year: year, Tournament: strings.TrimSpace(r.Event), Ply: ply}})
					}
					break
				}
				if m == reversi.Pass {
					b.Pass()
				} else if _, err := b.Play(m); err != nil {
					break
				}
			}
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// BuildOthello makes opts.Count puzzles of the candidates, taken in their order: the first
// Count that are puzzles, whatever the number of workers. Ids are "o1", "o2", ...
func BuildOthello(ctx context.Context, cands []Candidate, opts Options) ([]Puzzle, error) {
	if opts.Margin <= 0 {
		opts.Margin = MinMargin
	}
	workers := max(opts.Workers, 1)
	provers := make([]*Prover, workers)
	for i := range provers {
		provers[i] = NewProver()
	}
	var out []Puzzle
	for start, end := 0, 0; start < len(cands) && len(out) < opts.Count; start = end {
		// about twice the puzzles still wanted (about half the positions are puzzles), in
		// batches the workers share
		batch := max(workers, min(32*workers, 2*(opts.Count-len(out))))
		end = min(start+batch, len(cands))
		results := make([]*Puzzle, end-start)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := start + w; i < end; i += workers {
					p, ok, err := provers[w].Make(ctx, cands[i], opts.Margin)
					if err != nil {
						errs[w] = err
						return
					}
					if ok {
						results[i-start] = &p
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		for _, p := range results {
			if p != nil && len(out) < opts.Count {
				p.ID = fmt.Sprintf("o%d", len(out)+1)
				out = append(out, *p)
			}
		}
		if opts.Progress != nil {
			opts.Progress(len(out), end, len(cands))
		}
	}
	if len(out) < opts.Count {
		return out, fmt.Errorf("only %d puzzles among the %d positions (wanted %d)", len(out), len(cands), opts.Count)
	}
	return out, nil
}

// WriteFile writes the set to path, whole or not at all.
func WriteFile(path string, ps []Puzzle) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := Write(f, ps); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ProveAll proves the puzzles of ps, of every kind, on workers goroutines and returns the first
// error; progress, if set, is told the number proven now and then. Each worker keeps one prover
// of each kind it meets (their tables serve the puzzles after the first).
func ProveAll(ctx context.Context, ps []Puzzle, workers int, progress func(done int)) error {
	workers = max(workers, 1)
	errs := make([]error, workers)
	var done atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var othello *Prover
			makers := map[string]maker{}
			for i := w; i < len(ps); i += workers {
				p := &ps[i]
				var err error
				if p.Kind == Othello {
					if othello == nil {
						othello = NewProver()
					}
					err = othello.Prove(ctx, p)
				} else {
					m, ok := makers[p.Kind]
					if !ok {
						if m, err = newMaker(p.Kind); err != nil {
							errs[w] = fmt.Errorf("puzzle %s: %w", p.ID, err)
							return
						}
						makers[p.Kind] = m
					}
					err = m.prove(ctx, p)
				}
				if err != nil {
					errs[w] = err
					return
				}
				if n := done.Add(1); progress != nil && n%50 == 0 {
					progress(int(n))
				}
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
