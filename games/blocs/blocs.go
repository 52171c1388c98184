// Package blocs is Blocs, John Conway's game of Jeux et Strategie #43 (1987): two players fill
// a 4x4 board with two-faced pieces, each choosing the face, then take turns turning a
// rectangle of pieces whose lower-right piece shows black; whoever makes the last move wins.
//
// Options: first-flip says who flips first once the board is full (the first player, who did
// not place last, or the second), and seating=opposite gives the second player, who faces the
// board from the other side, the upper-left corner as the one that must show black. A placement
// that leaves the board all white ends the game there: the second player placed last, made the
// last move, and wins under either first-flip option.
//
// With opposite seating play can go round in circles; the rule decided for it is that a
// flipping position that comes back (the same board with the same player to move) ends the
// game in a draw. With same-side seating every flip lowers the board read as a number, so the
// game always ends; the exact theory is in engine/exact.
package blocs

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"turncoat/game"
)

// First-flip option values.
const (
	FirstFlipContinue = "continue"
	FirstFlipSecond   = "second"
)

// Seating option values.
const (
	SeatingSame     = "same"
	SeatingOpposite = "opposite"
)

// Rules are the typed options of a game of Blocs.
type Rules struct {
	// SecondFlipsFirst lets the second player, who placed last, make the first flip
	// (first-flip=second); by default play simply continues and the first player flips first.
	SecondFlipsFirst bool
	// Opposite seats the players face to face (seating=opposite): the second player's
	// rectangles need a black upper-left square.
	Opposite bool
}

var optionSpecs = []game.OptionSpec{
	{Name: "first-flip", Kind: game.OptionEnum, Default: FirstFlipContinue, Values: []string{FirstFlipContinue, FirstFlipSecond},
		Doc: "who flips first once the board is full: continue (the first player, as turns simply alternate) or second (the second player, who placed last)"},
	{Name: "seating", Kind: game.OptionEnum, Default: SeatingSame, Values: []string{SeatingSame, SeatingOpposite},
		Doc: "same: both players face the board from the same side; opposite: the second player's rectangles need a black upper-left square (a repeated position is a draw)"},
}

// Options returns the rules as game options.
func (r Rules) Options() game.Options {
	o, err := game.ParseOptions(optionSpecs, map[string]string{
		"first-flip": map[bool]string{false: FirstFlipContinue, true: FirstFlipSecond}[r.SecondFlipsFirst],
		"seating":    map[bool]string{false: SeatingSame, true: SeatingOpposite}[r.Opposite],
	})
	if err != nil {
		panic(err) // the values above are always valid
	}
	return o
}

// RulesOf reads the typed rules from the game's options.
func RulesOf(o game.Options) Rules {
	return Rules{SecondFlipsFirst: o.Get("first-flip") == FirstFlipSecond, Opposite: o.Get("seating") == SeatingOpposite}
}

// FirstFlipper returns the player who makes the first flip.
func (r Rules) FirstFlipper() game.Player {
	if r.SecondFlipsFirst {
		return game.Second
	}
	return game.First
}

// Corner returns the corner that must show black in p's rectangles.
func (r Rules) Corner(p game.Player) Corner {
	if p == game.Second && r.Opposite {
		return UpperLeft
	}
	return LowerRight
}

var sideNames = [2]string{"One", "Two"}

// Game is Blocs as a game.Game.
type Game struct{}

var (
	_ game.Game           = Game{}
	_ game.PositionReader = Game{}
)

// Name returns "blocs".
func (Game) Name() string { return "blocs" }

// Title returns "Blocs".
func (Game) Title() string { return "Blocs" }

// SideNames returns One and Two: the players share the pieces and have no colour.
func (Game) SideNames(game.Options) [2]string { return sideNames }

// OptionSpecs lists first-flip and seating.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// New returns the empty board, the first player to place.
func (Game) New(o game.Options) (game.State, error) { return NewState(RulesOf(o)), nil }

