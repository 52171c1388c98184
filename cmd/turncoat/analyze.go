package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
)

func init() {
	register(command{name: "analyze", summary: "evaluate every move of an Othello position with the engine", run: runAnalyze})
}

func runAnalyze(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "analyze", "[--depth D | --time T] [--size N] [--threads N] MOVES|GGF|FILE", `
Evaluates every legal move of the position at the end of a game with the Othello engine and
prints one line per move, best first,

    move=d3 score=+2 pv=d3c3c4...

then the best move's line again as a summary with the search's depth, nodes and time. The game
is a move list from the start ("f5d6c3d3c4"; passes may be left out), a GGF game ("(;GM[Othello]
...;)"), or a file holding either. Scores are final disc differences for the side to move: the
engine's estimate at the given depth, or exact (marked) when the search reached the end. With
neither --depth nor --time the search goes to depth 12 and solves 20 empties or fewer exactly.

An 8x8 position in the opening book (the shipped book, with the user's learned games over it,
see "turncoat book") first gets the book's lines: the position's games and value, then each
book move's value and games, best first, and the best move outside the book:

    book games=45083 value=+1               (after f5d6c3d3c4f4)
    book move=f6 value=+1 games=21211
    ...
    book move=e2 value=-14 leaf`)
	depth := fs.Int("depth", 0, "midgame search depth in plies")
	limit := fs.Duration("time", 0, "time for the whole analysis (e.g. 5s)")
	exact := fs.Int("exact", 20, fmt.Sprintf("solve exactly with this many empties or fewer (at most %d)", maxExactEmpties))
	size := fs.Int("size", 8, "board size of a move list (4, 6 or 8)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 128, "transposition table size in MB")
	user, file := bookFlags(fs)
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a move list, a GGF game or a file")
	}
	if *depth < 0 || *depth > 60 {
		return usagef("--depth %d: want 0 to 60 plies", *depth)
	}
	if *limit < 0 {
		return usagef("--time %v: want a positive duration like 5s", *limit)
	}
	if *exact < 0 || *exact > maxExactEmpties {
		return usagef("--exact %d: want 0 to %d empties (an exact solve of more is out of reach)", *exact, maxExactEmpties)
	}
	if *size != 4 && *size != 6 && *size != 8 {
		return usagef("--size %d: want 4, 6 or 8", *size)
	}
	opts, err := engineOptions(*threads, *hash)
	if err != nil {
		return err
	}
	text := strings.Join(pos, " ")
	var readErr error // why the one argument could not be read as a file
	if len(pos) == 1 {
		var data []byte
		if data, readErr = os.ReadFile(pos[0]); readErr == nil {
			text = string(data)
		}
	}
	text = strings.TrimSpace(text)
	var rec reversi.Record
	if strings.HasPrefix(text, "(;") {
		rec, err = reversi.ParseGGF(text)
	} else {
		rec, err = reversi.ParseMoveList(text, reversi.Start(*size))
	}
	if err != nil {
		if readErr != nil && strings.ContainsAny(pos[0], "./\\") {
			// more likely a file name than a move list: say both
			return usagef("%q is neither a file (%v) nor a move list (%v)", pos[0], readErr, err)
		}
		return usageError{err.Error()}
	}
	b, err := rec.Replay()
	if err != nil {
		return usageError{err.Error()}
	}
	lim := othello.Limits{Depth: *depth, Time: *limit, ExactEmpties: *exact}
	if *depth == 0 && *limit == 0 {
		lim.Depth = 12
	}
	eng := othello.New(opts)
	_, _, empties := b.Counts()
	fmt.Fprintf(e.stdout, "position=%s to-move=%s empties=%d plies=%d\n", b.Text(), [2]string{"black", "white"}[b.Turn], empties, len(rec.Moves))
	if b.Size == 8 {
		bs, err := openBooks(*file, *user)
		if err != nil && *file == "" {
			fmt.Fprintf(e.stderr, "turncoat analyze: %v: the shipped book alone is used\n", err)
			bs, err = openBooks("", "none")
		}
		if err != nil {
			return err
		}
		if _, in := bs.combined.Lookup(b); in {
			writeBookEntry(e.stdout, bs.combined, b, "book ", false)
		}
	}
	t0 := time.Now()
	values, res, err := eng.Analyze(ctx, othello.PositionOf(b), lim)
	if err != nil {
		return err
	}
	for _, v := range values {
		mark := ""
		if v.Exact {
			mark = " exact"
		}
		fmt.Fprintf(e.stdout, "move=%s score=%+d%s pv=%s\n", reversi.SquareName(v.Move), v.Score, mark, othello.FormatMoves(v.PV))
	}
	kind := fmt.Sprintf("depth=%d", res.Depth)
	if res.Exact {
		kind = fmt.Sprintf("exact empties=%d", res.Depth)
	}
	fmt.Fprintf(e.stdout, "best=%s score=%+d %s nodes=%d seconds=%.3f pv=%s\n", reversi.SquareName(res.Move), res.Score, kind,
		res.Nodes, time.Since(t0).Seconds(), othello.FormatMoves(res.PV))
	// Stopped by a signal, the analysis shows what it had, but is not what was asked for: say
	// so, and exit accordingly.
	return ctx.Err()
}
