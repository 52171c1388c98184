package rating

import (
	"strings"

	"turncoat/game"
)

// Key returns the key under which ratings of g played under options are kept: the game's name,
// then the options that matter for ratings (the game's game.Info.RatedOptions, in that order;
// every option, by name, for a game that does not say), e.g.
// "reversi:size=6,start=diagonal,nomove=pass". Two option sets that differ only in options that
// do not change how the game plays give the same key; 6x6 and 8x8 Othello give different ones.
// options should be the game's validated options (game.ParseOptions fills in every default), so
// that a default written out and a default left out give the same key.
func Key(g game.Game, options game.Options) string {
	return key(g.Name(), game.InfoOf(g), options)
}

func key(name string, info game.Info, options game.Options) string {
	all := options.Map()
	var b strings.Builder
	b.WriteString(strings.ToLower(name))
	sep := byte(':')
	for _, k := range info.RatedKeys(all) {
		b.WriteByte(sep)
		sep = ','
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(all[k])
	}
	return b.String()
}
