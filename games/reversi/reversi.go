// Package reversi is Reversi/Othello on bitboards: 4x4, 6x6 and 8x8 boards, the diagonal,
// parallel and free starts, either colour first, and the pass or end-at-once rule for a side
// without a move; with the records Othello players use (move lists, GGF, OBF, WTHOR).
package reversi

import (
	"fmt"
	"math/bits"
	"strings"

	"turncoat/game"
	"turncoat/games/discs"
)

// Start positions.
const (
	StartDiagonal = "diagonal"
	StartParallel = "parallel"
	StartFree     = "free"
)

// No-move rules.
const (
	NoMovePass = "pass"
	NoMoveEnd  = "end"
)

// Rules are the typed options of a game of Reversi.
type Rules struct {
	Size   int    // 4, 6 or 8
	Start  string // diagonal, parallel or free
	First  int    // colour to move first: 0 Black, 1 White
	NoMove string // pass, or end: the game ends when the side to move has no move
}

// Standard are the rules of 8x8 Othello under world-federation rules.
var Standard = Rules{Size: 8, Start: StartDiagonal, NoMove: NoMovePass}

var optionSpecs = []game.OptionSpec{
	{Name: "size", Kind: game.OptionInt, Default: "8", Values: []string{"4", "6", "8"},
		Doc: "board size: 8 (standard), 6 (as played by post), 4"},
	{Name: "start", Kind: game.OptionEnum, Default: StartDiagonal, Values: []string{StartDiagonal, StartParallel, StartFree},
		Doc: "diagonal (standard), parallel (same colours side by side), or free (the four centre squares are filled by the first four moves)"},
	{Name: "first", Kind: game.OptionEnum, Default: "black", Values: []string{"black", "white"},
		Doc: "the colour that moves first"},
	{Name: "nomove", Kind: game.OptionEnum, Default: NoMovePass, Values: []string{NoMovePass, NoMoveEnd},
		Doc: "a side with no legal move passes, or the game ends at once"},
}

// Options returns the rules as validated game options.
func (r Rules) Options() game.Options {
	o, err := game.ParseOptions(optionSpecs, map[string]string{
		"size": fmt.Sprint(r.Size), "start": r.Start, "first": [2]string{"black", "white"}[r.First&1], "nomove": r.NoMove,
	})
	if err != nil {
		panic(err)
	}
	return o
}

func rulesOf(o game.Options) Rules {
	r := Rules{Size: o.Int("size"), Start: o.Get("start"), NoMove: o.Get("nomove")}
	if o.Get("first") == "white" {
		r.First = 1
	}
	return r
}

// Game is Reversi/Othello as a game.Game.
type Game struct{}

// Name returns "reversi".
func (Game) Name() string { return "reversi" }

// Title returns "Reversi / Othello".
func (Game) Title() string { return "Reversi / Othello" }

// SideNames returns Black and White.
func (Game) SideNames(game.Options) [2]string { return [2]string{"Black", "White"} }

// PostSideNames are the colours of the discs of the forums' games by post, Red for Black and
// Blue for White (game.PostSideNamer).
func (Game) PostSideNames(game.Options) [2]string { return [2]string{"Red", "Blue"} }

// OptionSpecs lists size, start, first and nomove.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// New returns the start position under o.
func (Game) New(o game.Options) (game.State, error) { return NewState(rulesOf(o)), nil }

// Decode reads State.Encode's text.
func (Game) Decode(text string) (game.State, error) { return DecodeState(text) }

// State is a game of Reversi in progress, a game.State.
type State struct {
	rules Rules
	opts  game.Options
	board Board
}

var _ game.State = (*State)(nil)

// NewState returns the start position of a game under r.
func NewState(r Rules) *State {
	s := &State{rules: r, opts: r.Options(), board: Board{Size: r.Size, Turn: r.First}}
	switch r.Start {
	case StartDiagonal:
		st := Start(r.Size)
		s.board.Black, s.board.White = st.Black, st.White
	case StartParallel:
		c := r.Size/2 - 1
		s.board.White = 3 << (8*c + c)
		s.board.Black = 3 << (8*(c+1) + c)
	}
	return s
}

// FromBoard returns a state of the given board under r (its size must match).
func FromBoard(b Board, r Rules) (*State, error) {
	if b.Size != r.Size {
		return nil, fmt.Errorf("board is %dx%d, rules say %dx%d", b.Size, b.Size, r.Size, r.Size)
	}
	if b.Black&b.White != 0 || (b.Black|b.White)&^discs.SquareMask(b.Size) != 0 {
		return nil, fmt.Errorf("inconsistent board")
	}
	return &State{rules: r, opts: r.Options(), board: b}, nil
}

