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
	fs := newFlags(e, "solve", "[--threads N] [--wld] [--hash MB] [--line] FILE.obf|-... | [--size N] [--options k=v,...] start | --position P", `
Solves Othello positions exactly with the engine's endgame solver: every position of OBF files
("-" reads standard input; 64 squares, or 36 or 16 for a 6x6 or 4x4 board), with "start" the
start position under the game's options (--size, --options: e.g. --size 6 --options
start=parallel), or the one position --position gives. Prints one line per position,

    id=I best=MOVE score=+S nodes=N seconds=T line=MOVES

then a total line

    positions=P correct=C nodes=N seconds=T nps=R

where score is the final disc difference for the side to move with perfect play (empties to the
winner) and correct counts the positions whose score matches the one the file gives (files
without scores count none). line is a perfect-play line to the end of the game ("e4c5b4...",
a pass is "pa"), each of its moves proven to keep the score: given for "start" and --position,
for files with --line. With --wld the solver only tells win (+1), draw (+0) or loss (-1), which
is faster; correct then compares signs, and there is no line.

On a terminal, a status line follows each solve: the midgame iterations that order its moves
(depth=D), then the selective searches to the end that come before the exact one
(selective=73% to 99%: the chance that each of their cuts is right), with the best move and
value of each, and the seconds so far.

--position takes the board's squares row by row from a1 (rows may be separated by '/' or
spaces; X black, O white, - or . empty), a space and the side to move (X or O), e.g.
"------/------/--OX--/--XO--/------/------ X"; the number of squares gives the size. An OBF line
("...; MOVE:score; ...") is accepted too (its score is judged), and so is the game's encoding
("size=6,... ROWS X"). --options (game options as name=value,...: size, start, first, nomove)
apply to "start" and --position; nomove=end plays the rule that ends the game when the side to
move has no move (the solver then searches without its endgame code: slow beyond 4x4).

On one thread both 6x6 starts are solved in under a minute (both are losses for Black: the
diagonal one by 4, the parallel one by 2); the solver takes positions with up to 36 empties.
The tables are cleared between positions, so each is solved on its own. A larger --hash saves
nodes on the hardest positions, whose table fills: FFO #40-#59 take 16.3 G nodes on one thread
at the default 256 MB, #55 alone 7.9 G of them. Positions of 30 to 34 empties take from 3 G
nodes (FFO #69) to 158 G (#77): up to an hour and a half on two threads with --hash 8192.`)
	threads := fs.Int("threads", 1, "search threads")
	wld := fs.Bool("wld", false, "solve for win, draw or loss only")
	hash := fs.Int("hash", 256, "transposition table size in MB")
	size := fs.String("size", "", "board size of \"start\" and --position (4, 6 or 8; default 8 for \"start\")")
	options := fs.String("options", "", "game options of \"start\" and --position, as name=value,... (size, start, first, nomove)")
	position := fs.String("position", "", "solve this position: squares from a1 and the side to move, an OBF line, or the game's encoding")
	withLine := fs.Bool("line", false, "print a perfect-play line for every position (always for \"start\" and --position)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 && *position == "" {
		return usagef("want OBF files, \"-\" for standard input, \"start\", or --position")
	}
	opts, err := engineOptions(*threads, *hash)
	if err != nil {
		return err
	}
	rules, given, err := solveRules(*options, *size)
	if err != nil {
		return err
	}
	var problems []reversi.Problem
	// lines[i] tells whether problems[i] is printed with its perfect-play line
	var lines []bool
	add := func(ps []reversi.Problem, line bool) {
		problems = append(problems, ps...)
		for range ps {
			lines = append(lines, line || *withLine)
		}
	}
	if *position != "" {
		if len(pos) > 0 {
			return usagef("--position solves one position: no files or \"start\" with it (got %q)", pos[0])
		}
		if given["start"] || given["first"] {
			return usagef("--options start= and first= describe \"start\": --position gives its own position and side to move")
		}
		pr, err := parsePositionArg(*position, rules, given["size"])
		if err != nil {
			return err
		}
		add([]reversi.Problem{pr}, true)
	}
	for _, p := range pos {
		if p != "start" && (given["size"] || given["start"] || given["first"]) {
			return usagef("--size and --options size=, start= and first= describe \"start\": the positions of %s give their own", p)
		}
		switch p {
		case "start":
			pr, err := startProblem(rules)
			if err != nil {
				return err
			}
			add([]reversi.Problem{pr}, true)
		case "-":
			ps, err := reversi.ReadOBF(e.stdin, "stdin")
			if err != nil {
				return err
			}
			add(ps, false)
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
			add(ps, false)
		}
	}
	if err := checkExactReach(problems); err != nil {
		return err
	}
	eng := othello.New(opts)
	noMoveEnds := rules.NoMove == reversi.NoMoveEnd
	lim := othello.Limits{ExactEmpties: 64, NoMoveEnds: noMoveEnds}
	if *wld {
		lim = othello.Limits{WLDEmpties: 64, NoMoveEnds: noMoveEnds}
	}
	var nodes uint64
	var seconds float64
	correct := 0
	status := e.statusWriter()
	for i, pr := range problems {
		eng.Clear()
		t0 := time.Now()
		lim := lim
		var st *solveStatus
		if status != nil {
			// the searches so far, on one line the result then replaces
			st = startSolveStatus(status, pr.ID, time.Second)
			lim.Progress = st.report
		}
		res, err := eng.Search(ctx, othello.PositionOf(pr.Board), lim)
		secs := time.Since(t0).Seconds()
		if st != nil {
			st.close()
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
		line := ""
		if lines[i] && !*wld {
			l, err := perfectLine(ctx, eng, pr.Board, res.Score, noMoveEnds)
			if err != nil {
				return fmt.Errorf("position %s: %w", pr.ID, err)
			}
			line = " line=" + l
		}
		fmt.Fprintf(e.stdout, "id=%s best=%s score=%+d nodes=%d seconds=%.3f%s\n", pr.ID, best, score, res.Nodes, secs, line)
	}
	fmt.Fprintf(e.stdout, "positions=%d correct=%d nodes=%d seconds=%.3f nps=%.0f\n", len(problems), correct, nodes, seconds,
		float64(nodes)/max(seconds, 1e-9))
	return nil
}
