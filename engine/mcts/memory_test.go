package mcts

import (
	"context"
	"testing"

	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/games/turncoat"
)

// TestTreeBounds checks that a tree stays within MaxNodes and MaxBytes however long the search,
// at simultaneous nodes (whose joint children are created one by one) as at sequential ones,
// and that a full tree still plays legal moves.
func TestTreeBounds(t *testing.T) {
	tc, err := turncoat.NewState(turncoat.Rules{Size: 8, Mode: turncoat.WhiteAndBlack, Cap: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rv := reversi.NewState(reversi.Standard)
	for _, c := range []struct {
		name string
		s    game.State
		cfg  Config
	}{
		{"turncoat nodes", tc, Config{Iterations: 1000, MaxNodes: 300}},
		{"turncoat bytes", tc, Config{Iterations: 4000, MaxBytes: 256 << 10}},
		{"turncoat bytes reuse 2 workers", tc, Config{Iterations: 4000, MaxBytes: 256 << 10, Reuse: true, Workers: 2}},
		{"reversi nodes", rv, Config{Iterations: 4000, MaxNodes: 300}},
		{"reversi bytes reuse", rv, Config{Iterations: 4000, MaxBytes: 64 << 10, Reuse: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.Seed = 1
			m := New(c.cfg)
			p := game.First
			a, err := m.Choose(context.Background(), c.s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.CheckLegal(c.s, p, a); err != nil {
				t.Fatalf("a full tree played %d: %v", a, err)
			}
			if it := m.LastResult().Iterations; it != c.cfg.Iterations {
				t.Errorf("%d iterations, want %d", it, c.cfg.Iterations)
			}
			cfg := m.Config()
			for i, tr := range m.trees {
				if len(tr.nodes) > cfg.MaxNodes {
					t.Errorf("tree %d: %d nodes, above MaxNodes %d", i, len(tr.nodes), cfg.MaxNodes)
				}
				if share := cfg.MaxBytes / int64(cfg.Workers); tr.size() > share {
					t.Errorf("tree %d: %d bytes, above its share %d of MaxBytes", i, tr.size(), share)
				}
				if c.cfg.MaxBytes > 0 && tr.size() < cfg.MaxBytes/int64(cfg.Workers)/2 {
					t.Errorf("tree %d: %d bytes: the search should have filled about %d", i, tr.size(), cfg.MaxBytes/int64(cfg.Workers))
				}
			}
		})
	}
}