// Decode reads State.Encode's text.
func (Game) Decode(text string) (game.State, error) {
	s, err := DecodeState(text)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// State is a game of Blocs in progress, a game.State.
type State struct {
	rules  Rules
	opts   game.Options
	filled uint16 // squares holding a piece
	black  uint16 // pieces showing black
	turn   game.Player
	// seen lists the flipping positions so far with opposite seating, newest first (the
	// current one included), to find a repetition; nil otherwise. The list is shared between
	// clones and never changed, only extended.
	seen     *seenPosition
	repeated bool
}

// seenPosition is one flipping position of a game with opposite seating. The player to move
// alternates, so the position k steps back had the same player to move when k is even.
type seenPosition struct {
	black uint16
	prev  *seenPosition
}

var (
	_ game.State            = (*State)(nil)
	_ game.Diagrammer       = (*State)(nil)
	_ game.IllegalExplainer = (*State)(nil)
	_ game.BoardViewer      = (*State)(nil)
)

// NewState returns the start of a game: an empty board, the first player to place.
func NewState(r Rules) *State {
	return &State{rules: r, opts: r.Options(), turn: game.First}
}

// FlippingState returns the flipping phase's position with board black (1 bits black, every
// square filled) and p to move, as a puzzle: no placement history, no earlier positions.
func FlippingState(r Rules, black uint16, p game.Player) *State {
	s := &State{rules: r, opts: r.Options(), filled: Full, black: black, turn: p}
	if r.Opposite {
		s.seen = &seenPosition{black: black}
	}
	return s
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return s.rules }

// Board returns the squares holding a piece and the pieces showing black.
func (s *State) Board() (filled, black uint16) { return s.filled, s.black }

// Placing reports whether the placement phase is on.
func (s *State) Placing() bool { return s.filled != Full }

// Turn returns the player to move (also after the end: the one who could not).
func (s *State) Turn() game.Player { return s.turn }

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the game's options.
func (s *State) Options() game.Options { return s.opts }

// ToAct returns the player to move, or nobody when the player to flip has no black piece left
// (or a position has come back, with opposite seating).
func (s *State) ToAct() game.Actors {
	if s.repeated || (!s.Placing() && s.black == 0) {
		return game.Nobody
	}
	return game.ActorsOf(s.turn)
}

// Legal appends p's legal actions: placements of either face on an empty square, or the
// rectangles whose corner (lower-right, or upper-left for the second player seated opposite)
// shows black.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if !s.ToAct().Has(p) {
		return buf
	}
	if s.Placing() {
		for m := Full &^ s.filled; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros16(uint16(m))
			buf = append(buf, game.Action(PlaceAction(sq, false)), game.Action(PlaceAction(sq, true)))
		}
		return buf
	}
	var moves [Squares * Squares]int
	for _, a := range FlipMoves(s.black, s.rules.Corner(p), moves[:0]) {
		buf = append(buf, game.Action(a))
	}
	return buf
}

// Apply plays the action of the player to move.
func (s *State) Apply(a game.Action) error {
	if s.ToAct() == game.Nobody {
		return game.ErrGameOver
	}
	m, ok := MoveOf(int(a))
	if !ok {
		return fmt.Errorf("%w: action %d is no move", game.ErrIllegal, a)
	}
	if why := s.whyNot(m); why != "" {
		return fmt.Errorf("%w: %s: %s", game.ErrIllegal, FormatAction(int(a)), why)
	}
	if s.Placing() {
		bit := uint16(1) << m.Square
		s.filled |= bit
		if m.Black {
			s.black |= bit
		}
		s.turn = s.turn.Other()
		if !s.Placing() {
			s.turn = s.rules.FirstFlipper()
			if s.black == 0 {
				// Nothing to flip: player 2, who placed last, made the last move and wins
				// whoever was to flip first; player 1 is the one who cannot move.
				s.turn = game.First
			}
			if s.rules.Opposite {
				s.seen = &seenPosition{black: s.black}
			}
		}
		return nil
	}
	s.black ^= Rect(m.UL, m.LR)
	s.turn = s.turn.Other()
	if s.rules.Opposite {
		s.repeated = s.seen.repeats(s.black)
		s.seen = &seenPosition{black: s.black, prev: s.seen}
	}
	return nil
}

