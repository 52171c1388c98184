package turnover

import "turncoat/game"

// Describe says what the program's game-blind parts need of Turnover (game.Describer): stacks on
// a checkered board; setup (first rank or zigzag) and mate-ends-game separate ratings, while the
// fifty-move and repetition rules only decide rare draws and knight-letter is printing.
func (Game) Describe() game.Info {
	return game.Info{
		Summary:      "A chess variant of stacked rings and buttons: combine, turn over and capture until your opponent has no Castle left.",
		Pieces:       game.Stacks,
		Checkered:    true,
		RatedOptions: []string{"setup", "mate-ends-game"},
		Tournament:   true,
	}
}
