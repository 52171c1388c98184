package ai

import (
	"fmt"

	"turncoat/engine"
	"turncoat/engine/mcts"
	"turncoat/game"
)

// Troll's levels: the generic MCTS presets (UCT with the solver, which matters in a game that a
// single connecting move ends), with playouts through the contract.
func init() {
	RegisterLevels("troll", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		cfg, _ := levelConfig(l, seed)
		cfg.Solver = l >= 2 // a connecting move ends the game: prove it from level 2 on
		cfg.Name = fmt.Sprintf("troll level %d", l)
		s := mcts.New(cfg)
		return s, mctsResources(s), nil
	})
}
