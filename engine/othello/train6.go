package othello

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

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
// squared error, by the 8x8 evaluation's trainer (trainBoard); phases with more empties than
// the samples reach take the weights of the last phase that has samples. Everything is
// deterministic: the same seed, games and SolveEmpties give the same samples and the same
// weights, whatever the threads.

// Samples6Config describes the games of Samples6.
type Samples6Config struct {
	// Games is the number of games; Seed makes them.
	Games int
	Seed  uint64
	// SolveEmpties: positions with this many empties or fewer are solved and kept.
	SolveEmpties int
	// Threads plays and solves that many games at once (the samples do not depend on it).
	Threads int
	// Progress, if set, is told now and then how many games have been handed out (from the
	// calling goroutine).
	Progress func(done, total int)
}

// Samples6 plays and solves the games of cfg and returns their samples, game by game in order.
func Samples6(ctx context.Context, cfg Samples6Config) ([]Sample, error) {
	if cfg.Games <= 0 || cfg.SolveEmpties <= 0 || cfg.SolveEmpties > 32 {
		return nil, fmt.Errorf("6x6 samples: want games and 1 to 32 solved empties, got %d games, %d empties", cfg.Games, cfg.SolveEmpties)
	}
	out := make([][]Sample, cfg.Games)
	err := parallelFor(ctx, cfg.Games, cfg.Threads, cfg.Progress, func() func(i int) error {
		e := New(Options{TableBytes: 16 << 20})
		return func(i int) error {
			s, err := game6Samples(ctx, e, cfg.Seed, i, cfg.SolveEmpties)
			if err != nil {
				return fmt.Errorf("game %d: %w", i, err)
			}
			out[i] = s
			return nil
		}
	})
	if err != nil {
		return nil, err
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

// Train6 fits the 6x6 evaluation's weights to the training samples, as Train the 8x8 ones
// (trainBoard; the 6x6 evaluation has its own phases, whatever cfg.Phases says).
func Train6(ctx context.Context, train, valid []Sample, cfg TrainConfig) (*Weights6, error) {
	tables, err := trainBoard(ctx, set6, train, valid, cfg)
	if err != nil {
		return nil, err
	}
	return newWeights6(tables), nil
}

// HeuristicErrors6 is Errors over all for the heuristic evaluation that 6x6 had before its
// weights, for comparison.
func HeuristicErrors6(samples []Sample) PhaseError {
	s := &searcher{g: geometry6}
	errs := phaseErrors(samples, 0, nil, func(p, o uint64, _ int) int { return s.heuristic(p, o) })
	return errs[0]
}
