package ai

import (
	"fmt"
	"time"

	"turncoat/engine"
	"turncoat/engine/turnoverab"
	"turncoat/game"
	"turncoat/games/turnover"
)

// Turnover's levels are budgets of the alpha-beta engine (engine/turnoverab): a fixed depth with
// a blurred evaluation for the beginner levels, a fixed depth for the middle ones, and a node
// budget per move for the top ones, doubling from level to level. Depths and node budgets make
// a level's play the same on any machine and under any load (a match is reproducible); a time
// cap bounds a move on a slow machine. Measured on the 2-core development machine under load
// (about 230,000 nodes a second), level 10 takes about 0.6 s a move and depth 4 about 20 ms.
//
//	level  search                      noise (centipawns)
//	1      depth 1 + quiescence        250
//	2      depth 1 + quiescence        80
//	3      depth 2 + quiescence        25
//	4      depth 3
//	5      depth 4
//	6      depth 5
//	7      20,000 nodes
//	8      40,000 nodes
//	9      80,000 nodes
//	10     150,000 nodes
//
// Levels 6 to 10 stop at 3 s a move whatever their budget.
var turnoverLevels = [engine.MaxLevel + 1]turnoverab.Config{
	1:  {Limits: turnoverab.Limits{Depth: 1}, Noise: 250, TTBits: 16},
	2:  {Limits: turnoverab.Limits{Depth: 1}, Noise: 80, TTBits: 16},
	3:  {Limits: turnoverab.Limits{Depth: 2}, Noise: 25, TTBits: 16},
	4:  {Limits: turnoverab.Limits{Depth: 3}, TTBits: 18},
	5:  {Limits: turnoverab.Limits{Depth: 4}, TTBits: 18},
	6:  {Limits: turnoverab.Limits{Depth: 5, Time: turnoverMoveCap}, TTBits: 18},
	7:  {Limits: turnoverab.Limits{Nodes: 20_000, Time: turnoverMoveCap}, TTBits: 18},
	8:  {Limits: turnoverab.Limits{Nodes: 40_000, Time: turnoverMoveCap}, TTBits: 19},
	9:  {Limits: turnoverab.Limits{Nodes: 80_000, Time: turnoverMoveCap}, TTBits: 19},
	10: {Limits: turnoverab.Limits{Nodes: 150_000, Time: turnoverMoveCap}, TTBits: 19},
}

// turnoverMoveCap bounds a move of levels 6 to 10.
const turnoverMoveCap = 3 * time.Second

func init() {
	RegisterGreedyScore("turnover", turnoverMaterial)
	RegisterLevels("turnover", func(_ game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
		cfg := turnoverLevels[l]
		cfg.Seed = seed
		return turnoverab.NewAgent(fmt.Sprintf("turnover-ab level %d", l), cfg), nil
	})
	Register(Kind{
		Name: "turnover-ab",
		Doc: "Turnover alpha-beta (PVS, transposition table, quiescence); parameters depth (plies), " +
			"time (ms per move), nodes, noise (centipawns), tt (log2 of table entries)",
		Games: []string{"turnover"},
		Make: func(_ game.Game, p Params, seed uint64) (engine.Agent, error) {
			depth, err := p.Int("depth", 0)
			if err != nil {
				return nil, err
			}
			ms, err := p.Int("time", 0)
			if err != nil {
				return nil, err
			}
			nodes, err := p.Int("nodes", 0)
			if err != nil {
				return nil, err
			}
			noise, err := p.Int("noise", 0)
			if err != nil {
				return nil, err
			}
			tt, err := p.Int("tt", 19)
			if err != nil {
				return nil, err
			}
			switch {
			case depth < 0 || depth > 100:
				return nil, fmt.Errorf("depth=%d: want 0 (no limit) to 100", depth)
			case ms < 0 || nodes < 0 || noise < 0:
				return nil, fmt.Errorf("time, nodes and noise must not be negative")
			case tt < 10 || tt > 26:
				return nil, fmt.Errorf("tt=%d: want 10 to 26", tt)
			case depth == 0 && ms == 0 && nodes == 0:
				ms = 300
			}
			cfg := turnoverab.Config{
				Limits: turnoverab.Limits{Depth: int(depth), Time: time.Duration(ms) * time.Millisecond, Nodes: nodes},
				Noise:  int(noise), TTBits: int(tt), Seed: seed,
			}
			return turnoverab.NewAgent("turnover-ab:"+p.Raw, cfg), nil
		},
	})
}

// turnoverMaterial is p's material minus the opponent's, by kind of stack.
func turnoverMaterial(s game.State, p game.Player) float64 {
	pos := s.(*turnover.State).Position()
	return float64(turnoverab.Material(&pos, p))
}
