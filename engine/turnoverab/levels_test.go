package turnoverab_test

import (
	"context"
	"testing"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/game"
	"turncoat/games/turnover"
)

// TestLevels checks that every level and the turnover-ab kind build through the AI registry
// and play legal moves, and that the greedy player and MCTS kinds are offered for Turnover.
func TestLevels(t *testing.T) {
	g := turnover.Game{}
	st, err := g.ParsePosition(turnover.Standard.Options(), "crc1c1rr/1b4C1/P1n3n1/1p1br3/3b2R1/1Q2P1BR/1N6/1rCC1R2 w")
	if err != nil {
		t.Fatal(err)
	}
	for l := engine.MinLevel; l <= engine.MaxLevel; l++ {
		a, err := ai.ForLevel(g, l, 1)
		if err != nil {
			t.Fatalf("level %d: %v", l, err)
		}
		act, err := a.Choose(context.Background(), st, game.First)
		if err != nil {
			t.Fatalf("level %d: %v", l, err)
		}
		if err := game.CheckLegal(st, game.First, act); err != nil {
			t.Errorf("level %d played %d: %v", l, act, err)
		}
	}
	for _, spec := range []string{"turnover-ab:depth=2", "turnover-ab:nodes=2000,noise=10,tt=12", "greedy", "turnover-ab"} {
		a, err := ai.Parse(g, spec, 1)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if spec == "turnover-ab" {
			continue // 300 ms a move: built, not run
		}
		act, err := a.Choose(context.Background(), st, game.First)
		if err != nil || game.CheckLegal(st, game.First, act) != nil {
			t.Errorf("%s: %v, %v", spec, act, err)
		}
	}
	for _, bad := range []string{"turnover-ab:depth=-1", "turnover-ab:tt=40", "turnover-ab:depht=3", "turnover-ab:time=x"} {
		if _, err := ai.Parse(g, bad, 1); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
