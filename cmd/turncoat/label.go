package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

func init() {
	register(command{name: "label", summary: "label Othello positions with exact values and deep searches, for training", run: runLabel})
}

// stringList is a flag that may be given several times.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runLabel(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "label", "--out FILE [--wthor DIR|FILE.wtb]... [--selfplay N] [--seed S] [--solve E] [--depth-schedule S] [--empties LO-HI] [--threads T] [DIR|FILE.wtb...]", `
Labels Othello positions with real values, for the training of the evaluation ("turncoat train
--labels FILE"): positions with --solve empties or fewer take their exact value (the solver's),
the others the value of a search to the depth --depth-schedule gives for their empties.

Positions: those of the games of WTHOR databases (--wthor, or the arguments: directories of
WTH_*.wtb files, or the files), except the games from --holdout on (the training's held-out
report is on those), and of --selfplay games the engine plays against itself from diverse
openings (as "turncoat train" plays them), within --empties. Each position is kept once, whatever
its symmetric image, and the positions are labelled in an order shuffled from --seed, so that
any part of the file is a fair sample of the whole.

The file is written as it goes, in chunks that a killed run leaves whole (but perhaps the last).
Running the same command again continues where it stopped, and gives the same file, byte for
byte, as a run that never stopped, whatever --threads. The file's header records the flags, the
data and the evaluation that made it: a run with other flags is refused. Label files are data:
they are not kept with the source, and the same command makes one again. The exact values of the
positions of 23 empties of the WTHOR games (the evaluation phase of 23 and 24 empties, the one
WTHOR's theoretical scores train), for example, come from

    turncoat label --out wthor-23.labels --solve 24 --empties 23-23 --threads 2 ../shared/data/wthor

Progress (positions done, rate, time left) goes to stderr; at the end, the figures of each
group of empties (positions, nodes and seconds per position) go to stdout.`)
	out := fs.String("out", "", "the label file to write, or to continue")
	var wthor stringList
	fs.Var(&wthor, "wthor", "a WTHOR database (a .wtb file, or a directory of them) whose games give positions; may be repeated")
	selfPlay := fs.Int("selfplay", 0, "games the engine plays against itself for more positions")
	seed := fs.Uint64("seed", 1, "the seed of the self-play games and of the positions' order")
	solve := fs.Int("solve", 24, "positions with this many empties or fewer take their exact value (up to 28)")
	schedule := fs.String("depth-schedule", othello.DefaultDepthSchedule, "the depth of the searches above --solve, by empties: MAXEMPTIES:DEPTH,...")
	empties := fs.String("empties", "0-60", "the empties of the positions labelled: LO-HI")
	holdout := fs.Int("holdout", 2018, "games of this year and later give no positions (the training holds them out)")
	threads := fs.Int("threads", 1, "positions labelled at once (the file does not depend on it)")
	limit := fs.Int("limit", 0, "label only the first this many positions of the shuffled order (0: all), a fair sample")
	weightsFile := fs.String("weights", "", "the evaluation of the searches and self-play games (default: the engine's)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	wthor = append(wthor, pos...)
	if *out == "" {
		return usagef("--out is required: the label file to write, or to continue")
	}
	lo, hi, err := parseEmpties(*empties)
	if err != nil {
		return usagef("--empties %q: %v", *empties, err)
	}
	if *solve < 0 || *solve > 28 {
		return usagef("--solve %d: want 0 to 28 empties (an exact solve with more is out of reach)", *solve)
	}
	if *threads < 1 || *threads > 64 {
		return usagef("--threads %d: want 1 to 64", *threads)
	}
	if *selfPlay < 0 || *limit < 0 {
		return usagef("--selfplay wants 0 or more games, --limit 0 or more positions")
	}
	sched, err := othello.ParseDepthSchedule(*schedule)
	if err != nil {
		return usagef("--depth-schedule: %v", err)
	}
	if hi > *solve && sched.Depth(hi) == 0 {
		return usagef("--depth-schedule %s has no depth for positions with %d empties (--empties %s, --solve %d)", sched, hi, *empties, *solve)
	}
	if len(wthor) == 0 && *selfPlay == 0 {
		return usagef("no positions: give WTHOR databases (--wthor or arguments), --selfplay games, or both")
	}

	w := othello.DefaultWeights()
	if *weightsFile != "" {
		if w, err = readWeightsFile(*weightsFile); err != nil {
			return err
		}
	}
	var records []reversi.Record
	var sources []string
	if len(wthor) > 0 {
		paths, err := wthorPaths(wthor)
		if err != nil {
			return err
		}
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			l, err := loadGames(path)
			if err != nil {
				return err
			}
			if len(l.Records) == 0 {
				return fmt.Errorf("%s: no game could be read (%d unreadable)", path, len(l.Bad))
			}
			for _, r := range l.Records {
				if othello.RecordYear(r) < *holdout && r.Start.Size == 8 {
					records = append(records, r)
				}
			}
			sum := sha256.Sum256(data)
			sources = append(sources, filepath.Base(path)+":"+hex.EncodeToString(sum[:8]))
		}
	}
	// each thread's table: a search's value may depend on its size (what it keeps), so the size
	// is the flags', never the machine's; small solves and searches clear a small one faster
	tableBytes, deepest := 16<<20, 0
	for _, st := range sched {
		deepest = max(deepest, st.Depth)
	}
	if *solve <= 16 && deepest <= 8 {
		tableBytes = 1 << 20
	}
	sp := othello.SelfPlayConfig{Games: *selfPlay, Seed: *seed, Openings: records, OpeningPlies: 40, RandomPlies: 20,
		Depth: 2, RandomMove: 0.1, Threads: *threads}
	header := othello.LabelHeader{
		"format":         "1",
		"solve":          strconv.Itoa(*solve),
		"depth-schedule": sched.String(),
		"empties":        fmt.Sprintf("%d-%d", lo, hi),
		"holdout":        strconv.Itoa(*holdout),
		"selfplay":       fmt.Sprintf("%d games, depth %d, random moves %.2f, opening plies %d, random plies %d", sp.Games, sp.Depth, sp.RandomMove, sp.OpeningPlies, sp.RandomPlies),
		"seed":           strconv.FormatUint(*seed, 10),
		"wthor":          strings.Join(sources, ","),
		"weights":        othello.WeightsFingerprint(w),
		"chunk":          strconv.Itoa(othello.LabelChunk),
		"limit":          strconv.Itoa(*limit),
		"table":          strconv.Itoa(tableBytes),
	}

	// an existing file: the same flags, or nothing is done
	var have *othello.LabelFile
	if f, err := os.Open(*out); err == nil {
		have, err = othello.ReadLabels(f)
		f.Close()
		switch {
		case errors.Is(err, othello.ErrLabelsTruncated):
			fmt.Fprintf(e.stderr, "%s: %v: continuing after its %d whole chunks\n", *out, err, have.Chunks)
		case err != nil:
			return fmt.Errorf("%s: %w (not touched)", *out, err)
		}
		want := cloneHeader(header)
		delete(want, "positions")
		got := cloneHeader(have.Header)
		delete(got, "positions")
		if d := got.Diff(want); len(d) > 0 {
			return fmt.Errorf("%s was labelled with other flags or data (the file's against these flags': %s): give the flags it was made with to continue it, or another --out", *out, strings.Join(d, "; "))
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}

	t0 := time.Now()
	status := e.statusWriter()
	if status != nil {
		fmt.Fprintf(status, "\r\x1b[Klabel: gathering positions (%d games, %d self-play games)", len(records), *selfPlay)
	}
	if sp.Games > 0 && status != nil {
		sp.Progress = func(done, total int) {
			fmt.Fprintf(status, "\r\x1b[Klabel: self-play games %d of %d", done, total)
		}
	}
	positions, err := othello.LabelSet{Records: records, SelfPlay: sp, MinEmpties: lo, MaxEmpties: hi, Seed: *seed}.Positions(ctx)
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	if err != nil {
		return err
	}
	if len(positions) == 0 {
		return fmt.Errorf("no position with %d to %d empties in the games: nothing written", lo, hi)
	}
	if *limit > 0 && *limit < len(positions) {
		positions = positions[:*limit]
	}
	header["positions"] = strconv.Itoa(len(positions))
	from := 0
	if have != nil {
		if have.Header["positions"] != header["positions"] {
			return fmt.Errorf("%s holds labels of %s positions, but these flags give %d (has the engine changed?): not touched", *out, have.Header["positions"], len(positions))
		}
		if len(have.Labels) > len(positions) || len(have.Labels)%othello.LabelChunk != 0 && len(have.Labels) != len(positions) {
			return fmt.Errorf("%s holds %d labels in chunks these flags do not make: not touched", *out, len(have.Labels))
		}
		for i, l := range have.Labels {
			if l.P != positions[i].P || l.O != positions[i].O {
				return fmt.Errorf("%s: label %d is of another position than these flags give (has the engine changed?): not touched", *out, i+1)
			}
		}
		from = len(have.Labels)
		if from == len(positions) {
			fmt.Fprintf(e.stdout, "%s is complete: %d positions\n", *out, from)
			return nil
		}
		// drop a chunk cut short: the run continues from the last whole one
		if err := os.Truncate(*out, have.Size); err != nil {
			return err
		}
	} else if err := writeFileAtomic(*out, func(w io.Writer) error { return othello.WriteLabelHeader(w, header) }); err != nil {
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	defer f.Close()

	stats := &labelStats{}
	lastPct, lastLine := -1, time.Now()
	started := time.Now() // the rate is of the labelling, without the gathering
	lb := othello.Labeller{Solve: *solve, Schedule: sched, Weights: w, Threads: *threads, TableBytes: tableBytes, Measured: stats.add,
		Progress: func(done, total int) {
			line := labelProgress(done-from, done, total, time.Since(started))
			if status != nil {
				fmt.Fprintf(status, "\r\x1b[K%s", line)
			} else if pct := done * 100 / total; pct != lastPct || time.Since(lastLine) >= time.Minute {
				// (not a terminal: a line each percent, and each minute of a slow labelling)
				lastPct, lastLine = pct, time.Now()
				fmt.Fprintln(e.stderr, line)
			}
		}}
	var buf []byte
	written := from
	err = lb.Label(ctx, positions, from, func(chunk []othello.Label) error {
		buf = othello.AppendLabelChunk(buf[:0], chunk)
		if _, err := f.Write(buf); err != nil {
			return fmt.Errorf("writing %s: %w", *out, err)
		}
		written += len(chunk)
		return nil
	})
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	if serr := f.Sync(); err == nil {
		err = serr
	}
	stats.print(e.stdout)
	if err != nil {
		if written > from || errors.Is(err, context.Canceled) {
			fmt.Fprintf(e.stderr, "%s: %d of %d positions labelled (run the same command to continue)\n", *out, written, len(positions))
		}
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s: positions=%d (labelled now %d) games=%d self-play=%d seconds=%.0f\n",
		*out, len(positions), len(positions)-from, len(records), *selfPlay, time.Since(t0).Seconds())
	return nil
}

// cloneHeader returns a copy of h.
func cloneHeader(h othello.LabelHeader) othello.LabelHeader {
	out := othello.LabelHeader{}
	for k, v := range h {
		out[k] = v
	}
	return out
}

// parseEmpties reads an --empties range, LO-HI (or one number).
func parseEmpties(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, errors.New("want LO-HI, two numbers of empties (or one)")
	}
	if lo < 0 || hi > 60 || lo > hi {
		return 0, 0, errors.New("want 0 <= LO <= HI <= 60")
	}
	return lo, hi, nil
}

// labelProgress words a labelling's progress: done of total, the rate of this run (now of
// its positions in elapsed) and the time left at that rate.
func labelProgress(now, done, total int, elapsed time.Duration) string {
	line := fmt.Sprintf("label: %d of %d positions", done, total)
	if now > 0 && elapsed > 0 {
		rate := float64(now) / elapsed.Seconds()
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		line += fmt.Sprintf(", %.3g/s, about %s left", rate, left.Round(time.Second))
	}
	return line
}

// labelStats sums the positions, nodes and time of the labels by empties and kind.
type labelStats struct {
	mu  sync.Mutex
	sum map[[2]int]*labelSum // {empties, depth (0: exact)}
}

type labelSum struct {
	positions int
	nodes     uint64
	seconds   float64
}

func (s *labelStats) add(l othello.Label, nodes uint64, elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sum == nil {
		s.sum = map[[2]int]*labelSum{}
	}
	k := [2]int{int(l.Empties), int(l.Depth)}
	if s.sum[k] == nil {
		s.sum[k] = &labelSum{}
	}
	x := s.sum[k]
	x.positions++
	x.nodes += nodes
	x.seconds += elapsed.Seconds()
}

// print writes a line for each group: positions, nodes per position, and seconds per position
// (of one thread: wall-clock time, which another load on the machine stretches).
func (s *labelStats) print(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([][2]int, 0, len(s.sum))
	for k := range s.sum {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	var b bytes.Buffer
	for _, k := range keys {
		x := s.sum[k]
		how := "exact"
		if k[1] > 0 {
			how = fmt.Sprintf("depth-%d", k[1])
		}
		fmt.Fprintf(&b, "empties=%d label=%s positions=%d nodes/position=%.0f seconds/position=%.4f positions/s/thread=%.2f\n",
			k[0], how, x.positions, float64(x.nodes)/float64(x.positions), x.seconds/float64(x.positions), float64(x.positions)/max(x.seconds, 1e-9))
	}
	w.Write(b.Bytes())
}
