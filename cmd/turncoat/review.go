package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/engine/othello"
	"turncoat/engine/review"
	"turncoat/game"
	"turncoat/games"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "review", summary: "review a finished game move by move (any game): each move's loss against the best", run: runReview})
}

func runReview(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "review", "[--game G] [--options k=v,...] [--level L] [--exact N] [--time T] [--size N] [--index I] RECORD|MOVES", `
Reviews a game move by move and prints one line per move. An Othello game (the default),

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
gives the search's estimate (exact=no). Progress goes to stderr.

The other games (--game turnover, blocs, troll, turncoat) are reviewed by their engines, the
lines alike (no empties; the totals named by the game's sides), the loss in the game's unit:

    turnover  pawns, by the alpha-beta engine's search (depth: the level less one), estimates
    blocs     percentage points of the result (a win 100, a draw 50), exact by Grundy values
    troll     percentage points of win rate, estimated by Monte Carlo tree search
    turncoat  percentage points of the expected result: two lines a round, side=red and
              side=yellow, each selection against the other side's optimal play in the round's
              matrix game; exact from the solver on small boards (source=solver), else SM-MCTS
              estimates (source=mcts; the level sets the iterations, 10,000 at level 6)

(win rates and results classed best ≤ 0.5 points, good ≤ 5, inaccuracy ≤ 10, mistake ≤ 20,
blunder above; pawns best ≤ 0.2, good ≤ 0.6, inaccuracy ≤ 1.5, mistake ≤ 3). Their RECORD is a
file in one of the game's record formats ("-" reads standard input), or MOVES the moves in the
game's notation separated by spaces from the start --options give (a Turncoat round is both
selections, Red's first: "c3 f6 d4 d4"; a Turncoat game needs its seed= or setup=).`)
	gameName := fs.String("game", "reversi", "the game (reversi, turnover, blocs, troll, turncoat)")
	options := fs.String("options", "", "game options of a move list, as name=value,... (turncoat: seed=N or setup=...)")
	level := fs.Int("level", 0, "the search's strength, 1-10 (default 8 for Othello, above the solver's reach; 6 for the others)")
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
	if *level != 0 && (*level < 1 || *level > 10) {
		return usagef("--level %d: want 1 to 10", *level)
	}
	if *limit < 0 {
		return usagef("--time %v: want a positive duration like 20s", *limit)
	}
	if g, err := games.Registry().Lookup(*gameName); err != nil {
		return usageError{err.Error()}
	} else if g.Name() != "reversi" {
		if *level == 0 {
			*level = 6
		}
		return reviewOther(ctx, e, g, *options, pos, *index, *level, *limit)
	}
	if *level == 0 {
		*level = 8
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
	cfg.Progress = reviewProgress(e, status)
	r, err := review.Othello(ctx, rec, cfg)
	if err := reviewDone(status, err); err != nil {
		return err
	}
	writeReview(e.stdout, r, [2]string{"black", "white"})
	return nil
}

// reviewProgress reports a review's progress on stderr: a status line on a terminal, else a
// line every 10 moves.
func reviewProgress(e *env, status io.Writer) review.Progress {
	t0 := time.Now()
	return func(done, total int) {
		switch {
		case status != nil:
			fmt.Fprintf(status, "\r\x1b[Kreview: move %d of %d, %s", done, total, time.Since(t0).Round(time.Second))
		case done%10 == 0 || done == total:
			fmt.Fprintf(e.stderr, "review: %d of %d moves, %s\n", done, total, time.Since(t0).Round(100*time.Millisecond))
		}
	}
}

// turncoatIterations are the SM-MCTS budgets of a Turncoat round's review by level.
var turncoatIterations = [11]int64{1: 100, 2: 300, 3: 1000, 4: 3000, 5: 5000, 6: 10_000, 7: 30_000, 8: 100_000, 9: 300_000, 10: 1_000_000}

// reviewOther reviews a game other than Othello: its record file, or its moves from the start.
func reviewOther(ctx context.Context, e *env, g game.Game, options string, pos []string, index, level int, limit time.Duration) error {
	if len(pos) == 0 {
		return usagef("want a record file or a move list")
	}
	start, moves, err := otherRecord(e, g, options, pos, index)
	if err != nil {
		return err
	}
	status := e.statusWriter()
	progress := reviewProgress(e, status)
	var r *review.Review
	switch g.Name() {
	case "turncoat":
		r, err = review.Turncoat(ctx, start, moves, review.TurncoatConfig{Iterations: turncoatIterations[level], Seed: 1, Time: limit, Progress: progress})
	case "turnover":
		r, err = review.Turnover(ctx, start, moves, review.TurnoverConfig{Depth: max(level-1, 1), Time: limit, Progress: progress})
	default:
		var agent engine.Agent
		if agent, err = ai.ForLevel(g, engine.Level(level), 1); err != nil {
			return err
		}
		defer engine.Close(agent)
		an, ok := agent.(engine.Analyzer)
		if !ok {
			return usagef("%s: its engine does not value moves, so it has no review", g.Title())
		}
		cfg := review.GenericConfig{Analyzer: an, Game: g.Name(), Progress: progress}
		switch g.Name() {
		case "blocs":
			cfg.ExactSource = review.FromGrundy
		case "troll":
			cfg.Source = review.FromMCTS
		}
		rctx := ctx
		if limit > 0 {
			var cancel context.CancelFunc
			rctx, cancel = context.WithTimeout(ctx, limit)
			defer cancel()
		}
		r, err = review.Generic(rctx, start, moves, cfg)
	}
	if err := reviewDone(status, err); err != nil {
		return err
	}
	var sides [2]string
	for i, n := range g.SideNames(start.Options()) {
		sides[i] = strings.ToLower(strings.ReplaceAll(n, " ", "-"))
	}
	writeReview(e.stdout, r, sides)
	return nil
}

