package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
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
	fs := newFlags(e, "train", "[--selfplay N] [--holdout YEAR] [--out FILE [--force]] DIR|FILE.wtb... | --size 6 [--games N] [--seed S] [--solve E] [--samples FILE] [--out FILE [--force]]", `
Trains the Othello engine's evaluation and writes the weights file the engine embeds
(engine/othello/eval.weights). An existing --out is replaced only with --force, and nothing is
written when no game could be read or none is left to train on.

Positions: every position of the games of WTHOR databases (a directory of WTH_*.wtb files, or
the files), and of --selfplay games the engine plays against itself from diverse openings (half
start from a WTHOR game cut at a random ply, half from random moves; moves chosen by a shallow
search, one in ten at random). Each position is kept once, whatever its symmetric image.

Targets, from the end of the game backwards: positions with --solve empties or fewer take their
exact value; then, phase by phase (two empties each), every other position takes the value of
a --label-depth search whose leaves fall in phases already trained, and its phase is fitted to
those targets (and those of the positions --spread empties either side). One game in
--valid-every chooses the epoch kept. Last, the phase that holds the positions at which WTHOR
gives its theoretical score (24 empties) is fitted again to those exact values, --refine-epochs
passes from its weights at --refine-rate. With --from FILE only this last step runs, on the
weights of FILE (seconds instead of the hour the rest takes). With --labels FILE (label files of
"turncoat label", from games before --holdout), the refinement fits their positions as well, in
the phases they cover, one position in --valid-every validating.

Games from --holdout on are held out: the command reports the error on them, by groups of four
empties, of the new evaluation and of the one the engine has now, against the targets the
earlier training used (WTHOR's theoretical score up to 24 empties, exact from 14 down, moving
from the one to the other in between), for positions with up to 24 empties against their exact
values (--exact-test positions per group), and at the positions of WTHOR's theoretical scores
against those (one exact value per game, for free). Everything is deterministic: the same data and
flags give the same weights, whatever --threads. With --cache DIR the labelled positions are
kept there (and read back by a later run with the same flags), so that a training can be
repeated without playing and solving again. The embedded weights come from

    turncoat train --threads 2 ../shared/data/wthor

(some 35 minutes on two threads: 16 playing and solving, 15 labelling and fitting, 4 for the
report); the refinement alone, --from the weights the steps before it give, takes seconds.

With --size 6 it trains the 6x6 evaluation (engine/othello/eval6.weights) without any data:
it plays --games 6x6 games from --seed (from the diagonal and the parallel start in turn, half
of the moves at random, the others the heuristic's choice), solves every position with --solve
empties or fewer exactly, and fits the weights to those values (phases with more empties take
the weights of the last one with positions). About one position in --valid-every (by a hash
of the position) validates and is reported on. --samples FILE keeps the solved positions:
written when the file does not exist, read instead of playing and solving the games when it
does. The embedded weights come from

    turncoat train --size 6 --games 8000 --seed 1 --solve 20 --out eval6.weights

(some twenty minutes on one thread, most of it solving).`)
	holdout := fs.Int("holdout", 2018, "games of this year and later are held out for the error report")
	out := fs.String("out", "eval.weights", "the weights file to write (never replaced without --force)")
	force := fs.Bool("force", false, "replace --out if it exists")
	fit := fitFlags(fs, "passes over the samples of each phase")
	validEvery := fs.Int("valid-every", 20, "one training game in this many validates instead")
	threads := fs.Int("threads", 1, "games played, positions labelled and phases trained at once")
	solve := fs.Int("solve", 14, "positions with this many empties or fewer take their exact value")
	selfPlay := fs.Int("selfplay", 150000, "games the engine plays against itself for more positions")
	seed := fs.Uint64("seed", 1, "the seed of the self-play games (with --size 6: of the games)")
	labelDepth := fs.Int("label-depth", 4, "depth of the searches that label the positions with more than --solve empties")
	exactTest := fs.Int("exact-test", 200, "held-out positions per group of empties (up to 24) solved for the exact error report")
	spread := fs.Int("spread", 0, "each phase also trains on the positions this many empties either side")
	cache := fs.String("cache", "", "a directory that keeps the labelled positions for a later run")
	quiet := fs.Bool("quiet", false, "no line per epoch and stage")
	boardSize := fs.Int("size", 8, "the board size whose evaluation to train: 8 (from WTHOR databases) or 6 (from generated games)")
	games := fs.Int("games", 8000, "with --size 6: the number of games to play and solve")
	samplesFile := fs.String("samples", "", "with --size 6: a file of solved positions, read if it exists, else written")
	from := fs.String("from", "", "refine the weights of this file on the theoretical scores only, instead of training from scratch")
	refineEpochs := fs.Int("refine-epochs", 6, "passes of the refinement on the theoretical scores (0: none)")
	refineRate := fs.Float64("refine-rate", 0.1, "AdaGrad learning rate of the refinement")
	var labelFiles stringList
	fs.Var(&labelFiles, "labels", "a label file (\"turncoat label\") whose positions the refinement fits too, in the phases they cover; may be repeated")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	tc, err := fit(*threads)
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
			cfg: tc})
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
	if *refineEpochs < 0 || *refineRate <= 0 {
		return usagef("--refine-epochs wants 0 or more, --refine-rate a positive number")
	}
	if *selfPlay < 0 || *labelDepth < 1 || *labelDepth > 12 || *exactTest < 0 || *spread < 0 || *spread > 8 {
		return usagef("--selfplay wants 0 or more games, --label-depth 1 to 12, --exact-test 0 or more, --spread 0 to 8")
	}
	// Refuse up front, before hours of work, to replace a file (the engine's own weights, when
	// run in its directory) unless asked.
	if _, err := os.Stat(*out); err == nil && !*force {
		return usagef("--out %s exists: give --force to replace it, or another --out", *out)
	}
	labelTrain, labelValid, err := readLabelFiles(e, labelFiles, *holdout, *validEvery)
	if err != nil {
		return err
	}
	t0 := time.Now()
	db, err := readWTHORGames(ctx, pos, *holdout)
	if err != nil {
		return fmt.Errorf("%w: nothing to train on, nothing written", err)
	}
	paths, records, bad, trainRecords, heldOut := db.paths, db.records, db.bad, db.train, db.heldOut
	progress, clearStatus := e.counters()
	say := func(format string, args ...any) {
		if !*quiet {
			fmt.Fprintf(e.stderr, format, args...)
		}
	}

	var base *othello.Weights
	if *from != "" {
		if base, err = readWeightsFile(*from); err != nil {
			return err
		}
	}
	tc.Spread = *spread
	if !*quiet {
		tc.Progress = func(phase, epoch int, trainRMSE, validRMSE float64) {
			fmt.Fprintf(e.stderr, "phase %2d epoch %2d: train rmse %.3f valid rmse %.3f\n", phase, epoch, trainRMSE, validRMSE)
		}
	}
	// refine fits w again to the theoretical scores of the training games, and to the labels
	refine := func(w *othello.Weights) (*othello.Weights, error) {
		if *refineEpochs == 0 {
			return w, nil
		}
		var train, valid []othello.Sample
		for i, s := range othello.TheoreticalSamples(trainRecords) {
			if i%*validEvery == *validEvery-1 {
				valid = append(valid, s)
			} else {
				train = append(train, s)
			}
		}
		if len(labelFiles) > 0 {
			// a position both labelled and given a theoretical score counts once
			labelled := append(slices.Clone(labelTrain), labelValid...)
			train = append(othello.DropPositions(train, labelled), labelTrain...)
			valid = append(othello.DropPositions(valid, labelled), labelValid...)
			say("refining on %d positions with theoretical scores or labels (%d validate)\n", len(train), len(valid))
		} else {
			say("refining on %d positions with theoretical scores (%d validate)\n", len(train), len(valid))
		}
		if len(train) == 0 {
			return w, nil
		}
		rc := tc
		rc.Epochs, rc.Rate, rc.Spread = *refineEpochs, *refineRate, 0
		return othello.Refine(ctx, w, train, valid, rc)
	}
	if base != nil {
		w, err := refine(base)
		if err != nil {
			return err
		}
		size, err := writeWeights(*out, w, *force)
		if err != nil {
			return err
		}
		where, _ := filepath.Abs(*out)
		labelled := ""
		if len(labelFiles) > 0 {
			labelled = fmt.Sprintf(" and %d labelled positions", len(labelTrain)+len(labelValid))
		}
		fmt.Fprintf(e.stdout, "wrote %s (%d bytes) in %.0fs: %s refined on the theoretical scores of %d games%s\n",
			where, size, time.Since(t0).Seconds(), *from, len(trainRecords), labelled)
		return reportHeldOut(ctx, e, heldOut, w, *exactTest, *threads, progress("solving held-out positions"), clearStatus)
	}

	// the training positions, exactly labelled where they have few empties
	cfg := trainingData{records: trainRecords, selfPlay: *selfPlay, seed: *seed, solve: *solve, validEvery: *validEvery, threads: *threads}
	set, err := cfg.load(ctx, *cache, progress, clearStatus, say)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "files=%d games=%d unreadable=%d held-out=%d; training games=%d self-play=%d; positions train=%d valid=%d (%.0fs)\n",
		len(paths), len(records), bad, len(heldOut), len(trainRecords), *selfPlay, len(set.Train), len(set.Valid), time.Since(t0).Seconds())
	if len(set.Train) == 0 {
		return fmt.Errorf("%w: of the %d games read, %d are held out (--holdout %d): nothing written",
			othello.ErrNoTrainingData, len(records), len(heldOut), *holdout)
	}

	stageStart := time.Now()
	bc := othello.BootstrapConfig{TrainConfig: tc, ExactEmpties: *solve, LabelDepth: *labelDepth,
		Stage: func(phases []int, labelled int) {
			say("stage: phases %v, %d positions labelled by search (%.0fs)\n", phases, labelled, time.Since(stageStart).Seconds())
			stageStart = time.Now()
		}}
	w, err := othello.Bootstrap(ctx, set.Train, set.Valid, bc)
	if err != nil {
		return err
	}
	if w, err = refine(w); err != nil {
		return err
	}
	if *cache != "" {
		// the positions with all their targets, for whoever wants to study or refit them
		for name, samples := range map[string][]othello.Sample{"train-labelled.samples": set.Train, "valid-labelled.samples": set.Valid} {
			if err := writeFileAtomic(filepath.Join(*cache, name), func(w io.Writer) error { return othello.WriteSamples(w, 8, samples) }); err != nil {
				return err
			}
		}
	}
	size, err := writeWeights(*out, w, *force)
	if err != nil {
		return err
	}
	where, _ := filepath.Abs(*out)
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes) in %.0fs: trained on %d games (%d positions), validated on %d games (%d positions)\n",
		where, size, time.Since(t0).Seconds(), set.TrainGames, len(set.Train), set.ValidGames, len(set.Valid))
	return reportHeldOut(ctx, e, heldOut, w, *exactTest, *threads, progress("solving held-out positions"), clearStatus)
}

