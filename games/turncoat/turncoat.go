// Package turncoat is David Wolstenholme's Turncoat: each player owns a board of pieces showing
// black or white, both select a square in secret each round, and each board is flipped first at
// its owner's square, then at the opponent's; the first board without a white piece wins.
//
// A position is a simultaneous node of the game contract: both sides act (ToAct is
// game.BothAct) and both selections arrive together in ApplyJoint. The boards are bitboards
// (see Board), and the package exports the allocation-free primitives search needs: Board.Flip,
// Selectable, PlayRound and Check. Setups come from a seed (RandomSetup) or are given
// explicitly; a game created with neither draws its seed at random and records it in its
// options, so it replays. Records of whole games are read and written by ParseRecord and
// Record.String, and through the registry (RecordFormats).
package turncoat

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"turncoat/game"
)

// Mode says which squares a player may select on their own board.
type Mode uint8

// Selection modes.
const (
	// WhiteAndBlack lets a player select any square holding a piece (the default).
	WhiteAndBlack Mode = iota
	// WhiteOnly lets a player select only pieces showing white.
	WhiteOnly
)

// Mode names, as the option and records write them.
const (
	ModeWhiteAndBlack = "white-and-black"
	ModeWhiteOnly     = "white-only"
)

// String returns the mode's name.
func (m Mode) String() string {
	if m == WhiteOnly {
		return ModeWhiteOnly
	}
	return ModeWhiteAndBlack
}

// ParseMode reads a mode's name.
func ParseMode(text string) (Mode, error) {
	switch strings.ToLower(text) {
	case ModeWhiteAndBlack:
		return WhiteAndBlack, nil
	case ModeWhiteOnly:
		return WhiteOnly, nil
	}
	return 0, fmt.Errorf("%w: mode %q: want %s or %s", game.ErrOption, text, ModeWhiteAndBlack, ModeWhiteOnly)
}

// DefaultCap is the default round cap: the game is drawn after this many rounds.
const DefaultCap = 100

// MaxCap bounds the round cap option.
const MaxCap = 1_000_000

// Rules are the typed options of a game of Turncoat.
type Rules struct {
	// Size is the boards' side, 3 to 8 (8 is the game; smaller boards are for tests and
	// puzzles).
	Size int
	// Mode is the selection mode.
	Mode Mode
	// Cap is the round cap: after Cap rounds without a winner the game is drawn.
	Cap int
	// Seed draws the setup (RandomSetup) when Setup is empty. RandomSeed (0) asks NewState to
	// draw a seed at random; the state's rules and options then carry the seed drawn, so the
	// game replays exactly.
	Seed uint64
	// Setup is an explicit start: one board for both players, or Red's and Yellow's joined by
	// ':', in Board.Text's format. Empty means the random setup from Seed.
	Setup string
}

// Standard are the rules of the original game with setup seed 1.
var Standard = Rules{Size: 8, Mode: WhiteAndBlack, Cap: DefaultCap, Seed: 1}

// RandomSeed is the seed option's default, 0: a game created without a setup draws its seed at
// random (NewSeed) and records the seed drawn in its options.
const RandomSeed uint64 = 0

// MaxSeed is the largest seed the option takes.
const MaxSeed uint64 = 1<<63 - 1

// NewSeed draws a setup seed at random, from 1 to MaxSeed.
func NewSeed() uint64 { return rand.Uint64N(MaxSeed) + 1 }

