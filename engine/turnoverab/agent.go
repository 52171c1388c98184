package turnoverab

import (
	"context"
	"fmt"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/turnover"
)

// Config sets up an Agent.
type Config struct {
	// Limits bound each move's search.
	Limits Limits
	// Noise, in centipawns, blurs the evaluation of weaker levels (0: none).
	Noise int
	// TTBits sets the transposition table's size: 2^TTBits entries of 16 bytes (0: 2^19,
	// 8 MB).
	TTBits int
	// Seed makes the noise reproducible.
	Seed uint64
}

// Agent plays Turnover by alpha-beta search; it is an engine.Agent.
type Agent struct {
	name     string
	cfg      Config
	searcher *Searcher
	rules    turnover.Rules
	// Last is the result of the last search (for analysis and tests).
	Last Result
}

var _ engine.Agent = (*Agent)(nil)

// NewAgent returns an agent named name with the given configuration.
func NewAgent(name string, cfg Config) *Agent {
	if cfg.TTBits == 0 {
		cfg.TTBits = 19
	}
	return &Agent{name: name, cfg: cfg}
}

// Name returns the agent's name.
func (a *Agent) Name() string { return a.name }

// Choose searches the position and returns p's move. When a threefold repetition may be
// claimed, it claims it unless playing on scores above a draw.
func (a *Agent) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	st, ok := s.(*turnover.State)
	if !ok {
		return game.NoAction, fmt.Errorf("%s plays Turnover only, not %s", a.name, s.Game().Name())
	}
	if st.ToAct().Single() != p {
		return game.NoAction, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	if a.searcher == nil || a.rules != st.Rules() {
		a.rules = st.Rules()
		a.searcher = NewSearcher(a.rules, a.cfg.TTBits)
		a.searcher.SetNoise(a.cfg.Noise, a.cfg.Seed)
	}
	if st.CanClaimRepetition() {
		// The search scores a repeated position as a draw, which it is only if someone
		// claims. Judge the position as if it had no history: claim unless playing on is
		// better than a draw.
		res := a.searcher.Search(ctx, st.Position(), nil, a.cfg.Limits)
		a.Last = res
		if res.Move == turnover.NoMove || res.Score <= 0 {
			return turnover.Claim, nil
		}
	}
	res := a.searcher.Search(ctx, st.Position(), st.History(), a.cfg.Limits)
	a.Last = res
	if res.Move == turnover.NoMove {
		if err := ctx.Err(); err != nil {
			return game.NoAction, err
		}
		return game.NoAction, fmt.Errorf("%w: %s has no move", engine.ErrNoMove, p)
	}
	return res.Move.Action(), nil
}
