package review

import (
	"context"
	"math/rand/v2"
	"testing"

	"turncoat/engine/exact"
	"turncoat/game"
	"turncoat/games"
)

// randomMoves plays up to n random legal moves of a sequential game from the start of kind.
func randomMoves(t *testing.T, kind, options string, seed uint64, n int) (game.State, []game.Move) {
	t.Helper()
	start, err := games.Registry().New(kind, options)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	s := start.Clone()
	var ms []game.Move
	for len(ms) < n && s.ToAct() != game.Nobody {
		p := s.ToAct().Single()
		legal := s.Legal(p, nil)
		m := game.Single(p, legal[rng.IntN(len(legal))])
		if err := game.PlayMove(s, m); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return start, ms
}

// TestBlocsReview: Blocs reviewed through its exact agent (Grundy values) is exact on every
// move, in percent of the result; a move that keeps the result is best, one that throws a win
// to a loss (100 points) or a draw (50) a blunder, and random play makes such blunders.
func TestBlocsReview(t *testing.T) {
	start, ms := randomMoves(t, "blocs", "", 3, 200)
	r, err := Generic(context.Background(), start, ms, GenericConfig{Analyzer: exact.NewBlocsAgent(0, 1), ExactSource: FromGrundy, Game: "blocs"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != "result" || r.Thresholds != WinrateThresholds || len(r.Plies) != len(ms) {
		t.Fatalf("unit %q thresholds %+v, %d plies of %d", r.Unit, r.Thresholds, len(r.Plies), len(ms))
	}
	blunders := 0
	for _, p := range r.Plies {
		if !p.Exact || p.Source != FromGrundy {
			t.Errorf("ply %d: exact=%v source %s", p.Ply, p.Exact, p.Source)
		}
		want := Best
		switch p.Loss {
		case 0:
		case 50, 100:
			want = Blunder
			blunders++
		default:
			t.Errorf("ply %d: a loss of %v points (results are 0, 50 or 100)", p.Ply, p.Loss)
		}
		if p.Class != want {
			t.Errorf("ply %d: loss %v classed %s, want %s", p.Ply, p.Loss, p.Class, want)
		}
	}
	if blunders == 0 || r.TurningPoint == 0 {
		t.Errorf("random play: %d blunders, turning point %d", blunders, r.TurningPoint)
	}
}

// TestTurnoverReview: a random Turnover game reviewed by the alpha-beta engine, in pawns: every
// loss is the best value minus the played one and never negative, a lost move names its better
// line from the best move, and random play loses material the engine sees.
func TestTurnoverReview(t *testing.T) {
	start, ms := randomMoves(t, "turnover", "", 5, 24)
	r, err := Turnover(context.Background(), start, ms, TurnoverConfig{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != "pawns" || len(r.Plies) != len(ms) || len(r.Graph) != len(ms) {
		t.Fatalf("unit %q, %d plies and %d graph points of %d moves", r.Unit, len(r.Plies), len(r.Graph), len(ms))
	}
	bad := 0
	for _, p := range r.Plies {
		if p.Loss < 0 || p.Loss != p.Before-p.Played || p.Exact || p.Source != FromEngine || p.Class != PawnThresholds.Classify(p.Loss) {
			t.Errorf("ply %d: %+v", p.Ply, p)
		}
		if p.Loss > 0 && (len(p.PV) == 0 || p.PV[0] != p.Best) {
			t.Errorf("ply %d: lost %v, line %q from best %s", p.Ply, p.Loss, p.PV, p.Best)
		}
		if p.Class.Rank() >= Mistake.Rank() {
			bad++
		}
	}
	if bad == 0 {
		t.Errorf("no mistake in %d random moves: %+v", len(ms), r.Plies)
	}
}
