package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/review"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "review", summary: "review a finished Othello game move by move: each move's loss against the best", run: runReview})
}

func runReview(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "review", "[--level L] [--exact N] [--time T] [--size N] [--index I] RECORD|MOVES", `
Reviews an Othello game move by move and prints one line per move,

    ply=12 move=b2 loss=6 class=mistake exact=no source=engine best=c5 before=+2 played=-4 eval=-4 empties=48 pv=c5d6...

the loss in discs for the side that moved (the value of the best move minus the value of the
move played, never negative), its class (book, best, good ≤ 2 discs, inaccuracy ≤ 4,
mistake ≤ 8, blunder > 8), whether both values are exact, where they come from (book: the
opening book's negamax values; solver: an exact solve; engine: a search's estimate), the best
move, both values for the mover, the evaluation after the move from Black's view, the empties
before it and, when the move lost, the better line. Then each side's totals,

    black moves=30 loss=14 average=0.47 accuracy=89.0 book=6 best=17 good=4 inaccuracy=2 mistake=1 blunder=0

(accuracy = 100·exp(−average/4), 100 for a side that lost nothing) and the game's turning point:
the move that lost most of those that changed the expected result for the side that made it
(else the largest loss of the side that lost).

The game is a record file (GGF, WTHOR, move lists: --index picks a game of a file holding
several), a GGF game, or a move list from the start ("f5d6c3d3c4"; passes may be left out).
Positions with --exact empties or fewer are solved (default 20 on 8x8, 26 on 6x6, all on 4x4);
the others are searched at the level's depth (level 8: depth 13); 8x8 book positions are valued
by the opening book. --time bounds the whole review: a solve that does not end in its share
gives the search's estimate (exact=no). Progress goes to stderr.`)
	level := fs.Int("level", 8, "the search's strength above the solver's reach (1-10)")
	exact := fs.Int("exact", -1, fmt.Sprintf("solve with this many empties or fewer (default by size; at most %d; 0 none)", maxExactEmpties))
	limit := fs.Duration("time", 0, "time for the whole review (e.g. 20s; 0 none)")
	size := fs.Int("size", 8, "board size of a move list (4, 6 or 8)")
	index := fs.Int("index", 1, "the game of a file holding several (from 1)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	user, file := bookFlags(fs)
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a record file, a GGF game or a move list")
	}
	if *level < 1 || *level > 10 {
		return usagef("--level %d: want 1 to 10", *level)
	}
	if *exact > maxExactEmpties {
		return usagef("--exact %d: want 0 to %d empties (an exact solve of more is out of reach)", *exact, maxExactEmpties)
	}
	if *limit < 0 {
		return usagef("--time %v: want a positive duration like 20s", *limit)
	}
	if *size != 4 && *size != 6 && *size != 8 {
		return usagef("--size %d: want 4, 6 or 8", *size)
	}
	rec, err := reviewRecord(pos, *size, *index)
	if err != nil {
		return err
	}
	opts, err := engineOptions(*threads, *hash)
	if err != nil {
		return err
	}
	cfg := review.OthelloConfig{Level: *level, Time: *limit, ExactEmpties: *exact}
	switch {
	case *exact == 0:
		cfg.ExactEmpties = -1 // none
	case *exact < 0:
		cfg.ExactEmpties = 0 // the size's default
	}
	cfg.Engine = othello.New(opts)
	if rec.Start.Size == 8 {
		bs, err := openBooks(*file, *user)
		if err != nil && *file == "" {
			fmt.Fprintf(e.stderr, "turncoat review: %v: the shipped book alone is used\n", err)
			bs, err = openBooks("", "none")
		}
		if err != nil {
			return err
		}
		cfg.Book = bs.combined
	}
	status := e.statusWriter()
	t0 := time.Now()
	cfg.Progress = func(done, total int) {
		switch {
		case status != nil:
			fmt.Fprintf(status, "\r\x1b[Kreview: move %d of %d, %s", done, total, time.Since(t0).Round(time.Second))
		case done%10 == 0 || done == total:
			fmt.Fprintf(e.stderr, "review: %d of %d moves, %s\n", done, total, time.Since(t0).Round(100*time.Millisecond))
		}
	}
	r, err := review.Othello(ctx, rec, cfg)
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	if err != nil {
		var oe *review.PlyError
		if errors.As(err, &oe) {
			return usageError{fmt.Sprintf("the record cannot be reviewed at %v", err)}
		}
		return err
	}
	writeReview(e.stdout, r)
	return nil
}

