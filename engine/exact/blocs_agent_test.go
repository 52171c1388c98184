package exact_test

import (
	"context"
	"errors"
	"testing"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/engine/exact"
	"turncoat/game"
	"turncoat/games/blocs"
	"turncoat/games/reversi"
)

// play runs a game between two agents from s and returns the outcome.
func play(t *testing.T, s game.State, agents [2]engine.Agent) game.Outcome {
	t.Helper()
	for plies := 0; s.ToAct() != game.Nobody; plies++ {
		p := s.ToAct().Single()
		a, err := agents[p].Choose(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(s, p, a); err != nil {
			t.Fatal(err)
		}
		if plies > 10_000 {
			t.Fatal("the game runs on")
		}
	}
	return s.Outcome()
}

// TestPerfectAgentWins checks that the perfect agent wins every game from the start when the
// solver says its side wins, against random play and against the weakest level, under every
// same-seating option; and that it takes the solver's result against itself.
func TestPerfectAgentWins(t *testing.T) {
	g := blocs.Game{}
	for _, r := range []blocs.Rules{{}, {SecondFlipsFirst: true}} {
		winner := exact.BlocsPlacementWinner(r, 0, 0)
		if !winner.Valid() {
			t.Fatalf("%+v: no winner from the empty board", r)
		}
		for i := range 20 {
			var agents [2]engine.Agent
			agents[winner] = exact.NewBlocsAgent(0, uint64(i))
			var err error
			if i%2 == 0 {
				agents[winner.Other()] = engine.NewRandom(uint64(i))
			} else if agents[winner.Other()], err = ai.ForLevel(g, 1, uint64(i)); err != nil {
				t.Fatal(err)
			}
			if o := play(t, blocs.NewState(r), agents); o.Winner != winner {
				t.Fatalf("%+v game %d: the perfect agent had the won side %d and the game ended %+v", r, i, winner+1, o)
			}
		}
		o := play(t, blocs.NewState(r), [2]engine.Agent{exact.NewBlocsAgent(0, 1), exact.NewBlocsAgent(0, 2)})
		if o.Winner != winner {
			t.Errorf("%+v: perfect against perfect ended %+v, the solver says player %d wins", r, o, winner+1)
		}
	}
}

// TestLevels checks the level scale: every level builds, the blunder rate falls to none at
// level 10, and level 1 does give away won games.
func TestLevels(t *testing.T) {
	if ai.BlocsBlunder(10) != 0 || ai.BlocsBlunder(1) <= ai.BlocsBlunder(5) || ai.BlocsBlunder(5) <= ai.BlocsBlunder(9) {
		t.Errorf("blunder rates 1: %v, 5: %v, 9: %v, 10: %v; want falling to 0", ai.BlocsBlunder(1), ai.BlocsBlunder(5), ai.BlocsBlunder(9), ai.BlocsBlunder(10))
	}
	g := blocs.Game{}
	for l := engine.MinLevel; l <= engine.MaxLevel; l++ {
		a, err := ai.ForLevel(g, l, 1)
		if err != nil {
			t.Fatalf("level %d: %v", l, err)
		}
		if a.Name() == "" {
			t.Errorf("level %d has no name", l)
		}
	}
	// A weak level loses some won games: over 40 games with the won side, level 1 must drop one.
	r := blocs.Rules{}
	winner := exact.BlocsPlacementWinner(r, 0, 0)
	lost := 0
	for i := range 40 {
		weak, _ := ai.ForLevel(g, 1, uint64(i))
		var agents [2]engine.Agent
		agents[winner], agents[winner.Other()] = weak, exact.NewBlocsAgent(0, uint64(i))
		if play(t, blocs.NewState(r), agents).Winner != winner {
			lost++
		}
	}
	if lost == 0 {
		t.Error("level 1 never gave away a won game in 40: it does not blunder")
	}
}

func TestAgentSpecs(t *testing.T) {
	g := blocs.Game{}
	for _, spec := range []string{"perfect", "perfect:blunder=0.25", "10", "level=3"} {
		if _, err := ai.Parse(g, spec, 1); err != nil {
			t.Errorf("ai.Parse(blocs, %q): %v", spec, err)
		}
	}
	for _, spec := range []string{"perfect:blunder=x", "perfect:depth=3"} {
		if _, err := ai.Parse(g, spec, 1); err == nil {
			t.Errorf("ai.Parse(blocs, %q) succeeded", spec)
		}
	}
	if _, err := ai.Parse(reversi.Game{}, "perfect", 1); err == nil {
		t.Error("the perfect Blocs agent plays Reversi")
	}
	a := exact.NewBlocsAgent(0, 1)
	if _, err := a.Choose(context.Background(), reversi.NewState(reversi.Standard), game.First); err == nil {
		t.Error("the Blocs agent chose a Reversi move")
	}
	if _, err := a.Choose(context.Background(), blocs.NewState(blocs.Rules{}), game.Second); !errors.Is(err, engine.ErrNoMove) {
		t.Errorf("asked for a move of the side that does not act: %v, want ErrNoMove", err)
	}
}

// TestAnalyze checks the hints: from a same-seating flipping position the winning flips, and
// only they, are worth 1.
func TestAnalyze(t *testing.T) {
	black := uint16(0b1010_0110_0001_1000)
	s := blocs.FlippingState(blocs.Rules{}, black, game.First)
	stats, err := exact.NewBlocsAgent(0, 1).Analyze(context.Background(), s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != len(s.Legal(game.First, nil)) {
		t.Fatalf("%d hints for %d moves", len(stats), len(s.Legal(game.First, nil)))
	}
	wins := 0
	for _, st := range stats {
		m, _ := blocs.MoveOf(int(st.Action))
		zero := exact.BlocsGrundy(black^blocs.Rect(m.UL, m.LR)) == 0
		if (st.Value == 1) != zero {
			t.Errorf("%s: hint %v, but it leaves value %d", blocs.FormatAction(int(st.Action)), st.Value, exact.BlocsGrundy(black^blocs.Rect(m.UL, m.LR)))
		}
		if zero {
			wins++
		}
	}
	if exact.BlocsGrundy(black) != 0 && wins == 0 {
		t.Error("no winning flip in a won position")
	}
}
