package exact

import (
	"context"
	"fmt"
	"math/rand/v2"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/blocs"
)

// BlocsAgent plays Blocs from the exact solution: perfectly, or, to play weaker on purpose,
// making a uniformly random move instead with a set probability at each turn. A perfect agent
// never loses a won position nor a drawn one. With opposite seating the first move builds the
// placement table (a few seconds, 43 MB).
type BlocsAgent struct {
	blunder float64
	rng     *rand.Rand
	buf     []game.Action
}

var _ engine.Analyzer = (*BlocsAgent)(nil)

// NewBlocsAgent returns an agent that makes a random move with probability blunder (0 plays
// perfectly) and picks among equally good moves at random, seeded for reproducible games.
func NewBlocsAgent(blunder float64, seed uint64) *BlocsAgent {
	return &BlocsAgent{blunder: min(max(blunder, 0), 1), rng: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}
}

// Name returns "perfect", or "perfect with blunders" and the rate.
func (a *BlocsAgent) Name() string {
	if a.blunder == 0 {
		return "perfect"
	}
	return fmt.Sprintf("perfect with blunders (%.0f%%)", 100*a.blunder)
}

// Choose returns p's move in s.
func (a *BlocsAgent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	bs, err := a.check(ctx, s, p)
	if err != nil {
		return game.NoAction, err
	}
	if a.blunder > 0 && a.rng.Float64() < a.blunder {
		a.buf = bs.Legal(p, a.buf)
		return a.buf[a.rng.IntN(len(a.buf))], nil
	}
	var best []game.Action
	best, _ = BlocsBestMoves(bs, a.buf)
	a.buf = best
	return best[a.rng.IntN(len(best))], nil
}

// Analyze returns every legal move of p with its exact result: Value 1 for a win, 0.5 a draw,
// 0 a loss (unit "result"), under perfect play afterwards.
func (a *BlocsAgent) Analyze(ctx context.Context, s game.State, p game.Player) ([]engine.MoveStat, error) {
	bs, err := a.check(ctx, s, p)
	if err != nil {
		return nil, err
	}
	var stats []engine.MoveStat
	for _, m := range bs.Legal(p, nil) {
		c := bs.Clone().(*blocs.State)
		if err := c.Apply(m); err != nil {
			return nil, err
		}
		res, _ := resultAfter(bs.Rules(), c, p)
		stats = append(stats, engine.MoveStat{Action: m, Value: (float64(res) + 1) / 2, Unit: "result", Exact: true})
	}
	return stats, nil
}

func (a *BlocsAgent) check(ctx context.Context, s game.State, p game.Player) (*blocs.State, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bs, ok := s.(*blocs.State)
	if !ok {
		return nil, fmt.Errorf("the perfect agent plays blocs, not %s", s.Game().Name())
	}
	if s.ToAct().Single() != p {
		return nil, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	return bs, nil
}
