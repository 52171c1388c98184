package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

func init() {
	register(command{name: "features", summary: "measure what each feature of the Othello evaluation is worth on held-out games", run: runFeatures})
}

// theoreticalEmpties is where WTHOR gives its theoretical scores: exact values at no cost.
const theoreticalEmpties = 24

func runFeatures(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "features", "[--empties N,...] [--holdout YEAR] [--train N] [--test N] [--samples FILE]... [--threads T] DIR|FILE.wtb...", `
Measures what each feature of the Othello evaluation is worth: for the evaluation phase of each
--empties, it fits the phase from zero on exact values of positions of the WTHOR games before
--holdout, once with every feature, once without each family of features (a pattern's copies,
the mobility counts, parity), and once with each candidate feature the evaluation lacks, then
prints each fit's error on positions of the games from --holdout on, against their exact
values. A family's gain is how much it lowers that error.

Then, unless --curve is 0, the learning curve: the phase fitted with every feature on all, half,
a quarter, ... (--curve shares) of the training positions, each fit's error on its own positions
and the held-out ones, and the law err(n) = limit + scale·n^-power fitted to the held-out
errors. Its limit is what this form of evaluation would reach with unlimited positions of the
same kind: a limit above a target says more data cannot reach it; the form must change.

Exact values: at 23 and 24 empties WTHOR's theoretical scores; elsewhere the solver's, on up to
--train positions of the training games and --test of the held-out ones, or the positions of
--samples files (samples of "turncoat train --cache"; only those with --samples-exact empties or
fewer, which that training solved). Progress goes to stderr, the table to stdout.`)
	emptiesFlag := fs.String("empties", "12,24", "the phases to measure, by a number of empties in each")
	holdout := fs.Int("holdout", 2018, "games of this year and later are held out for the measure")
	trainMax := fs.Int("train", 60000, "most training positions solved for a phase (without theoretical scores or --samples)")
	testMax := fs.Int("test", 3000, "most held-out positions solved for a phase (without theoretical scores)")
	var samplesFiles stringList
	fs.Var(&samplesFiles, "samples", "a samples file whose exact positions train; may be repeated")
	samplesExact := fs.Int("samples-exact", 14, "the samples of --samples with this many empties or fewer are exact")
	validEvery := fs.Int("valid-every", 20, "one training position in this many chooses the epoch instead")
	threads := fs.Int("threads", 1, "positions solved and fits run at once")
	fit := fitFlags(fs, "passes of each fit")
	seed := fs.Uint64("seed", 1, "seed of the choice of the positions to solve")
	curveParts := fs.Int("curve", 4, "fits of the learning curve, on 1/2^(N-1) to all of the training positions (0: no curve)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a directory of WTHOR files or .wtb files")
	}
	var phases []int
	for _, f := range strings.Split(*emptiesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 59 {
			return usagef("--empties %q: want numbers of empties from 1 to 59, separated by commas", *emptiesFlag)
		}
		phases = append(phases, n)
	}
	if *trainMax < 1 || *testMax < 1 || *validEvery < 2 || *threads < 1 || *threads > 64 {
		return usagef("--train and --test want 1 or more, --valid-every 2 or more, --threads 1 to 64")
	}
	if *curveParts != 0 && (*curveParts < 3 || *curveParts > 10) {
		return usagef("--curve %d: want 0 (no curve) or 3 to 10 fits", *curveParts)
	}
	cfg, err := fit(*threads)
	if err != nil {
		return err
	}
	db, err := readWTHORGames(ctx, pos, *holdout)
	if err != nil {
		return err
	}
	if len(db.heldOut) == 0 {
		return fmt.Errorf("no game is from %d or later: nothing to measure on (--holdout)", *holdout)
	}
	var fromFiles []othello.Sample
	for _, path := range samplesFiles {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		size, s, err := othello.ReadSamples(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if size != 8 {
			return fmt.Errorf("%s holds %dx%d positions: the features measured are 8x8's", path, size, size)
		}
		for _, x := range s {
			if int(x.Empties) <= *samplesExact {
				fromFiles = append(fromFiles, x)
			}
		}
	}
	status := e.statusWriter()
	progress, clearStatus := e.counters()
	rng := rand.New(rand.NewPCG(*seed, 0x6665617475726573)) // "features"
	for _, n := range phases {
		lo, hi := othello.PhaseEmpties(n)
		t0 := time.Now()
		var train, test []othello.Sample
		source := "solved"
		inPhase := func(s []othello.Sample) []othello.Sample {
			var out []othello.Sample
			for _, x := range s {
				if int(x.Empties) >= lo && int(x.Empties) <= hi {
					out = append(out, x)
				}
			}
			return out
		}
		if lo <= theoreticalEmpties && theoreticalEmpties <= hi {
			train, test = othello.TheoreticalSamples(db.train), othello.TheoreticalSamples(db.heldOut)
			source = "WTHOR's theoretical scores"
		}
		if len(train) == 0 && len(fromFiles) > 0 {
			train, source = inPhase(fromFiles), "--samples"
		}
		solve := func(what string, records []reversi.Record, most int) ([]othello.Sample, error) {
			s := othello.PhasePositions(records, lo, hi)
			rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			s = s[:min(len(s), most)]
			err := othello.SolveSamples(ctx, s, *threads, progress(fmt.Sprintf("solving %s positions of %d-%d empties", what, lo, hi)))
			clearStatus()
			return s, err
		}
		if len(train) == 0 {
			if train, err = solve("training", db.train, *trainMax); err != nil {
				return err
			}
		}
		if len(test) == 0 {
			if test, err = solve("held-out", db.heldOut, *testMax); err != nil {
				return err
			}
		}
		var fit, valid []othello.Sample
		for i, s := range train {
			if i%*validEvery == *validEvery-1 {
				valid = append(valid, s)
			} else {
				fit = append(fit, s)
			}
		}
		if status != nil {
			fmt.Fprintf(status, "\r\x1b[Kfitting the phase of %d-%d empties, each feature away and each candidate added", lo, hi)
		}
		rep, err := othello.FeatureGains(ctx, fit, valid, test, cfg)
		clearStatus()
		if err != nil {
			return fmt.Errorf("the phase of %d-%d empties: %w", lo, hi, err)
		}
		printGains(e, lo, hi, source, rep, time.Since(t0))
		if *curveParts == 0 {
			continue
		}
		if status != nil {
			fmt.Fprintf(status, "\r\x1b[Kfitting the phase of %d-%d empties on shares of its positions", lo, hi)
		}
		curve, err := othello.LearningCurve(ctx, fit, valid, test, cfg, *curveParts)
		clearStatus()
		if err != nil {
			return fmt.Errorf("the learning curve of the phase of %d-%d empties: %w", lo, hi, err)
		}
		printCurve(e, curve)
	}
	return nil
}

