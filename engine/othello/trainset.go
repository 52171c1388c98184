package othello

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"turncoat/games/reversi"
)

// ErrNoTrainingData is returned when there is nothing to train on: no game gave a training
// position. Training on nothing would give an evaluation of zeros, as good as none.
var ErrNoTrainingData = errors.New("no training positions")

// LabelGames turns games into samples (SamplesOf), game i's into element i, solving the
// positions with solveEmpties empties or fewer with threads engines at once (each with a table
// of its own, so the result does not depend on threads). progress, if set, is told how many
// games have been handed out, now and then, from the calling goroutine. It stops early with
// ctx's error; an error in one game names it and stops the rest.
func LabelGames(ctx context.Context, records []reversi.Record, solveEmpties, threads int, progress func(done, total int)) ([][]Sample, error) {
	out := make([][]Sample, len(records))
	next := make(chan int)
	errs := make(chan error, max(threads, 1))
	var wg sync.WaitGroup
	for range max(threads, 1) {
		wg.Go(func() {
			var solver *Engine
			if solveEmpties > 0 {
				solver = New(Options{TableBytes: 16 << 20})
			}
			for i := range next {
				s, err := SamplesOf(ctx, records[i], solver, solveEmpties)
				if err != nil {
					errs <- fmt.Errorf("game %d (%s %s-%s): %w", i+1, records[i].Date, records[i].Black, records[i].White, err)
					return
				}
				out[i] = s
			}
		})
	}
	var err error
feed:
	for i := range records {
		if progress != nil && i%1000 == 0 {
			progress(i, len(records))
		}
		select {
		case next <- i:
		case err = <-errs:
			break feed
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
			err = ctx.Err()
		}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// TrainingSet is the samples of a training: those that train, and one game in ValidEvery of
// them that choose the epoch kept (validation), and those of held-out games for the error
// report.
type TrainingSet struct {
	Train, Valid, HeldOut []Sample
	// TrainGames, ValidGames and HeldOutGames count the games that gave samples to each part.
	TrainGames, ValidGames, HeldOutGames int
}

// RecordYear is the year a game was played, from the leading digits of its date (WTHOR gives
// the year, GGF a date like 2003.05.17), or 0 when it has none.
func RecordYear(r reversi.Record) int {
	year := 0
	for i := 0; i < len(r.Date) && i < 4; i++ {
		c := r.Date[i]
		if c < '0' || c > '9' {
			return 0
		}
		year = 10*year + int(c-'0')
	}
	if len(r.Date) < 4 {
		return 0
	}
	return year
}
