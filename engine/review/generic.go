package review

import (
	"context"
	"errors"
	"fmt"

	"turncoat/engine"
	"turncoat/game"
)

// The generic review: any game of the contract whose moves are one side's at a time, through
// an engine.Analyzer (the per-move statistics of the hints). Each move's values are the
// analyzer's values of the position's moves: the best of them and the played one's, for the
// side that moved, so that the loss is never negative. Values in discs or scores are used as
// they are (DiscThresholds, unless the config gives others); win rates and exact results (0 a
// loss, 0.5 a draw, 1 a win: Blocs' Grundy values) are given in percent (0-100), with
// WinrateThresholds, so that a won game thrown to a draw (50 points) or a loss is a blunder. A move is exact when the analyzer says both values are
// exact (a solved endgame, Grundy values), and its source is the config's (ExactSource when
// exact): so MCTS values are said as what they are, estimates.

// WinrateThresholds class losses of win rate in percentage points: best ≤ 0.5, good ≤ 5,
// inaccuracy ≤ 10, mistake ≤ 20, blunder above.
var WinrateThresholds = Thresholds{Best: 0.5, Good: 5, Inaccuracy: 10, Mistake: 20}

// GenericConfig configures a review through an analyzer.
type GenericConfig struct {
	// Analyzer values every move of a position.
	Analyzer engine.Analyzer
	// Source names the values (engine, mcts); ExactSource the exact ones (solver, grundy).
	Source, ExactSource Source
	// Thresholds class the losses (default by the values' unit).
	Thresholds *Thresholds
	// Scale is the accuracy's scale in the values' unit (default AccuracyScale; 10 for win
	// rates in percent).
	Scale float64
	// Game names the review's game.
	Game     string
	Progress Progress
	// Slot, if set, is taken for each move's analysis.
	Slot Slot
}

// Generic reviews the moves from start (start is not changed).
func Generic(ctx context.Context, start game.State, moves []game.Move, cfg GenericConfig) (*Review, error) {
	if cfg.Analyzer == nil {
		return nil, errors.New("a review needs an analyzer")
	}
	if cfg.Source == "" {
		cfg.Source = FromEngine
	}
	if cfg.ExactSource == "" {
		cfg.ExactSource = FromSolver
	}
	r := &Review{Game: cfg.Game}
	s := start.Clone()
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if m.Actors.Simultaneous() {
			return nil, &PlyError{Ply: i + 1, Err: errors.New("a simultaneous round: this review takes one side's moves")}
		}
		p := s.ToAct().Single()
		a := m.Actions[p]
		release, err := cfg.Slot.take(ctx)
		if err != nil {
			return nil, err
		}
		stats, err := cfg.Analyzer.Analyze(ctx, s, p)
		release()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &PlyError{Ply: i + 1, Err: err}
		}
		var best, played *engine.MoveStat
		for j := range stats {
			st := &stats[j]
			if best == nil || st.Value > best.Value {
				best = st
			}
			if st.Action == a {
				played = st
			}
		}
		if played == nil {
			return nil, &PlyError{Ply: i + 1, Err: fmt.Errorf("the analyzer did not value the move played (%s)", s.FormatAction(p, a))}
		}
		percent := inPercent(played.Unit)
		scale := 1.0
		if percent {
			scale = 100
		}
		if r.Unit == "" {
			r.Unit = played.Unit
		}
		pl := Ply{Ply: i + 1, Side: int(p), Move: s.FormatAction(p, a), Best: s.FormatAction(p, best.Action),
			Before: best.Value * scale, Played: played.Value * scale, Exact: best.Exact && played.Exact, Source: cfg.Source}
		if pl.Exact {
			pl.Source = cfg.ExactSource
		}
		pl.Loss = max(pl.Before-pl.Played, 0)
		th := DiscThresholds
		if percent {
			th = WinrateThresholds
		}
		if cfg.Thresholds != nil {
			th = *cfg.Thresholds
		}
		r.Thresholds = th
		pl.Class = th.Classify(pl.Loss)
		if pl.Loss > 0 && best.PV != "" {
			pl.PV = []string{best.PV}
		}
		v := pl.Played
		if p == 1 {
			v = 0 - v
			if percent {
				v = 100 - pl.Played
			}
		}
		r.Plies = append(r.Plies, pl)
		r.Graph = append(r.Graph, v)
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
	case out.Over && out.Scored:
		r.Final = float64(out.Score[0] - out.Score[1])
	case out.Over && out.Winner == 0:
		r.Final = 1
	case out.Over && out.Winner == 1:
		r.Final = -1
	case len(r.Graph) > 0 && inPercent(r.Unit):
		r.Final = r.Graph[len(r.Graph)-1] - 50
	case len(r.Graph) > 0:
		r.Final = r.Graph[len(r.Graph)-1]
	}
	scale, even := cfg.Scale, 0.0
	if inPercent(r.Unit) {
		even = 50
		if scale <= 0 {
			scale = 10
		}
	}
	r.Finish(scale, even)
	return r, nil
}

// inPercent reports whether values of unit are fractions the review gives in percent: win
// rates, and exact results (Blocs' 0, 0.5, 1).
func inPercent(unit string) bool { return unit == "winrate" || unit == "result" }
