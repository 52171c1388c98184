package turncoat

import "turncoat/game"

// Describe says what the program's game-blind parts need of Turncoat (game.Describer): size and
// mode (which pieces a player may select) separate ratings; cap only bounds a game's length, and
// seed and setup draw each game's random setup, as shuffled starts do. Its rounds are
// simultaneous, which play by post, one colour's posts a round, cannot run.
func (Game) Describe() game.Info {
	return game.Info{
		Summary:      "Two boards, secret selections made at the same time: be the first to turn every piece of your board black.",
		Pieces:       game.Discs,
		RatedOptions: []string{"size", "mode"},
		Tournament:   false,
	}
}
