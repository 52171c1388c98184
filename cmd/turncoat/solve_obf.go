package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

func init() {
	solvers["obf"] = runSolveOBF
}

// runSolveOBF solves Othello positions exactly: those of OBF files (or stdin), or the start
// position of a board size.
func runSolveOBF(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve", "[--threads N] [--wld] [--hash MB] FILE.obf|-... | --size 6 start", `
Solves Othello positions exactly with the engine's endgame solver: every position of OBF files
("-" reads standard input), or with "start" the start position of the board --size gives. Prints
one line per position,

    id=I best=MOVE score=+S nodes=N seconds=T

then a total line

    positions=P correct=C nodes=N seconds=T nps=R

where score is the final disc difference for the side to move with perfect play (empties to the
winner) and correct counts the positions whose score matches the one the file gives (files
without scores count none). With --wld the solver only tells win (+1), draw (+0) or loss (-1),
which is faster; correct then compares signs.

The tables are cleared between positions, so each is solved on its own.`)
	threads := fs.Int("threads", 1, "search threads")
	wld := fs.Bool("wld", false, "solve for win, draw or loss only")
	hash := fs.Int("hash", 256, "transposition table size in MB")
	size := fs.Int("size", 8, "board size of \"start\" (4, 6 or 8)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want OBF files, \"-\" for standard input, or \"start\"")
	}
	opts, err := engineOptions(*threads, *hash)
	if err != nil {
		return err
	}
	var problems []reversi.Problem
	for _, p := range pos {
		switch p {
		case "start":
			if *size != 4 && *size != 6 && *size != 8 {
				return usagef("--size %d: want 4, 6 or 8", *size)
			}
			problems = append(problems, reversi.Problem{ID: "start", Board: reversi.Start(*size)})
		case "-":
			ps, err := reversi.ReadOBF(e.stdin, "stdin")
			if err != nil {
				return err
			}
			problems = append(problems, ps...)
		default:
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			ps, err := reversi.ReadOBF(f, p)
			f.Close()
			if err != nil {
				return err
			}
			problems = append(problems, ps...)
		}
	}
	if err := checkExactReach(problems); err != nil {
		return err
	}
	eng := othello.New(opts)
	lim := othello.Limits{ExactEmpties: 64}
	if *wld {
		lim = othello.Limits{WLDEmpties: 64}
	}
	var nodes uint64
	var seconds float64
	correct := 0
	status := e.statusWriter()
	for _, pr := range problems {
		eng.Clear()
		t0 := time.Now()
		lim := lim
		if status != nil {
			// the iterations so far, on one line the result then replaces
			lim.Progress = func(r othello.Result) {
				fmt.Fprintf(status, "\r\x1b[Kid=%s %s depth=%d nodes=%d seconds=%.1f", pr.ID, reversi.SquareName(r.Move), r.Depth, r.Nodes, r.Elapsed.Seconds())
			}
		}
		res, err := eng.Search(ctx, othello.PositionOf(pr.Board), lim)
		secs := time.Since(t0).Seconds()
		if status != nil {
			fmt.Fprint(status, "\r\x1b[K")
		}
		gameOver := errors.Is(err, othello.ErrGameOver)
		if gameOver {
			res = othello.Result{Move: reversi.Pass, Score: pr.Board.FinalMargin(), Exact: true}
		} else if err != nil {
			return fmt.Errorf("position %s (line %d): %w", pr.ID, pr.Line, err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		score := res.Score
		if *wld {
			score = cmp.Compare(score, 0)
		}
		if pr.Judge(reversi.Answer{Move: res.Move, Score: res.Score, WLD: *wld}).ScoreRight {
			correct++
		}
		nodes += res.Nodes
		seconds += secs
		best := reversi.SquareName(res.Move)
		if gameOver {
			best = "none"
		}
		fmt.Fprintf(e.stdout, "id=%s best=%s score=%+d nodes=%d seconds=%.3f\n", pr.ID, best, score, res.Nodes, secs)
	}
	fmt.Fprintf(e.stdout, "positions=%d correct=%d nodes=%d seconds=%.3f nps=%.0f\n", len(problems), correct, nodes, seconds,
		float64(nodes)/max(seconds, 1e-9))
	return nil
}
