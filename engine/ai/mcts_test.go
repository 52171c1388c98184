package ai

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/engine/match"
	"turncoat/engine/mcts"
	"turncoat/game"
	"turncoat/games"
)

// TestMCTSKinds checks that the Monte Carlo kinds build for every game, with their parameters,
// and refuse bad ones clearly.
func TestMCTSKinds(t *testing.T) {
	for _, g := range games.Registry().Games() {
		for _, spec := range []string{"mcts", "smmcts", "duct", "ucthello", "mcts:level=10", "mcts:iterations=500,c=1.2,workers=2,reuse=false",
			"smmcts:time=50ms,gamma=0.1,rootsolve=100,widen=4,purify=0.05,playout=random", "duct:level=3,sim=duct,solver=true,tactical=true",
			"ucthello:iterations=1000,c=0.5"} {
			a, err := Parse(g, spec, 1)
			if err != nil {
				t.Errorf("%s: %s: %v", g.Name(), spec, err)
				continue
			}
			if a.Name() == "" {
				t.Errorf("%s: %s: empty name", g.Name(), spec)
			}
		}
	}
	g, _ := games.Registry().Lookup("reversi")
	for spec, want := range map[string]string{
		"mcts:iterations=x":     `parameter iterations="x": want an integer from 0 to 1000000000 iterations`,
		"mcts:level=11":         "parameter level=11: out of range: want 1 to 10",
		"mcts:bogus=1":          `unknown parameter "bogus": mcts takes c, gamma, iterations, level, memory`,
		"mcts:c=-1":             "parameter c=-1: out of range: want 0.001 to 100",
		"mcts:sim=exp3":         `parameter sim="exp3": want one of rm, duct`,
		"mcts:reuse=maybe":      `parameter reuse="maybe": want true or false`,
		"mcts:playout=smart":    `parameter playout="smart": want one of game, random`,
		"ucthello:iterations=0": "parameter iterations=0: out of range: want 1 to 1000000000 iterations",
		"mcts:iterations=0":     "no budget: give iterations or time above 0",
		"mcts:time=100":         `parameter time="100": want a duration with its unit, like 500ms or 2s`,
	} {
		_, err := Parse(g, spec, 1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", spec, err, want)
		}
	}
	// The kinds build what they say.
	a, _ := Parse(g, "ucthello", 1)
	if s, ok := a.(*mcts.Searcher); !ok || s.Config().Iterations != mcts.UCThelloIterations || s.Config().Reuse || s.Config().Solver {
		t.Errorf("ucthello built %#v", a)
	}
	a, _ = Parse(g, "smmcts:iterations=100", 1)
	if _, ok := a.(*mcts.Tactical); !ok {
		t.Errorf("smmcts built %T, want the tactical layer", a)
	}
	a, _ = Parse(g, "duct:time=100ms", 1)
	if s, ok := a.(*mcts.Searcher); !ok || s.Config().Sim != mcts.DecoupledUCT || s.Config().Iterations != 0 || s.Config().Time.Milliseconds() != 100 {
		t.Errorf("duct:time=100ms built %#v", a)
	}
}

// TestLevelsEveryGame checks that every game has levels 1-10, and that level 1 plays legal
// moves from the start of each.
func TestLevelsEveryGame(t *testing.T) {
	for _, g := range games.Registry().Games() {
		start, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			t.Fatal(err)
		}
		for l := engine.MinLevel; l <= engine.MaxLevel; l++ {
			if _, err := ForLevel(g, l, 1); err != nil {
				t.Errorf("%s level %d: %v", g.Name(), l, err)
			}
		}
		a, err := ForLevel(g, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		acts := start.ToAct()
		for p := game.First; p <= game.Second; p++ {
			if !acts.Has(p) {
				continue
			}
			act, err := a.Choose(context.Background(), start, p)
			if err != nil {
				t.Errorf("%s level 1: %v", g.Name(), err)
				continue
			}
			if err := game.CheckLegal(start, p, act); err != nil {
				t.Errorf("%s level 1 played %d: %v", g.Name(), act, err)
			}
		}
	}
	// Turncoat's top level is the tactical layer over SM-MCTS with regret matching.
	tc, _ := games.Registry().Lookup("turncoat")
	a, _ := ForLevel(tc, 10, 1)
	tac, ok := a.(*mcts.Tactical)
	if !ok {
		t.Fatalf("turncoat level 10 is %T, want the tactical layer", a)
	}
	if s := tac.Inner().(*mcts.Searcher); s.Config().Sim != mcts.RegretMatching || s.Config().Workers != min(2, runtime.NumCPU()) || !s.Config().Reuse {
		t.Errorf("turncoat level 10 settings %+v", s.Config())
	}
	if _, err := ForLevel(tc, 11, 1); err == nil {
		t.Error("level 11 accepted")
	}
}

// TestMatchesRun plays short matches of the new games between Monte Carlo agents, as
// "turncoat match" does.
func TestMatchesRun(t *testing.T) {
	for _, c := range []struct{ game, options, a, b string }{
		{"turncoat", "size=4", "smmcts:iterations=200", "duct:iterations=200"},
		{"turncoat", "size=5", "3", "random"},
		{"troll", "", "mcts:iterations=100", "random"},
		{"reversi", "size=6", "mcts:iterations=200", "ucthello:iterations=200"},
	} {
		g, err := games.Registry().Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		o, err := game.ParseOptionString(g.OptionSpecs(), c.options)
		if err != nil {
			t.Fatal(err)
		}
		start, err := g.New(o)
		if err != nil {
			t.Fatal(err)
		}
		mk := func(spec string) match.NewAgent {
			return func(seed uint64) (engine.Agent, error) { return Parse(g, spec, seed) }
		}
		t0 := time.Now()
		res, err := match.Run(context.Background(), match.Config{Start: start, Games: 2, A: mk(c.a), B: mk(c.b), Seed: 1})
		t.Logf("%s: %s vs %s: %v in %v", c.game, c.a, c.b, res, time.Since(t0).Round(time.Millisecond))
		if err != nil {
			t.Errorf("%s: %s vs %s: %v", c.game, c.a, c.b, err)
			continue
		}
		if _, n := res.Score(); n != 2 {
			t.Errorf("%s: %d games played, want 2", c.game, n)
		}
	}
}