var optionSpecs = []game.OptionSpec{
	{Name: "size", Kind: game.OptionInt, Default: "8", Min: MinSize, Max: MaxSize,
		Doc: "the boards' side: 8 (the game), or 3 to 7 for tests and puzzles"},
	{Name: "mode", Kind: game.OptionEnum, Default: ModeWhiteAndBlack, Values: []string{ModeWhiteAndBlack, ModeWhiteOnly},
		Doc: "the squares a player may select on their own board: any piece, or only pieces showing white"},
	{Name: "cap", Kind: game.OptionInt, Default: strconv.Itoa(DefaultCap), Min: 1, Max: MaxCap,
		Doc: "the round cap: the game is drawn after this many rounds"},
	{Name: "seed", Kind: game.OptionInt, Default: "0", Min: 0, Max: int64(MaxSeed), Fresh: true,
		Doc: "the seed of the random setup (2-6 black pieces, 0-3 blanks); 0, the default, draws one at random when the game is created, and the game's options then hold the seed drawn, so it replays exactly; unused (and kept at 0) with an explicit setup"},
	{Name: "setup", Kind: game.OptionText, Default: "",
		Doc: "an explicit setup instead of the seed's: rows top to bottom joined by '/', B black, W white, '.' blank; one board for both players, or Red's and Yellow's joined by ':'"},
}

// Options returns the rules as validated game options; it reports invalid rules.
func (r Rules) Options() (game.Options, error) {
	return game.ParseOptions(optionSpecs, map[string]string{
		"size": strconv.Itoa(r.Size), "mode": r.Mode.String(), "cap": strconv.Itoa(r.Cap),
		"seed": strconv.FormatUint(r.Seed, 10), "setup": r.Setup,
	})
}

// RulesOf reads the typed rules from options made with the game's option specs.
func RulesOf(o game.Options) Rules {
	m, _ := ParseMode(o.Get("mode"))
	seed, _ := strconv.ParseUint(o.Get("seed"), 10, 64)
	return Rules{Size: o.Int("size"), Mode: m, Cap: o.Int("cap"), Seed: seed, Setup: o.Get("setup")}
}

// StartBoards returns Red's and Yellow's starting boards under r: the explicit setup when there
// is one (checked against the size), else the seed's random setup on both boards. RandomSeed
// without a setup names no start (NewState draws the seed first): that is an error.
func (r Rules) StartBoards() ([2]Board, error) {
	if r.Setup == "" {
		if r.Seed == RandomSeed {
			return [2]Board{}, fmt.Errorf("%w: seed=0 names no setup: a game created with it draws its seed", game.ErrOption)
		}
		b := RandomSetup(r.Size, r.Seed)
		return [2]Board{b, b}, nil
	}
	texts := strings.Split(r.Setup, ":")
	if len(texts) > 2 {
		return [2]Board{}, fmt.Errorf("%w: setup=%q: want one board, or Red's and Yellow's joined by ':'", game.ErrOption, r.Setup)
	}
	var boards [2]Board
	for i, text := range texts {
		b, n, err := ParseBoard(text)
		if err != nil {
			return [2]Board{}, fmt.Errorf("%w: setup: %v", game.ErrOption, err)
		}
		if n != r.Size {
			return [2]Board{}, fmt.Errorf("%w: setup is %dx%d but size=%d: give size=%d with it", game.ErrOption, n, n, r.Size, n)
		}
		boards[i] = b
	}
	if len(texts) == 1 {
		boards[1] = boards[0]
	}
	if err := checkBoards(boards, r.Size); err != nil {
		return [2]Board{}, fmt.Errorf("%w: setup: %v", game.ErrOption, err)
	}
	return boards, nil
}

// checkBoards verifies that two boards can be played against each other: on the board, with
// the blanks in the same places (blanks never change, and each board is flipped at the other
// player's square too).
func checkBoards(b [2]Board, n int) error {
	mask := SquareMask(n)
	for i := range b {
		if b[i].Pieces&^mask != 0 || b[i].Black&^b[i].Pieces != 0 {
			return fmt.Errorf("%s's board is inconsistent", sideNames[i])
		}
	}
	if b[0].Pieces != b[1].Pieces {
		return fmt.Errorf("the blanks differ between the boards (Red %s, Yellow %s); they must be on the same squares", b[0].Text(n), b[1].Text(n))
	}
	return nil
}