// printCurve prints a phase's learning curve and the law fitted to it.
func printCurve(e *env, c othello.Curve) {
	fmt.Fprintln(e.stdout, "learning curve (every feature, fitted from zero on shares of the positions):")
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "positions	training RMSE	held-out RMSE	")
	for _, pt := range c.Points {
		fmt.Fprintf(tw, "%d	%.3f	%.3f	\n", pt.Positions, pt.TrainRMSE, pt.TestRMSE)
	}
	tw.Flush()
	if !c.Fitted {
		fmt.Fprintln(e.stdout, "the held-out error does not fall with more positions: no law fitted")
		return
	}
	fmt.Fprintf(e.stdout, "law: held-out RMSE = %.3f + %.1f·n^-%.3f; %.3f at 1 M positions, %.3f at 100 M, limit %.3f\n",
		c.Limit, c.Scale, c.Power, c.At(1e6), c.At(1e8), c.Limit)
}

// printGains prints a phase's report of FeatureGains.
func printGains(e *env, lo, hi int, source string, rep othello.GainReport, took time.Duration) {
	fmt.Fprintf(e.stdout, "phase of %d-%d empties: %d positions fitted, %d choosing the epoch (%s), %d held out; %.0fs\n",
		lo, hi, rep.Train, rep.Valid, source, rep.Test, took.Seconds())
	fmt.Fprintf(e.stdout, "every feature: held-out RMSE %.3f, MAE %.3f (the shipped evaluation, trained on more: %.3f)\n", rep.RMSE, rep.MAE, rep.Shipped)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "feature\tweights\theld-out RMSE\tgain\t")
	for _, g := range rep.Gains {
		name, change := g.Feature, "without"
		if g.Candidate {
			name, change = g.Feature+" (candidate)", "with"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s %.3f\t%+.3f\t\n", name, g.Weights, change, g.RMSE, g.Gain)
	}
	fmt.Fprintf(tw, "every candidate\t\twith %.3f\t%+.3f\t\n", rep.AllCandidates, rep.RMSE-rep.AllCandidates)
	tw.Flush()
}
