package nboard

import (
	"context"

	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
)

// FromEngine returns the Turncoat engine as the protocol's Engine. At "set depth D" it searches
// D plies in the midgame, solves exactly with D+6 empties or fewer and for the win with D+8 or
// fewer. Contempt is accepted and has no effect: the engine's values are whole discs, and a
// contempt under a disc changes no choice between them.
func FromEngine(e *othello.Engine) Engine { return turncoat{eng: e} }

type turncoat struct {
	eng *othello.Engine
	// fixed, when set, are the limits of every search, whatever depth the client sets.
	fixed *othello.Limits
}

// Name returns "Turncoat".
func (turncoat) Name() string { return "Turncoat" }

// NewGame clears the engine's table.
func (t turncoat) NewGame() { t.eng.Clear() }

// Limits returns the engine's limits at NBoard depth d.
func Limits(d int) othello.Limits {
	return othello.Limits{Depth: d, ExactEmpties: d + 6, WLDEmpties: d + 8}
}

// Search runs the engine at the limits of depth: a search for a "go", an analysis of every
// move for a "hint".
func (t turncoat) Search(ctx context.Context, b reversi.Board, depth, n int, _ float64) ([]Line, Stats, error) {
	lim := Limits(depth)
	if t.fixed != nil {
		lim = *t.fixed
	}
	pos := othello.PositionOf(b)
	if n <= 1 {
		res, err := t.eng.Search(ctx, pos, lim)
		if err != nil {
			return nil, Stats{}, err
		}
		return []Line{{PV: res.PV, Eval: float64(res.Score), Depth: res.Depth, Solved: solved(res.Exact, res.WLD)}},
			Stats{Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}, nil
	}
	values, res, err := t.eng.Analyze(ctx, pos, lim)
	if err != nil {
		return nil, Stats{}, err
	}
	out := make([]Line, 0, n)
	for _, v := range values[:min(n, len(values))] {
		// a win/draw/loss solve covers every move: each value's sign is its result
		out = append(out, Line{PV: v.PV, Eval: float64(v.Score), Depth: res.Depth, Solved: solved(v.Exact, res.WLD)})
	}
	return out, Stats{Nodes: res.Nodes, Seconds: res.Elapsed.Seconds()}, nil
}

// solved says how far a search result was solved. A win/draw/loss solve comes first: the
// engine also marks its values exact, having searched to the end, though with a null window
// around the draw only their signs are.
func solved(exact, wld bool) Solved {
	switch {
	case wld:
		return SolvedWLD
	case exact:
		return SolvedExact
	}
	return NotSolved
}

// BookConfig gives the Turncoat engine its opening book.
type BookConfig struct {
	// Book is the opening book the engine answers from in its positions (the shipped book,
	// with the user's over it), and learns into.
	Book *book.Book
	// Learned, if set, is called with the part each learned game added (book.Book.Learn),
	// to keep it (the user's book, saved); its error is the learn's.
	Learned func(part *book.Book) error
	// Evaluator values the leaves of what is learned (default: a one-thread engine searching
	// to the book's depth).
	Evaluator book.Evaluator
	// Limits, when set, are the limits of every search (a level's, with its time budget),
	// whatever depth the client sets: a match between two builds at one level then gives
	// both the same time.
	Limits *othello.Limits
}

// FromEngineWithBook is FromEngine with an opening book: in a book position "go" plays the
// book's best move and "hint" answers with its book moves ("book" lines, their games and
// values) and its best move outside the book, and "learn" adds the game to the book.
func FromEngineWithBook(e *othello.Engine, c BookConfig) BookEngine {
	if c.Evaluator == nil {
		depth := c.Book.Depth()
		if depth == 0 {
			depth = 8
		}
		c.Evaluator = book.EngineEvaluator(othello.New(othello.Options{TableBytes: 16 << 20}), depth)
	}
	return &withBook{turncoat: turncoat{eng: e, fixed: c.Limits}, cfg: c}
}

type withBook struct {
	turncoat
	cfg BookConfig
}

// BookLines returns the book's moves of b and its leaf, each with the line of best book moves
// that follows it.
func (w *withBook) BookLines(b reversi.Board) ([]Line, bool) {
	e, ok := w.cfg.Book.Lookup(b)
	if !ok {
		return nil, false
	}
	var out []Line
	for _, m := range e.Moves {
		if !m.Valued {
			continue
		}
		next := b
		next.Play(m.Square)
		pv := append([]int{m.Square}, w.bookLine(next, 12)...)
		out = append(out, Line{PV: pv, Eval: float64(m.Value), Depth: w.cfg.Book.Depth(), Book: !m.Leaf, Games: m.Games})
	}
	return out, len(out) > 0
}

// bookLine returns the best book moves from b on, at most n (passes included).
func (w *withBook) bookLine(b reversi.Board, n int) []int {
	var pv []int
	for len(pv) < n {
		if b.Moves() == 0 {
			if b.OpponentMoves() == 0 {
				break
			}
			b.Pass()
			pv = append(pv, reversi.Pass)
			continue
		}
		sq, ok := w.cfg.Book.Choose(b, nil)
		if !ok {
			break
		}
		e, _ := w.cfg.Book.Lookup(b)
		if e.Moves[0].Leaf {
			pv = append(pv, sq)
			break
		}
		b.Play(sq)
		pv = append(pv, sq)
	}
	return pv
}

// Learn adds the game to the book, if it is an 8x8 game from the standard start.
func (w *withBook) Learn(ctx context.Context, start reversi.Board, moves []int) error {
	if start != reversi.Start(8) {
		return book.ErrNotStandard
	}
	part, _, err := w.cfg.Book.Learn(ctx, moves, w.cfg.Evaluator)
	if err != nil {
		return err
	}
	if w.cfg.Learned != nil {
		return w.cfg.Learned(part)
	}
	return nil
}
