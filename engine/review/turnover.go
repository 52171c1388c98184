package review

import (
	"context"
	"errors"
	"fmt"
	"time"

	"turncoat/engine/turnoverab"
	"turncoat/game"
	"turncoat/games/turnover"
)

// Turnover's review: the alpha-beta engine's values (engine/turnoverab), in pawns. Each
// position is searched to TurnoverConfig.Depth for its value and best move; when another move
// was played, the position it leads to is searched one ply shallower, as Othello's are above the
// solver's reach (an estimate may value the played move above the best one: the loss is then
// 0). A forced win or loss counts DecisivePawns; a claimed repetition is a draw (0). Values are
// estimates (source engine), never exact.

// PawnThresholds class Turnover's losses, in pawns: best ≤ 0.2, good ≤ 0.6, inaccuracy ≤ 1.5,
// mistake ≤ 3, blunder above.
var PawnThresholds = Thresholds{Best: 0.2, Good: 0.6, Inaccuracy: 1.5, Mistake: 3}

// PawnAccuracyScale is the accuracy's scale in pawns.
const PawnAccuracyScale = 1.0

// DecisivePawns is the value of a forced win in pawns (of a forced loss, its negation).
const DecisivePawns = 20.0

// TurnoverConfig configures a Turnover review.
type TurnoverConfig struct {
	// Depth is the search's depth (default 5).
	Depth int
	// Time bounds the whole review (0: none): each search gets its share of what is left.
	Time     time.Duration
	Progress Progress
	Slot     Slot
}

// Turnover reviews the moves of a Turnover game from start (start is not changed).
func Turnover(ctx context.Context, start game.State, moves []game.Move, cfg TurnoverConfig) (*Review, error) {
	st, ok := start.(*turnover.State)
	if !ok {
		return nil, fmt.Errorf("a Turnover review of %s", start.Game().Name())
	}
	if cfg.Depth <= 0 {
		cfg.Depth = 5
	}
	r := &Review{Game: "turnover", Unit: "pawns", Thresholds: PawnThresholds}
	s := st.Clone().(*turnover.State)
	search := turnoverab.NewSearcher(s.Rules(), 18)
	begin := time.Now()
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if m.Actors.Simultaneous() {
			return nil, &PlyError{Ply: i + 1, Err: errors.New("a simultaneous move in Turnover")}
		}
		p := s.ToAct().Single()
		a := m.Actions[p]
		lim := turnoverab.Limits{Depth: cfg.Depth}
		if cfg.Time > 0 {
			left := cfg.Time - time.Since(begin)
			lim.Time = max(left/time.Duration(2*(len(moves)-i)), time.Millisecond)
		}
		release, err := cfg.Slot.take(ctx)
		if err != nil {
			return nil, err
		}
		pl, err := turnoverPly(ctx, search, s, p, a, lim)
		release()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &PlyError{Ply: i + 1, Err: err}
		}
		pl.Ply = i + 1
		r.Plies = append(r.Plies, pl)
		v := pl.Played
		if p == game.Second {
			v = 0 - v
		}
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
	case out.Over && out.Winner == game.First:
		r.Final = 1
	case out.Over && out.Winner == game.Second:
		r.Final = -1
	case !out.Over && len(r.Graph) > 0:
		r.Final = r.Graph[len(r.Graph)-1]
	}
	r.Finish(PawnAccuracyScale, 0)
	return r, nil
}

// turnoverPly reviews action a of p in s.
func turnoverPly(ctx context.Context, search *turnoverab.Searcher, s *turnover.State, p game.Player, a game.Action, lim turnoverab.Limits) (Ply, error) {
	pl := Ply{Side: int(p), Move: s.FormatAction(p, a), Source: FromEngine}
	res := search.Search(ctx, s.Position(), s.History(), lim)
	if res.Move == turnover.NoMove {
		return pl, errors.New("the engine found no move")
	}
	pl.Best = s.FormatAction(p, res.Move.Action())
	pl.Before = pawns(res.Score)
	if res.Move.Action() == a {
		pl.Played = pl.Before
	} else {
		played, err := turnoverAfter(ctx, search, s, p, a, lim)
		if err != nil {
			return pl, err
		}
		pl.Played = played
		pl.Before = max(pl.Before, pl.Played)
		pl.PV = turnoverLine(s, res.PV)
	}
	pl.Loss = pl.Before - pl.Played
	if pl.Loss == 0 {
		pl.PV = nil
	}
	pl.Class = PawnThresholds.Classify(pl.Loss)
	return pl, nil
}

// turnoverAfter is the value for p of playing a in s, searched one ply shallower.
func turnoverAfter(ctx context.Context, search *turnoverab.Searcher, s *turnover.State, p game.Player, a game.Action, lim turnoverab.Limits) (float64, error) {
	if a == turnover.Claim {
		return 0, nil
	}
	next := s.Clone().(*turnover.State)
	if err := game.Play(next, p, a); err != nil {
		return 0, err
	}
	if out := next.Outcome(); out.Over {
		switch out.Winner {
		case p:
			return DecisivePawns, nil
		case p.Other():
			return -DecisivePawns, nil
		}
		return 0, nil
	}
	if lim.Depth > 1 {
		lim.Depth--
	}
	res := search.Search(ctx, next.Position(), next.History(), lim)
	return -pawns(res.Score), nil
}

// pawns is a score in pawns, a forced result DecisivePawns.
func pawns(score int) float64 {
	if turnoverab.Decisive(score) {
		if score > 0 {
			return DecisivePawns
		}
		return -DecisivePawns
	}
	return float64(score) / 100
}

// turnoverLine writes a line of moves from s in notation.
func turnoverLine(s *turnover.State, line []turnover.Move) []string {
	st := s.Clone().(*turnover.State)
	out := make([]string, 0, len(line))
	for _, m := range line {
		p := st.ToAct().Single()
		if !p.Valid() {
			break
		}
		out = append(out, st.FormatAction(p, m.Action()))
		if err := game.Play(st, p, m.Action()); err != nil {
			break
		}
	}
	return out
}
