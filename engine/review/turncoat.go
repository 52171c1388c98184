package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"turncoat/engine/exact"
	"turncoat/engine/mcts"
	"turncoat/game"
	"turncoat/games/turncoat"
)

// Turncoat's review: both sides' selections of every round, each against the round's matrix
// game (Red's selections the rows, Yellow's the columns).
//
// A round has no best move in the sense of a sequential game: an optimal play may be a mixed
// strategy, and any pure selection, even one an optimal mix plays, can be answered by a
// selection that beats it. A selection's guaranteed value (its worst case against every reply)
// would therefore mark optimal play as a loss. The review measures a selection against the
// other side's optimal play instead: its value is the least it gets against any optimal (mixed)
// strategy of the other side, and its loss is the round's value for the side less that, never
// negative. Every selection some equilibrium plays loses nothing (against any optimal strategy
// of the other side it earns the round's value: complementary slackness); a selection no
// equilibrium plays loses what an opponent who never gives anything away can take from it. The
// measure does not depend on which equilibrium a solver finds: where the other side is lost
// whatever it does, all its strategies are optimal and a selection is held to its worst case
// (a forced win thrown away is lost in full when some reply refutes it). Values are expected results in percent for the side (a win 100, a draw 50, a loss
// 0, so a draw is worth half), classed by WinrateThresholds: a round won for sure thrown to an
// even chance loses 50 points, a blunder.
//
// Where they come from:
//
//   - exact (source solver, unit "result"): small boards within the exact solver's reach
//     (exact.TurncoatInReach, and at most TurncoatConfig.MaxStates positions reachable) are
//     solved once from the game's start by value iteration; each round's matrix game and its
//     equilibrium are the solver's. The values are those of the round cap's game from the
//     start: exact in the first round, and in every later one while the rounds left are at
//     least the iterations the values took to converge (every round of a game short of its cap
//     in white-and-black mode, whose values settle in a few rounds). Where they did not
//     converge within the cap (white-only games of genuinely mixed values), the later rounds'
//     values are the full cap's (off from their own by at most the sum of the value
//     iteration's changes in its last rounds, one for each round played since): said exact=no,
//     source solver.
//   - estimated (source mcts, unit "winrate"): other boards are searched round by round with
//     SM-MCTS (regret matching, every selection of both sides tried): a selection's value is its
//     mean result in the search, which plays it against the other side's searched mix, and the
//     round's value for a side is its mean result over the whole search (regret matching's
//     play converges to an equilibrium, so this tends to the round's value; a selection proven
//     to win makes it 100). A selection's mean counts with priorVisits virtual visits at the
//     round's value, so that one tried a few times is not judged by a few random games. Best is the selection searched most. A selection the search
//     did not try is valued by a second search in which its side must play it (so against the
//     other side's best reply to it: a lower bound of the measure above). These are estimates
//     and said so: exact=no.
//
// A round gives two reviewed moves with the same Ply (the round's number in the record),
// Red's (Side 0) then Yellow's (Side 1); the graph has a point for each, from Red's view: the
// value of the selection played against the other side's optimal (or searched) mix. Best is, from
// the solver, the selection the equilibrium found plays most.

// TurncoatConfig configures a Turncoat review.
type TurncoatConfig struct {
	// MaxStates is the most positions an exact solve may reach (default 200,000: some
	// seconds, and at most 100 matrix-game cells a position, 80 MB); a game whose start reaches
	// more, or is out of the solver's reach, is searched. A negative MaxStates never solves.
	MaxStates int
	// Iterations is the SM-MCTS search's budget for each round (default 10,000), Seed its seed.
	Iterations int64
	Seed       uint64
	// Time bounds the whole review (0: none): each round's search gets its share of what is
	// left, and a solve that does not end in half of it gives way to the searches.
	Time     time.Duration
	Progress Progress
	Slot     Slot
}

// turncoatTolerance is the largest change of a value at which the value iteration counts as
// converged.
const turncoatTolerance = 1e-9