// setupText writes boards as the setup option does: one board when both are the same.
func setupText(b [2]Board, n int) string {
	if b[0] == b[1] {
		return b[0].Text(n)
	}
	return b[0].Text(n) + ":" + b[1].Text(n)
}

var sideNames = [2]string{"Red", "Yellow"}

// Game is Turncoat as a game.Game.
type Game struct{}

var (
	_ game.Game           = Game{}
	_ game.PositionReader = Game{}
)

// Name returns "turncoat".
func (Game) Name() string { return "turncoat" }

// Title returns "Turncoat".
func (Game) Title() string { return "Turncoat" }

// SideNames returns Red and Yellow.
func (Game) SideNames(game.Options) [2]string { return sideNames }

// OptionSpecs lists size, mode, cap, seed and setup.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// New returns the start of a game under o.
func (Game) New(o game.Options) (game.State, error) {
	s, err := NewState(RulesOf(o))
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Decode reads State.Encode's text.
func (Game) Decode(text string) (game.State, error) {
	s, err := DecodeState(text)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ParsePosition reads a position in the solver's notation under o: one board for both players,
// or Red's then Yellow's, then optionally the number of rounds played, separated by spaces
// ("WWW/WBW/WWW", "BWW/WWW/WWB WWW/WWW/WWW 3"). The size is the boards'; o gives the mode and
// the cap; the boards become the setup option, so the encoding tells where the position came
// from.
func (Game) ParsePosition(o game.Options, text string) (game.State, error) {
	f := strings.Fields(text)
	if len(f) == 0 || len(f) > 3 {
		return nil, fmt.Errorf("%w: want one board, or Red's and Yellow's, then optionally the rounds played", game.ErrSyntax)
	}
	round := 0
	if len(f) > 1 && !strings.Contains(f[len(f)-1], "/") {
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%w: rounds played %q: want a number", game.ErrSyntax, f[len(f)-1])
		}
		round, f = n, f[:len(f)-1]
	}
	if len(f) > 2 {
		return nil, fmt.Errorf("%w: more than two boards", game.ErrSyntax)
	}
	var boards [2]Board
	size := 0
	for i, text := range f {
		b, n, err := ParseBoard(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
		}
		if size != 0 && n != size {
			return nil, fmt.Errorf("%w: Red's board is %dx%d, Yellow's %dx%d", game.ErrSyntax, size, size, n, n)
		}
		size, boards[i] = n, b
	}
	if len(f) == 1 {
		boards[1] = boards[0]
	}
	r := RulesOf(o)
	r.Size = size
	r.Setup = setupText(boards, size)
	return FromBoards(r, boards, round)
}

// State is a game of Turncoat in progress, a game.State. Its zero value is not usable; get one
// from NewState, FromBoards, DecodeState or the Game.
type State struct {
	rules  Rules
	opts   game.Options
	boards [2]Board
	round  int
}

var (
	_ game.State            = (*State)(nil)
	_ game.Perfter          = (*State)(nil)
	_ game.Diagrammer       = (*State)(nil)
	_ game.IllegalExplainer = (*State)(nil)
	_ game.BoardViewer      = (*State)(nil)
)

// NewState returns the start of a game under r. Without a setup and with RandomSeed it draws
// the seed (NewSeed), which the state's rules and options then hold; with a setup the seed has
// no part in the game and is recorded as RandomSeed, so one start has one encoding.
func NewState(r Rules) (*State, error) {
	switch {
	case r.Setup != "":
		r.Seed = RandomSeed
	case r.Seed == RandomSeed:
		r.Seed = NewSeed()
	}
	o, err := r.Options()
	if err != nil {
		return nil, err
	}
	boards, err := r.StartBoards()
	if err != nil {
		return nil, err
	}
	return &State{rules: RulesOf(o), opts: o, boards: boards}, nil
}

// FromBoards returns the position with the given boards after round rounds under r (whose
// Setup, if any, records the game's start and is not checked against the boards; RandomSeed
// without a setup means the start is not known, and no seed is drawn; with a setup the seed is
// recorded as RandomSeed, as NewState does).
func FromBoards(r Rules, boards [2]Board, round int) (*State, error) {
	if r.Setup != "" {
		r.Seed = RandomSeed
	}
	o, err := r.Options()
	if err != nil {
		return nil, err
	}
	if err := checkBoards(boards, r.Size); err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	if round < 0 || round > r.Cap {
		return nil, fmt.Errorf("%w: %d rounds played, want 0 to the cap, %d", game.ErrSyntax, round, r.Cap)
	}
	return &State{rules: RulesOf(o), opts: o, boards: boards, round: round}, nil
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return s.rules }

// Boards returns Red's and Yellow's boards.
func (s *State) Boards() [2]Board { return s.boards }

// Round returns the number of rounds played.
func (s *State) Round() int { return s.round }

// MovesLeft is the rounds left before the cap draws the game (game.Bounded).
func (s *State) MovesLeft() int { return max(s.rules.Cap-s.round, 0) }

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the game's options.
func (s *State) Options() game.Options { return s.opts }

// Result tells how the position stands: a board without white wins (both: a draw), else the
// round cap draws, else play goes on.
func (s *State) Result() Result {
	if r := Check(s.boards[0], s.boards[1]); r != InPlay {
		return r
	}
	if s.round >= s.rules.Cap {
		return Drawn
	}
	return InPlay
}

// ToAct returns both sides while the game is in play.
func (s *State) ToAct() game.Actors {
	if s.Result() != InPlay {
		return game.Nobody
	}
	return game.BothAct
}

// Selectable returns the squares p may select now (none when the game is over).
func (s *State) Selectable(p game.Player) uint64 {
	if !p.Valid() || s.Result() != InPlay {
		return 0
	}
	return Selectable(s.boards[p], s.rules.Mode)
}

// Legal appends p's selectable squares.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	for m := s.Selectable(p); m != 0; m &= m - 1 {
		buf = append(buf, game.Action(bits.TrailingZeros64(m)))
	}
	return buf
}

