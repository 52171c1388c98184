package play

import (
	"context"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine"
	"turncoat/game"
	"turncoat/platform/aiwork"
)

// MaxAnalyzeMoves bounds the moves an analysis replays.
const MaxAnalyzeMoves = 1000

// analyst answers hints in games and analyses of positions, on their owners' shares of the AI:
// where the engine may help (see assist.go), at the levels the caller may ask for.
type analyst struct {
	store Store
	reg   *game.Registry
	games *tables
	aiw   *aiwork.Work
	now   func() time.Time
}

// hint returns the AI's view of every legal move of u's side in game id (as: the side of a
// hot-seat holder), at a level, on owner's share of the AI: where the game's engine analyses,
// the game is not rated, and the engine may help in it now.
func (a *analyst) hint(ctx context.Context, u *domain.User, owner, id string, as game.Player, level int) (api.Hints, error) {
	if !engine.Level(level).Valid() {
		return api.Hints{}, domain.Errorf(domain.BadRequest, "level %d: want 1 to 10", level)
	}
	if err := GuestLevel(u, level); err != nil {
		return api.Hints{}, err
	}
	var row domain.Game
	var state game.State
	side := as
	if err := a.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row, state = lg.row, lg.tb.State()
		if !side.Valid() {
			side = viewerOf(row, u)
			if !side.Valid() {
				side = lg.tb.ToAct().Single()
			}
		}
		return nil
	}); err != nil {
		return api.Hints{}, err
	}
	if !side.Valid() || row.Seats[side].UserID != u.ID {
		return api.Hints{}, domain.Errorf(domain.Forbidden, "hints are for your own side")
	}
	if row.Rated {
		return api.Hints{}, domain.Errorf(domain.Forbidden, "no hints in rated games")
	}
	if err := engineHelp(ctx, a.store, row, state.Outcome().Over); err != nil {
		return api.Hints{}, err
	}
	if !state.ToAct().Has(side) {
		return api.Hints{}, domain.Errorf(domain.NotYourTurn, "%s does not act now", side)
	}
	out, err := a.aiw.Analyze(ctx, owner, state, side, level)
	if err != nil {
		return api.Hints{}, err
	}
	return api.Hints{Side: side, Level: level, Moves: out}, nil
}

// analyze answers an analysis: the position reached from a start by some moves, as a view
// (board, legal moves, outcome) for the side to act, and, with a level, the engine's value of
// each of that side's legal moves, on owner's share of the AI. It plays nothing and stores
// nothing: the analysis board and the replay of earlier positions use it.
func (a *analyst) analyze(ctx context.Context, u *domain.User, owner string, req api.Analyze) (api.Analysis, error) {
	if req.Level != 0 && !engine.Level(req.Level).Valid() {
		return api.Analysis{}, domain.Errorf(domain.BadRequest, "level %d: want 0 (no analysis) or 1 to 10", req.Level)
	}
	if err := GuestLevel(u, req.Level); err != nil {
		return api.Analysis{}, err
	}
	if len(req.Moves) > MaxAnalyzeMoves {
		return api.Analysis{}, domain.Errorf(domain.BadRequest, "%d moves: at most %d", len(req.Moves), MaxAnalyzeMoves)
	}
	g, err := a.reg.Lookup(req.Kind)
	if err != nil {
		return api.Analysis{}, domain.Errorf(domain.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return api.Analysis{}, domain.Errorf(domain.BadOption, "%s: %v", g.Name(), err)
	}
	var st game.State
	if req.State == "" {
		st, err = g.New(o)
	} else {
		st, err = game.ReadPosition(g, o, req.State)
	}
	if err != nil {
		return api.Analysis{}, domain.Errorf(domain.BadRequest, "the position: %v", err)
	}
	now := a.now()
	tb, err := replay(st, req.Moves, now)
	if err != nil {
		return api.Analysis{}, err
	}
	side := tb.ToAct().Single()
	if req.Side != "" {
		p, err := game.ParsePlayer(req.Side)
		if err != nil || !p.Valid() {
			return api.Analysis{}, domain.Errorf(domain.BadRequest, "side %q: want first or second", req.Side)
		}
		side = p
	}
	return a.analysis(ctx, owner, tb, side, req.Level, now)
}

// analysis is a position's view for side, and with a level its moves valued.
func (a *analyst) analysis(ctx context.Context, owner string, tb *game.Table, side game.Player, level int, now time.Time) (api.Analysis, error) {
	if !side.Valid() {
		side = game.First
	}
	state := tb.State()
	out := api.Analysis{View: tb.View(side, now), Side: side, Actions: actionDetails(state, side)}
	if level > 0 && state.ToAct().Has(side) {
		hints, err := a.aiw.Analyze(ctx, owner, state, side, level)
		if err != nil {
			return api.Analysis{}, err
		}
		out.Level, out.Moves = level, hints
	}
	return out, nil
}

// gameAnalysis answers an analysis of one of game id's positions (after ply moves): its view,
// and with a level the engine's value of each move of the side to act there. The engine's
// values are refused while a game between people runs without hints for both.
func (a *analyst) gameAnalysis(ctx context.Context, u *domain.User, owner, id string, req api.GameAnalysis) (api.Analysis, error) {
	if req.Level != 0 && !engine.Level(req.Level).Valid() {
		return api.Analysis{}, domain.Errorf(domain.BadRequest, "level %d: want 0 (the position alone) or 1 to 10", req.Level)
	}
	var row domain.Game
	var over bool
	var start game.State
	var moves []string
	if err := a.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row, over, start = lg.row, lg.tb.Over(), lg.tb.Start()
		moves = lg.tb.Record([2]string{}).Moves
		return nil
	}); err != nil {
		return api.Analysis{}, err
	}
	if req.Ply < 0 || req.Ply > len(moves) {
		return api.Analysis{}, domain.Errorf(domain.BadRequest, "ply %d: the game has positions 0 to %d", req.Ply, len(moves))
	}
	if req.Level > 0 {
		if err := engineHelp(ctx, a.store, row, over); err != nil {
			return api.Analysis{}, err
		}
		if err := GuestLevel(u, req.Level); err != nil {
			return api.Analysis{}, err
		}
	}
	now := a.now()
	tb, err := replay(start, moves[:req.Ply], now)
	if err != nil {
		return api.Analysis{}, err
	}
	return a.analysis(ctx, owner, tb, tb.ToAct().Single(), req.Level, now)
}

// replay plays moves (in the game's notation) from start on a table of its own.
func replay(start game.State, moves []string, now time.Time) (*game.Table, error) {
	tb, err := game.NewTable(start, game.TableConfig{Now: now})
	if err != nil {
		return nil, domain.Errorf(domain.BadRequest, "the position: %v", err)
	}
	for i, text := range moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return nil, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				return nil, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", i+1, text, err)
			}
		}
	}
	return tb, nil
}