// Turncoat reviews the rounds of a Turncoat game from start (start is not changed).
func Turncoat(ctx context.Context, start game.State, moves []game.Move, cfg TurncoatConfig) (*Review, error) {
	st, ok := start.(*turncoat.State)
	if !ok {
		return nil, fmt.Errorf("a Turncoat review of %s", start.Game().Name())
	}
	for i, m := range moves {
		if !m.Actors.Simultaneous() {
			return nil, &PlyError{Ply: i + 1, Err: errors.New("a Turncoat round wants both sides' selections")}
		}
	}
	if cfg.MaxStates == 0 {
		cfg.MaxStates = 200_000
	}
	if cfg.Iterations <= 0 {
		cfg.Iterations = 10_000
	}
	begin := time.Now()
	r := &Review{Game: "turncoat", Thresholds: WinrateThresholds}
	sol := solveTurncoat(ctx, st, cfg)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var search *mcts.Searcher
	if sol != nil {
		r.Unit = "result"
	} else {
		r.Unit = "winrate"
		search = mcts.New(mcts.Config{Iterations: cfg.Iterations, Seed: cfg.Seed, Solver: true, Name: "turncoat review"})
	}
	s := st.Clone().(*turncoat.State)
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if s.ToAct() == game.Nobody {
			return nil, &PlyError{Ply: i + 1, Err: game.ErrGameOver}
		}
		var (
			pl  [2]Ply
			err error
		)
		if sol != nil {
			pl, err = turncoatExactRound(s, sol, m)
		} else {
			pl, err = turncoatSearchedRound(ctx, s, search, m, cfg, begin, len(moves)-i)
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &PlyError{Ply: i + 1, Err: err}
		}
		for k := range pl {
			pl[k].Ply = i + 1
			pl[k].Loss = max(pl[k].Before-pl[k].Played, 0)
			if pl[k].Loss < 1e-6 {
				pl[k].Loss = 0
			}
			pl[k].Class = WinrateThresholds.Classify(pl[k].Loss)
			r.Plies = append(r.Plies, pl[k])
		}
		r.Graph = append(r.Graph, pl[0].Played, 100-pl[1].Played)
		if err := game.PlayMove(s, m); err != nil {
			return nil, &PlyError{Ply: i + 1, Err: err}
		}
		if cfg.Progress != nil {
			cfg.Progress(i+1, len(moves))
		}
	}
	out := s.Outcome()
	r.Over = out.Over
	switch {
	case out.Over && out.Winner == game.First:
		r.Final = 1
	case out.Over && out.Winner == game.Second:
		r.Final = -1
	case !out.Over && len(r.Graph) > 0:
		r.Final = (r.Graph[len(r.Graph)-2]+r.Graph[len(r.Graph)-1])/2 - 50
	}
	r.Finish(10, 50)
	return r, nil
}

// solveTurncoat solves start exactly when it is within reach, else returns nil.
func solveTurncoat(ctx context.Context, st *turncoat.State, cfg TurncoatConfig) *exact.TurncoatSolution {
	if cfg.MaxStates < 0 || st.Result() != turncoat.InPlay || exact.TurncoatInReach(st) != nil {
		return nil
	}
	release, err := cfg.Slot.take(ctx)
	if err != nil {
		return nil
	}
	defer release()
	sctx := ctx
	if cfg.Time > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, cfg.Time/2)
		defer cancel()
	}
	sol, err := exact.SolveTurncoat(sctx, st, exact.TurncoatOptions{Tolerance: turncoatTolerance, MaxStates: cfg.MaxStates,
		MaxCells: 100 * int64(cfg.MaxStates), Workers: 1})
	if err != nil {
		return nil
	}
	return sol
}

// turncoatExactRound reviews round m of s from the solver's matrix game.
func turncoatExactRound(s *turncoat.State, sol *exact.TurncoatSolution, m game.Move) ([2]Ply, error) {
	b := s.Boards()
	g, ok := sol.Game(b[0], b[1])
	if !ok {
		return [2]Ply{}, errors.New("the position is not among those solved")
	}
	ri := slices.Index(g.RedSquares, m.Actions[0])
	yi := slices.Index(g.YellowSquares, m.Actions[1])
	if ri < 0 || yi < 0 {
		return [2]Ply{}, errors.New("a selection the rules do not allow")
	}
	// Red's selection against the optimal strategy of Yellow's that punishes it most, and
	// Yellow's against Red's, both in Red's view from -1 to 1.
	red := punished(g, 0, ri)
	yellow := punished(g, 1, yi)
	// The values are the cap's with sol.Rounds rounds left: exact in the position with that
	// many left (the game's first round), and in every later one while the rounds left are at
	// least the iterations they converged in (a fixed point is the value of every larger cap).
	isExact := s.MovesLeft() == sol.Rounds || sol.Change <= turncoatTolerance && s.MovesLeft() >= sol.Rounds
	v := g.Value
	pct := func(x float64) float64 { return (x + 1) * 50 }
	return [2]Ply{
		{Side: 0, Move: s.FormatAction(0, m.Actions[0]), Best: s.FormatAction(0, g.RedSquares[argmax(g.Row)]),
			Before: pct(v), Played: pct(red), Exact: isExact, Source: FromSolver},
		{Side: 1, Move: s.FormatAction(1, m.Actions[1]), Best: s.FormatAction(1, g.YellowSquares[argmax(g.Col)]),
			Before: pct(-v), Played: pct(-yellow), Exact: isExact, Source: FromSolver},
	}, nil
}

