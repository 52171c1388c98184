package puzzle

import (
	"context"
	"fmt"

	"turncoat/engine"
	"turncoat/engine/turnoverab"
	"turncoat/game"
	"turncoat/games/turnover"
)

// A Turnover puzzle is a mate: a position of a game the alpha-beta AI plays against itself
// (random opening moves from the seed, then a shallow search with a little noise), a few moves
// before the winner ends it, where exactly one move forces a win in the fewest of the player's
// moves, at most MateHorizon. A win is the game's: the opponent left without a Castle, or
// without a legal move while all its Castles are attacked (the official rules: mate-ends-game
// off). The proof is a full-width search of every move of the player and every defence (no
// pruning but the cut-offs of the and-or search): each legal move's value (Unit "mate") is
// 100-k when it forces a win in k of the player's moves (k <= MateHorizon), -100 when it loses
// at once (moving the last Castle), -99 when the opponent then wins with its next move, and 0
// when neither is found within those horizons. The opponent's replies are its longest defences.
// The position is the game's FEN, with no history (no repetition can be claimed within a mate
// this short).

// MateHorizon is the most moves of the player a Turnover puzzle's mate takes.
const MateHorizon = 3

// mateScore is the value of a mate in k: mateScore - k.
const mateScore = 100

type turnoverMaker struct {
	rules turnover.Rules
	// proven caches the and-or search's results by position, depth and node type.
	proven map[mateKey]bool
	bufs   [2*MateHorizon + 2][turnover.MaxMoves]turnover.Move
	nodes  int64
}

type mateKey struct {
	hash  uint64
	clock int16
	depth int8
	and   bool
}

func newTurnoverMaker() *turnoverMaker {
	return &turnoverMaker{rules: turnover.Standard, proven: map[mateKey]bool{}}
}

func (*turnoverMaker) game() game.Game { return turnover.Game{} }

func (*turnoverMaker) unit() string { return UnitMate }

// quick is the end of the game after a move that castles and the clock decide, from the point
// of view of the side that moved: +1 won, 0 drawn, -1 lost, and ok false when it goes on (or
// ends by the opponent's having no move, which the caller looks at).
func (m *turnoverMaker) quick(p *turnover.Position) (result int, over bool) {
	mover := p.Side().Other()
	cm, co := p.Castles(mover), p.Castles(mover.Other())
	switch {
	case cm == 0 && co == 0:
		return 0, true
	case co == 0:
		return 1, true
	case cm == 0:
		return -1, true
	case m.rules.FiftyMovePlies > 0 && p.Clock() >= m.rules.FiftyMovePlies:
		return 0, true
	}
	return 0, false
}

// key of a position for the cache: the clock matters only near the fifty-move rule.
func (m *turnoverMaker) key(p *turnover.Position, depth int, and bool) mateKey {
	k := mateKey{hash: p.Hash(), depth: int8(depth), and: and}
	if m.rules.FiftyMovePlies > 0 && p.Clock() >= m.rules.FiftyMovePlies-2*MateHorizon-2 {
		k.clock = int16(p.Clock()) + 1
	}
	return k
}

// winIn tells whether the side to move in p, a position still in play, forces a win within n of
// its moves.
func (m *turnoverMaker) winIn(p *turnover.Position, n, ply int) bool {
	k := m.key(p, n, false)
	if v, ok := m.proven[k]; ok {
		return v
	}
	m.nodes++
	won := false
	for _, mv := range p.Moves(m.bufs[ply][:0]) {
		if m.mates(p, mv, n, ply) {
			won = true
			break
		}
	}
	m.proven[k] = won
	return won
}

// mates tells whether move mv of the side to move in p forces a win within n of its moves
// (this one included).
func (m *turnoverMaker) mates(p *turnover.Position, mv turnover.Move, n, ply int) bool {
	c := *p
	c.Make(mv)
	if r, over := m.quick(&c); over {
		return r > 0
	}
	if n == 1 {
		return c.InCheck(c.Side()) && !c.HasMoves()
	}
	return m.defenceFails(&c, n-1, ply+1)
}

