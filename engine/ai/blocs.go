package ai

import (
	"turncoat/engine"
	"turncoat/engine/exact"
	"turncoat/game"
)

func init() {
	Register(Kind{Name: "perfect", Games: []string{"blocs"},
		Doc: "Blocs played from the exact solution",
		Params: []Param{{Name: "blunder", Type: ParamFloat, Min: 0, Max: 1, Default: "0",
			Doc: "the probability of a random move instead of a perfect one"}},
		Make: func(_ game.Game, v Values, seed uint64) (engine.Agent, Resources, error) {
			return exact.NewBlocsAgent(v.Float("blunder"), seed), blocsResources, nil
		}})
	RegisterLevels("blocs", func(_ game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		return exact.NewBlocsAgent(BlocsBlunder(l), seed), blocsResources, nil
	})
}

// blocsResources are what the perfect agent uses: the exact solution's tables, shared by every
// agent and built once (the largest, opposite seating's placement table, is 43 MB for each
// choice of the first flipper).
var blocsResources = Resources{Threads: 1, Memory: 43 << 20}

// BlocsBlunder is the chance that Blocs' AI at level l makes a random move instead of a perfect
// one: 90% at level 1, falling by 10 points a level to none at level 10.
func BlocsBlunder(l engine.Level) float64 { return float64(engine.MaxLevel-l) / 10 }
