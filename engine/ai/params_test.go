package ai

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games"
)

// gameFor returns a game that kind k plays.
func gameFor(t testing.TB, k Kind) game.Game {
	t.Helper()
	name := "reversi"
	if len(k.Games) > 0 {
		name = k.Games[0]
	}
	g, err := games.Registry().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// allKinds returns every registered kind, sorted by name.
func allKinds(t testing.TB) []Kind {
	seen := map[string]bool{}
	var out []Kind
	for _, g := range games.Registry().Games() {
		for _, k := range Kinds(g) {
			if !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k)
			}
		}
	}
	if len(out) < 9 {
		t.Fatalf("only %d kinds registered", len(out))
	}
	return out
}

// TestDeclaredDefaults checks every kind's declarations: each default, written in a spec,
// parses to what the kind reads when the spec leaves it out; every kind that starts no process
// builds with no parameters; and its help lists every parameter with its range.
func TestDeclaredDefaults(t *testing.T) {
	for _, k := range allKinds(t) {
		g := gameFor(t, k)
		_, bare, err := ParseSpec(g, k.Name)
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		for _, p := range k.Params {
			if !strings.Contains(k.Help(), p.Name+" ("+p.Type.String()+", "+p.Range()) {
				t.Errorf("%s: help does not list %s: %s", k.Name, p.Name, k.Help())
			}
			if p.Doc == "" {
				t.Errorf("%s: parameter %s has no doc", k.Name, p.Name)
			}
			if p.Default == "" {
				continue
			}
			spec := k.Name + ":" + p.Name + "=" + p.Default
			_, v, err := ParseSpec(g, spec)
			if err != nil {
				t.Errorf("%s: %v", spec, err)
				continue
			}
			if !v.Given(p.Name) || bare.Given(p.Name) {
				t.Errorf("%s: given %v, without it %v", spec, v.Given(p.Name), bare.Given(p.Name))
			}
			if got, want := valueOf(v, p), valueOf(bare, p); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: reads %v, the default reads %v", spec, got, want)
			}
			if _, err := Parse(g, spec, 1); err != nil && !k.StartsProcess {
				t.Errorf("%s: %v", spec, err)
			}
		}
		if !k.StartsProcess {
			if a, err := Parse(g, k.Name, 1); err != nil || a == nil || a.Name() == "" {
				t.Errorf("%s: %v, %v", k.Name, a, err)
			}
		}
	}
}

// valueOf reads p from v by its type.
func valueOf(v Values, p Param) any {
	switch p.Type {
	case ParamInt:
		return v.Int(p.Name)
	case ParamFloat:
		return v.Float(p.Name)
	case ParamDuration:
		return v.Duration(p.Name)
	case ParamBool:
		return v.Bool(p.Name)
	}
	return v.String(p.Name)
}

