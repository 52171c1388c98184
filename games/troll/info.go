package troll

import "turncoat/game"

// Describe says what the program's game-blind parts need of Troll (game.Describer): rules (1987
// or 1993) separates ratings; first only names the colour that places first.
func (Game) Describe() game.Info {
	return game.Info{
		Summary:      "Othello with a goal: connect your two edges of the board with a chain of your discs.",
		Pieces:       game.Discs,
		RatedOptions: []string{"rules"},
		Tournament:   true,
	}
}
