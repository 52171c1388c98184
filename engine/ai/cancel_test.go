package ai

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games"
)

// TestChooseHonoursCancel checks, for every kind of agent (but the external engines), that a
// cancelled context makes Choose return: cancelled before the move, and while the agent
// searches. The specs ask for budgets that would take hours, so only an agent that ignores its
// context reaches the bound of a minute; an agent that stops returns a legal move, or the
// context's error when it had none yet. The server cancels the searches of finished games.
func TestChooseHonoursCancel(t *testing.T) {
	cases := []struct{ game, spec string }{
		{"reversi", "random"},
		{"turnover", "greedy"},
		{"reversi", "mcts:iterations=1000000000,workers=2"},
		{"turncoat", "mcts:iterations=1000000000"},
		{"turnover", "mcts:iterations=1000000000"},
		{"blocs", "mcts:iterations=1000000000"},
		{"troll", "mcts:iterations=1000000000,solver=true"},
		{"turncoat", "smmcts:iterations=1000000000,rootsolve=1000000"},
		{"turncoat", "duct:iterations=1000000000"},
		{"reversi", "ucthello:iterations=1000000000"},
		{"reversi", "reversi-ab:depth=60,time=0s,threads=2"},
		{"turnover", "turnover-ab:depth=100"},
		{"blocs", "perfect"},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		name, _, _ := strings.Cut(c.spec, ":")
		covered[name] = true
	}
	for _, k := range allKinds(t) {
		if !covered[k.Name] && !k.StartsProcess {
			t.Errorf("kind %s has no case", k.Name)
		}
	}
	for _, c := range cases {
		g, err := games.Registry().Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		start, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			t.Fatal(err)
		}
		p := game.First
		if !start.ToAct().Has(p) {
			p = game.Second
		}
		for _, when := range []time.Duration{0, 20 * time.Millisecond} {
			a, err := Parse(g, c.spec, 1)
			if err != nil {
				t.Fatalf("%s: %v", c.spec, err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			if when == 0 {
				cancel()
			} else {
				time.AfterFunc(when, cancel)
			}
			done := make(chan struct{})
			var act game.Action
			go func() {
				defer close(done)
				act, err = a.Choose(ctx, start, p)
			}()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatalf("%s: %s still chooses a minute after its context was cancelled", c.game, c.spec)
			}
			cancel()
			switch {
			case err == nil:
				if err := game.CheckLegal(start, p, act); err != nil {
					t.Errorf("%s: %s, cancelled after %v: %v", c.game, c.spec, when, err)
				}
			case !errors.Is(err, context.Canceled):
				t.Errorf("%s: %s, cancelled after %v: %v, want a move or the context's error", c.game, c.spec, when, err)
			}
		}
	}
}