// TestBadSpecs checks that each kind refuses bad parameters with an error naming the parameter
// and what it accepts.
func TestBadSpecs(t *testing.T) {
	cases := map[string][]struct{ spec, want string }{
		"reversi": {
			{"", `unknown agent ""`},
			{"alphabeta", `unknown agent "alphabeta" for reversi: want a level 1-10 or one of duct, greedy, mcts, nboard, random, reversi-ab, smmcts, ucthello`},
			{"11", "level 11: want 1 to 10"},
			{"level=0", "level 0: want 1 to 10"},
			{"perfect", `unknown agent "perfect" for reversi`},
			{"random:seed=3", `random: unknown parameter "seed": random takes none`},
			{"greedy:depth=2", `greedy: unknown parameter "depth": greedy takes none`},
			{"mcts:c", `mcts: parameter "c" is not name=value`},
			{"mcts:c=1,c=2", "mcts: parameter c given twice"},
			{"mcts:c=NaN", `mcts: parameter c="NaN": want a number from 0.001 to 100`},
			{"mcts:c=Inf", `mcts: parameter c="Inf": want a number from 0.001 to 100`},
			{"mcts:gamma=1", "mcts: parameter gamma=1: out of range: want 0.001 to 0.99"},
			{"mcts:workers=0", "mcts: parameter workers=0: out of range: want 1 to 64 threads"},
			{"mcts:workers=65", "mcts: parameter workers=65: out of range: want 1 to 64 threads"},
			{"mcts:memory=0", "mcts: parameter memory=0: out of range: want 1 to 65536 MB"},
			{"mcts:time=-1s", "mcts: parameter time=-1s: out of range: want 0s to 1h0m0s"},
			{"mcts:time=2h", "mcts: parameter time=2h: out of range: want 0s to 1h0m0s"},
			{"mcts:time=soon", `mcts: parameter time="soon": want a duration like 500ms or 2s, from 0s to 1h0m0s`},
			{"mcts:iterations=9999999999999999999999", `mcts: parameter iterations="9999999999999999999999": want an integer`},
			{"mcts:iterations=0,time=0s", "mcts: no budget: give iterations or time above 0"},
			{"mcts:trust=2", "mcts: parameter trust=2: out of range: want 0 to 1"},
			{"mcts:widen=-1", "mcts: parameter widen=-1: out of range: want 0 to 64 selections"},
			{"mcts:tactical=yes", `mcts: parameter tactical="yes": want true or false`},
			{"smmcts:rootsolve=2000000", "smmcts: parameter rootsolve=2000000: out of range: want 0 to 1000000 iterations"},
			{"duct:purify=-0.5", "duct: parameter purify=-0.5: out of range: want 0 to 1"},
			{"ucthello:c=0", "ucthello: parameter c=0: out of range: want 0.001 to 100"},
			{"ucthello:time=1s", `ucthello: unknown parameter "time": ucthello takes c, iterations`},
			{"reversi-ab:level=11", "reversi-ab: parameter level=11: out of range: want 1 to 10"},
			{"reversi-ab:depth=65", "reversi-ab: parameter depth=65: out of range: want 0 to 64 plies"},
			{"reversi-ab:time=2", `reversi-ab: parameter time="2": want a duration with its unit, like 500ms or 2s`},
			{"reversi-ab:threads=0", "reversi-ab: parameter threads=0: out of range: want 1 to 64 threads"},
			{"reversi-ab:threads=65", "reversi-ab: parameter threads=65: out of range: want 1 to 64 threads"},
			{"reversi-ab:hash=65537", "reversi-ab: parameter hash=65537: out of range: want 1 to 65536 MB"},
			{"reversi-ab:nodes=-1", "reversi-ab: parameter nodes=-1: out of range: want 0 to 1000000000000 nodes"},
			{"reversi-ab:exact=x", `reversi-ab: parameter exact="x": want an integer from 0 to 64 empties`},
			{"reversi-ab:noise=65", "reversi-ab: parameter noise=65: out of range: want 0 to 64 discs"},
			{"reversi-ab:depth=0,time=0s,nodes=0", "reversi-ab: reversi-ab needs a limit: depth, time or nodes above 0"},
			{"reversi-ab:depht=3", `reversi-ab: unknown parameter "depht": reversi-ab takes book, depth, exact, hash, level, nodes, noise, threads, time, wld`},
			{"nboard:depth=0", "nboard: parameter depth=0: out of range: want 1 to 60 plies"},
			{"nboard:depth=5", "nboard: want the engine's command line"},
		},
		"turnover": {
			{"turnover-ab:tt=9", "turnover-ab: parameter tt=9: out of range: want 10 to 26 log2 entries"},
			{"turnover-ab:tt=27", "turnover-ab: parameter tt=27: out of range: want 10 to 26 log2 entries"},
			{"turnover-ab:time=300", `turnover-ab: parameter time="300": want a duration with its unit`},
			{"turnover-ab:depth=-1", "turnover-ab: parameter depth=-1: out of range: want 0 to 100 plies"},
			{"turnover-ab:noise=10001", "turnover-ab: parameter noise=10001: out of range: want 0 to 10000 centipawns"},
			{"reversi-ab", `unknown agent "reversi-ab" for turnover`},
		},
		"blocs": {
			{"perfect:blunder=1.5", "perfect: parameter blunder=1.5: out of range: want 0 to 1"},
			{"perfect:blunder=x", `perfect: parameter blunder="x": want a number from 0 to 1`},
			{"perfect:depth=3", `perfect: unknown parameter "depth": perfect takes blunder`},
		},
	}
	for name, specs := range cases {
		g, err := games.Registry().Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range specs {
			a, err := Parse(g, c.spec, 1)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %q: got %v, %v; want an error saying %q", name, c.spec, a, err, c.want)
			}
		}
	}
}

// TestDurationsReadAlike checks that every kind with a time per move reads it the same way,
// with its unit, and refuses a bare number the same way.
func TestDurationsReadAlike(t *testing.T) {
	n := 0
	for _, k := range allKinds(t) {
		p, ok := k.param("time")
		if !ok || k.StartsProcess {
			continue
		}
		n++
		if p.Type != ParamDuration {
			t.Errorf("%s: time is a %v", k.Name, p.Type)
		}
		g := gameFor(t, k)
		for text, want := range map[string]time.Duration{"2s": 2 * time.Second, "500ms": 500 * time.Millisecond, "1m30s": 90 * time.Second} {
			_, r, err := build(g, k.Name+":time="+text, 1, nil)
			if err != nil || r.MoveTime != want {
				t.Errorf("%s:time=%s: move time %v, %v; want %v", k.Name, text, r.MoveTime, err, want)
			}
		}
		_, err := Parse(g, k.Name+":time=2", 1)
		if want := k.Name + `: parameter time="2": want a duration with its unit, like 500ms or 2s (0s to 1h0m0s)`; err == nil || err.Error() != want {
			t.Errorf("%s:time=2: %v, want %q", k.Name, err, want)
		}
	}
	if n < 5 {
		t.Errorf("only %d kinds with a time", n)
	}
}

