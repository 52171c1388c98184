package api

import "turncoat/game"

// DescribeKind fills in the fields of k that the game says of itself (game.InfoOf): the
// service that lists the kinds calls it for each, so that a new game reaches the UI through the
// registry alone.
func DescribeKind(k *Kind, g game.Game) {
	info := game.InfoOf(g)
	k.Summary, k.Pieces, k.Checkered, k.Tournament, k.Themes = info.Summary, info.Pieces, info.Checkered, info.Tournament, info.Themes
}
