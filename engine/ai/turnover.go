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
	RegisterLevels("turnover", func(_ game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		cfg := turnoverLevels[l]
		cfg.Seed = seed
		return turnoverab.NewAgent(fmt.Sprintf("turnover-ab level %d", l), cfg), turnoverResources(cfg), nil
	})
	Register(Kind{
		Name:  "turnover-ab",
		Doc:   "Turnover alpha-beta (PVS, transposition table, quiescence); with no depth, time or nodes, 300ms a move",
		Games: []string{"turnover"},
		Params: []Param{
			{Name: "depth", Type: ParamInt, Unit: "plies", Min: 0, Max: 100, Default: "0", Doc: "the deepest iteration (0: none)"},
			{Name: "time", Type: ParamDuration, Min: 0, Max: 3600, Default: "0s", Doc: "time per move (0: none)"},
			{Name: "nodes", Type: ParamInt, Unit: "nodes", Min: 0, Max: 1e12, Default: "0", Doc: "nodes per move (0: no budget)"},
			{Name: "noise", Type: ParamInt, Unit: "centipawns", Min: 0, Max: 10000, Default: "0", Doc: "blur of the evaluation"},
			{Name: "tt", Type: ParamInt, Unit: "log2 entries", Min: 10, Max: 26, Default: "19", Doc: "the transposition table: 2^tt entries of 16 bytes"},
		},
		Make: func(_ game.Game, v Values, seed uint64) (engine.Agent, Resources, error) {
			lim := turnoverab.Limits{Depth: int(v.Int("depth")), Time: v.Duration("time"), Nodes: v.Int("nodes")}
			if lim == (turnoverab.Limits{}) {
				lim.Time = 300 * time.Millisecond
			}
			cfg := turnoverab.Config{Limits: lim, Noise: int(v.Int("noise")), TTBits: int(v.Int("tt")), Seed: seed}
			return turnoverab.NewAgent("turnover-ab:"+v.Raw(), cfg), turnoverResources(cfg), nil
		},
	})
}

// turnoverResources returns what a Turnover agent uses: its table of 16-byte entries.
func turnoverResources(cfg turnoverab.Config) Resources {
	bits := cfg.TTBits
	if bits == 0 {
		bits = 19
	}
	return Resources{Threads: 1, Memory: 16 << bits, MoveTime: cfg.Limits.Time, Nodes: cfg.Limits.Nodes}
}

// turnoverMaterial is p's material minus the opponent's, by kind of stack.
func turnoverMaterial(s game.State, p game.Player) float64 {
	pos := s.(*turnover.State).Position()
	return float64(turnoverab.Material(&pos, p))
}
