// Package testgame is a game kept for tests only: tic-tac-toe with Othello discs, three in a row
// on a 3x3 or 4x4 board. It is the smallest game that meets the whole contract a game of
// Turncoat meets (game.Game, game.State, a structured board, game.Describer), and no registry
// of the program lists it: the tests of the packages that treat every game alike (ratings,
// pictures, tournaments, the AI, the server) build it into their own registry, to prove that a
// new game needs nothing from them. docs/adding-a-game.md walks through it.
package testgame

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// Name is the game's name.
const Name = "tictactoe"

// Game is tic-tac-toe as a game.Game. Its zero value is the game; Casual returns the same game
// under another name that says it cannot be played by post.
type Game struct {
	casual bool
}

// Casual returns the game under the name "tictactoe-casual", whose Info says it is not for play
// by post: a tournament must refuse it, and accept Game{}.
func Casual() Game { return Game{casual: true} }

var optionSpecs = []game.OptionSpec{
	{Name: "size", Kind: game.OptionInt, Default: "3", Values: []string{"3", "4"},
		Doc: "the board's size: 3 (3x3) or 4 (4x4); three in a row wins on both"},
	{Name: "first", Kind: game.OptionEnum, Default: "black", Values: []string{"black", "white"},
		Doc: "the colour of the discs of the side that places first"},
}

// Name returns "tictactoe", or "tictactoe-casual" for Casual.
func (g Game) Name() string {
	if g.casual {
		return Name + "-casual"
	}
	return Name
}

// Title returns "Tic-tac-toe".
func (Game) Title() string { return "Tic-tac-toe" }

// SideNames returns the sides' colours: Black and White, or White and Black with first=white.
func (Game) SideNames(o game.Options) [2]string {
	if o.Get("first") == "white" {
		return [2]string{"White", "Black"}
	}
	return [2]string{"Black", "White"}
}

// OptionSpecs lists size and first.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// Describe says what the parts of the program that treat games alike need (game.Describer): only
// the size is rated (first only names a colour), the board is drawn checkered with discs, the
// 4x4 board in the high-contrast theme, and the game may be played by post (two sides placing in
// turn), except as Casual.
func (g Game) Describe() game.Info {
	return game.Info{
		Summary:      "Three in a row with Othello discs, on a 3×3 or 4×4 board: the game kept for tests.",
		Pieces:       game.Discs,
		Checkered:    true,
		RatedOptions: []string{"size"},
		Themes:       []game.ThemeHint{{When: map[string]string{"size": "4"}, Theme: "contrast"}},
		Tournament:   !g.casual,
		VariantTitle: func(o game.Options) string {
			return fmt.Sprintf("%dx%d %s", o.Int("size"), o.Int("size"), g.Title())
		},
	}
}

// New returns the empty board, the first side to place.
func (g Game) New(o game.Options) (game.State, error) {
	n := o.Int("size")
	if n != 3 && n != 4 {
		return nil, fmt.Errorf("%w: size %d", game.ErrOption, n)
	}
	s := &State{g: g, opts: o, n: n}
	s.settle()
	return s, nil
}

// Decode reads State.Encode's text: the options, a space, then the board's rows top to bottom,
// x for the first side's discs, o for the second's, '.' for an empty square.
func (g Game) Decode(text string) (game.State, error) {
	opts, cells, ok := strings.Cut(text, " ")
	if !ok {
		return nil, fmt.Errorf("%w: %q: want the options, a space and the board", game.ErrSyntax, text)
	}
	o, err := game.ParseOptionString(optionSpecs, opts)
	if err != nil {
		return nil, err
	}
	n := o.Int("size")
	if len(cells) != n*n {
		return nil, fmt.Errorf("%w: %q: want %d squares", game.ErrSyntax, cells, n*n)
	}
	s := &State{g: g, opts: o, n: n}
	var count [2]int
	for i := range n * n {
		switch cells[i] {
		case 'x':
			s.cells[i], count[game.First] = 1, count[game.First]+1
		case 'o':
			s.cells[i], count[game.Second] = 2, count[game.Second]+1
		case '.':
		default:
			return nil, fmt.Errorf("%w: square %d is %q: want x, o or '.'", game.ErrSyntax, i, cells[i])
		}
	}
	if d := count[game.First] - count[game.Second]; d != 0 && d != 1 {
		return nil, fmt.Errorf("%w: %q: %d and %d discs: the sides place in turn", game.ErrSyntax, cells, count[0], count[1])
	}
	s.settle()
	// A line that the side that did not place last holds, or lines of both sides, no game
	// reaches: the game ends at the first line.
	last := game.Player(1 - (count[game.First]+count[game.Second])%2)
	if s.outcome.Over && s.outcome.Winner.Valid() && (s.outcome.Winner != last || s.line(last.Other()) != nil) {
		return nil, fmt.Errorf("%w: %q: no game reaches this position", game.ErrSyntax, cells)
	}
	return s, nil
}

// State is a position of tic-tac-toe, a game.State.
type State struct {
	g    Game
	opts game.Options
	n    int
	// cells are the squares row by row from a1 at the top left: 0 empty, 1 the first side's
	// disc, 2 the second's.
	cells   [16]int8
	toMove  game.Player
	outcome game.Outcome
}

// settle works out who places next and whether the game is over, from the cells.
func (s *State) settle() {
	placed := 0
	for _, c := range s.cells[:s.n*s.n] {
		if c != 0 {
			placed++
		}
	}
	s.toMove = game.Player(placed % 2)
	s.outcome = game.InPlay
	for p := game.First; p <= game.Second; p++ {
		if s.line(p) != nil {
			s.outcome = game.Win(p, "three in a row")
			return
		}
	}
	if placed == s.n*s.n {
		s.outcome = game.Draw("board full")
	}
}

