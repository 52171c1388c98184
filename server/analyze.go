package server

import (
	"net/http"
	"strconv"
	"turncoat/api"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/platform"
)

// maxAnalyzeMoves bounds the moves an analysis request replays.
const maxAnalyzeMoves = 1000

// handleAnalyze answers POST /api/analyze: the position reached from a start by some moves, as
// a view (board, legal moves, outcome) for the side to act, and, with a level, the engine's
// value of each of that side's legal moves. It plays nothing and stores nothing: the analysis
// board and the replay of earlier positions use it.
func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) error {
	u, err := s.requireUser(w, r)
	if err != nil {
		return err
	}
	var req api.Analyze
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Level != 0 && !engine.Level(req.Level).Valid() {
		return platform.Errorf(platform.BadRequest, "level %d: want 0 (no analysis) or 1 to 10", req.Level)
	}
	if err := guestLevel(u, req.Level); err != nil {
		return err
	}
	if len(req.Moves) > maxAnalyzeMoves {
		return platform.Errorf(platform.BadRequest, "%d moves: at most %d", len(req.Moves), maxAnalyzeMoves)
	}
	if !s.moveLimits.allow(strconv.FormatInt(u.ID, 10), s.now()) {
		return platform.Errorf(platform.RateLimited, "too many requests; slow down")
	}
	g, err := s.reg.Lookup(req.Kind)
	if err != nil {
		return platform.Errorf(platform.UnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return platform.Errorf(platform.BadOption, "%s: %v", g.Name(), err)
	}
	var st game.State
	if req.State == "" {
		st, err = g.New(o)
	} else {
		st, err = game.ReadPosition(g, o, req.State)
	}
	if err != nil {
		return platform.Errorf(platform.BadRequest, "the position: %v", err)
	}
	now := s.now()
	tb, err := game.NewTable(st, game.TableConfig{Now: now})
	if err != nil {
		return platform.Errorf(platform.BadRequest, "the position: %v", err)
	}
	for i, text := range req.Moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				return platform.Errorf(platform.IllegalMove, "move %d (%s): %v", i+1, text, err)
			}
		}
	}
	side := tb.ToAct().Single()
	if req.Side != "" {
		p, err := game.ParsePlayer(req.Side)
		if err != nil || !p.Valid() {
			return platform.Errorf(platform.BadRequest, "side %q: want first or second", req.Side)
		}
		side = p
	}
	if !side.Valid() {
		side = game.First
	}
	state := tb.State()
	out := map[string]any{"view": tb.View(side, now), "side": side}
	if actions := actionDetails(state, side); actions != nil {
		out["actions"] = actions
	}
	if req.Level > 0 && state.ToAct().Has(side) {
		hints, err := s.aiw.Analyze(r.Context(), s.aiw.Caller(u, s.clientAddr(r)), state, side, req.Level)
		if err != nil {
			return err
		}
		out["level"], out["moves"] = req.Level, hints
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
