package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "train", summary: "train the Othello evaluation from WTHOR game databases", run: runTrain})
}

func runTrain(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "[--holdout YEAR] [--out FILE [--force]] DIR|FILE.wtb... | --size 6 [--games N] [--seed S] [--solve E] [--samples FILE] [--out FILE [--force]]", `
Trains the Othello engine's evaluation on the games of WTHOR databases (a directory of
WTH_*.wtb files, or the files) and writes the weights file the engine embeds
(engine/othello/eval.weights). An existing --out is replaced only with --force, and nothing is
written when no game could be read or none is left to train on.

Targets: each position's final disc difference for the side to move with perfect play: WTHOR's
theoretical score (perfect play from 24 empties) up to 24 empties; the engine's exact solution
from --solve empties on; in between, a value moving from the one to the other with the empties
(--solve 0: from the theoretical score to the game's real result). Games from --holdout on are
held out: the command reports the evaluation's error on them, by phase (four plies each) and in
all. One game in --valid-every of the others chooses the epoch kept. Training is
deterministic: the same data and flags give the same weights, whatever --threads.

With --size 6 it trains the 6x6 evaluation (engine/othello/eval6.weights) without any data:
it plays --games 6x6 games from --seed (from the diagonal and the parallel start in turn, half
of the moves at random, the others the heuristic's choice), solves every position with --solve
empties or fewer exactly, and fits the weights to those values (phases with more empties take
the weights of the last one with positions). About one position in --valid-every (by a hash
of the position) validates and is reported on. --samples FILE keeps the solved positions: written when the file does not exist,
read instead of playing and solving the games when it does. The embedded weights come from

    turncoat train --size 6 --games 8000 --seed 1 --solve 20 --out eval6.weights

(some twenty minutes on one thread, most of it solving).`)
	holdout := fs.Int("holdout", 2018, "games of this year and later are held out for the error report")
	out := fs.String("out", "eval.weights", "the weights file to write (never replaced without --force)")
	force := fs.Bool("force", false, "replace --out if it exists")
	epochs := fs.Int("epochs", 8, "passes over the samples of each phase")
	rate := fs.Float64("rate", 1, "AdaGrad learning rate")
	l2 := fs.Float64("l2", 0.001, "L2 shrinkage of the weights")
	validEvery := fs.Int("valid-every", 20, "one training game in this many validates instead")
	threads := fs.Int("threads", 1, "games solved and phases trained at once")
	solve := fs.Int("solve", 14, "solve positions with this many empties or fewer exactly for their targets (0: none)")
	quiet := fs.Bool("quiet", false, "no line per epoch")
	boardSize := fs.Int("size", 8, "the board size whose evaluation to train: 8 (from WTHOR databases) or 6 (from generated games)")
	games := fs.Int("games", 8000, "with --size 6: the number of games to play and solve")
	seed := fs.Uint64("seed", 1, "with --size 6: the seed of the games")
	samplesFile := fs.String("samples", "", "with --size 6: a file of solved positions, read if it exists, else written")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if *boardSize == 6 {
		if len(pos) > 0 {
			return usagef("--size 6 plays its own games: no databases (got %q)", pos[0])
		}
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["out"] {
			*out = "eval6.weights"
		}
		if !set["solve"] {
			*solve = 20
		}
		return runTrain6(ctx, e, train6Args{games: *games, seed: *seed, solve: *solve, samples: *samplesFile, out: *out, force: *force,
			validEvery: *validEvery, threads: *threads, quiet: *quiet,
			cfg: othello.TrainConfig{Epochs: *epochs, Rate: *rate, L2: *l2, Threads: *threads}})
	}
	if *boardSize != 8 {
		return usagef("--size %d: want 8 or 6", *boardSize)
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
	if *epochs < 1 || *rate <= 0 || *l2 < 0 {
		return usagef("--epochs wants 1 or more, --rate a positive number, --l2 zero or more")
	}
	// Refuse up front, before minutes of work, to replace a file (the engine's own weights, when
	// run in its directory) unless asked.
	if _, err := os.Stat(*out); err == nil && !*force {
		return usagef("--out %s exists: give --force to replace it, or another --out", *out)
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
			if len(m)+len(m2) == 0 {
				return fmt.Errorf("%s: no .wtb files in the directory", p)
			}
			paths = append(paths, append(m, m2...)...)
		} else {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	t0 := time.Now()
	var records []reversi.Record
	bad := 0
	for _, path := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		l, err := files.Load(path)
		if err != nil {
			return err
		}
		if l.Format == files.OBF {
			return fmt.Errorf("%s holds positions (OBF), not games", path)
		}
		bad += len(l.Bad)
		records = append(records, l.Records...)
	}
	if len(records) == 0 {
		return fmt.Errorf("no game could be read from %s (%d unreadable): nothing to train on, nothing written", strings.Join(pos, ", "), bad)
	}
	status := e.statusWriter()
	var progress func(done, total int)
	if status != nil {
		progress = func(done, total int) { fmt.Fprintf(status, "\r\x1b[Klabelling games: %d of %d", done, total) }
	}
	samples, err := othello.LabelGames(ctx, records, *solve, *threads, progress)
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	if err != nil {
		return err
	}
	set, err := othello.SplitByYear(records, samples, *holdout, *validEvery)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "files=%d games=%d unreadable=%d without-result=%d train=%d/%d valid=%d/%d held-out=%d/%d games/positions (read and solved in %.0fs)\n",
		len(paths), len(records), bad, set.NoResult, set.TrainGames, len(set.Train), set.ValidGames, len(set.Valid),
		set.HeldOutGames, len(set.HeldOut), time.Since(t0).Seconds())
	if len(set.Train) == 0 {
		return fmt.Errorf("%w: of the %d games read, %d are held out (--holdout %d) and %d have no result: nothing written",
			othello.ErrNoTrainingData, len(records), set.HeldOutGames, *holdout, set.NoResult)
	}
	cfg := othello.TrainConfig{Epochs: *epochs, Rate: *rate, L2: *l2, Threads: *threads}
	if *l2 == 0 {
		cfg.L2 = -1 // none (TrainConfig's zero is its default)
	}
	if !*quiet {
		cfg.Progress = func(phase, epoch int, trainRMSE, validRMSE float64) {
			fmt.Fprintf(e.stderr, "phase %2d epoch %2d: train rmse %.3f valid rmse %.3f\n", phase, epoch, trainRMSE, validRMSE)
		}
	}
	w, err := othello.Train(ctx, set.Train, set.Valid, cfg)
	if err != nil {
		return err
	}
	size, err := writeWeights(*out, w, *force)
	if err != nil {
		return err
	}
	where, _ := filepath.Abs(*out)
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes) in %.0fs: trained on %d games (%d positions), validated on %d games (%d positions)\n",
		where, size, time.Since(t0).Seconds(), set.TrainGames, len(set.Train), set.ValidGames, len(set.Valid))
	for _, part := range []struct {
		name    string
		samples []othello.Sample
	}{{"train", set.Train}, {"held-out", set.HeldOut}} {
		if len(part.samples) == 0 {
			continue
		}
		for _, pe := range w.Errors(part.samples) {
			if pe.Phase < 0 {
				fmt.Fprintf(e.stdout, "%s all: positions=%d rmse=%.2f mae=%.2f\n", part.name, pe.Samples, pe.RMSE, pe.MAE)
			} else if part.name == "held-out" {
				fmt.Fprintf(e.stdout, "%s phase %2d (empties %2d-%2d): positions=%d rmse=%.2f mae=%.2f\n", part.name, pe.Phase,
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

// writeWeights writes w to path and returns the size written. Without replace it creates the
// file only if there is none (an existing one is never touched); with replace it writes beside
// it and renames over it, so that a failed write leaves the old file whole.
func writeWeights(path string, w interface{ Write(io.Writer) error }, replace bool) (int64, error) {
	var f *os.File
	var err error
	if replace {
		f, err = os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	} else {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			return 0, fmt.Errorf("%s appeared while training: not replaced (give --force to replace it)", path)
		}
	}
	if err != nil {
		return 0, err
	}
	if err = w.Write(f); err == nil {
		err = f.Close()
	} else {
		f.Close()
	}
	var size int64
	if err == nil {
		var st os.FileInfo
		if st, err = os.Stat(f.Name()); err == nil {
			size = st.Size()
		}
	}
	if err == nil && replace {
		if err = os.Chmod(f.Name(), 0o644); err == nil {
			err = os.Rename(f.Name(), path)
		}
	}
	if err != nil {
		os.Remove(f.Name())
		return 0, fmt.Errorf("writing %s: %w", path, err)
	}
	return size, nil
}
