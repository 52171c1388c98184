package rating

import (
	"slices"
	"strings"

	"turncoat/game"
)

// ratedOptions lists, per game, the options that change how the game plays and so separate
// ratings. The others are cosmetic or vary from one game to the next without changing the
// game's nature:
//
//   - reversi: size (6x6 and 8x8 Othello are different games), start (the parallel and free
//     starts change the openings) and nomove (ending at once without a move changes the
//     endgame) matter; first only names the colour that moves first.
//   - turncoat: size and mode (which pieces a player may select) matter; cap only bounds a
//     game's length, and seed and setup draw each game's random setup, as shuffled starts do.
//   - turnover: setup (first rank or zigzag) and mate-ends-game matter; the fifty-move and
//     repetition rules only decide rare draws, and knight-letter is printing.
//   - blocs: first-flip and seating change the rules: both matter.
//   - troll: rules (1987 or 1993) matters; first only names the colour that places first.
//
// A game not listed here is rated per full option set: every option matters until someone
// decides otherwise.
var ratedOptions = map[string][]string{
	"reversi":  {"size", "start", "nomove"},
	"turncoat": {"size", "mode"},
	"turnover": {"setup", "mate-ends-game"},
	"blocs":    {"first-flip", "seating"},
	"troll":    {"rules"},
}

// VariantKey returns the key under which ratings of gameName played under options are kept: the
// game's name, then the options that matter for ratings in the game's order, e.g.
// "reversi:size=6,start=diagonal,nomove=pass". Two option sets that differ only in cosmetic
// options (see ratedOptions above) give the same key; 6x6 and 8x8 Othello give different ones.
// options should be the game's validated options (game.ParseOptions fills in every default), so
// that a default written out and a default left out give the same key.
func VariantKey(gameName string, options game.Options) string {
	name := strings.ToLower(gameName)
	all := options.Map()
	keep, known := ratedOptions[name]
	if !known {
		keep = make([]string, 0, len(all))
		for k := range all {
			keep = append(keep, k)
		}
		slices.Sort(keep)
	}
	var b strings.Builder
	b.WriteString(name)
	sep := byte(':')
	for _, k := range keep {
		v, ok := all[k]
		if !ok {
			continue
		}
		b.WriteByte(sep)
		sep = ','
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(v)
	}
	return b.String()
}
