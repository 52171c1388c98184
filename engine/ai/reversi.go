package ai

import (
	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/reversi"
)

func init() {
	RegisterGreedyScore("reversi", reversiDiscs)
	// Until the search engine lands every level plays one-ply greedy.
	RegisterLevels("reversi", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
		return engine.NewGreedy(seed, reversiDiscs), nil
	})
}

// reversiDiscs is p's disc count minus the opponent's.
func reversiDiscs(s game.State, p game.Player) float64 {
	b := s.(*reversi.State).Board()
	black, white, _ := b.Counts()
	if p == game.First {
		return float64(black - white)
	}
	return float64(white - black)
}