// Board returns the position.
func (s *State) Board() Board { return s.board }

// Rules returns the rules of the game.
func (s *State) Rules() Rules { return s.rules }

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the game's options.
func (s *State) Options() game.Options { return s.opts }

// SkipTurn passes the turn to the other side, whether the side to move has a move or not
// (game.TurnSkipper): a tournament's forced pass. The rules' own pass is a move only when no
// move exists.
func (s *State) SkipTurn() (game.State, error) {
	b := s.board
	b.Pass()
	return FromBoard(b, s.rules)
}

// MovesLeft bounds the plies left (game.Bounded): every move fills an empty square, and a pass
// is followed by a move or ends the game.
func (s *State) MovesLeft() int { return 2*bits.OnesCount64(s.board.Empty()) + 1 }

// placing reports whether the game is in the free start's placement phase.
func (s *State) placing() bool {
	return s.rules.Start == StartFree && (s.board.Black|s.board.White)&discs.CentreMask(s.rules.Size) != discs.CentreMask(s.rules.Size)
}

// Placements returns the squares the side to move may play (zero if it must pass or the game is
// over).
func (s *State) Placements() uint64 {
	if s.placing() {
		return discs.CentreMask(s.rules.Size) &^ (s.board.Black | s.board.White)
	}
	return s.board.Moves()
}

// MustPass reports whether the side to move has no move but the game goes on.
func (s *State) MustPass() bool {
	return s.Placements() == 0 && s.rules.NoMove == NoMovePass && s.board.OpponentMoves() != 0
}

// ToAct returns the colour to move, or Nobody at the end.
func (s *State) ToAct() game.Actors {
	if s.Placements() != 0 || s.MustPass() {
		return game.ActorsOf(game.Player(s.board.Turn))
	}
	return game.Nobody
}

// Legal appends p's moves, or Pass.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if int(p) != s.board.Turn {
		return buf
	}
	m := s.Placements()
	if m == 0 {
		if s.MustPass() {
			buf = append(buf, Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, game.Action(bits.TrailingZeros64(m)))
	}
	return buf
}

// Apply plays a square or Pass.
func (s *State) Apply(a game.Action) error {
	if s.ToAct() == game.Nobody {
		return game.ErrGameOver
	}
	if a == Pass {
		if !s.MustPass() {
			return fmt.Errorf("%w: pass while a move is available", game.ErrIllegal)
		}
		s.board.Pass()
		return nil
	}
	if a < 0 || a > 63 {
		return fmt.Errorf("%w: action %d", game.ErrIllegal, a)
	}
	if s.placing() {
		bit := uint64(1) << a
		if s.Placements()&bit == 0 {
			return fmt.Errorf("%w: %s: the first four discs go on the empty centre squares", game.ErrIllegal, SquareName(int(a)))
		}
		s.board.place(bit, 0)
		return nil
	}
	if _, err := s.board.Play(int(a)); err != nil {
		return fmt.Errorf("%w: %v", game.ErrIllegal, err)
	}
	return nil
}

// ApplyJoint is an error: Reversi has no simultaneous moves.
func (s *State) ApplyJoint(game.Joint) error {
	return fmt.Errorf("%w: reversi has no simultaneous moves", game.ErrNotYourTurn)
}

// Clone copies the state.
func (s *State) Clone() game.State { c := *s; return &c }

// Outcome tells the winner and the score (empties to the winner) once neither side can move.
func (s *State) Outcome() game.Outcome {
	if s.ToAct() != game.Nobody {
		return game.InPlay
	}
	black, white, empty := s.board.Counts()
	o := game.Outcome{Over: true, Winner: game.NoPlayer, Scored: true, Ending: game.EndRules}
	o.Score[0], o.Score[1] = s.board.FinalScore()
	switch {
	case black > white:
		o.Winner = game.First
	case white > black:
		o.Winner = game.Second
	}
	switch {
	case empty == 0:
		o.Reason = "board full"
	case s.rules.NoMove == NoMoveEnd && s.board.OpponentMoves() != 0:
		o.Reason = fmt.Sprintf("no move for %s; discs %d-%d", [2]string{"Black", "White"}[s.board.Turn], black, white)
	default:
		o.Reason = fmt.Sprintf("neither side can move; discs %d-%d", black, white)
	}
	return o
}

