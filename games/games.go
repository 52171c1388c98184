// Package games lists every game Turncoat plays, for the server, the CLI and the tests that run
// over all games.
package games

import (
	"turncoat/game"
	"turncoat/games/reversi"
)

// Registry returns a registry of all the games, in the order the UI lists them.
func Registry() *game.Registry {
	return game.NewRegistry(
		reversi.Game{},
	)
}
