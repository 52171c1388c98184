package blocs

import "turncoat/game"

// Describe says what the program's game-blind parts need of Blocs (game.Describer): the pieces
// belong to nobody, so the sides are shown by their numbers; first-flip and seating change the
// rules, and both separate ratings.
func (Game) Describe() game.Info {
	return game.Info{
		Summary:      "Fill a 4×4 board with pieces, then take turns turning over rectangles; whoever makes the last move wins.",
		Pieces:       game.Numbers,
		RatedOptions: []string{"first-flip", "seating"},
		Tournament:   true,
	}
}