// TestPositional checks nboard's two forms: parameters, or the whole text as the command line.
func TestPositional(t *testing.T) {
	g, _ := games.Registry().Lookup("reversi")
	for spec, want := range map[string][2]any{
		"nboard:cmd=edax -nboard,depth=10": {"edax -nboard", int64(10)},
		"nboard:edax -nboard":              {"edax -nboard", int64(12)},
		"nboard: turncoat nboard --x=1 ":   {"turncoat nboard --x=1", int64(12)},
		"nboard:depth=3,cmd=a b":           {"a b", int64(3)},
	} {
		_, v, err := ParseSpec(g, spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if got := [2]any{v.String("cmd"), v.Int("depth")}; got != want {
			t.Errorf("%s: cmd %q depth %v, want %q %v", spec, got[0], got[1], want[0], want[1])
		}
	}
}

// TestResourcesReported checks that kinds report what their parameters ask for.
func TestResourcesReported(t *testing.T) {
	for _, c := range []struct {
		game, spec string
		want       Resources
	}{
		{"reversi", "reversi-ab:threads=2,hash=32,time=3s,nodes=1000", Resources{Threads: 2, Memory: 32<<20 + 2*int64(othello.SearcherBytes), MoveTime: 3 * time.Second, Nodes: 1000}},
		{"reversi", "reversi-ab:level=1", Resources{Threads: 1, Memory: 1<<20 + int64(othello.SearcherBytes), MoveTime: time.Second}},
		{"reversi", "mcts:workers=2,memory=100,iterations=5000,time=2s", Resources{Threads: 2, Memory: 100 << 20, MoveTime: 2 * time.Second, Iterations: 5000}},
		{"turncoat", "smmcts:iterations=300", Resources{Threads: 1, Memory: 256 << 20, Iterations: 300}},
		{"reversi", "ucthello", Resources{Threads: 1, Memory: 256 << 20, Iterations: 32000}},
		{"turnover", "turnover-ab:tt=20,nodes=5000", Resources{Threads: 1, Memory: 16 << 20, Nodes: 5000}},
		{"turnover", "turnover-ab", Resources{Threads: 1, Memory: 8 << 20, MoveTime: 300 * time.Millisecond}},
		{"blocs", "perfect", Resources{Threads: 1, Memory: 43 << 20}},
		{"troll", "random", Resources{Threads: 1}},
	} {
		g, _ := games.Registry().Lookup(c.game)
		_, r, err := build(g, c.spec, 1, nil)
		if err != nil || r != c.want {
			t.Errorf("%s: %s: %+v, %v; want %+v", c.game, c.spec, r, err, c.want)
		}
	}
}

// FuzzSpec checks that any spec gives an agent or an error, never a panic, through the
// command line's Parse and the server's NewSafe, and that NewSafe never builds a kind that
// starts a process.
func FuzzSpec(f *testing.F) {
	for _, s := range []string{"mcts", "7", "level=10", "mcts:level=10", "smmcts:time=50ms,gamma=0.1", "duct:c=0", "ucthello:iterations=-3",
		"mcts:workers=65", "mcts:widen=-1", "mcts:iterations=9999999999999999999999", "mcts:,,", "mcts:level", "reversi-ab:hash=65536,threads=64",
		"nboard:cmd=true", "nboard:true", "turnover-ab:tt=26", "perfect:blunder=NaN", "random:=", "mcts:time=1e3h"} {
		f.Add(s)
	}
	reg := games.Registry()
	var gs []game.Game
	for _, name := range []string{"reversi", "turncoat"} {
		g, err := reg.Lookup(name)
		if err != nil {
			f.Fatal(err)
		}
		gs = append(gs, g)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		for _, g := range gs {
			a, err := Parse(g, spec, 1)
			if err == nil && (a == nil || a.Name() == "") {
				t.Errorf("%q: no error and no agent", spec)
			}
			k, _, specErr := ParseSpec(g, spec)
			if (specErr == nil) != (err == nil) && !(k != nil && err != nil) {
				t.Errorf("%q: ParseSpec says %v, Parse %v", spec, specErr, err)
			}
			safe, err := NewSafe(g, spec, 1)
			if err != nil {
				continue
			}
			if k != nil && k.StartsProcess {
				t.Errorf("%q: NewSafe built %s, which starts a process", spec, k.Name)
			}
			if safe.Name() == "" {
				t.Errorf("%q: NewSafe built an agent without a name", spec)
			}
		}
	})
}
