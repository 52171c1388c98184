package game

import "slices"

// Describer is a game that says what the parts of the program that treat every game alike
// (ratings, pictures, tournaments, the home page) would otherwise have to know of it by name.
// A game without it gets InfoOf's defaults, so that adding a game touches no other package.
type Describer interface {
	Describe() Info
}

// PieceStyle is how a game's pieces, and its sides beside their names and counts, are drawn.
type PieceStyle string

// The piece styles.
const (
	// Discs: Othello discs, black or white, a side shown by a disc of its colour (Reversi,
	// Troll; Turncoat, whose sides are shown by their boards' colours instead).
	Discs PieceStyle = "disc"
	// Stacks: Turnover's stacks of rings and buttons, a side shown by a stack of its colour.
	Stacks PieceStyle = "stack"
	// Numbers: pieces that belong to nobody, a side shown by its number (Blocs).
	Numbers PieceStyle = "number"
)

// Valid reports whether s is one of the piece styles.
func (s PieceStyle) Valid() bool { return s == Discs || s == Stacks || s == Numbers }

// ThemeHint picks the board theme a game is drawn in by default under some of its options: the
// UI's and the pictures' "auto" theme (6x6 Othello is drawn in the forum's red and blue).
type ThemeHint struct {
	// When holds option values, by name in canonical form (Options.Map), that the game's
	// options must all have for the hint to apply.
	When map[string]string `json:"when"`
	// Theme is the name of the theme: "classic", "bypost" or "contrast".
	Theme string `json:"theme"`
}

// Info is what a game says of itself (Describer). Its zero fields are InfoOf's defaults.
type Info struct {
	// Summary is one line of English that says what the game is, for the home page ("Outflank
	// your opponent's discs..."); "" shows none.
	Summary string `json:"summary"`
	// Pieces is how the pieces and the sides are drawn (default Discs): the picture of a side
	// with nothing on the board takes it from here, where the board cannot tell.
	Pieces PieceStyle `json:"pieces"`
	// Checkered marks a board drawn in light and dark squares, like a chessboard (Turnover),
	// rather than Othello's green felt.
	Checkered bool `json:"checkered"`
	// RatedOptions are the options that change how the game plays and so separate ratings, in
	// the order ratings' keys list them (6x6 and 8x8 Othello are rated apart, but which colour
	// is called first is not rated). Nil means every option matters, in the order of their
	// names; an empty, non-nil list that none does.
	RatedOptions []string `json:"ratedOptions"`
	// Themes pick the default theme by options, the first that applies; none applying, or none
	// given, means the classic theme.
	Themes []ThemeHint `json:"themes,omitempty"`
	// Tournament marks a game that play-by-post tournaments may run: two sides that move in
	// turn, one colour's posts a round (never a simultaneous node), each move a single post.
	// False by default: only the game's author knows whether every position fits.
	Tournament bool `json:"tournament"`
	// VariantTitle names the game under o where one text names one variant (a tournament's
	// default title: "6x6 Reversi"); nil means the game's Title whatever the options.
	VariantTitle func(o Options) string `json:"-"`
}

// InfoOf returns what g says of itself, its zero fields set to their defaults, or the defaults
// for a game that says nothing (see Info).
func InfoOf(g Game) Info {
	var i Info
	if d, ok := g.(Describer); ok {
		i = d.Describe()
	}
	if i.Pieces == "" {
		i.Pieces = Discs
	}
	if i.VariantTitle == nil {
		title := g.Title()
		i.VariantTitle = func(Options) string { return title }
	}
	return i
}

// RatedKeys returns the names of the options of o that separate ratings, in the order of the
// rating's key: RatedOptions, or every option of o by name when RatedOptions is nil. Names o
// does not have are left out.
func (i Info) RatedKeys(o map[string]string) []string {
	if i.RatedOptions == nil {
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return keys
	}
	keys := make([]string, 0, len(i.RatedOptions))
	for _, k := range i.RatedOptions {
		if _, ok := o[k]; ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// Theme returns the theme the first applicable hint names for options o (by name, as
// Options.Map gives them), or "" when none applies.
func (i Info) Theme(o map[string]string) string {
	for _, h := range i.Themes {
		applies := true
		for k, v := range h.When {
			if o[k] != v {
				applies = false
				break
			}
		}
		if applies {
			return h.Theme
		}
	}
	return ""
}