// readLabelFiles reads label files and returns their positions split into training and
// validation ones. A file cut short in its last chunk (a labelling that was stopped) gives what
// comes before; one made from held-out games is refused.
func readLabelFiles(e *env, paths []string, holdout, validEvery int) (train, valid []othello.Sample, err error) {
	var all []othello.Label
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		lf, err := othello.ReadLabels(f)
		f.Close()
		if errors.Is(err, othello.ErrLabelsTruncated) {
			fmt.Fprintf(e.stderr, "%s: %v: using its first %d labels\n", path, err, len(lf.Labels))
		} else if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if y, err := strconv.Atoi(lf.Header["holdout"]); err != nil || y > holdout {
			return nil, nil, fmt.Errorf("%s labels games up to %q, which --holdout %d holds out: label with --holdout %d or less", path, lf.Header["holdout"], holdout, holdout)
		}
		all = append(all, lf.Labels...)
	}
	train, valid = othello.LabelSamples(all, validEvery)
	return train, valid, nil
}

// fitFlags defines on fs the flags of the fitting of an evaluation (epochs, described by
// epochs, rate, shrinkage), and returns the function that checks them and gives the fit's
// configuration with that many threads.
func fitFlags(fs *flag.FlagSet, epochs string) func(threads int) (othello.TrainConfig, error) {
	n := fs.Int("epochs", 8, epochs)
	rate := fs.Float64("rate", 1, "AdaGrad learning rate")
	l2 := fs.Float64("l2", 0.001, "L2 shrinkage of the weights")
	return func(threads int) (othello.TrainConfig, error) {
		if *n < 1 || *rate <= 0 || *l2 < 0 {
			return othello.TrainConfig{}, usagef("--epochs wants 1 or more, --rate a positive number, --l2 zero or more")
		}
		tc := othello.TrainConfig{Epochs: *n, Rate: *rate, L2: *l2, Threads: threads}
		if *l2 == 0 {
			tc.L2 = -1 // none (TrainConfig's zero is its default)
		}
		return tc, nil
	}
}

