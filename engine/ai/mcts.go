package ai

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"time"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
)

// The Monte Carlo agents: generic MCTS for every game, SM-MCTS with regret matching and the
// tactical layer for simultaneous games, decoupled UCT, and the UCThello-style reference; and
// the fallback level mapping ("*") of games without levels of their own.

// mctsParams are the parameters of the Monte Carlo kinds; sim and tactical are the kind's
// defaults.
func mctsParams(sim string, tactical bool) []Param {
	return []Param{
		{Name: "level", Type: ParamInt, Min: 1, Max: 10, Default: "5",
			Doc: "a preset of iterations, time, workers, reuse, solver, rootsolve, trust and widen (the game's Monte Carlo level)"},
		{Name: "iterations", Type: ParamInt, Unit: "iterations", Min: 0, Max: 1e9,
			Doc: "simulations per move, 0 for no budget; given without time, it is the whole budget (exact and reproducible); default: the level's"},
		{Name: "time", Type: ParamDuration, Min: 0, Max: 3600,
			Doc: "time per move, 0 for none; given without iterations, it is the whole budget; default: the level's"},
		{Name: "c", Type: ParamFloat, Min: 0.001, Max: 100, Default: strconv.FormatFloat(mcts.DefaultC, 'g', -1, 64),
			Doc: "UCB1's exploration constant, for rewards in [0, 1]"},
		{Name: "workers", Type: ParamInt, Unit: "threads", Min: 1, Max: 64,
			Doc: "trees searched in parallel (root parallelism); default: the level's, at most the machine's cores"},
		{Name: "memory", Type: ParamInt, Unit: "MB", Min: 1, Max: 1 << 16, Default: strconv.Itoa(mcts.DefaultMaxBytes >> 20),
			Doc: "bound on the trees' memory, all workers together"},
		{Name: "reuse", Type: ParamBool, Doc: "keep the trees between moves; default: the level's"},
		{Name: "solver", Type: ParamBool, Doc: "prove won and lost nodes (MCTS-solver); default: the level's"},
		{Name: "tactical", Type: ParamBool, Default: strconv.FormatBool(tactical),
			Doc: "the exact one-round layer at simultaneous nodes: take forced wins, avoid forced losses"},
		{Name: "sim", Type: ParamString, Choices: []string{"rm", "duct"}, Default: sim,
			Doc: "selection at simultaneous nodes: regret matching or decoupled UCT"},
		{Name: "gamma", Type: ParamFloat, Min: 0.001, Max: 0.99, Default: strconv.FormatFloat(mcts.DefaultGamma, 'g', -1, 64),
			Doc: "regret matching's share of uniform exploration"},
		{Name: "rootsolve", Type: ParamInt, Unit: "iterations", Min: 0, Max: 1e6,
			Doc: "solve the root's estimated matrix game with this many iterations (0: play the average strategy); default: the level's, 0 under duct"},
		{Name: "trust", Type: ParamFloat, Min: 0, Max: 1,
			Doc: "mix only over selections visited at least this share as often as the most visited; default: the level's"},
		{Name: "widen", Type: ParamInt, Unit: "selections", Min: 0, Max: 64,
			Doc: "keep the N most promising selections at wide simultaneous nodes (0: all); default: the level's"},
		{Name: "purify", Type: ParamFloat, Min: 0, Max: 1, Default: "0",
			Doc: "drop selections below this share of the largest from the strategy played"},
		{Name: "playout", Type: ParamString, Choices: []string{"game", "random"}, Default: "game",
			Doc: "playouts: the game's own policy, or uniformly random moves"},
	}
}

func init() {
	Register(Kind{Name: "mcts", Doc: "Monte Carlo tree search (UCT; regret matching at simultaneous nodes)",
		Params: mctsParams("rm", false), Make: makeMCTS})
	Register(Kind{Name: "smmcts", Doc: "simultaneous-move MCTS with regret matching, playing the average strategy (with rootsolve, the equilibrium of the root's estimated matrix game), behind the tactical layer",
		Params: mctsParams("rm", true), Make: makeMCTS})
	Register(Kind{Name: "duct", Doc: "decoupled UCT at simultaneous nodes, playing in proportion to visits",
		Params: mctsParams("duct", false), Make: makeMCTS})
	Register(Kind{Name: "ucthello", Doc: "the UCThello-style reference: UCT with c=sqrt 2, uniformly random playouts, no tree reuse",
		Params: []Param{
			{Name: "iterations", Type: ParamInt, Unit: "iterations", Min: 1, Max: 1e9, Default: strconv.Itoa(mcts.UCThelloIterations),
				Doc: "simulations per move"},
			{Name: "c", Type: ParamFloat, Min: 0.001, Max: 100, Default: strconv.FormatFloat(math.Sqrt2, 'g', -1, 64),
				Doc: "UCB1's exploration constant"},
		},
		Make: func(g game.Game, v Values, seed uint64) (engine.Agent, Resources, error) {
			s := mcts.UCThello(v.Int("iterations"), v.Float("c"), seed)
			return s, mctsResources(s), nil
		}})
	RegisterLevels("*", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		a, r := levelMCTS(g, l, seed)
		return a, r, nil
	})
}

