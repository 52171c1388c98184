package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "train", summary: "train the Othello evaluation from WTHOR game databases", run: runTrain})
}

func runTrain(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "[--holdout YEAR] [--out FILE] DIR|FILE.wtb...", `
Trains the Othello engine's evaluation on the games of WTHOR databases (a directory of
WTH_*.wtb files, or the files) and writes the weights file the engine embeds
(engine/othello/eval.weights).

Targets: each position's final disc difference for the side to move with perfect play: WTHOR's
theoretical score (perfect play from 24 empties) up to 24 empties; the engine's exact solution
from --solve empties on; in between, a value moving from the one to the other with the empties
(--solve 0: from the theoretical score to the game's real result). Games from --holdout on are
held out: the command reports the evaluation's error on them, by phase (four plies each) and in
all. One game in --valid-every of the others chooses the epoch kept. Training is
deterministic: the same data and flags give the same weights, whatever --threads.`)
	holdout := fs.Int("holdout", 2018, "games of this year and later are held out for the error report")
	out := fs.String("out", "eval.weights", "the weights file to write")
	epochs := fs.Int("epochs", 8, "passes over the samples of each phase")
	rate := fs.Float64("rate", 1, "AdaGrad learning rate")
	l2 := fs.Float64("l2", 0.001, "L2 shrinkage of the weights")
	validEvery := fs.Int("valid-every", 20, "one training game in this many validates instead")
	threads := fs.Int("threads", 1, "games solved and phases trained at once")
	solve := fs.Int("solve", 14, "solve positions with this many empties or fewer exactly for their targets (0: none)")
	quiet := fs.Bool("quiet", false, "no line per epoch")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a directory of WTHOR files or .wtb files")
	}
	if *validEvery < 2 {
		return usagef("--valid-every must be at least 2")
	}
	if *solve < 0 || *solve > 24 || *threads < 1 || *threads > 64 {
		return usagef("--solve wants 0 to 24 empties, --threads 1 to 64")
	}
	var paths []string
	for _, p := range pos {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if st.IsDir() {
			m, err := filepath.Glob(filepath.Join(p, "*.wtb"))
			if err != nil {
				return err
			}
			m2, _ := filepath.Glob(filepath.Join(p, "*.WTB"))
			paths = append(paths, append(m, m2...)...)
		} else {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		return fmt.Errorf("no .wtb files in %v", pos)
	}
	t0 := time.Now()
	var records []reversi.Record
	bad := 0
	for _, path := range paths {
		l, err := files.Load(path)
		if err != nil {
			return err
		}
		bad += len(l.Bad)
		records = append(records, l.Records...)
	}
	samples, err := labelGames(ctx, records, *solve, *threads, e.statusWriter())
	if err != nil {
		return err
	}
	var train, valid, test []othello.Sample
	var games, testGames int
	for i, r := range records {
		year, _ := strconv.Atoi(r.Date)
		switch {
		case year >= *holdout:
			test = append(test, samples[i]...)
			testGames++
		case games%*validEvery == *validEvery-1:
			valid = append(valid, samples[i]...)
			games++
		default:
			train = append(train, samples[i]...)
			games++
		}
	}
	fmt.Fprintf(e.stdout, "files=%d games=%d held-out-games=%d unreadable=%d train=%d valid=%d held-out=%d positions (read and solved in %.0fs)\n",
		len(paths), games, testGames, bad, len(train), len(valid), len(test), time.Since(t0).Seconds())
	cfg := othello.TrainConfig{Epochs: *epochs, Rate: *rate, L2: *l2, Threads: *threads}
	if !*quiet {
		cfg.Progress = func(phase, epoch int, trainRMSE, validRMSE float64) {
			fmt.Fprintf(e.stderr, "phase %2d epoch %2d: train rmse %.3f valid rmse %.3f\n", phase, epoch, trainRMSE, validRMSE)
		}
	}
	w, err := othello.Train(ctx, train, valid, cfg)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := w.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	st, _ := os.Stat(*out)
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes) in %.0fs\n", *out, st.Size(), time.Since(t0).Seconds())
	for _, set := range []struct {
		name    string
		samples []othello.Sample
	}{{"train", train}, {"held-out", test}} {
		for _, pe := range w.Errors(set.samples) {
			if pe.Phase < 0 {
				fmt.Fprintf(e.stdout, "%s all: positions=%d rmse=%.2f mae=%.2f\n", set.name, pe.Samples, pe.RMSE, pe.MAE)
			} else if set.name == "held-out" {
				fmt.Fprintf(e.stdout, "%s phase %2d (empties %2d-%2d): positions=%d rmse=%.2f mae=%.2f\n", set.name, pe.Phase,
					func() int {
						if pe.Phase == 14 {
							return 0
						}
						return 60 - 4*pe.Phase - 3
					}(), 60-4*pe.Phase, pe.Samples, pe.RMSE, pe.MAE)
			}
		}
	}
	return nil
}

// labelGames turns the games into samples, solving their last positions with threads engines.
func labelGames(ctx context.Context, records []reversi.Record, solve, threads int, status io.Writer) ([][]othello.Sample, error) {
	out := make([][]othello.Sample, len(records))
	next := make(chan int)
	errs := make(chan error, threads)
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			var solver *othello.Engine
			if solve > 0 {
				solver = othello.New(othello.Options{TableBytes: 16 << 20})
			}
			for i := range next {
				s, err := othello.SamplesOf(ctx, records[i], solver, solve)
				if err != nil {
					errs <- fmt.Errorf("game %d (%s %s-%s): %w", i+1, records[i].Date, records[i].Black, records[i].White, err)
					return
				}
				out[i] = s
			}
		})
	}
feed:
	for i := range records {
		if status != nil && i%1000 == 0 {
			fmt.Fprintf(status, "\r\x1b[Klabelling games: %d of %d", i, len(records))
		}
		select {
		case next <- i:
		case err := <-errs:
			close(next)
			wg.Wait()
			return nil, err
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	select {
	case err := <-errs:
		return nil, err
	default:
	}
	return out, ctx.Err()
}
