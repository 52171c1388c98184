package review

import (
	"context"
	"errors"
	"fmt"
	"time"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
)

// Othello's review: where each value comes from.
//
//   - In a position of the opening book (8x8, OthelloConfig.Book), a move of the book is valued
//     by the book (negamax over its tree), against the book's best move (its leaf included):
//     class book when within BookMargin discs of it. A move outside the book is valued as below.
//   - With ExactEmpties empties or fewer, the solver: the position's exact value and best move,
//     and the exact value of the position the move played leads to (exact=yes).
//   - Above that, the engine's search at the level's depth (level 8 by default: depth 13,
//     selective): the position's value and best move; when another move was played, the
//     position it leads to is searched one ply shallower, so that both values are of the same
//     depth. An estimate may value the played move above the best one: the best value is then
//     raised to the played one, and the loss is 0.
//
// The defaults of ExactEmpties: 20 on 8x8, 26 on 6x6 (the exact 6x6 book's leaf: every position
// with 26 empties or fewer solves in a fraction of a second), all 16 on 4x4.

// OthelloConfig configures an Othello review.
type OthelloConfig struct {
	// Engine does the searches (nil: a new engine with the level's table, one thread).
	Engine *othello.Engine
	// Book, if set, values the moves of 8x8 book positions.
	Book *book.Book
	// BookMargin is the most a book move may lose against the book's best to be classed book
	// (default 2 discs).
	BookMargin int
	// Level gives the search above the solver's reach (default 8): its depth, selectivity and
	// time cap per search.
	Level int
	// ExactEmpties solves positions with this many empties or fewer (0: the size's default;
	// negative: none).
	ExactEmpties int
	// Time bounds the whole review (0: none): each search gets its share of what is left,
	// and a solve that does not end in its share gives the search's estimate (exact=no).
	Time time.Duration
	// Progress, if set, is called after each reviewed move.
	Progress Progress
	// Slot, if set, is taken for each move's searches.
	Slot Slot
}

// DefaultExactEmpties returns the default solver reach on an n x n board.
func DefaultExactEmpties(n int) int {
	switch n {
	case 4:
		return 16
	case 6:
		return 26
	}
	return 20
}

// PlyError is a record the review cannot follow: the ply (from 1) and why.
type PlyError struct {
	Ply int
	Err error
}

func (e *PlyError) Error() string { return fmt.Sprintf("ply %d: %v", e.Ply, e.Err) }
func (e *PlyError) Unwrap() error { return e.Err }

// Othello reviews an Othello record (any size the engine plays: 4, 6, 8).
func Othello(ctx context.Context, rec reversi.Record, cfg OthelloConfig) (*Review, error) {
	if cfg.Level == 0 {
		cfg.Level = 8
	}
	lv, err := othello.LevelOf(cfg.Level)
	if err != nil {
		return nil, err
	}
	// a review values moves, it does not play them: no search is cut short by managed time
	lv.Limits.Managed = false
	size := rec.Start.Size
	if size != 4 && size != 6 && size != 8 {
		return nil, fmt.Errorf("a %dx%d board: the engine plays 4x4, 6x6 and 8x8", size, size)
	}
	exact := cfg.ExactEmpties
	if exact == 0 {
		exact = DefaultExactEmpties(size)
	}
	exact = max(exact, 0)
	if cfg.BookMargin <= 0 {
		cfg.BookMargin = 2
	}
	eng := cfg.Engine
	if eng == nil {
		eng = othello.New(othello.Options{TableBytes: lv.TableBytes})
	}
	// Replay first: a bad record fails before any search.
	boards := make([]reversi.Board, len(rec.Moves)+1)
	b := rec.Start
	boards[0] = b
	total := 0
	for i, sq := range rec.Moves {
		if sq == reversi.Pass {
			if b.Moves() != 0 {
				return nil, &PlyError{Ply: i + 1, Err: fmt.Errorf("a pass while %s has a move", colour(b.Turn))}
			}
			if b.OpponentMoves() == 0 {
				return nil, &PlyError{Ply: i + 1, Err: errors.New("a pass after the game's end")}
			}
			b.Pass()
		} else {
			if sq < 0 || sq > 63 || b.Squares()&(1<<sq) == 0 {
				return nil, &PlyError{Ply: i + 1, Err: fmt.Errorf("square %d is not on the %dx%d board", sq, size, size)}
			}
			if _, err := b.Play(sq); err != nil {
				return nil, &PlyError{Ply: i + 1, Err: fmt.Errorf("%s by %s: %v", reversi.SquareName(sq), colour(b.Turn), err)}
			}
			total++
		}
		boards[i+1] = b
	}
	r := &Review{Game: fmt.Sprintf("othello %dx%d", size, size), Unit: "discs", ExactEmpties: exact, Thresholds: DiscThresholds}
	last := boards[len(boards)-1]
	r.Over = last.Moves() == 0 && last.OpponentMoves() == 0
	start := time.Now()
	done := 0
	for i, sq := range rec.Moves {
		if sq == reversi.Pass {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		before, after := boards[i], boards[i+1]
		_, _, empties := before.Counts()
		var share time.Duration
		if cfg.Time > 0 {
			left := cfg.Time - time.Since(start)
			// two searches at most a move
			share = max(left/time.Duration(2*(total-done)), time.Millisecond)
		}
		release, err := cfg.Slot.take(ctx)
		if err != nil {
			return nil, err
		}
		p, err := othelloPly(ctx, eng, cfg, lv.Limits, exact, share, before, after, sq)
		release()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &PlyError{Ply: i + 1, Err: err}
		}
		p.Ply, p.Empties = i+1, empties
		r.Plies = append(r.Plies, p)
		v := p.Played
		if p.Side == 1 {
			v = 0 - v // never -0
		}
		r.Graph = append(r.Graph, v)
		done++
		if cfg.Progress != nil {
			cfg.Progress(done, total)
		}
	}
	switch {
	case r.Over:
		r.Final = float64(last.FinalMargin())
		if last.Turn == 1 {
			r.Final = 0 - r.Final
		}
	case len(r.Graph) > 0:
		r.Final = r.Graph[len(r.Graph)-1]
	}
	r.Finish(AccuracyScale, 0)
	return r, nil
}

