// Package troll is Jean-Claude Rosa's Troll: Othello's pieces and captures, but each player
// owns two opposite edges of the board (Black the top and bottom rows, White the left and right
// columns) and wins by joining them with an orthogonally connected chain of discs.
//
// The default rules are those of Jeux et Strategie #43 (1987): the Othello start, Black first,
// and a capture is required only on the opponent's edge squares (corners included); anywhere
// else a disc may go without turning anything. Option rules=1993 plays the later published
// rules: an empty board, unplayable corners, no placing on the opponent's edges, no capture
// ever required; with it, option first says who begins.
//
// The board is a pair of bitboards on Othello's grid (a1 = bit 0 at the top-left, h8 = bit 63);
// captures use Othello's bracket finder from games/discs.
package troll

import (
	"fmt"
	"math/bits"
	"strings"

	"turncoat/game"
	"turncoat/games/discs"
)

// Rule sets.
const (
	Rules1987 = "1987"
	Rules1993 = "1993"
)

// Pass is the action of a player without a legal placement; a placement is its square, 0 to 63.
const Pass game.Action = 64

// Edges and corners.
const (
	// BlackEdges are rows 1 and 8, which Black joins.
	BlackEdges uint64 = 0xFF | 0xFF<<56
	// WhiteEdges are columns a and h, which White joins.
	WhiteEdges uint64 = 0x0101010101010101 | 0x8080808080808080
	// Corners belong to both edges.
	Corners uint64 = 1 | 1<<7 | 1<<56 | 1<<63

	rowTop  uint64 = 0xFF
	rowBot  uint64 = 0xFF << 56
	colA    uint64 = 0x0101010101010101
	colH    uint64 = 0x8080808080808080
	colNotA        = ^colA
	colNotH        = ^colH
)

// Rules are the typed options of a game of Troll.
type Rules struct {
	// Published1993 plays the 1993 rules (rules=1993) instead of the 1987 ones.
	Published1993 bool
	// WhiteFirst lets White begin (first=white, 1993 rules only).
	WhiteFirst bool
}

var optionSpecs = []game.OptionSpec{
	{Name: "rules", Kind: game.OptionEnum, Default: Rules1987, Values: []string{Rules1987, Rules1993},
		Doc: "1987: Othello start, a capture required only on the opponent's edges; 1993: empty board, corners unplayable, the opponent's edges forbidden, no capture required"},
	{Name: "first", Kind: game.OptionEnum, Default: "black", Values: []string{"black", "white"},
		Doc: "who places first under the 1993 rules (the sources disagree; the 1987 rules have Black begin)"},
}

// Options returns the rules as game options.
func (r Rules) Options() game.Options {
	raw := map[string]string{"rules": Rules1987, "first": "black"}
	if r.Published1993 {
		raw["rules"] = Rules1993
	}
	if r.WhiteFirst {
		raw["first"] = "white"
	}
	o, err := game.ParseOptions(optionSpecs, raw)
	if err != nil {
		panic(err) // the values above are always valid
	}
	return o
}

// RulesOf reads the typed rules from options, and checks that they go together.
func RulesOf(o game.Options) (Rules, error) {
	r := Rules{Published1993: o.Get("rules") == Rules1993, WhiteFirst: o.Get("first") == "white"}
	if r.WhiteFirst && !r.Published1993 {
		return Rules{}, fmt.Errorf("%w: first=white goes with rules=1993; the 1987 rules have Black begin", game.ErrOption)
	}
	return r, nil
}

var sideNames = [2]string{"Black", "White"}

// Game is Troll as a game.Game.
type Game struct{}

var (
	_ game.Game           = Game{}
	_ game.PositionReader = Game{}
)

// Name returns "troll".
func (Game) Name() string { return "troll" }

// Title returns "Troll".
func (Game) Title() string { return "Troll" }

// SideNames returns Black and White.
func (Game) SideNames(game.Options) [2]string { return sideNames }

// OptionSpecs lists rules and first.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// New returns the start under o.
func (Game) New(o game.Options) (game.State, error) {
	r, err := RulesOf(o)
	if err != nil {
		return nil, err
	}
	return NewState(r), nil
}