// Apply is an error: both sides select at once in Turncoat.
func (s *State) Apply(game.Action) error {
	if s.ToAct() == game.Nobody {
		return game.ErrGameOver
	}
	return fmt.Errorf("%w: both sides select at once in turncoat; use a joint move", game.ErrNotYourTurn)
}

// ApplyJoint plays a round with Red's and Yellow's selections.
func (s *State) ApplyJoint(j game.Joint) error {
	if s.Result() != InPlay {
		return game.ErrGameOver
	}
	for p := game.First; p <= game.Second; p++ {
		a := j[p]
		if a < 0 || a > 63 || s.Selectable(p)&(1<<a) == 0 {
			return fmt.Errorf("%w: %s cannot select %s: %s", game.ErrIllegal, sideNames[p], s.FormatAction(p, a), s.whyNot(p, a))
		}
	}
	s.boards[0], s.boards[1], _ = PlayRound(s.boards[0], s.boards[1], int(j[0]), int(j[1]))
	s.round++
	return nil
}

// whyNot says why p may not select a, or "" if p may.
func (s *State) whyNot(p game.Player, a game.Action) string {
	n := s.rules.Size
	if a < 0 || a > 63 || SquareMask(n)&(1<<a) == 0 {
		return fmt.Sprintf("not a square of the %dx%d board", n, n)
	}
	name, bit, b := SquareName(int(a)), uint64(1)<<a, s.boards[p]
	switch {
	case b.Pieces&bit == 0:
		return name + " is blank: a blank holds no piece and can never be selected"
	case s.rules.Mode == WhiteOnly && b.Black&bit != 0:
		return name + " shows black on " + sideNames[p] + "'s board; in white-only mode only a piece showing white may be selected"
	}
	return ""
}

// ExplainIllegal says why p may not select a, by the rules: a square off the board, a blank, a
// piece showing black in white-only mode. It is "" when the game is over or p may select a.
func (s *State) ExplainIllegal(p game.Player, a game.Action) string {
	if !p.Valid() || s.Result() != InPlay {
		return ""
	}
	return s.whyNot(p, a)
}

