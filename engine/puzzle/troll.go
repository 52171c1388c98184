package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
	"turncoat/games/troll"
)

// A Troll puzzle is a position of a game the MCTS AI plays against itself (random opening
// moves from the seed, then a fixed number of simulations a move, so that the game replays),
// the winner to move a few moves before it joins its edges, with at most TrollMaxEmpties empty
// squares, where exactly one move keeps the best result: an
// exhaustive negamax (alpha-beta over the results, with a transposition table) solves every
// move to the end of the game. Values are results (Unit "result": +1 a win, 0 a draw, -1 a
// loss with perfect play after the move); a puzzle's best result is a win or a draw the other
// moves lose.

// TrollMaxEmpties is the most empty squares of a Troll puzzle's position; the build drops a
// position whose search takes more than trollBudget nodes (a proof takes as many again).
const TrollMaxEmpties = 26

// trollBudget bounds the nodes the build spends on a candidate.
const trollBudget = 60_000

// errBudget marks a search stopped by its node budget.
var errBudget = errors.New("the search's node budget is spent")

type trollKey struct {
	black, white uint64
	turn         game.Player
}

type trollEntry struct {
	value int8
	flag  int8 // 0 exact, 1 lower bound, -1 upper bound
}

type trollMaker struct {
	table map[trollKey]trollEntry
	// nodes counts the nodes searched since limit was set; over the limit (when positive) the
	// search stops, its values meaningless, and values returns errBudget.
	nodes, limit int64
	stopped      bool
}

func newTrollMaker() *trollMaker { return &trollMaker{table: map[trollKey]trollEntry{}} }

func (*trollMaker) game() game.Game { return troll.Game{} }

func (*trollMaker) unit() string { return UnitResult }

// negamax returns the value of s, a position in play, for its side to move within
// (alpha, beta).
func (m *trollMaker) negamax(s *troll.State, alpha, beta int) int {
	m.nodes++
	if m.limit > 0 && m.nodes > m.limit {
		m.stopped = true
	}
	if m.stopped {
		return 0
	}
	black, white := s.Discs()
	k := trollKey{black, white, s.Turn()}
	if e, ok := m.table[k]; ok {
		v := int(e.value)
		switch {
		case e.flag == 0, e.flag > 0 && v >= beta, e.flag < 0 && v <= alpha:
			return v
		}
	}
	a0 := alpha
	best := -2
	var buf [64]game.Action
	moves := s.Legal(s.Turn(), buf[:0])
	// a move that joins the edges ends the search at once
	for _, a := range moves {
		c := *s
		if c.Apply(a) == nil && c.Outcome().Winner == s.Turn() {
			m.table[k] = trollEntry{value: 1}
			return 1
		}
	}
	for _, a := range moves {
		v := m.child(s, a, alpha, beta)
		if m.stopped {
			return 0
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	e := trollEntry{value: int8(best)}
	switch {
	case best <= a0:
		e.flag = -1
	case best >= beta:
		e.flag = 1
	}
	m.table[k] = e
	return best
}

// child is the value of move a of the side to move in s, for that side, within (alpha, beta).
func (m *trollMaker) child(s *troll.State, a game.Action, alpha, beta int) int {
	p := s.Turn()
	c := *s
	if err := c.Apply(a); err != nil {
		panic(err) // a legal move
	}
	if o := c.Outcome(); o.Over {
		switch o.Winner {
		case game.NoPlayer:
			return 0
		case p:
			return 1
		}
		return -1
	}
	if c.Turn() == p {
		return m.negamax(&c, alpha, beta)
	}
	return -m.negamax(&c, -beta, -alpha)
}

// values are every legal move's exact result, best first, ties in the order of Legal.
func (m *trollMaker) values(ctx context.Context, s game.State) ([]MoveValue, error) {
	ts, ok := s.(*troll.State)
	if !ok || ts.ToAct().Single() == game.NoPlayer {
		return nil, errNotSequential
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(m.table) > 1<<20 {
		clear(m.table)
	}
	p := ts.Turn()
	var out []MoveValue
	for _, a := range ts.Legal(p, nil) {
		out = append(out, MoveValue{Move: ts.FormatAction(p, a), Value: m.child(ts, a, -1, 1)})
		if m.stopped {
			return nil, errBudget
		}
	}
	sortValues(out)
	return out, nil
}

// candidates are, in a game one side won, the positions with the winner to move five, three and
// one moves before the end (the farthest first), with at most TrollMaxEmpties empty squares.
func (m *trollMaker) candidates(ctx context.Context, seed uint64, i int) ([]candidate, error) {
	rng := gameRNG(seed, i)
	var agents [2]engine.Agent
	for p := range agents {
		agents[p] = mcts.New(mcts.Config{Iterations: 200 + int64(rng.IntN(400)), Seed: rng.Uint64(), Solver: true})
	}
	states, err := selfPlay(ctx, newState(troll.Game{}), rng, 2+rng.IntN(8), 200, agents)
	if err != nil {
		return nil, err
	}
	o := states[len(states)-1].Outcome()
	if !o.Over || o.Winner == game.NoPlayer {
		return nil, nil
	}
	var out []candidate
	for back := 5; back >= 1; back -= 2 {
		ply := len(states) - 1 - back
		if ply < 0 {
			continue
		}
		ts := states[ply].(*troll.State)
		black, white := ts.Discs()
		if ts.Turn() == o.Winner && 64-bits.OnesCount64(black|white) <= TrollMaxEmpties {
			out = append(out, candidate{state: ts, game: i, ply: ply})
		}
	}
	return out, nil
}

func (m *trollMaker) make(ctx context.Context, c candidate) (Puzzle, bool, error) {
	clear(m.table)
	m.nodes, m.limit, m.stopped = 0, trollBudget, false
	defer func() { m.limit = 0 }()
	p, ok, err := makeLine(ctx, m, c.state, lineOptions{good: func(v int) bool { return v >= 0 }, minMoves: 3})
	if errors.Is(err, errBudget) {
		return Puzzle{}, false, nil
	}
	if err != nil || !ok {
		return p, ok, err
	}
	ts := c.state.(*troll.State)
	black, white := ts.Discs()
	p.Kind = Troll
	p.Options = optionsMap(troll.Game{}, ts.Options())
	p.Position = ts.Encode()
	p.Empties = 64 - bits.OnesCount64(black|white)
	p.Themes = []string{fmt.Sprintf("%s%d", ThemeEndgame, p.Empties)}
	if p.Value == 0 {
		p.Themes = append(p.Themes, "draw")
	}
	p.Rating = sequentialRating(&p, 15*(p.Empties-10))
	return p, true, nil
}

func (m *trollMaker) prove(ctx context.Context, p *Puzzle) error {
	clear(m.table)
	m.nodes, m.limit, m.stopped = 0, 0, false
	return proveLine(ctx, m, troll.Game{}, p)
}
