package ai

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
	"turncoat/games"
)

// TestNewSafeRefuses checks that the server's constructor refuses what would start a process or
// exceed a cap, saying which.
func TestNewSafeRefuses(t *testing.T) {
	cores := runtime.NumCPU()
	if cores >= 64 {
		t.Skip("the parameters' own bound (64 threads) is below this machine's cores")
	}
	for _, c := range []struct {
		game, spec, cap, reason string
	}{
		{"reversi", "nboard:cmd=sh -c 'touch /tmp/owned'", "process", "nboard starts an external program, which only the command line may do"},
		{"reversi", "nboard:edax -nboard", "process", "nboard starts an external program"},
		{"reversi", "nboard:cmd=true,depth=3", "process", "nboard starts an external program"},
		{"reversi", fmt.Sprintf("reversi-ab:threads=%d", cores+1), "threads", fmt.Sprintf("it would search with %d threads; the cap is %d", cores+1, cores)},
		{"reversi", "reversi-ab:threads=64,hash=65536", "threads", "it would search with 64 threads"},
		{"reversi", "reversi-ab:hash=65536", "memory", "it would use 65540 MB of tables and trees; the cap is 256 MB"},
		// the searchers' own tables count too: a table of the whole cap leaves them no room
		{"reversi", "reversi-ab:hash=256", "memory", "it would use 260 MB of tables and trees; the cap is 256 MB"},
		{"reversi", "reversi-ab:time=1h", "time", "it would think 1h0m0s a move; the cap is 1m0s"},
		{"reversi", "reversi-ab:time=61s", "time", "it would think 1m1s a move; the cap is 1m0s"},
		{"reversi", "reversi-ab:nodes=1000000000", "nodes", "it would search 1000000000 nodes a move; the cap is 500000000"},
		{"turncoat", fmt.Sprintf("smmcts:workers=%d", cores+1), "threads", "threads; the cap is"},
		{"turncoat", "mcts:memory=4096", "memory", "it would use 4096 MB of tables and trees; the cap is 256 MB"},
		{"troll", "mcts:time=10m", "time", "it would think 10m0s a move"},
		{"troll", "mcts:iterations=20000000", "iterations", "it would run 20000000 iterations a move; the cap is 10000000"},
		{"reversi", "ucthello:iterations=100000000", "iterations", "the cap is 10000000"},
		{"turnover", "turnover-ab:tt=26", "memory", "it would use 1024 MB of tables and trees"},
		{"turnover", "turnover-ab:time=5m", "time", "it would think 5m0s a move"},
		{"turnover", "turnover-ab:nodes=600000000", "nodes", "it would search 600000000 nodes a move"},
	} {
		g, err := games.Registry().Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewSafe(g, c.spec, 1)
		var le *LimitError
		if !errors.As(err, &le) || le.Cap != c.cap || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: %q: got %v, %v; want a refusal of %s saying %q", c.game, c.spec, a, err, c.cap, c.reason)
			continue
		}
		if !strings.HasPrefix(err.Error(), fmt.Sprintf("agent %q refused: ", c.spec)) {
			t.Errorf("%q: error %q does not name the spec", c.spec, err)
		}
	}
	// Tighter caps are the caller's to set.
	g, _ := games.Registry().Lookup("reversi")
	for _, c := range []struct {
		spec string
		lim  Limits
		cap  string
	}{
		{"reversi-ab:hash=64", Limits{Memory: 16 << 20}, "memory"},
		{"10", Limits{Memory: 16 << 20}, "memory"},
		{"reversi-ab:time=2s", Limits{MoveTime: time.Second}, "time"},
		{"mcts:iterations=2000", Limits{Iterations: 1000}, "iterations"},
		{"reversi-ab:nodes=2000", Limits{Nodes: 1000}, "nodes"},
	} {
		var le *LimitError
		if _, err := c.lim.New(g, c.spec, 1); !errors.As(err, &le) || le.Cap != c.cap {
			t.Errorf("%s under %+v: %v, want a refusal of %s", c.spec, c.lim, err, c.cap)
		}
	}
	// Bad specs get the parser's errors, not a LimitError.
	if _, err := NewSafe(g, "reversi-ab:threads=x", 1); err == nil || errors.As(err, new(*LimitError)) {
		t.Errorf("a bad spec: %v", err)
	}
}

// TestNewSafeAccepts checks that the server's constructor accepts every level of every game (as
// "7" and "level=7"), within the caps, and vetted kinds within them; its agents analyse when the
// agent inside does.
func TestNewSafeAccepts(t *testing.T) {
	caps := Limits{}.withDefaults()
	for _, g := range games.Registry().Games() {
		for l := engine.MinLevel; l <= engine.MaxLevel; l++ {
			for _, spec := range []string{fmt.Sprint(int(l)), fmt.Sprintf("level=%d", l)} {
				a, err := NewSafe(g, spec, 1)
				if err != nil {
					t.Errorf("%s: level %q: %v", g.Name(), spec, err)
					continue
				}
				if a.Name() == "" {
					t.Errorf("%s: level %q: no name", g.Name(), spec)
				}
			}
			_, r, err := buildLevel(g, l, 1)
			if err != nil {
				t.Fatal(err)
			}
			if r.Threads < 1 || r.Threads > runtime.NumCPU() || r.Memory > caps.Memory || r.MoveTime > caps.MoveTime ||
				r.Iterations > caps.Iterations || r.Nodes > caps.Nodes {
				t.Errorf("%s level %d uses %+v, beyond the caps %+v", g.Name(), l, r, caps)
			}
		}
	}
	for _, c := range []struct {
		game, spec string
		analyzer   bool
	}{
		{"reversi", "reversi-ab:level=5,time=2s,hash=64", true},
		{"reversi", "reversi-ab:hash=252", true}, // and its searcher's 4 MB: just within the cap
		{"reversi", "mcts:iterations=1000,workers=1", true},
		{"reversi", "ucthello", true},
		{"turncoat", "smmcts:iterations=500,time=1s", true},
		{"turnover", "turnover-ab:depth=3", false},
		{"blocs", "perfect:blunder=0.5", true},
		{"troll", "random", false},
		{"troll", "greedy", false},
	} {
		g, _ := games.Registry().Lookup(c.game)
		a, err := NewSafe(g, c.spec, 1)
		if err != nil {
			t.Errorf("%s: %s: %v", c.game, c.spec, err)
			continue
		}
		if _, ok := a.(engine.Analyzer); ok != c.analyzer {
			t.Errorf("%s: %s: analyzer %v, want %v", c.game, c.spec, ok, c.analyzer)
		}
	}
}

// TestNewSafeMoveDeadline checks that a safe agent's move stops at the cap on a move's time
// whatever its own budget: ten million iterations cannot run in the tenth of a second allowed.
func TestNewSafeMoveDeadline(t *testing.T) {
	g, _ := games.Registry().Lookup("reversi")
	a, err := Limits{MoveTime: 100 * time.Millisecond}.New(g, "mcts:iterations=10000000", 1)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(game.DefaultOptions(g.OptionSpecs()))
	if err != nil {
		t.Fatal(err)
	}
	act, err := a.Choose(context.Background(), s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.CheckLegal(s, game.First, act); err != nil {
		t.Fatal(err)
	}
	m := a.(interface{ Unwrap() engine.Agent }).Unwrap().(*mcts.Searcher)
	if it := m.LastResult().Iterations; it <= 0 || it >= 10_000_000 {
		t.Errorf("%d iterations: the move did not stop at the deadline", it)
	}
}
