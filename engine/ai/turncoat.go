package ai

import (
	"fmt"
	"time"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
)

// Turncoat's levels: SM-MCTS with regret matching (the average strategy; from level 7 the
// equilibrium of the root's estimated matrix game, from level 8 mixing only over well-searched
// selections) behind the exact tactical layer from level
// 3 on, as the rule spec's notes on a strong AI say, and on wide boards (8x8: some 60 selections
// a side) only the 8 most promising selections of each side by the greedy ordering at each node.
// Levels 1 and 2 search a little and blunder.
func init() {
	RegisterLevels("turncoat", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		a, r := turncoatLevel(l, seed)
		return a, r, nil
	})
}

// turncoatLevels are the presets of levels 1-10.
var turncoatLevels = [11]mctsLevel{
	1:  {iterations: 30},
	2:  {iterations: 100},
	3:  {iterations: 300, tactical: true, widen: 8},
	4:  {iterations: 1000, time: 250 * time.Millisecond, tactical: true, solver: true, widen: 8},
	5:  {iterations: 3000, time: 250 * time.Millisecond, tactical: true, solver: true, reuse: true, widen: 8},
	6:  {iterations: 10000, time: 500 * time.Millisecond, tactical: true, solver: true, reuse: true, widen: 8},
	7:  {iterations: 30000, time: 500 * time.Millisecond, tactical: true, solver: true, reuse: true, rootSolve: 1000, widen: 8},
	8:  {iterations: 100000, time: time.Second, workers: 2, tactical: true, solver: true, reuse: true, rootSolve: 2000, trust: 0.5, widen: 8},
	9:  {iterations: 300000, time: time.Second, workers: 2, tactical: true, solver: true, reuse: true, rootSolve: 2000, trust: 0.5, widen: 8},
	10: {iterations: 1000000, time: time.Second, workers: 2, tactical: true, solver: true, reuse: true, rootSolve: 2000, trust: 0.5, widen: 8},
}

// TurncoatLevel returns Turncoat's agent of level l.
func TurncoatLevel(l engine.Level, seed uint64) engine.Agent {
	a, _ := turncoatLevel(l, seed)
	return a
}

// turncoatLevel is TurncoatLevel with what the agent uses.
func turncoatLevel(l engine.Level, seed uint64) (engine.Agent, Resources) {
	cfg, tactical := presetConfig(turncoatLevels[l], seed)
	cfg.Name = fmt.Sprintf("turncoat level %d", l)
	s := mcts.New(cfg)
	return wrapTactical(s, tactical, seed), mctsResources(s)
}