// Encode writes "<options> <rows joined by '/'> <X|O>", e.g.
// "size=8,start=diagonal,first=black,nomove=pass ---...--- X".
func (s *State) Encode() string {
	return s.opts.String() + " " + s.board.Text() + " " + [2]string{"X", "O"}[s.board.Turn]
}

// DecodeState reads State.Encode's text.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("%w: reversi state wants \"<options> <rows> <X|O>\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(optionSpecs, f[0])
	if err != nil {
		return nil, err
	}
	r := rulesOf(o)
	b, err := ParseBoardText(f[1], r.Size)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	switch f[2] {
	case "X", "x", "*":
		b.Turn = 0
	case "O", "o":
		b.Turn = 1
	default:
		return nil, fmt.Errorf("%w: side to move %q, want X or O", game.ErrSyntax, f[2])
	}
	return FromBoard(b, r)
}

// ParseAction reads a square name or a pass ("pass", "pa", "ps", "@@@@"), case-insensitively.
func (s *State) ParseAction(_ game.Player, text string) (game.Action, error) {
	if isPass(text) {
		return Pass, nil
	}
	sq, err := discs.ParseSquare(text)
	if err != nil {
		return game.NoAction, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	if discs.SquareMask(s.rules.Size)&(1<<sq) == 0 {
		return game.NoAction, fmt.Errorf("%w: %s is not on the %dx%d board", game.ErrSyntax, text, s.rules.Size, s.rules.Size)
	}
	return game.Action(sq), nil
}

func isPass(text string) bool {
	switch strings.ToLower(text) {
	case "pass", "pa", "ps", "@@@@", "--":
		return true
	}
	return false
}

// FormatAction writes a square name ("f5") or "pass".
func (s *State) FormatAction(_ game.Player, a game.Action) string { return SquareName(int(a)) }

// Perft counts leaves to depth with the published convention (game.Perft's), on bitboards when
// the rules allow (a side without a move passes, and the free start's placements are over).
func (s *State) Perft(depth int) uint64 {
	if s.rules.NoMove != NoMovePass || s.placing() {
		return game.Perft(s, depth)
	}
	return Perft(s.board, depth)
}

// ParsePosition reads a board and the side to move under o: the squares row by row from a1
// (rows may be separated by '/' or spaces), then X or O, as in OBF ("---...XO... X").
func (Game) ParsePosition(o game.Options, text string) (game.State, error) {
	r := rulesOf(o)
	text = strings.TrimSpace(text)
	i := strings.LastIndexAny(text, " \t")
	if i < 0 {
		return nil, fmt.Errorf("%w: want the squares, a space, and X or O to move", game.ErrSyntax)
	}
	b, err := ParseBoardText(text[:i], r.Size)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	switch strings.TrimSpace(text[i:]) {
	case "X", "x", "*", "B", "b":
		b.Turn = 0
	case "O", "o", "W", "w":
		b.Turn = 1
	default:
		return nil, fmt.Errorf("%w: side to move %q, want X or O", game.ErrSyntax, text[i+1:])
	}
	return FromBoard(b, r)
}

// Diagram draws the board for the terminal: X black, O white, '.' empty, and '*' on the legal
// moves when viewer is the side to move; then the disc counts and who is to move.
func (s *State) Diagram(viewer game.Player) string {
	var b strings.Builder
	n := s.rules.Size
	b.WriteString("   ")
	for c := range n {
		b.WriteString(" " + string(rune('a'+c)))
	}
	b.WriteByte('\n')
	marks := uint64(0)
	if int(viewer) == s.board.Turn {
		marks = s.Placements()
	}
	for r := range n {
		fmt.Fprintf(&b, " %d ", r+1)
		for c := range n {
			bit := uint64(1) << (8*r + c)
			ch := "."
			switch {
			case s.board.Black&bit != 0:
				ch = "X"
			case s.board.White&bit != 0:
				ch = "O"
			case marks&bit != 0:
				ch = "*"
			}
			b.WriteString(" " + ch)
		}
		b.WriteByte('\n')
	}
	black, white, _ := s.board.Counts()
	fmt.Fprintf(&b, "Black (X) %d, White (O) %d", black, white)
	switch {
	case s.ToAct() == game.Nobody:
		b.WriteString("; game over")
	case s.MustPass():
		fmt.Fprintf(&b, "; %s to move, and must pass", colourName(s.board.Turn))
	default:
		fmt.Fprintf(&b, "; %s to move", colourName(s.board.Turn))
	}
	return b.String()
}