// mctsResources returns what a searcher uses.
func mctsResources(s *mcts.Searcher) Resources {
	c := s.Config()
	return Resources{Threads: c.Workers, Memory: c.MaxBytes, MoveTime: c.Time, Iterations: c.Iterations}
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
// A preset's workers never outnumber the machine's cores, so that every level stays within
// NewSafe's default cap on threads.
func presetConfig(p mctsLevel, seed uint64) (mcts.Config, bool) {
	return mcts.Config{Iterations: p.iterations, Time: p.time, Workers: min(max(p.workers, 1), runtime.NumCPU()), Solver: p.solver,
		Reuse: p.reuse, RootSolve: p.rootSolve, Trust: p.trust, Widen: p.widen, Seed: seed, Sim: mcts.RegretMatching}, p.tactical
}

// LevelMCTS returns the generic MCTS agent of level l for g: the fallback of games without a
// level mapping of their own.
func LevelMCTS(g game.Game, l engine.Level, seed uint64) engine.Agent {
	a, _ := levelMCTS(g, l, seed)
	return a
}

// levelMCTS is LevelMCTS with what the agent uses.
func levelMCTS(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources) {
	cfg, tactical := levelConfig(l, seed)
	cfg.Name = fmt.Sprintf("mcts level %d", l)
	s := mcts.New(cfg)
	return wrapTactical(s, tactical, seed), mctsResources(s)
}

func wrapTactical(a *mcts.Searcher, tactical bool, seed uint64) engine.Agent {
	if tactical {
		return mcts.NewTactical(a, seed)
	}
	return a
}

// makeMCTS builds an MCTS agent from a spec's values: the level's preset for the game
// (Turncoat's own, else the generic one; without its tactical layer, which the kind's default
// or the tactical parameter decides), then the parameters given.
func makeMCTS(g game.Game, v Values, seed uint64) (engine.Agent, Resources, error) {
	cfg, _ := presetConfig(presetFor(g, engine.Level(v.Int("level"))), seed)
	switch {
	case v.Given("iterations") && !v.Given("time"):
		cfg.Iterations, cfg.Time = v.Int("iterations"), 0 // an explicit iteration budget alone is exact (and reproducible)
	case v.Given("time") && !v.Given("iterations"):
		cfg.Iterations, cfg.Time = 0, v.Duration("time") // an explicit time alone is the budget
	case v.Given("time"):
		cfg.Iterations, cfg.Time = v.Int("iterations"), v.Duration("time")
	}
	if cfg.Iterations == 0 && cfg.Time == 0 {
		return nil, Resources{}, fmt.Errorf("no budget: give iterations or time above 0")
	}
	cfg.C = v.Float("c")
	cfg.Gamma = v.Float("gamma")
	cfg.Purify = v.Float("purify")
	cfg.MaxBytes = v.Int("memory") << 20
	cfg.Sim = mcts.RegretMatching
	if v.String("sim") == "duct" {
		cfg.Sim = mcts.DecoupledUCT
		cfg.RootSolve = 0 // decoupled UCT plays by visits: no matrix game at the root unless asked
	}
	if v.String("playout") == "random" {
		cfg.Playout = mcts.RandomPlayout
	}
	if v.Given("workers") {
		cfg.Workers = int(v.Int("workers"))
	}
	if v.Given("rootsolve") {
		cfg.RootSolve = int(v.Int("rootsolve"))
	}
	if v.Given("widen") {
		cfg.Widen = int(v.Int("widen"))
	}
	if v.Given("trust") {
		cfg.Trust = v.Float("trust")
	}
	if v.Given("reuse") {
		cfg.Reuse = v.Bool("reuse")
	}
	if v.Given("solver") {
		cfg.Solver = v.Bool("solver")
	}
	s := mcts.New(cfg)
	return wrapTactical(s, v.Bool("tactical"), seed), mctsResources(s), nil
}
