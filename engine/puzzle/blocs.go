package puzzle

import (
	"context"
	"fmt"
	"math/bits"

	"turncoat/engine"
	"turncoat/engine/exact"
	"turncoat/game"
	"turncoat/games/blocs"
)

// A Blocs puzzle is a position of a game the perfect player plays against itself with
// deliberate blunders (a random move now and then, drawn from the seed), late in the placement
// phase or in the flipping phase, where exactly one move wins: by the exact solution (Grundy
// values by the Tartan theorem while flipping, a search of the placement phase before), every
// other move loses. Values are results (Unit "result": +1 the move wins, -1 it loses, with
// perfect play after it); the line goes on while the player's winning move stays the only one.

// blocsBlunder is how often the self-play games' players move at random.
const blocsBlunder = 0.35

type blocsMaker struct {
	oracle *exact.BlocsAgent
}

func newBlocsMaker() *blocsMaker { return &blocsMaker{oracle: exact.NewBlocsAgent(0, 1)} }

func (*blocsMaker) game() game.Game { return blocs.Game{} }

func (*blocsMaker) unit() string { return UnitResult }

// values are the exact results of every legal move.
func (m *blocsMaker) values(ctx context.Context, s game.State) ([]MoveValue, error) {
	p := s.ToAct().Single()
	if p == game.NoPlayer {
		return nil, errNotSequential
	}
	stats, err := m.oracle.Analyze(ctx, s, p)
	if err != nil {
		return nil, err
	}
	out := make([]MoveValue, len(stats))
	for i, st := range stats {
		if !st.Exact {
			return nil, fmt.Errorf("blocs: the value of %s is not exact", s.FormatAction(p, st.Action))
		}
		out[i] = MoveValue{Move: s.FormatAction(p, st.Action), Value: int(2*st.Value) - 1}
	}
	sortValues(out)
	return out, nil
}

// candidates are the positions of a game from the sixth placement on, in an order the seed
// shuffles, at most eight.
func (m *blocsMaker) candidates(ctx context.Context, seed uint64, i int) ([]candidate, error) {
	rng := gameRNG(seed, i)
	agents := [2]engine.Agent{exact.NewBlocsAgent(blocsBlunder, rng.Uint64()), exact.NewBlocsAgent(blocsBlunder, rng.Uint64())}
	states, err := selfPlay(ctx, newState(blocs.Game{}), rng, rng.IntN(4), 200, agents)
	if err != nil {
		return nil, err
	}
	var out []candidate
	for ply, s := range states {
		if ply >= 6 && s.ToAct() != game.Nobody {
			out = append(out, candidate{state: s, game: i, ply: ply})
		}
	}
	rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out[:min(len(out), 8)], nil
}

func (m *blocsMaker) make(ctx context.Context, c candidate) (Puzzle, bool, error) {
	p, ok, err := makeLine(ctx, m, c.state, lineOptions{good: func(v int) bool { return v > 0 }, minMoves: 3})
	if err != nil || !ok {
		return p, ok, err
	}
	bs := c.state.(*blocs.State)
	filled, black := bs.Board()
	p.Kind = Blocs
	p.Options = optionsMap(blocs.Game{}, bs.Options())
	p.Position = bs.Encode()
	p.Empties = 16 - bits.OnesCount16(filled)
	if bs.Placing() {
		p.Themes = []string{"placement", fmt.Sprintf("%s%d", ThemeEndgame, p.Empties)}
	} else {
		p.Themes = []string{"flipping", fmt.Sprintf("black-%d", bits.OnesCount16(black))}
	}
	p.Rating = sequentialRating(&p, 0)
	return p, true, nil
}

func (m *blocsMaker) prove(ctx context.Context, p *Puzzle) error {
	return proveLine(ctx, m, blocs.Game{}, p)
}

// sequentialRating is the starting rating of a puzzle of the alternating kinds: harder with more
// of the player's moves to find, more moves to choose from, a smaller margin, and hard, a
// measure of the kind's own (the empties of a search, the moves to a mate).
func sequentialRating(p *Puzzle, hard int) int {
	r := 1000 + 160*(len(p.Steps)-1) + 6*min(len(p.Steps[0].Moves), 60) + hard
	if p.Unit == UnitResult {
		r -= 60 * (p.Margin - 1) // a draw to miss is subtler than a loss
	}
	return max(600, min(r, 2500))
}