// wthorGames are the games of WTHOR databases, split by year into training and held-out games.
type wthorGames struct {
	paths          []string
	records        []reversi.Record
	bad            int
	train, heldOut []reversi.Record
}

// readWTHORGames reads the games of the WTHOR databases of the arguments (files, or directories
// of .wtb files): the 8x8 games before holdout train, those from holdout on are held out. It
// refuses arguments that give no game, or no training game.
func readWTHORGames(ctx context.Context, pos []string, holdout int) (wthorGames, error) {
	var db wthorGames
	paths, err := wthorPaths(pos)
	if err != nil {
		return db, err
	}
	db.paths = paths
	for _, path := range paths {
		if err := ctx.Err(); err != nil {
			return db, err
		}
		l, err := loadGames(path)
		if err != nil {
			return db, err
		}
		db.bad += len(l.Bad)
		db.records = append(db.records, l.Records...)
	}
	if len(db.records) == 0 {
		return db, fmt.Errorf("no game could be read from %s (%d unreadable)", strings.Join(pos, ", "), db.bad)
	}
	for _, r := range db.records {
		if othello.RecordYear(r) >= holdout {
			db.heldOut = append(db.heldOut, r)
		} else if r.Start.Size == 8 {
			db.train = append(db.train, r)
		}
	}
	if len(db.train) == 0 {
		return db, fmt.Errorf("%w: of the %d games read, %d are held out (--holdout %d)",
			othello.ErrNoTrainingData, len(db.records), len(db.heldOut), holdout)
	}
	return db, nil
}

