package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"

	"turncoat/engine/puzzle"
)

func init() {
	register(command{name: "puzzles", summary: "build and prove the puzzle set", run: runPuzzles})
}

const puzzlesUsage = `Usage: turncoat puzzles build [--seed S] [--count N] [--min-empties E] [--max-empties E] [--margin M] [--workers W] --out FILE WTHOR-DIR
       turncoat puzzles build --kind turnover|blocs|troll|turncoat [--seed S] [--count N] [--workers W] --out FILE
       turncoat puzzles prove [--workers W] FILE

build makes the Othello puzzle set from the WTHOR databases of a directory (its *.wtb files
and their name files): one position of each game, with empties between --min-empties and
--max-empties, chosen and ordered by --seed; a position is a puzzle when the exact solver finds
one best move and every other at least --margin discs worse. Progress goes to stderr. The same
games, seed and flags give a byte-identical file, whatever --workers. The server's set is built
from the repository's root with

    go run ./cmd/turncoat puzzles build --seed 1 --count 5000 --out platform/puzzles/data/puzzles.jsonl.gz ../shared/data/wthor

With --kind, build makes the puzzles of another game from games the AI plays against itself,
their openings drawn from --seed: Turnover mates proven by a full-width search, Blocs' only
winning moves by the exact solution, Troll endgames solved by an exhaustive search, Turncoat
selections on small boards that alone guarantee the best result, by the exact solver. No
directory is read. Progress goes to stderr; the same kind, seed and flags give the same bytes.
The server's sets are built with

    go run ./cmd/turncoat puzzles build --kind turnover --seed 1 --count 500 --out platform/puzzles/data/turnover.jsonl.gz

(and blocs, troll, turncoat likewise).

prove solves every puzzle of a set again, of whatever kind, and reports the first that does
not hold.
`

func runPuzzles(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, puzzlesUsage)
		return usagef("want build or prove")
	}
	var err error
	switch args[0] {
	case "--help", "-h", "-help":
		fmt.Fprint(e.stdout, puzzlesUsage)
		return nil
	case "build":
		err = puzzlesBuild(ctx, e, args[1:])
	case "prove":
		err = puzzlesProve(ctx, e, args[1:])
	default:
		return usagef("unknown puzzles command %q (want build or prove)", args[0])
	}
	if err != nil {
		return inCommand{"puzzles " + args[0], err}
	}
	return nil
}

func puzzlesBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "puzzles build", "[flags] --out FILE WTHOR-DIR", puzzlesUsage)
	seed := fs.Uint64("seed", 1, "the seed choosing the games and positions")
	count := fs.Int("count", 5000, "number of Othello puzzles")
	minE := fs.Int("min-empties", 12, "fewest empties of a puzzle's position")
	maxE := fs.Int("max-empties", 16, "most empties of a puzzle's position")
	margin := fs.Int("margin", puzzle.MinMargin, "discs every other first move must lose at least")
	workers := fs.Int("workers", runtime.NumCPU(), "positions solved at once")
	out := fs.String("out", "", "the set's file (gzip'd JSON lines)")
	kind := fs.String("kind", puzzle.Othello, "the game: reversi (from WTHOR games), turnover, blocs, troll or turncoat (from self-play)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if *kind != puzzle.Othello {
		if len(pos) != 0 || *out == "" {
			return usagef("--kind %s: want --out FILE and no directory", *kind)
		}
		if puzzle.IDLetter(*kind) == "" {
			return usagef("--kind %q: want reversi, turnover, blocs, troll or turncoat", *kind)
		}
		if *count < 1 || *workers < 1 {
			return usagef("--count and --workers must be positive")
		}
		return puzzlesBuildKind(ctx, e, *kind, *seed, *count, *workers, *out)
	}
	if len(pos) != 1 || *out == "" {
		return usagef("want --out FILE and one WTHOR directory")
	}
	if *minE < 1 || *maxE < *minE || *maxE > 24 {
		return usagef("--min-empties and --max-empties: want 1 <= min <= max <= 24 (got %d and %d)", *minE, *maxE)
	}
	if *count < 1 || *margin < 1 || *workers < 1 {
		return usagef("--count, --margin and --workers must be positive")
	}
	t0 := time.Now()
	cands, err := puzzle.WTHORCandidates(pos[0], *seed, *minE, *maxE)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "%d positions from %s\n", len(cands), pos[0])
	ps, err := puzzle.BuildOthello(ctx, cands, puzzle.Options{
		Count: *count, MinEmpties: *minE, MaxEmpties: *maxE, Margin: *margin, Workers: *workers,
		Progress: func(found, tried, all int) {
			fmt.Fprintf(e.stderr, "\rpuzzles=%d tried=%d/%d seconds=%.0f", found, tried, all, time.Since(t0).Seconds())
		},
	})
	fmt.Fprintln(e.stderr)
	if err != nil {
		return err
	}
	if err := puzzle.WriteFile(*out, ps); err != nil {
		return err
	}
	st, err := os.Stat(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "puzzles=%d bytes=%d seconds=%.1f\n", len(ps), st.Size(), time.Since(t0).Seconds())
	return nil
}

func puzzlesProve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "puzzles prove", "[--workers W] FILE", puzzlesUsage)
	workers := fs.Int("workers", runtime.NumCPU(), "puzzles proven at once")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *workers < 1 {
		return usagef("want one puzzle set file (and a positive --workers)")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	ps, err := puzzle.Read(f)
	f.Close()
	if err != nil {
		return err
	}
	t0 := time.Now()
	progress := func(done int) { fmt.Fprintf(e.stderr, "\rproven=%d/%d", done, len(ps)) }
	err = puzzle.ProveAll(ctx, ps, *workers, progress)
	if err != nil {
		fmt.Fprintln(e.stderr)
		return err
	}
	fmt.Fprintln(e.stderr)
	fmt.Fprintf(e.stdout, "proven=%d seconds=%.1f\n", len(ps), time.Since(t0).Seconds())
	return nil
}

// puzzlesBuildKind builds a set of a kind made from self-play.
func puzzlesBuildKind(ctx context.Context, e *env, kind string, seed uint64, count, workers int, out string) error {
	t0 := time.Now()
	ps, err := puzzle.Build(ctx, kind, puzzle.Options{
		Seed: seed, Count: count, Workers: workers,
		Progress: func(found, games, most int) {
			fmt.Fprintf(e.stderr, "\rpuzzles=%d games=%d/%d seconds=%.0f", found, games, most, time.Since(t0).Seconds())
		},
	})
	fmt.Fprintln(e.stderr)
	if err != nil {
		return err
	}
	if err := puzzle.WriteFile(out, ps); err != nil {
		return err
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "puzzles=%d bytes=%d seconds=%.1f\n", len(ps), st.Size(), time.Since(t0).Seconds())
	return nil
}
