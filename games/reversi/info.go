package reversi

import (
	"fmt"

	"turncoat/game"
)

// Describe says what the program's game-blind parts need of Reversi (game.Describer): size,
// start and nomove separate ratings (6x6 and 8x8 are different games; the parallel and free
// starts change the openings; ending at once without a move changes the endgame), which colour
// moves first does not (it only names the colour); 6x6 is drawn in the forum's red and blue,
// and a tournament's default title names the board's size.
func (Game) Describe() game.Info {
	return game.Info{
		Summary:      "Outflank your opponent's discs to turn them your colour; the most discs wins. 8×8, the 6×6 played by post, or 4×4.",
		Pieces:       game.Discs,
		RatedOptions: []string{"size", "start", "nomove"},
		Themes:       []game.ThemeHint{{When: map[string]string{"size": "6"}, Theme: "bypost"}},
		Tournament:   true,
		VariantTitle: func(o game.Options) string { return fmt.Sprintf("%dx%d Reversi", o.Int("size"), o.Int("size")) },
	}
}