// Clone copies the state.
func (s *State) Clone() game.State { c := *s; return &c }

// Outcome tells the winner once a board has no white piece, or the draw.
func (s *State) Outcome() game.Outcome {
	switch s.Result() {
	case RedWins:
		return game.Win(game.First, "Red's board shows no white")
	case YellowWins:
		return game.Win(game.Second, "Yellow's board shows no white")
	case Drawn:
		if s.boards[0].Done() {
			return game.Draw("both boards show no white")
		}
		return game.Draw(fmt.Sprintf("round cap of %d rounds", s.rules.Cap))
	}
	return game.InPlay
}

// Encode writes "<options> <Red's board> <Yellow's board> <rounds played>", e.g.
// "size=3,mode=white-and-black,cap=100,seed=1,setup= WWW/WBW/WWW WWW/WBW/WWW 0".
func (s *State) Encode() string {
	n := s.rules.Size
	return s.opts.String() + " " + s.boards[0].Text(n) + " " + s.boards[1].Text(n) + " " + strconv.Itoa(s.round)
}

// DecodeState reads State.Encode's text.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 4 {
		return nil, fmt.Errorf("%w: turncoat state wants \"<options> <Red's board> <Yellow's board> <rounds played>\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(optionSpecs, f[0])
	if err != nil {
		return nil, err
	}
	r := RulesOf(o)
	if r.Setup != "" {
		if _, err := r.StartBoards(); err != nil {
			return nil, err
		}
	}
	var boards [2]Board
	for i := range boards {
		b, n, err := ParseBoard(f[1+i])
		if err != nil {
			return nil, fmt.Errorf("%w: %s's board: %v", game.ErrSyntax, sideNames[i], err)
		}
		if n != r.Size {
			return nil, fmt.Errorf("%w: %s's board is %dx%d, the options say size=%d", game.ErrSyntax, sideNames[i], n, n, r.Size)
		}
		boards[i] = b
	}
	round, err := strconv.Atoi(f[3])
	if err != nil || f[3] != strconv.Itoa(round) {
		return nil, fmt.Errorf("%w: rounds played %q: want a number", game.ErrSyntax, f[3])
	}
	return FromBoards(r, boards, round)
}

// ParseAction reads a square label ("c3", case-insensitive) of the game's board.
func (s *State) ParseAction(_ game.Player, text string) (game.Action, error) {
	sq, err := ParseSquare(text, s.rules.Size)
	if err != nil {
		return game.NoAction, fmt.Errorf("%w: %v", game.ErrSyntax, err)
	}
	return game.Action(sq), nil
}

// FormatAction writes a square label ("c3").
func (s *State) FormatAction(_ game.Player, a game.Action) string { return SquareName(int(a)) }

// Perft counts the leaves of the game tree to depth with game.Perft's convention (a round is
// one ply), on the boards directly.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 || s.Result() != InPlay {
		return 1
	}
	return perft(s.boards[0], s.boards[1], s.rules.Mode, s.rules.Cap-s.round, depth)
}

func perft(red, yellow Board, mode Mode, roundsLeft, depth int) uint64 {
	rm, ym := Selectable(red, mode), Selectable(yellow, mode)
	if depth == 1 {
		return uint64(bits.OnesCount64(rm) * bits.OnesCount64(ym))
	}
	var n uint64
	for r := rm; r != 0; r &= r - 1 {
		rs := bits.TrailingZeros64(r)
		for y := ym; y != 0; y &= y - 1 {
			ys := bits.TrailingZeros64(y)
			nr, ny, res := PlayRound(red, yellow, rs, ys)
			if res != InPlay || roundsLeft == 1 {
				n++
				continue
			}
			n += perft(nr, ny, mode, roundsLeft-1, depth-1)
		}
	}
	return n
}
