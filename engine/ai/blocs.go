package ai

import (
	"turncoat/engine"
	"turncoat/engine/exact"
	"turncoat/game"
)

func init() {
	Register(Kind{Name: "perfect", Games: []string{"blocs"},
		Doc: "Blocs played from the exact solution; blunder=P makes a random move with probability P (default 0)",
		Make: func(_ game.Game, p Params, seed uint64) (engine.Agent, error) {
			blunder, err := p.Float("blunder", 0)
			if err != nil {
				return nil, err
			}
			return exact.NewBlocsAgent(blunder, seed), nil
		}})
	RegisterLevels("blocs", func(_ game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
		return exact.NewBlocsAgent(BlocsBlunder(l), seed), nil
	})
}

// BlocsBlunder is the chance that Blocs' AI at level l makes a random move instead of a perfect
// one: 90% at level 1, falling by 10 points a level to none at level 10.
func BlocsBlunder(l engine.Level) float64 { return float64(engine.MaxLevel-l) / 10 }
