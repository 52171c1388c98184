package ai

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
)

// The Monte Carlo agents: generic MCTS for every game, SM-MCTS with regret matching and the
// tactical layer for simultaneous games, decoupled UCT, and the UCThello-style reference; and
// the fallback level mapping ("*") of games without levels of their own.

const mctsParamsDoc = "parameters: level=1-10 (a preset of the others, default 5), iterations=N and time=MS (budget per move; " +
	"either alone replaces the preset's pair), c=X (exploration), workers=N (trees in parallel), reuse=, solver=, tactical= " +
	"(true|false; tactical is the one-round layer at simultaneous nodes), sim=rm|duct, gamma=X (regret matching's exploration), " +
	"rootsolve=N (solve the root's matrix game, N iterations), trust=X (mix only over selections visited X times as often as the most), widen=N (keep the N best selections at wide simultaneous nodes), " +
	"purify=X, playout=game|random"

func init() {
	Register(Kind{Name: "mcts", Doc: "Monte Carlo tree search (UCT; regret matching at simultaneous nodes); " + mctsParamsDoc,
		Make: func(g game.Game, p Params, seed uint64) (engine.Agent, error) {
			return makeMCTS(g, p, seed, mcts.RegretMatching, false)
		}})
	Register(Kind{Name: "smmcts", Doc: "simultaneous-move MCTS with regret matching, playing the average strategy (with rootsolve, the equilibrium of the root's estimated matrix game), behind the tactical layer; " + mctsParamsDoc,
		Make: func(g game.Game, p Params, seed uint64) (engine.Agent, error) {
			return makeMCTS(g, p, seed, mcts.RegretMatching, true)
		}})
	Register(Kind{Name: "duct", Doc: "decoupled UCT at simultaneous nodes, playing in proportion to visits; " + mctsParamsDoc,
		Make: func(g game.Game, p Params, seed uint64) (engine.Agent, error) {
			return makeMCTS(g, p, seed, mcts.DecoupledUCT, false)
		}})
	Register(Kind{Name: "ucthello", Doc: "the UCThello-style reference: UCT with c=sqrt 2, uniformly random playouts, no tree reuse; parameters: iterations=N (default 32000), c=X",
		Make: func(g game.Game, p Params, seed uint64) (engine.Agent, error) {
			it, err := p.Int("iterations", mcts.UCThelloIterations)
			if err != nil {
				return nil, err
			}
			c, err := p.Float("c", math.Sqrt2)
			if err != nil {
				return nil, err
			}
			if it <= 0 || c <= 0 {
				return nil, fmt.Errorf("iterations and c must be positive")
			}
			return mcts.UCThello(it, c, seed), nil
		}})
	RegisterLevels("*", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
		return LevelMCTS(g, l, seed), nil
	})
}

// mctsLevel is one level's preset.
type mctsLevel struct {
	iterations int64
	time       time.Duration
	workers    int
	solver     bool
	reuse      bool
	tactical   bool
	rootSolve  int
	trust      float64
	widen      int
}

// mctsLevels are the generic levels 1-10: budgets grow about threefold a level (the time caps
// keep slow games playable), the solver and tree reuse come in early, the tactical layer from
// level 4, both cores from level 8.
var mctsLevels = [11]mctsLevel{
	1:  {iterations: 20},
	2:  {iterations: 60},
	3:  {iterations: 200, solver: true},
	4:  {iterations: 600, time: 250 * time.Millisecond, solver: true, tactical: true},
	5:  {iterations: 2000, time: 500 * time.Millisecond, solver: true, reuse: true, tactical: true},
	6:  {iterations: 6000, time: 500 * time.Millisecond, solver: true, reuse: true, tactical: true},
	7:  {iterations: 20000, time: time.Second, solver: true, reuse: true, tactical: true},
	8:  {iterations: 60000, time: time.Second, workers: 2, solver: true, reuse: true, tactical: true, rootSolve: 1000},
	9:  {iterations: 200000, time: 2 * time.Second, workers: 2, solver: true, reuse: true, tactical: true, rootSolve: 1000},
	10: {iterations: 600000, time: 3 * time.Second, workers: 2, solver: true, reuse: true, tactical: true, rootSolve: 1000},
}

// levelConfig returns the search settings of a generic level.
func levelConfig(l engine.Level, seed uint64) (mcts.Config, bool) {
	return presetConfig(mctsLevels[l], seed)
}

// presetFor returns the preset of level l for g: the game's own where it has MCTS levels
// (Turncoat), else the generic one.
func presetFor(g game.Game, l engine.Level) mctsLevel {
	if g.Name() == "turncoat" {
		return turncoatLevels[l]
	}
	return mctsLevels[l]
}

