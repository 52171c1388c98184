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

// TrainingSet is the samples of a collection of games, split three ways: the games of the
// held-out years, for the error report, and the others, one in ValidEvery of which chooses the
// epoch kept (validation) while the rest train.
type TrainingSet struct {
	Train, Valid, HeldOut []Sample
	// TrainGames, ValidGames and HeldOutGames count the games that gave samples to each part.
	TrainGames, ValidGames, HeldOutGames int
	// NoResult counts the games without a result, which give no samples.
	NoResult int
}

// SplitByYear splits games (records, with their samples from LabelGames) into a TrainingSet:
// the games of holdoutYear and later are held out (a game without a readable year is not);
// among the others, counted in order whether they gave samples or not, every validEvery-th
// validates. The split depends only on the games and their order, so training is reproducible.
func SplitByYear(records []reversi.Record, samples [][]Sample, holdoutYear, validEvery int) (TrainingSet, error) {
	if len(samples) != len(records) {
		return TrainingSet{}, fmt.Errorf("%d games but samples for %d", len(records), len(samples))
	}
	if validEvery < 2 {
		return TrainingSet{}, fmt.Errorf("validation of one game in %d leaves none to train on: want 2 or more", validEvery)
	}
	var set TrainingSet
	kept := 0 // games not held out, in order
	for i, r := range records {
		s := samples[i]
		if !r.HasResult {
			set.NoResult++
		}
		switch {
		case RecordYear(r) >= holdoutYear:
			set.HeldOut = append(set.HeldOut, s...)
			set.HeldOutGames += min(len(s), 1)
		case kept%validEvery == validEvery-1:
			set.Valid = append(set.Valid, s...)
			set.ValidGames += min(len(s), 1)
			kept++
		default:
			set.Train = append(set.Train, s...)
			set.TrainGames += min(len(s), 1)
			kept++
		}
	}
	return set, nil
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