// whyNot says why move m is not legal for the player to move, or "" when it is.
func (s *State) whyNot(m Move) string {
	if s.Placing() {
		switch {
		case m.Flip:
			return fmt.Sprintf("the board is not full yet (%d of %d pieces placed): place a piece on an empty square, black or white side up, like Bb3 or Wb3",
				bits.OnesCount16(s.filled), Squares)
		case s.filled&(1<<m.Square) != 0:
			return SquareName(m.Square) + " is not empty"
		}
		return ""
	}
	if !m.Flip {
		return "the board is full: turn a rectangle whose " + cornerName(s.rules.Corner(s.turn)) + " square shows black, like a1-c3, or c3 alone"
	}
	corner := m.LR
	if s.rules.Corner(s.turn) == UpperLeft {
		corner = m.UL
	}
	if s.black&(1<<corner) == 0 {
		why := fmt.Sprintf("its %s square %s shows white; a rectangle must have black there", cornerName(s.rules.Corner(s.turn)), SquareName(corner))
		if s.rules.Opposite {
			why += fmt.Sprintf(" (seated opposite, %s turns rectangles by their %s square)", sideNames[s.turn], cornerName(s.rules.Corner(s.turn)))
		}
		return why
	}
	return ""
}

// cornerName names a rule corner.
func cornerName(c Corner) string {
	if c == UpperLeft {
		return "upper-left"
	}
	return "lower-right"
}

// ExplainIllegal says why p's action a is not legal by the rules: a flip during the placement
// phase, a placement on a taken square or on the full board, a rectangle whose corner shows
// white. It is "" when p does not move now or a is legal.
func (s *State) ExplainIllegal(p game.Player, a game.Action) string {
	if s.ToAct() == game.Nobody || p != s.turn {
		return ""
	}
	m, ok := MoveOf(int(a))
	if !ok {
		return "not a move of Blocs"
	}
	return s.whyNot(m)
}

// repeats reports whether board black with the next player to move has been seen: the newest
// position p is one step back from the new one, so the candidates are p.prev, and every second
// position before it.
func (p *seenPosition) repeats(black uint16) bool {
	if p == nil {
		return false
	}
	for q := p.prev; q != nil; {
		if q.black == black {
			return true
		}
		if q = q.prev; q != nil {
			q = q.prev
		}
	}
	return false
}

// ApplyJoint is an error: Blocs has no simultaneous moves.
func (s *State) ApplyJoint(game.Joint) error {
	return fmt.Errorf("%w: blocs has no simultaneous moves", game.ErrNotYourTurn)
}

// Clone copies the state (the list of positions seen is shared: it is never changed).
func (s *State) Clone() game.State { c := *s; return &c }

// Outcome tells the winner once the player to flip has nothing to turn: the other player made
// the last move (when the placement leaves the board all white, that is player 2, who placed
// last, under either first-flip option). With opposite seating a position that comes back is a
// draw.
func (s *State) Outcome() game.Outcome {
	switch {
	case s.repeated:
		return game.Draw("position repeated")
	case !s.Placing() && s.black == 0:
		return game.Win(s.turn.Other(), fmt.Sprintf("all white: %s cannot move", sideNames[s.turn]))
	}
	return game.InPlay
}

// Encode writes "<options> <board> <1|2>", the board as Text writes it and the player to move;
// with opposite seating in the flipping phase a fourth field lists the flipping positions so
// far, oldest first and the current one last, as four hex digits each (bit 0 = a1), joined by
// ','. For example "first-flip=continue,seating=same BW../..../..../.... 1".
func (s *State) Encode() string {
	text := s.opts.String() + " " + Text(s.filled, s.black) + " " + strconv.Itoa(int(s.turn)+1)
	if s.seen == nil {
		return text
	}
	var boards []string
	for p := s.seen; p != nil; p = p.prev {
		boards = append(boards, fmt.Sprintf("%04x", p.black))
	}
	for i, j := 0, len(boards)-1; i < j; i, j = i+1, j-1 {
		boards[i], boards[j] = boards[j], boards[i]
	}
	return text + " " + strings.Join(boards, ",")
}