// punished returns the value, in Red's view, of side p's selection k of g against the other
// side's optimal strategy that is worst for it: the least (for Red's row; the most for Yellow's
// column) the selection gets while the other side gives nothing away. It solves the matrix game
// in which the other side also earns eps times what the selection loses: for eps small
// enough the other side's optimal strategies there are the optimal ones of g that punish the
// selection most (a lexicographic perturbation), checked against g's value, and the found
// equilibrium's strategy is kept if the check fails.
func punished(g exact.TurncoatGame, p, k int) float64 {
	rows, cols := g.Rows, g.Cols
	at := func(y, x []float64) float64 { // the selection's value against the other side's mix
		var v float64
		if p == 0 {
			for j, w := range y {
				v += w * g.At(k, j)
			}
			return v
		}
		for i, w := range x {
			v += w * g.At(i, k)
		}
		return v
	}
	fallback := at(g.Col, g.Row)
	var solver exact.MatrixSolver
	h := make([]float64, rows*cols)
	x, y := make([]float64, rows), make([]float64, cols)
	for _, eps := range []float64{1e-4, 1e-7} {
		for i := range rows {
			for j := range cols {
				// Red's payoff; the other side's bonus for hurting the selection.
				if p == 0 {
					h[i*cols+j] = g.At(i, j) + eps*g.At(k, j)
				} else {
					h[i*cols+j] = g.At(i, j) + eps*g.At(i, k)
				}
			}
		}
		solver.Solve(h, rows, cols, x, y)
		// the other side's strategy must be optimal in g: it concedes nothing to any reply
		worst := math.Inf(-1)
		if p == 0 {
			for i := range rows {
				var v float64
				for j, w := range y {
					v += w * g.At(i, j)
				}
				worst = max(worst, v)
			}
			if worst <= g.Value+1e-9 {
				return min(at(y, x), fallback)
			}
			continue
		}
		worst = math.Inf(1)
		for j := range cols {
			var v float64
			for i, w := range x {
				v += w * g.At(i, j)
			}
			worst = min(worst, v)
		}
		if worst >= g.Value-1e-9 {
			return max(at(y, x), fallback)
		}
	}
	return fallback
}

func argmax(p []float64) int {
	at := 0
	for i, x := range p {
		if x > p[at] {
			at = i
		}
	}
	return at
}

// turncoatSearchedRound reviews round m of s from an SM-MCTS search of it; left is the number
// of rounds still to review, this one included.
func turncoatSearchedRound(ctx context.Context, s *turncoat.State, search *mcts.Searcher, m game.Move, cfg TurncoatConfig, begin time.Time, left int) ([2]Ply, error) {
	sctx, cancel := roundContext(ctx, cfg.Time, begin, left)
	defer cancel()
	release, err := cfg.Slot.take(ctx)
	if err != nil {
		return [2]Ply{}, err
	}
	res, err := search.Search(sctx, s)
	release()
	if err != nil {
		return [2]Ply{}, err
	}
	var out [2]Ply
	for p := game.First; p <= game.Second; p++ {
		stats := res.Stats[p]
		var sum, visits, top float64
		best := -1
		for i, st := range stats {
			sum += float64(st.Visits) * searchedValue(st)
			visits += float64(st.Visits)
			if st.Proven && st.Result == 1 {
				top = 100
			}
			if best < 0 || st.Visits > stats[best].Visits {
				best = i
			}
		}
		before := top
		if visits > 0 {
			before = max(sum/visits, top)
		}
		i := slices.IndexFunc(stats, func(st mcts.ActionStat) bool { return st.Action == m.Actions[p] })
		if i < 0 || best < 0 {
			return out, errors.New("a selection the rules do not allow")
		}
		played := searchedValue(stats[i])
		if !stats[i].Proven && stats[i].Visits > 0 {
			// a rarely tried selection's mean is mostly noise: shrunk towards the round's value
			n := float64(stats[i].Visits)
			played = (n*played + priorVisits*before) / (n + priorVisits)
		}
		if stats[i].Visits == 0 && !stats[i].Proven {
			// Not tried: its value with its side held to it.
			var restrict [2][]game.Action
			restrict[p] = []game.Action{m.Actions[p]}
			release, err := cfg.Slot.take(ctx)
			if err != nil {
				return out, err
			}
			rr, err := search.SearchRestricted(sctx, s, restrict)
			release()
			if err != nil {
				return out, err
			}
			for _, st := range rr.Stats[p] {
				if st.Action == m.Actions[p] {
					played = searchedValue(st)
				}
			}
		}
		out[p] = Ply{Side: int(p), Move: s.FormatAction(p, m.Actions[p]), Best: s.FormatAction(p, stats[best].Action),
			Before: before, Played: played, Source: FromMCTS}
	}
	return out, nil
}

// priorVisits is the weight, in visits, of the round's value in a searched selection's value.
const priorVisits = 10

// searchedValue is a root selection's value for its side in percent: its proven result, else
// its mean result in the search.
func searchedValue(st mcts.ActionStat) float64 {
	if st.Proven {
		return float64(st.Result+1) * 50
	}
	return math.Round(st.Value*1e6) / 1e4
}

// roundContext gives a round's search its share of the time left (none without a bound).
func roundContext(ctx context.Context, limit time.Duration, begin time.Time, left int) (context.Context, context.CancelFunc) {
	if limit <= 0 {
		return context.WithCancel(ctx)
	}
	share := (limit - time.Since(begin)) / time.Duration(max(left, 1))
	return context.WithTimeout(ctx, max(share, 10*time.Millisecond))
}