// defenceFails tells whether every move of the side to move in p, a position still by castles
// and clock, leaves the opponent a win within n of its moves (a checkmate or a stalemate when it
// has none).
func (m *turnoverMaker) defenceFails(p *turnover.Position, n, ply int) bool {
	k := m.key(p, n, true)
	if v, ok := m.proven[k]; ok {
		return v
	}
	m.nodes++
	moves := p.Moves(m.bufs[ply][:0])
	fails := true
	if len(moves) == 0 {
		fails = p.InCheck(p.Side()) // checkmate; else stalemate, a draw
	}
	for _, d := range moves {
		c := *p
		c.Make(d)
		if r, over := m.quick(&c); over {
			if r >= 0 {
				fails = false // the defence wins or draws
				break
			}
			continue
		}
		if !m.winIn(&c, n, ply+1) {
			fails = false
			break
		}
	}
	m.proven[k] = fails
	return fails
}

// moveValue is the value of the side to move's move mv in p (see the puzzle's doc).
func (m *turnoverMaker) moveValue(p *turnover.Position, mv turnover.Move) int {
	for k := 1; k <= MateHorizon; k++ {
		if m.mates(p, mv, k, 0) {
			return mateScore - k
		}
	}
	c := *p
	c.Make(mv)
	if r, over := m.quick(&c); over {
		return r * mateScore
	}
	if !c.HasMoves() {
		return 0 // a stalemate (a checkmate would have been found above)
	}
	if m.winIn(&c, 1, 1) {
		return -(mateScore - 1)
	}
	return 0
}

// values are every legal move's value, best first, ties in the order of the moves.
func (m *turnoverMaker) values(ctx context.Context, s game.State) ([]MoveValue, error) {
	st, ok := s.(*turnover.State)
	if !ok || st.ToAct().Single() == game.NoPlayer {
		return nil, errNotSequential
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(m.proven) > 1<<20 {
		clear(m.proven)
	}
	pos := st.Position()
	p := st.ToAct().Single()
	var out []MoveValue
	for _, a := range st.Legal(p, nil) {
		if a == turnover.Claim {
			return nil, fmt.Errorf("turnover: a draw may be claimed in the position")
		}
		mv, ok := pos.Lookup(turnover.Square(a&63), turnover.Square(a>>6&63))
		if !ok {
			return nil, fmt.Errorf("turnover: no move for action %d", a)
		}
		out = append(out, MoveValue{Move: st.FormatAction(p, a), Value: m.moveValue(&pos, mv)})
	}
	sortValues(out)
	return out, nil
}

// candidates are, in a game one side won, the positions one, two and three of the winner's
// moves before the end, the farthest first.
func (m *turnoverMaker) candidates(ctx context.Context, seed uint64, i int) ([]candidate, error) {
	rng := gameRNG(seed, i)
	var agents [2]engine.Agent
	for p := range agents {
		agents[p] = turnoverab.NewAgent("alpha-beta", turnoverab.Config{
			Limits: turnoverab.Limits{Depth: 2 + rng.IntN(2)}, Noise: 30 + rng.IntN(60), TTBits: 16, Seed: rng.Uint64()})
	}
	states, err := selfPlay(ctx, newState(turnover.Game{}), rng, 4+rng.IntN(8), 400, agents)
	if err != nil {
		return nil, err
	}
	last := states[len(states)-1]
	o := last.Outcome()
	if !o.Over || o.Winner == game.NoPlayer {
		return nil, nil
	}
	var out []candidate
	for k := MateHorizon; k >= 1; k-- {
		ply := len(states) - 1 - (2*k - 1)
		if ply < 0 {
			continue
		}
		if s := states[ply]; s.ToAct().Single() == o.Winner {
			out = append(out, candidate{state: s, game: i, ply: ply})
		}
	}
	return out, nil
}

func (m *turnoverMaker) make(ctx context.Context, c candidate) (Puzzle, bool, error) {
	clear(m.proven)
	pos := c.state.(*turnover.State).Position()
	start := turnover.NewState(m.rules, pos) // the position alone, as the puzzle gives it
	if start.ToAct() == game.Nobody {
		return Puzzle{}, false, nil
	}
	p, ok, err := makeLine(ctx, m, start, lineOptions{good: func(v int) bool { return v > 0 }, minMoves: 2})
	if err != nil || !ok {
		return p, ok, err
	}
	n := mateScore - p.Value
	p.Kind = Turnover
	p.Position = pos.FEN()
	p.Themes = []string{fmt.Sprintf("mate-in-%d", n)}
	if pos.Castles(start.ToAct().Single().Other()) == 1 {
		p.Themes = append(p.Themes, "last-castle")
	}
	p.Rating = sequentialRating(&p, 250*(n-1))
	return p, true, nil
}

func (m *turnoverMaker) prove(ctx context.Context, p *Puzzle) error {
	clear(m.proven)
	return proveLine(ctx, m, turnover.Game{}, p)
}
