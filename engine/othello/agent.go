package othello

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/reversi"
)

// Agent plays Reversi with the engine: an engine.Agent and an engine.Analyzer for the server,
// the CLI and matches. It keeps its own engine (and transposition table) from move to move.
type Agent struct {
	name   string
	limits Limits
	// noise, in discs, is added to every move's value before choosing: the weak levels' way
	// of making human mistakes. Zero plays the best move.
	noise int
	rng   *rand.Rand

	// book, when set, gives the moves of the positions it knows (see SetBook).
	book OpeningBook
	// exact6 plays 6x6 perfectly: from the exact 6x6 book, then by solving (agent6.go).
	exact6 bool

	opts Options
	once sync.Once
	eng  *Engine
}

// An OpeningBook gives the move to play in the positions it knows: package book's opening
// book is one.
type OpeningBook interface {
	// Choose returns the book's move for b, at random (with rng) among its equally good
	// ones; ok is false when b is not in the book.
	Choose(b reversi.Board, rng *rand.Rand) (sq int, ok bool)
}

var (
	_ engine.Agent    = (*Agent)(nil)
	_ engine.Analyzer = (*Agent)(nil)
)

// NewAgent returns an agent that searches within lim (its Progress is ignored), with opts for
// its engine (made on first use) and noise discs of randomness in its choices.
func NewAgent(name string, lim Limits, noise int, opts Options, seed uint64) *Agent {
	lim.Progress = nil
	return &Agent{name: name, limits: lim, noise: noise, opts: opts,
		rng: rand.New(rand.NewPCG(seed, seed^0x7265766572736921))}
}

// Name describes the agent.
func (a *Agent) Name() string { return a.name }

// SetBook makes the agent play from ob in the positions ob knows (nil: never): a book move
// is played at once, without a search. Games where a side without a move loses its turn for
// good (reversi's "nomove=end") never use it: the book's values assume passes.
func (a *Agent) SetBook(ob OpeningBook) { a.book = ob }

// SetExact6 makes the agent play 6x6 perfectly (Level.Exact6): the exact 6x6 book's moves, then,
// below the book, exact solves without the time limit.
func (a *Agent) SetExact6(on bool) { a.exact6 = on }

// Book returns the agent's opening book (nil when it has none).
func (a *Agent) Book() OpeningBook { return a.book }

// Limits returns the agent's search limits.
func (a *Agent) Limits() Limits { return a.limits }

func (a *Agent) engine() *Engine {
	a.once.Do(func() { a.eng = New(a.opts) })
	return a.eng
}

// position reads the reversi state for p's move: its board from the mover's side, its rules,
// and the action to play at once when there is no choice to search (a forced pass, or a
// placement of the free start, chosen at random).
func (a *Agent) position(s game.State, p game.Player) (Position, Limits, game.Action, error) {
	st, ok := s.(*reversi.State)
	if !ok {
		return Position{}, Limits{}, game.NoAction, fmt.Errorf("reversi engine: not a reversi state (%s)", s.Game().Name())
	}
	if !s.ToAct().Has(p) {
		return Position{}, Limits{}, game.NoAction, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	b := st.Board()
	lim := a.limits
	lim.NoMoveEnds = st.Rules().NoMove == reversi.NoMoveEnd
	if pl := st.Placements(); pl != b.Moves() {
		// the free start's placements flip nothing: any will do
		k := a.rng.IntN(bits.OnesCount64(pl))
		for range k {
			pl &= pl - 1
		}
		return Position{}, lim, game.Action(bits.TrailingZeros64(pl)), nil
	}
	if st.MustPass() {
		return Position{}, lim, reversi.Pass, nil
	}
	return PositionOf(b), lim, game.NoAction, nil
}

// Choose returns the agent's move for p in s.
func (a *Agent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	pos, lim, forced, err := a.position(s, p)
	if err != nil || forced != game.NoAction {
		return forced, err
	}
	if a.exact6 && pos.Size == 6 && !lim.NoMoveEnds {
		if m, ok, err := a.choose6(ctx, pos); ok || err != nil {
			return m, err
		}
	}
	if a.book != nil && !lim.NoMoveEnds {
		if sq, ok := a.book.Choose(s.(*reversi.State).Board(), a.rng); ok {
			return game.Action(sq), nil
		}
	}
	if a.noise > 0 {
		values, _, err := a.engine().Analyze(ctx, pos, lim)
		if err != nil {
			return game.NoAction, err
		}
		best, bestV := values[0].Move, -1<<30
		for _, v := range values {
			x := 2*v.Score + a.rng.IntN(4*a.noise+1) - 2*a.noise
			if x > bestV {
				best, bestV = v.Move, x
			}
		}
		return game.Action(best), nil
	}
	res, err := a.engine().Search(ctx, pos, lim)
	if err != nil {
		return game.NoAction, err
	}
	return game.Action(res.Move), nil
}

// Analyze returns the value of each of p's moves in s, in discs, best first (a forced pass
// with the value of the position). On 6x6 the values of the positions of the exact book are
// exact whatever the level, and from 22 empties (analyzeExact6) the analysis solves.
func (a *Agent) Analyze(ctx context.Context, s game.State, p game.Player) ([]engine.MoveStat, error) {
	pos, lim, forced, err := a.position(s, p)
	if err != nil {
		return nil, err
	}
	if forced == reversi.Pass {
		// A forced pass is worth what the position is: the engine's analysis passes and
		// searches the opponent's moves.
		pos = PositionOf(s.(*reversi.State).Board())
	} else if forced != game.NoAction {
		return []engine.MoveStat{{Action: forced, Unit: "discs"}}, nil
	}
	if pos.Size == 6 && !lim.NoMoveEnds {
		if forced == game.NoAction {
			if out, ok := analyze6(pos); ok {
				return out, nil
			}
		}
		lim.ExactEmpties = exactEmpties6(lim)
	}
	values, res, err := a.engine().Analyze(ctx, pos, lim)
	if err != nil {
		return nil, err
	}
	out := make([]engine.MoveStat, len(values))
	for i, v := range values {
		out[i] = engine.MoveStat{Action: game.Action(v.Move), Value: float64(v.Score), Unit: "discs",
			PV: FormatMoves(v.PV), Visits: int64(res.Nodes) / int64(len(values)), Exact: v.Exact}
	}
	return out, nil
}

// FormatMoves writes squares as a move list ("f5d6c3"), "pa" for a pass.
func FormatMoves(moves []int) string {
	b := make([]byte, 0, 2*len(moves))
	for _, m := range moves {
		if m == reversi.Pass {
			b = append(b, "pa"...)
			continue
		}
		b = append(b, reversi.SquareName(m)...)
	}
	return string(b)
}
