// Package games lists every game Turncoat plays, for the server, the CLI and the tests that run
// over all games.
package games

import (
	"turncoat/game"
	"turncoat/games/blocs"
	"turncoat/games/reversi"
	"turncoat/games/troll"
	"turncoat/games/turncoat"
	"turncoat/games/turnover"
)

// Registry returns a registry of all the games, in the order the UI lists them.
func Registry() *game.Registry {
	return game.NewRegistry(
		reversi.Game{},
		turnover.Game{},
		turncoat.Game{},
		blocs.Game{},
		troll.Game{},
	)
}