// reviewRecord reads the game: one argument naming a file (any record format), else a GGF game
// or a move list.
func reviewRecord(pos []string, size, index int) (reversi.Record, error) {
	if len(pos) == 1 {
		if _, statErr := os.Stat(pos[0]); statErr == nil {
			l, err := files.Load(pos[0])
			if err != nil {
				return reversi.Record{}, usageError{err.Error()}
			}
			if l.Format == files.Moves && size != 8 {
				// a move list of a smaller board: the file's text, as an argument would be
				data, err := os.ReadFile(pos[0])
				if err != nil {
					return reversi.Record{}, err
				}
				return reviewText([]string{string(data)}, size)
			}
			if l.Format == files.OBF {
				return reversi.Record{}, usagef("%s holds positions (OBF), not games", pos[0])
			}
			for i, n := range l.Numbers {
				if n == index {
					return l.Records[i], nil
				}
			}
			// the game is bad, or not there: say which
			for _, bad := range l.Bad {
				var re *reversi.RecordError
				if errors.As(bad, &re) && (re.Game == index || re.Game == 0 && l.Games() <= 1) {
					return reversi.Record{}, usagef("game %d of %s cannot be replayed: %v", index, pos[0], bad)
				}
			}
			if len(l.Bad) > 0 && l.Games() == 0 {
				return reversi.Record{}, usagef("%s: %v", pos[0], l.Bad[0])
			}
			return reversi.Record{}, usagef("%s has no game %d (%s, %d games)", pos[0], index, l.Format, l.Games())
		}
	}
	return reviewText(pos, size)
}

// reviewText reads a GGF game or a move list.
func reviewText(pos []string, size int) (reversi.Record, error) {
	text := strings.TrimSpace(strings.Join(pos, " "))
	var (
		rec reversi.Record
		err error
	)
	if strings.HasPrefix(text, "(;") {
		rec, err = reversi.ParseGGF(text)
	} else {
		rec, err = reversi.ParseMoveList(text, reversi.Start(size))
	}
	if err != nil {
		if len(pos) == 1 && strings.ContainsAny(pos[0], "./\\") {
			return rec, usagef("%q is neither a file nor a move list (%v)", pos[0], err)
		}
		return rec, usageError{err.Error()}
	}
	if _, err := rec.Replay(); err != nil {
		return rec, usageError{err.Error()}
	}
	return rec, nil
}

// writeReview prints the review's lines: one per move, the sides' totals, the turning point.
func writeReview(w io.Writer, r *review.Review) {
	fmt.Fprintf(w, "review game=%q moves=%d exact-empties=%d over=%s result=%+g\n", r.Game, len(r.Plies), r.ExactEmpties, yesNo(r.Over), r.Final)
	for i, p := range r.Plies {
		fmt.Fprintf(w, "ply=%d move=%s loss=%g class=%s exact=%s source=%s best=%s before=%+g played=%+g eval=%+g empties=%d",
			p.Ply, p.Move, p.Loss, p.Class, yesNo(p.Exact), p.Source, p.Best, p.Before, p.Played, r.Graph[i], p.Empties)
		if len(p.PV) > 0 {
			fmt.Fprintf(w, " pv=%s", strings.Join(p.PV, ""))
		}
		fmt.Fprintln(w)
	}
	for s, name := range [2]string{"black", "white"} {
		sd := r.Sides[s]
		fmt.Fprintf(w, "%s moves=%d loss=%g average=%.2f accuracy=%.1f", name, sd.Moves, sd.Loss, sd.Average, sd.Accuracy)
		for _, c := range review.Classes {
			fmt.Fprintf(w, " %s=%d", c, sd.Counts[c])
		}
		fmt.Fprintln(w)
	}
	if r.TurningPoint == 0 {
		fmt.Fprintln(w, "turning-point none")
		return
	}
	for _, p := range r.Plies {
		if p.Ply == r.TurningPoint {
			fmt.Fprintf(w, "turning-point ply=%d move=%s side=%s loss=%g before=%+g played=%+g best=%s\n",
				p.Ply, p.Move, [2]string{"black", "white"}[p.Side], p.Loss, p.Before, p.Played, p.Best)
		}
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