// presetConfig returns the search settings of a preset, and whether it wants the tactical layer.
func presetConfig(p mctsLevel, seed uint64) (mcts.Config, bool) {
	return mcts.Config{Iterations: p.iterations, Time: p.time, Workers: max(p.workers, 1), Solver: p.solver,
		Reuse: p.reuse, RootSolve: p.rootSolve, Trust: p.trust, Widen: p.widen, Seed: seed, Sim: mcts.RegretMatching}, p.tactical
}

// LevelMCTS returns the generic MCTS agent of level l for g: the fallback of games without a
// level mapping of their own.
func LevelMCTS(g game.Game, l engine.Level, seed uint64) engine.Agent {
	cfg, tactical := levelConfig(l, seed)
	cfg.Name = fmt.Sprintf("mcts level %d", l)
	return wrapTactical(mcts.New(cfg), tactical, seed)
}

func wrapTactical(a *mcts.Searcher, tactical bool, seed uint64) engine.Agent {
	if tactical {
		return mcts.NewTactical(a, seed)
	}
	return a
}

// makeMCTS builds an MCTS agent from a spec's parameters: the level's preset for the game
// (Turncoat's own, else the generic one; without its tactical layer, which the kind decides),
// then the parameters given.
func makeMCTS(g game.Game, p Params, seed uint64, sim mcts.SimSelect, tactical bool) (engine.Agent, error) {
	lv, err := p.Int("level", 5)
	if err != nil {
		return nil, err
	}
	if !engine.Level(lv).Valid() {
		return nil, fmt.Errorf("level=%d: want 1 to 10", lv)
	}
	cfg, _ := presetConfig(presetFor(g, engine.Level(lv)), seed) // the kind decides tactical; the tactical parameter overrides
	cfg.Sim = sim
	if sim == mcts.DecoupledUCT {
		cfg.RootSolve = 0
	}
	if cfg.Iterations, err = p.Int("iterations", cfg.Iterations); err != nil {
		return nil, err
	}
	ms, err := p.Int("time", cfg.Time.Milliseconds())
	if err != nil {
		return nil, err
	}
	cfg.Time = time.Duration(ms) * time.Millisecond
	if p.String("iterations", "") != "" && p.String("time", "") == "" {
		cfg.Time = 0 // an explicit iteration budget alone is exact (and reproducible)
	}
	if p.String("time", "") != "" && p.String("iterations", "") == "" {
		cfg.Iterations = 0 // an explicit time alone is the budget
	}
	if cfg.C, err = p.Float("c", mcts.DefaultC); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		v    *int
	}{{"workers", &cfg.Workers}, {"widen", &cfg.Widen}, {"rootsolve", &cfg.RootSolve}} {
		x, err := p.Int(f.name, int64(*f.v))
		if err != nil {
			return nil, err
		}
		*f.v = int(x)
	}
	if cfg.Gamma, err = p.Float("gamma", mcts.DefaultGamma); err != nil {
		return nil, err
	}
	if cfg.Trust, err = p.Float("trust", cfg.Trust); err != nil {
		return nil, err
	}
	if cfg.Purify, err = p.Float("purify", 0); err != nil {
		return nil, err
	}
	for _, b := range []struct {
		name string
		v    *bool
	}{{"reuse", &cfg.Reuse}, {"solver", &cfg.Solver}, {"tactical", &tactical}} {
		if v := p.String(b.name, ""); v != "" {
			x, err := strconv.ParseBool(v)
			if err != nil {
				return nil, fmt.Errorf("agent parameter %s=%q: want true or false", b.name, v)
			}
			*b.v = x
		}
	}
	if s := p.String("sim", ""); s != "" {
		switch s {
		case "rm":
			cfg.Sim = mcts.RegretMatching
		case "duct":
			cfg.Sim = mcts.DecoupledUCT
		default:
			return nil, fmt.Errorf("agent parameter sim=%q: want rm or duct", s)
		}
	}
	switch pl := p.String("playout", "game"); pl {
	case "game":
	case "random":
		cfg.Playout = mcts.RandomPlayout
	default:
		return nil, fmt.Errorf("agent parameter playout=%q: want game or random", pl)
	}
	if cfg.Iterations < 0 || cfg.Time < 0 || cfg.C <= 0 || cfg.Workers < 1 || cfg.Workers > 64 || cfg.Gamma < 0 || cfg.Gamma >= 1 || cfg.RootSolve < 0 || cfg.Widen < 0 || cfg.Trust < 0 || cfg.Trust > 1 {
		return nil, fmt.Errorf("parameters out of range: want iterations, time, rootsolve, widen >= 0, 0 <= trust <= 1, c > 0, 1 <= workers <= 64, 0 <= gamma < 1")
	}
	return wrapTactical(mcts.New(cfg), tactical, seed), nil
}