// DecodeState reads State.Encode's text. The list of positions seen is checked: each must
// follow from the one before by a legal flip of the player then to move.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 3 && len(f) != 4 {
		return nil, fmt.Errorf("%w: blocs state wants \"<options> <board> <1|2> [<positions seen>]\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(optionSpecs, f[0])
	if err != nil {
		return nil, err
	}
	s := &State{rules: RulesOf(o), opts: o}
	if s.filled, s.black, err = ParseText(f[1]); err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	switch f[2] {
	case "1":
		s.turn = game.First
	case "2":
		s.turn = game.Second
	default:
		return nil, fmt.Errorf("%w: player to move %q: want 1 or 2", game.ErrSyntax, f[2])
	}
	if s.Placing() {
		if bits.OnesCount16(s.filled)%2 != int(s.turn) {
			return nil, fmt.Errorf("%w: %d pieces placed, so player %d places next, not %s", game.ErrSyntax,
				bits.OnesCount16(s.filled), bits.OnesCount16(s.filled)%2+1, f[2])
		}
		if len(f) == 4 {
			return nil, fmt.Errorf("%w: positions seen before the board is full", game.ErrSyntax)
		}
		return s, nil
	}
	if !s.rules.Opposite {
		if len(f) == 4 {
			return nil, fmt.Errorf("%w: positions seen are kept only with opposite seating", game.ErrSyntax)
		}
		return s, nil
	}
	if len(f) != 4 {
		return nil, fmt.Errorf("%w: with opposite seating the flipping phase lists the positions seen", game.ErrSyntax)
	}
	hexes := strings.Split(f[3], ",")
	boards := make([]uint16, len(hexes))
	for i, h := range hexes {
		n, err := strconv.ParseUint(h, 16, 16)
		if err != nil || len(h) != 4 {
			return nil, fmt.Errorf("%w: position seen %q: want four hex digits", game.ErrSyntax, h)
		}
		boards[i] = uint16(n)
	}
	if boards[len(boards)-1] != s.black {
		return nil, fmt.Errorf("%w: the last position seen, %04x, is not the board, %04x", game.ErrSyntax, boards[len(boards)-1], s.black)
	}
	// Replay the positions. The player to move at position i is the current one when an even
	// number of flips lies between i and the end.
	moverAt := func(i int) game.Player {
		if (len(boards)-1-i)%2 == 0 {
			return s.turn
		}
		return s.turn.Other()
	}
	for i, b := range boards {
		if i > 0 {
			if p := moverAt(i - 1); !legalFlip(boards[i-1], b, s.rules.Corner(p)) {
				return nil, fmt.Errorf("%w: positions seen: no flip of player %d leads from %04x to %04x", game.ErrSyntax, p+1, boards[i-1], b)
			}
			rep := s.seen.repeats(b)
			if rep && i < len(boards)-1 {
				return nil, fmt.Errorf("%w: positions seen: %04x repeats before the end", game.ErrSyntax, b)
			}
			s.repeated = rep
		}
		s.seen = &seenPosition{black: b, prev: s.seen}
	}
	return s, nil
}

// legalFlip reports whether one flip with rule corner turns board from into board to.
func legalFlip(from, to uint16, corner Corner) bool {
	var moves [Squares * Squares]int
	for _, a := range FlipMoves(from, corner, moves[:0]) {
		m, _ := MoveOf(a)
		if from^Rect(m.UL, m.LR) == to {
			return true
		}
	}
	return false
}

// ParseAction reads a placement ("Bb3", "Wb3") or a flip ("a1-c3", "c3").
func (s *State) ParseAction(_ game.Player, text string) (game.Action, error) {
	a, err := ParseAction(text)
	if err != nil {
		return game.NoAction, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	return game.Action(a), nil
}

// FormatAction writes an action in the game's notation.
func (s *State) FormatAction(_ game.Player, a game.Action) string { return FormatAction(int(a)) }