// otherRecord reads a game other than Othello: game index of a record file (one argument
// naming a file, or "-" for standard input), else moves in the game's notation from the start
// options give (at a simultaneous node the next two are both sides' actions).
func otherRecord(e *env, g game.Game, options string, pos []string, index int) (game.State, []game.Move, error) {
	var rec game.Record
	if _, statErr := os.Stat(pos[0]); len(pos) == 1 && (pos[0] == "-" || statErr == nil) {
		o, err := game.ParseOptionString(g.OptionSpecs(), options)
		if err != nil {
			return nil, nil, usageError{err.Error()}
		}
		var r io.Reader = e.stdin
		format := ""
		if pos[0] != "-" {
			f, err := os.Open(pos[0])
			if err != nil {
				return nil, nil, err
			}
			defer f.Close()
			r, format = f, formatByExt(g, pos[0])
		}
		recs, err := game.ReadRecords(g, format, r, o)
		if err != nil {
			return nil, nil, usagef("%s: %v", pos[0], err)
		}
		if index < 1 || index > len(recs) {
			return nil, nil, usagef("--index %d: %s holds %d games", index, pos[0], len(recs))
		}
		rec = recs[index-1]
	} else {
		s, err := startState(g.Name(), options, nil, "")
		if err != nil {
			return nil, nil, err
		}
		rec.Start = s
		fields := strings.Fields(strings.Join(pos, " "))
		cur := s.Clone()
		for i := 0; i < len(fields); i++ {
			text := fields[i]
			if cur.ToAct().Simultaneous() && i+1 < len(fields) {
				i++
				text += " " + fields[i]
			}
			rec.Moves = append(rec.Moves, text)
			if m, err := game.ParseMove(cur, text); err == nil {
				_ = game.PlayMove(cur, m) // errors are said below, with the move's number
			}
		}
	}
	cur := rec.Start.Clone()
	moves := make([]game.Move, 0, len(rec.Moves))
	for i, text := range rec.Moves {
		m, err := game.ParseMove(cur, text)
		if err == nil {
			err = game.PlayMove(cur, m)
		}
		if err != nil {
			return nil, nil, usagef("move %d (%s): %v", i+1, text, err)
		}
		moves = append(moves, m)
	}
	if len(moves) == 0 {
		return nil, nil, usagef("the game has no moves to review")
	}
	return rec.Start, moves, nil
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

// writeReview prints the review's lines: one per move, the sides' totals (named sides), the
// turning point. Othello's lines give the empties; Turncoat's, two a round, the side.
func writeReview(w io.Writer, r *review.Review, sides [2]string) {
	othello := strings.HasPrefix(r.Game, "othello")
	rounds := r.Game == "turncoat"
	if othello {
		fmt.Fprintf(w, "review game=%q moves=%d exact-empties=%d over=%s result=%+g\n", r.Game, len(r.Plies), r.ExactEmpties, yesNo(r.Over), r.Final)
	} else {
		fmt.Fprintf(w, "review game=%q moves=%d unit=%s over=%s result=%s\n", r.Game, len(r.Plies), r.Unit, yesNo(r.Over), signed(r.Final))
	}
	for i, p := range r.Plies {
		fmt.Fprintf(w, "ply=%d move=%s loss=%s class=%s exact=%s", p.Ply, p.Move, amount(p.Loss), p.Class, yesNo(p.Exact))
		if rounds {
			fmt.Fprintf(w, " side=%s", sides[p.Side])
		}
		fmt.Fprintf(w, " source=%s best=%s before=%s played=%s eval=%s", p.Source, p.Best, signed(p.Before), signed(p.Played), signed(r.Graph[i]))
		if othello {
			fmt.Fprintf(w, " empties=%d", p.Empties)
		}
		if len(p.PV) > 0 {
			fmt.Fprintf(w, " pv=%s", strings.Join(p.PV, ""))
		}
		fmt.Fprintln(w)
	}
	for s, name := range sides {
		sd := r.Sides[s]
		fmt.Fprintf(w, "%s moves=%d loss=%s average=%.2f accuracy=%.1f", name, sd.Moves, amount(sd.Loss), sd.Average, sd.Accuracy)
		for _, c := range review.Classes {
			fmt.Fprintf(w, " %s=%d", c, sd.Counts[c])
		}
		fmt.Fprintln(w)
	}
	if r.TurningPoint == 0 {
		fmt.Fprintln(w, "turning-point none")
		return
	}
	best := -1
	for i, p := range r.Plies {
		if p.Ply == r.TurningPoint && (best < 0 || p.Loss > r.Plies[best].Loss) {
			best = i // a Turncoat round's worse selection
		}
	}
	p := r.Plies[best]
	fmt.Fprintf(w, "turning-point ply=%d move=%s side=%s loss=%s before=%s played=%s best=%s\n",
		p.Ply, p.Move, sides[p.Side], amount(p.Loss), signed(p.Before), signed(p.Played), p.Best)
}

// amount writes a loss or total: whole numbers as they are (discs), others to 2 decimals.
func amount(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100+0, 'f', -1, 64) // +0: no "-0"
}

// signed is amount with its sign.
func signed(v float64) string {
	if v >= 0 {
		return "+" + amount(v)
	}
	return amount(v)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// reviewDone clears the progress line and words a review's error: a move the record cannot
// have played is the user's record's fault, said as a usage error.
func reviewDone(status io.Writer, err error) error {
	if status != nil {
		fmt.Fprint(status, "\r\x1b[K")
	}
	var oe *review.PlyError
	if errors.As(err, &oe) {
		return usageError{fmt.Sprintf("the record cannot be reviewed at %v", err)}
	}
	return err
}