// Decode reads State.Encode's text.
func (Game) Decode(text string) (game.State, error) {
	s, err := DecodeState(text)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ParsePosition reads the board as rows top to bottom joined by '/' (B or X black, W or O
// white, '.' or '-' empty), a space, and the side to move (B or W).
func (Game) ParsePosition(o game.Options, text string) (game.State, error) {
	r, err := RulesOf(o)
	if err != nil {
		return nil, err
	}
	f := strings.Fields(text)
	if len(f) != 2 {
		return nil, fmt.Errorf("%w: want the board's rows joined by '/', a space, and B or W to move", game.ErrSyntax)
	}
	return parseBoard(r, f[0], f[1])
}

// State is a game of Troll in progress, a game.State.
type State struct {
	rules        Rules
	opts         game.Options
	black, white uint64
	turn         game.Player
	// winner is the side whose edges are joined, or NoPlayer.
	winner game.Player
	// moves caches the placements of the side to move (see refresh).
	moves uint64
}

var (
	_ game.State            = (*State)(nil)
	_ game.Diagrammer       = (*State)(nil)
	_ game.IllegalExplainer = (*State)(nil)
	_ game.BoardViewer      = (*State)(nil)
)

// NewState returns the start of a game under r.
func NewState(r Rules) *State {
	s := &State{rules: r, opts: r.Options(), winner: game.NoPlayer}
	if r.Published1993 {
		if r.WhiteFirst {
			s.turn = game.Second
		}
	} else {
		s.black, s.white = discs.Start(8) // White d4 e5, Black e4 d5
	}
	s.refresh()
	return s
}

// refresh sets the cache of the side to move's placements.
func (s *State) refresh() {
	s.moves = 0
	if s.winner == game.NoPlayer {
		p, o := s.mover()
		s.moves = Placements(s.rules, s.turn, p, o)
	}
}

// FromBoard returns the position with the given discs and side to move under r.
func FromBoard(r Rules, black, white uint64, turn game.Player) (*State, error) {
	if black&white != 0 {
		return nil, fmt.Errorf("%w: a square holds two discs", game.ErrSyntax)
	}
	if !turn.Valid() {
		return nil, fmt.Errorf("%w: no side to move", game.ErrSyntax)
	}
	if r.Published1993 {
		if (black|white)&Corners != 0 {
			return nil, fmt.Errorf("%w: a disc on a corner, which the 1993 rules leave empty", game.ErrSyntax)
		}
		if black&WhiteEdges != 0 || white&BlackEdges != 0 {
			return nil, fmt.Errorf("%w: a disc on its opponent's edge, which the 1993 rules forbid", game.ErrSyntax)
		}
	}
	s := &State{rules: r, opts: r.Options(), black: black, white: white, turn: turn, winner: game.NoPlayer}
	bc, wc := Joined(black, game.First), Joined(white, game.Second)
	switch {
	case bc && wc:
		return nil, fmt.Errorf("%w: both sides' edges are joined", game.ErrSyntax)
	case bc:
		s.winner = game.First
	case wc:
		s.winner = game.Second
	}
	s.refresh()
	return s, nil
}

// Joined reports whether discs, p's, join p's two edges by an orthogonally connected chain:
// rows 1 and 8 for Black (First), columns a and h for White (Second).
func Joined(discs uint64, p game.Player) bool {
	from, to := rowTop, rowBot
	if p == game.Second {
		from, to = colA, colH
	}
	if discs&from == 0 || discs&to == 0 {
		return false
	}
	reach := discs & from
	for {
		next := reach | (reach<<8|reach>>8|(reach<<1)&colNotA|(reach>>1)&colNotH)&discs
		if next&to != 0 {
			return true
		}
		if next == reach {
			return false
		}
		reach = next
	}
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return s.rules }

// Discs returns Black's and White's discs.
func (s *State) Discs() (black, white uint64) { return s.black, s.white }

// Turn returns the side to move.
func (s *State) Turn() game.Player { return s.turn }

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the game's options.
func (s *State) Options() game.Options { return s.opts }

// mover returns the discs of the side to move and of the other side.
func (s *State) mover() (p, o uint64) {
	if s.turn == game.First {
		return s.black, s.white
	}
	return s.white, s.black
}

// opponentEdges returns the edges of p's opponent.
func opponentEdges(p game.Player) uint64 {
	if p == game.First {
		return WhiteEdges
	}
	return BlackEdges
}

// Placements returns the squares where p may place a disc with p's and the opponent's discs
// mine and theirs.
func Placements(r Rules, p game.Player, mine, theirs uint64) uint64 {
	empty := ^(mine | theirs)
	forbidden := opponentEdges(p)
	if r.Published1993 {
		return empty &^ forbidden
	}
	return empty&^forbidden | discs.Moves(mine, theirs)&forbidden
}

// Placements returns the squares where the side to move may place a disc now (none once the
// game is over).
func (s *State) Placements() uint64 { return s.moves }

// mustPass reports whether the side to move has no placement but the other side has one.
func (s *State) mustPass() bool {
	if s.winner != game.NoPlayer || s.moves != 0 {
		return false
	}
	p, o := s.mover()
	return Placements(s.rules, s.turn.Other(), o, p) != 0
}

// ToAct returns the side to move, or nobody once an edge pair is joined or neither side can
// place.
func (s *State) ToAct() game.Actors {
	if s.moves != 0 || s.mustPass() {
		return game.ActorsOf(s.turn)
	}
	return game.Nobody
}

// Legal appends p's placements, or Pass.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if p != s.turn {
		return buf
	}
	m := s.moves
	if m == 0 {
		if s.mustPass() {
			buf = append(buf, Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, game.Action(bits.TrailingZeros64(m)))
	}
	return buf
}

// Apply places a disc of the side to move (turning every bracketed line of the opponent's
// discs) or passes.
func (s *State) Apply(a game.Action) error {
	if a == Pass || s.moves == 0 {
		switch {
		case s.ToAct() == game.Nobody:
			return game.ErrGameOver
		case a != Pass:
			return fmt.Errorf("%w: %s must pass", game.ErrIllegal, sideNames[s.turn])
		case !s.mustPass():
			return fmt.Errorf("%w: pass while a placement is available", game.ErrIllegal)
		}
		s.turn = s.turn.Other()
		s.refresh()
		return nil
	}
	if a < 0 || a > 63 {
		return fmt.Errorf("%w: action %d", game.ErrIllegal, a)
	}
	bit := uint64(1) << a
	if s.moves&bit == 0 {
		return fmt.Errorf("%w: %s", game.ErrIllegal, s.whyNot(int(a)))
	}
	p, o := s.mover()
	f := discs.Flips(int(a), p, o)
	p, o = p|bit|f, o&^f
	if s.turn == game.First {
		s.black, s.white = p, o
	} else {
		s.white, s.black = p, o
	}
	if Joined(p, s.turn) { // flips only take discs from the opponent: only the mover can join
		s.winner = s.turn
	}
	s.turn = s.turn.Other()
	s.refresh()
	return nil
}

// whyNot says why sq is not a placement of the side to move.
func (s *State) whyNot(sq int) string {
	bit := uint64(1) << sq
	name := discs.SquareName(sq)
	mover, other := sideNames[s.turn], sideNames[s.turn.Other()]
	edges := edgeNames[s.turn.Other()]
	switch {
	case (s.black|s.white)&bit != 0:
		return name + " is not empty"
	case s.rules.Published1993 && Corners&bit != 0:
		return name + " is a corner: the 1993 rules leave the corners empty"
	case s.rules.Published1993:
		return fmt.Sprintf("%s is on %s's edge (%s), where %s may never place under the 1993 rules", name, other, edges, mover)
	case Corners&bit != 0:
		return fmt.Sprintf("%s is a corner, on %s's edge (%s) as well: a disc there must capture, and this one turns nothing", name, other, edges)
	}
	return fmt.Sprintf("%s is on %s's edge (%s): a disc there must capture, and this one turns nothing", name, other, edges)
}

// edgeNames names each side's edges.
var edgeNames = [2]string{"rows 1 and 8", "columns a and h"}

// ExplainIllegal says why p's action a is not legal, by the rules: a square that is taken, a
// placement on the opponent's edge that captures nothing (or any placement there under the 1993
// rules), a corner under the 1993 rules, a pass while a placement is available, a placement when
// none is possible. It is "" when p does not move now or a is legal.
func (s *State) ExplainIllegal(p game.Player, a game.Action) string {
	if p != s.turn || s.ToAct() == game.Nobody {
		return ""
	}
	switch {
	case a == Pass && s.moves != 0:
		return fmt.Sprintf("%s may pass only without a placement, and has %d", sideNames[p], bits.OnesCount64(s.moves))
	case a == Pass:
		return ""
	case a < 0 || a > 63:
		return "not a square of the board"
	case s.moves == 0:
		return fmt.Sprintf("%s has no placement and must pass", sideNames[p])
	case s.moves&(1<<a) != 0:
		return ""
	}
	return s.whyNot(int(a))
}

// ApplyJoint is an error: Troll has no simultaneous moves.
func (s *State) ApplyJoint(game.Joint) error {
	return fmt.Errorf("%w: troll has no simultaneous moves", game.ErrNotYourTurn)
}

// Clone copies the state.
func (s *State) Clone() game.State { c := *s; return &c }

// Outcome tells the winner once a side's edges are joined, or the draw when neither side can
// place.
func (s *State) Outcome() game.Outcome {
	switch {
	case s.winner == game.First:
		return game.Win(game.First, "Black joins rows 1 and 8")
	case s.winner == game.Second:
		return game.Win(game.Second, "White joins columns a and h")
	case s.ToAct() == game.Nobody:
		return game.Draw("neither side can place a disc")
	}
	return game.InPlay
}

// Encode writes "<options> <rows joined by '/'> <B|W>", B black, W white, '.' empty, and the
// side to move, e.g. "rules=1987,first=black ......../...  B".
func (s *State) Encode() string {
	var b strings.Builder
	b.WriteString(s.opts.String())
	b.WriteByte(' ')
	for r := range 8 {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range 8 {
			bit := uint64(1) << (8*r + c)
			switch {
			case s.black&bit != 0:
				b.WriteByte('B')
			case s.white&bit != 0:
				b.WriteByte('W')
			default:
				b.WriteByte('.')
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(sideNames[s.turn][:1])
	return b.String()
}

// DecodeState reads State.Encode's text.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("%w: troll state wants \"<options> <rows> <B|W>\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(optionSpecs, f[0])
	if err != nil {
		return nil, err
	}
	r, err := RulesOf(o)
	if err != nil {
		return nil, err
	}
	return parseBoard(r, f[1], f[2])
}

// parseBoard reads the rows and the side to move.
func parseBoard(r Rules, rows, turn string) (*State, error) {
	lines := strings.Split(rows, "/")
	if len(lines) != 8 {
		return nil, fmt.Errorf("%w: board %q: want 8 rows joined by '/'", game.ErrSyntax, rows)
	}
	var black, white uint64
	for i, line := range lines {
		if len(line) != 8 {
			return nil, fmt.Errorf("%w: board row %d has %d squares, want 8", game.ErrSyntax, i+1, len(line))
		}
		for c := range 8 {
			bit := uint64(1) << (8*i + c)
			switch line[c] {
			case 'B', 'b', 'X', 'x':
				black |= bit
			case 'W', 'w', 'O', 'o':
				white |= bit
			case '.', '-':
			default:
				return nil, fmt.Errorf("%w: square %s is %q, want B, W or '.'", game.ErrSyntax, discs.SquareName(8*i+c), line[c])
			}
		}
	}
	var p game.Player
	switch turn {
	case "B", "b", "X", "x":
		p = game.First
	case "W", "w", "O", "o":
		p = game.Second
	default:
		return nil, fmt.Errorf("%w: side to move %q: want B or W", game.ErrSyntax, turn)
	}
	return FromBoard(r, black, white, p)
}

// ParseAction reads a square ("f5", case-insensitive) or "pass".
func (s *State) ParseAction(_ game.Player, text string) (game.Action, error) {
	if strings.EqualFold(text, "pass") {
		return Pass, nil
	}
	sq, err := discs.ParseSquare(text)
	if err != nil {
		return game.NoAction, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	return game.Action(sq), nil
}

// FormatAction writes a square ("f5") or "pass".
func (s *State) FormatAction(_ game.Player, a game.Action) string {
	if a == Pass {
		return "pass"
	}
	return discs.SquareName(int(a))
}

// Diagram draws the board with its labels (B black, W white, '.' empty), the edges each side
// joins, and the disc counts; the viewer's placements are not marked, as almost every empty
// square is one.
func (s *State) Diagram(game.Player) string {
	var b strings.Builder
	b.WriteString("Troll")
	if s.rules.Published1993 {
		b.WriteString(" (1993 rules)")
	}
	fmt.Fprintf(&b, ": Black %d, White %d\n", bits.OnesCount64(s.black), bits.OnesCount64(s.white))
	b.WriteString("     a b c d e f g h\n")
	for r := range 8 {
		edge := ' '
		if r == 0 || r == 7 {
			edge = '=' // Black's edges
		}
		cells := make([]string, 8)
		for c := range 8 {
			bit := uint64(1) << (8*r + c)
			switch {
			case s.black&bit != 0:
				cells[c] = "B"
			case s.white&bit != 0:
				cells[c] = "W"
			case s.rules.Published1993 && Corners&bit != 0:
				cells[c] = "x" // unplayable
			default:
				cells[c] = "."
			}
		}
		fmt.Fprintf(&b, "%d %c |%s|\n", r+1, edge, strings.Join(cells, " ")) // '|': White's edges
	}
	b.WriteString("Black joins rows 1 and 8 (=), White columns a and h (|), by orthogonal chains.")
	switch o := s.Outcome(); {
	case o.Over:
		b.WriteString("\n" + o.Describe(sideNames))
	case s.mustPass():
		fmt.Fprintf(&b, "\n%s has no placement and must pass.", sideNames[s.turn])
	default:
		fmt.Fprintf(&b, "\n%s to place.", sideNames[s.turn])
	}
	return b.String()
}