// wthorPaths lists the WTHOR files of the arguments (files, or directories of .wtb files).
func wthorPaths(pos []string) ([]string, error) {
	var paths []string
	for _, p := range pos {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			m, err := filepath.Glob(filepath.Join(p, "*.wtb"))
			if err != nil {
				return nil, err
			}
			m2, _ := filepath.Glob(filepath.Join(p, "*.WTB"))
			if len(m)+len(m2) == 0 {
				return nil, fmt.Errorf("%s: no .wtb files in the directory", p)
			}
			paths = append(paths, append(m, m2...)...)
		} else {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	return paths, nil
}

// reportHeldOut prints the error of the new weights and of the engine's current ones on the
// held-out games: against the earlier training's targets, and against exact values.
func reportHeldOut(ctx context.Context, e *env, heldOut []reversi.Record, w *othello.Weights, exactTest, threads int,
	progress func(done, total int), clearStatus func()) error {
	if len(heldOut) == 0 {
		return nil
	}
	samples, err := othello.LabelGames(ctx, heldOut, 14, threads, nil)
	if err != nil {
		return err
	}
	var set []othello.Sample
	for _, s := range samples {
		set = append(set, s...)
	}
	exact, err := othello.ExactTestSet(ctx, heldOut, 24, exactTest, threads, progress)
	clearStatus()
	if err != nil {
		return err
	}
	before := othello.DefaultWeights()
	for _, part := range []struct {
		name    string
		samples []othello.Sample
	}{{"held-out", set}, {"held-out exact", exact}, {"held-out theoretical", othello.TheoreticalSamples(heldOut)}} {
		if len(part.samples) == 0 {
			continue
		}
		now, was := w.Errors(part.samples), before.Errors(part.samples)
		for i, pe := range now {
			if pe.Samples == 0 {
				continue
			}
			what := "all"
			if pe.Phase >= 0 {
				lo, hi := othello.BucketEmpties(pe.Phase)
				what = fmt.Sprintf("empties %2d-%2d", lo, hi)
			}
			fmt.Fprintf(e.stdout, "%s %s: positions=%d rmse=%.2f mae=%.2f (before: rmse=%.2f mae=%.2f)\n",
				part.name, what, pe.Samples, pe.RMSE, pe.MAE, was[i].RMSE, was[i].MAE)
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

// trainingData is what the training positions depend on.
type trainingData struct {
	records    []reversi.Record
	selfPlay   int
	seed       uint64
	solve      int
	validEvery int
	threads    int
}

// key names the positions of d, for the cache.
func (d trainingData) key() string {
	moves := 0
	for _, r := range d.records {
		moves += len(r.Moves)
	}
	return fmt.Sprintf("games=%d moves=%d selfplay=%d seed=%d solve=%d valid-every=%d\n", len(d.records), moves, d.selfPlay, d.seed, d.solve, d.validEvery)
}

// load returns the training and validation positions of d: from the cache directory when it
// holds them (for the same key), else played and solved (and then kept in the cache).
func (d trainingData) load(ctx context.Context, cache string, progress func(string) func(done, total int), clearStatus func(), say func(string, ...any)) (othello.TrainingSet, error) {
	keyPath := filepath.Join(cache, "positions.key")
	paths := [2]string{filepath.Join(cache, "train.samples"), filepath.Join(cache, "valid.samples")}
	if cache != "" {
		if k, err := os.ReadFile(keyPath); err == nil && string(k) == d.key() {
			var sets [2][]othello.Sample
			for i, path := range paths {
				f, err := os.Open(path)
				if err != nil {
					return othello.TrainingSet{}, err
				}
				var size int
				size, sets[i], err = othello.ReadSamples(f)
				f.Close()
				if err == nil && size != 8 {
					err = fmt.Errorf("it holds %dx%d positions, not 8x8", size, size)
				}
				if err != nil {
					return othello.TrainingSet{}, fmt.Errorf("%s: %w", path, err)
				}
			}
			say("positions read from %s\n", cache)
			all := len(d.records) + d.selfPlay
			return othello.TrainingSet{Train: sets[0], Valid: sets[1], TrainGames: all - all/d.validEvery, ValidGames: all / d.validEvery}, nil
		}
	}
	td := othello.TrainingData{Records: d.records, ExactEmpties: d.solve, ValidEvery: d.validEvery, Threads: d.threads,
		SelfPlay: othello.SelfPlayConfig{Games: d.selfPlay, Seed: d.seed, OpeningPlies: 40, RandomPlies: 20, Depth: 2, RandomMove: 0.1}}
	if p := progress(""); p != nil {
		td.Progress = func(step string, done, total int) { progress(step)(done, total) }
	}
	set, err := td.Positions(ctx)
	clearStatus()
	if err != nil || cache == "" {
		return set, err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return othello.TrainingSet{}, err
	}
	for i, samples := range [2][]othello.Sample{set.Train, set.Valid} {
		if err := writeFileAtomic(paths[i], func(w io.Writer) error { return othello.WriteSamples(w, 8, samples) }); err != nil {
			return othello.TrainingSet{}, err
		}
	}
	if err := os.WriteFile(keyPath, []byte(d.key()), 0o644); err != nil {
		return othello.TrainingSet{}, err
	}
	return set, nil
}

// readWeightsFile reads an 8x8 evaluation's weights file, its errors naming it.
func readWeightsFile(path string) (*othello.Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := othello.ReadWeights(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// loadGames reads a file of games (a WTHOR database, say), refusing one of positions.
func loadGames(path string) (files.Loaded, error) {
	l, err := files.Load(path)
	if err == nil && l.Format == files.OBF {
		err = fmt.Errorf("%s holds positions (OBF), not games", path)
	}
	return l, err
}
