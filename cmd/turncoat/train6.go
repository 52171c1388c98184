package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"turncoat/engine/othello"
)

// train6Args are the flags of "train --size 6".
type train6Args struct {
	games      int
	seed       uint64
	solve      int
	samples    string
	out        string
	force      bool
	validEvery int
	threads    int
	quiet      bool
	cfg        othello.TrainConfig
}

// runTrain6 trains the 6x6 evaluation on generated, exactly solved games (see "train --help").
func runTrain6(ctx context.Context, e *env, a train6Args) error {
	if a.games < 1 || a.solve < 1 || a.solve > 32 {
		return usagef("--games wants 1 or more, --solve 1 to 32 empties")
	}
	if a.validEvery < 2 || a.threads < 1 || a.threads > 64 {
		return usagef("--valid-every must be at least 2, --threads 1 to 64")
	}
	if a.cfg.Epochs < 1 || a.cfg.Rate <= 0 || a.cfg.L2 < 0 {
		return usagef("--epochs wants 1 or more, --rate a positive number, --l2 zero or more")
	}
	if a.cfg.L2 == 0 {
		a.cfg.L2 = -1 // none (TrainConfig's zero is its default)
	}
	if _, err := os.Stat(a.out); err == nil && !a.force {
		return usagef("--out %s exists: give --force to replace it, or another --out", a.out)
	}
	t0 := time.Now()
	var samples []othello.Sample
	var err error
	how := "read from " + a.samples
	if f, ferr := os.Open(a.samples); a.samples != "" && ferr == nil {
		var size int
		size, samples, err = othello.ReadSamples(f)
		f.Close()
		if err == nil && size != 6 {
			err = fmt.Errorf("it holds %dx%d positions, not 6x6", size, size)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", a.samples, err)
		}
	} else {
		if a.samples != "" && !errors.Is(ferr, os.ErrNotExist) {
			return ferr
		}
		cfg := othello.Samples6Config{Games: a.games, Seed: a.seed, SolveEmpties: a.solve, Threads: a.threads}
		if status := e.statusWriter(); status != nil {
			cfg.Progress = func(done, total int) { fmt.Fprintf(status, "\r\x1b[Kplaying and solving games: %d of %d", done, total) }
			defer fmt.Fprint(status, "\r\x1b[K")
		}
		if samples, err = othello.Samples6(ctx, cfg); err != nil {
			return err
		}
		how = fmt.Sprintf("%d games of seed %d solved from %d empties", a.games, a.seed, a.solve)
		if a.samples != "" {
			if err := writeSamples(a.samples, samples); err != nil {
				return err
			}
			how += ", kept in " + a.samples
		}
	}
	train, valid := othello.SplitSamples(samples, a.validEvery)
	fmt.Fprintf(e.stdout, "positions=%d train=%d valid=%d (%s in %.0fs)\n", len(samples), len(train), len(valid), how, time.Since(t0).Seconds())
	if !a.quiet {
		a.cfg.Progress = func(phase, epoch int, trainRMSE, validRMSE float64) {
			fmt.Fprintf(e.stderr, "phase %2d epoch %2d: train rmse %.3f valid rmse %.3f\n", phase, epoch, trainRMSE, validRMSE)
		}
	}
	w, err := othello.Train6(ctx, train, valid, a.cfg)
	if err != nil {
		return err
	}
	size, err := writeWeights(a.out, w, a.force)
	if err != nil {
		return err
	}
	where, _ := filepath.Abs(a.out)
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes) in %.0fs\n", where, size, time.Since(t0).Seconds())
	for _, pe := range w.Errors(valid) {
		if pe.Phase < 0 {
			h := othello.HeuristicErrors6(valid)
			fmt.Fprintf(e.stdout, "valid all: positions=%d rmse=%.2f mae=%.2f (the heuristic: rmse=%.2f mae=%.2f)\n", pe.Samples, pe.RMSE, pe.MAE, h.RMSE, h.MAE)
		} else if pe.Samples > 0 {
			fmt.Fprintf(e.stdout, "valid phase %2d (empties %2d-%2d): positions=%d rmse=%.2f mae=%.2f\n", pe.Phase, 2*pe.Phase, 2*pe.Phase+1, pe.Samples, pe.RMSE, pe.MAE)
		}
	}
	return nil
}

// writeSamples writes the samples file, never over an existing one.
func writeSamples(path string, samples []othello.Sample) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := othello.WriteSamples(f, 6, samples); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