func colour(turn int) string { return [2]string{"Black", "White"}[turn&1] }

// othelloPly reviews the move sq from before (which leads to after).
func othelloPly(ctx context.Context, eng *othello.Engine, cfg OthelloConfig, lim othello.Limits, exact int, share time.Duration,
	before, after reversi.Board, sq int) (Ply, error) {
	p := Ply{Side: before.Turn, Move: reversi.SquareName(sq)}
	if cfg.Book != nil && before.Size == 8 {
		if e, ok := cfg.Book.Lookup(before); ok && len(e.Moves) > 0 && e.Moves[0].Valued {
			for _, m := range e.Moves {
				if m.Square != sq || m.Leaf || !m.Valued {
					continue
				}
				best := e.Moves[0]
				p.Best, p.Source = reversi.SquareName(best.Square), FromBook
				p.Before, p.Played = float64(max(best.Value, m.Value)), float64(m.Value)
				p.Loss = p.Before - p.Played
				p.Class = DiscThresholds.Classify(p.Loss)
				if p.Loss <= float64(cfg.BookMargin) {
					p.Class = Book
				}
				if p.Loss > 0 {
					p.PV = []string{p.Best}
				}
				return p, nil
			}
		}
	}
	lim.WLDEmpties = 0 // a win/loss/draw solve knows only the sign
	lim.ExactEmpties = exact
	lim.Progress = nil
	_, _, n := before.Counts()
	if n <= exact {
		lim.Time = share // the solver's time is the review's bound alone
	} else if share > 0 && (lim.Time == 0 || share < lim.Time) {
		lim.Time = share
	}
	res, err := eng.Search(ctx, othello.PositionOf(before), lim)
	if err != nil {
		return p, err
	}
	p.Best = reversi.SquareName(res.Move)
	p.Before = float64(res.Score)
	p.Exact = res.Exact
	p.Source = FromEngine
	if res.Move == sq {
		p.Played = p.Before
	} else {
		played, ex, err := valueAfter(ctx, eng, lim, after)
		if err != nil {
			return p, err
		}
		p.Played = float64(played)
		p.Exact = p.Exact && ex
		p.Before = max(p.Before, p.Played)
		pv := make([]string, 0, len(res.PV))
		for _, m := range res.PV {
			pv = append(pv, moveName(m))
		}
		p.PV = pv
	}
	if p.Exact {
		p.Source = FromSolver
	}
	p.Loss = p.Before - p.Played
	if p.Loss == 0 {
		p.PV = nil
	}
	p.Class = DiscThresholds.Classify(p.Loss)
	return p, nil
}

// valueAfter is the value of after for the side that just moved (the opponent of after's
// mover, passes and the game's end included), searched one ply shallower than its parent.
func valueAfter(ctx context.Context, eng *othello.Engine, lim othello.Limits, after reversi.Board) (int, bool, error) {
	if after.Moves() == 0 && after.OpponentMoves() == 0 {
		return -after.FinalMargin(), true, nil
	}
	if lim.Depth > 1 {
		lim.Depth--
	}
	r, err := eng.Search(ctx, othello.PositionOf(after), lim)
	if err != nil {
		return 0, false, err
	}
	return -r.Score, r.Exact, nil
}

func moveName(m int) string {
	if m == reversi.Pass {
		return "pa"
	}
	return reversi.SquareName(m)
}