// line returns the squares of a line of three of p's discs, nil when p has none.
func (s *State) line(p game.Player) []int {
	want := int8(p) + 1
	for r := range s.n {
		for c := range s.n {
			for _, d := range [...][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				r2, c2 := r+2*d[0], c+2*d[1]
				if r2 < 0 || r2 >= s.n || c2 < 0 || c2 >= s.n {
					continue
				}
				sq := [3]int{r*s.n + c, (r+d[0])*s.n + c + d[1], r2*s.n + c2}
				if s.cells[sq[0]] == want && s.cells[sq[1]] == want && s.cells[sq[2]] == want {
					return sq[:]
				}
			}
		}
	}
	return nil
}

// Game returns the game.
func (s *State) Game() game.Game { return s.g }

// Options returns the options.
func (s *State) Options() game.Options { return s.opts }

// ToAct returns the side to place, or nobody once the game is over.
func (s *State) ToAct() game.Actors {
	if s.outcome.Over {
		return game.Nobody
	}
	return game.ActorsOf(s.toMove)
}

// Legal appends the empty squares when p places now.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if !s.ToAct().Has(p) {
		return buf
	}
	for i, c := range s.cells[:s.n*s.n] {
		if c == 0 {
			buf = append(buf, game.Action(i))
		}
	}
	return buf
}

// Apply places the side to move's disc on square a.
func (s *State) Apply(a game.Action) error {
	if s.outcome.Over {
		return game.ErrGameOver
	}
	if a < 0 || int(a) >= s.n*s.n || s.cells[a] != 0 {
		return fmt.Errorf("%w: %s", game.ErrIllegal, s.FormatAction(s.toMove, a))
	}
	s.cells[a] = int8(s.toMove) + 1
	s.settle()
	return nil
}

// ApplyJoint refuses: the sides never act at once.
func (s *State) ApplyJoint(game.Joint) error {
	return fmt.Errorf("%w: the sides place in turn", game.ErrNotYourTurn)
}

// Clone returns a copy.
func (s *State) Clone() game.State { c := *s; return &c }

// Outcome tells whether the game is over and how.
func (s *State) Outcome() game.Outcome { return s.outcome }

// Encode returns the options, a space and the board (see Game.Decode).
func (s *State) Encode() string {
	var b strings.Builder
	b.WriteString(s.opts.String())
	b.WriteByte(' ')
	for _, c := range s.cells[:s.n*s.n] {
		b.WriteByte(".xo"[c])
	}
	return b.String()
}

// ParseAction reads a square ("b2").
func (s *State) ParseAction(_ game.Player, text string) (game.Action, error) {
	if len(text) != 2 || text[0] < 'a' || int(text[0]-'a') >= s.n || text[1] < '1' || int(text[1]-'1') >= s.n {
		return game.NoAction, fmt.Errorf("%w: %q: want a square from a1 to %c%d", game.ErrSyntax, text, 'a'+s.n-1, s.n)
	}
	return game.Action(int(text[1]-'1')*s.n + int(text[0]-'a')), nil
}

// FormatAction writes a square ("b2"); an action off the board is written as its number.
func (s *State) FormatAction(_ game.Player, a game.Action) string {
	if a < 0 || int(a) >= s.n*s.n {
		return "#" + strconv.Itoa(int(a))
	}
	return s.square(int(a))
}

func (s *State) square(sq int) string {
	return string(rune('a'+sq%s.n)) + strconv.Itoa(sq/s.n+1)
}

// ExplainIllegal says why placing on a square is illegal (game.IllegalExplainer).
func (s *State) ExplainIllegal(_ game.Player, a game.Action) string {
	if a >= 0 && int(a) < s.n*s.n && s.cells[a] != 0 {
		return "the square is taken"
	}
	return ""
}

// MovesLeft bounds the game by its empty squares (game.Bounded).
func (s *State) MovesLeft() int {
	if s.outcome.Over {
		return 0
	}
	left := 0
	for _, c := range s.cells[:s.n*s.n] {
		if c == 0 {
			left++
		}
	}
	return left
}

// BoardView draws the position (game.BoardViewer): one grid, a1 at the top left, the discs of
// each side in its colour, a winning line marked as a chain, and each side's discs counted.
func (s *State) BoardView() game.Board {
	colours := [2]string{"black", "white"}
	if s.opts.Get("first") == "white" {
		colours = [2]string{"white", "black"}
	}
	g := game.Grid{Owner: game.NoPlayer, Rows: s.n, Cols: s.n, Cells: make([]game.Cell, s.n*s.n)}
	for i := range s.n {
		g.ColNames = append(g.ColNames, string(rune('a'+i)))
		g.RowNames = append(g.RowNames, strconv.Itoa(i+1))
	}
	var count [2]int
	for sq, c := range s.cells[:s.n*s.n] {
		g.Cells[sq].Coord = s.square(sq)
		if c != 0 {
			p := game.Player(c - 1)
			count[p]++
			g.Cells[sq].Piece = &game.Piece{Kind: "disc", Owner: p, Colour: colours[p]}
		}
	}
	if w := s.outcome.Winner; s.outcome.Over && w.Valid() {
		for _, sq := range s.line(w) {
			g.Marks = append(g.Marks, game.Mark{Coord: s.square(sq), Kind: "chain"})
		}
	}
	return game.Board{Grids: []game.Grid{g}, Tallies: []game.Tally{
		{Name: "discs", Side: game.First, Grid: 0, Value: count[game.First]},
		{Name: "discs", Side: game.Second, Grid: 0, Value: count[game.Second]},
	}}
}
