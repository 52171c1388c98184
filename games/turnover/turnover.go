// Package turnover is Turnover, the chess variant played with stacks of rings and buttons:
// each square holds one player's stack of up to three parts (outer ring, inner ring, button),
// the outermost part moves as a pawn, bishop or rook (as a knight or queen in some stacks), and
// landing on a stack joins it, turns an enemy's over to the mover's colour, or captures it. A
// player who loses all their Castles (complete stacks) loses.
//
// The rules are the project's specification of the official rules (rules/turnover.md in the
// shared reference material), with its options: the two setups, play on after checkmate or
// not, the 50-move rule's length, a claimed or automatic threefold repetition, and K or N for
// the Knight in notation.
//
// Position is the fast board for search (bitboards and a mailbox, copy-make, Zobrist hash);
// State is the game.State with history, outcome and notation.
//
// # Claiming a draw
//
// Under repetition=claim, once a position (stacks, owners and side to move) has occurred for the
// third time, either player may claim a draw, whichever side is to move (spec §4.6); if neither
// does, play goes on. The game contract lets only the side to move act, so a claim reaches the
// game in one of two ways:
//
//   - the side to move plays the action Claim ("claim" in notation), which Legal lists for it
//     while a claim is possible, like any other action (search and perft see it);
//   - the side not to move, which has no legal action, claims through the DrawClaimer
//     interface that State implements: CanClaimDraw(p) says whether p may claim now, and
//     ClaimDraw(p) ends the game. A generic table detects the interface and offers the claim
//     to either seat as a command outside the turn, and records it as such (it is not a move:
//     a replay of the moves alone does not end the game; ClaimDraw after the replay does).
//
// Either way the game ends in a draw whose Outcome.Ending is game.EndClaim.
package turnover

import (
	"fmt"
	"strings"

	"turncoat/game"
)

// Repetition rules.
const (
	RepetitionClaim = "claim"
	RepetitionAuto  = "auto"
)

// Rules are the typed options of a game of Turnover.
type Rules struct {
	// Setup is SetupFirstRank (the official rules) or SetupZigzag.
	Setup string
	// MateEndsGame ends the game when the side to move cannot save any of its Castles (the
	// "++" of the notation) instead of playing on until it has none.
	MateEndsGame bool
	// FiftyMovePlies is the number of plies without capture, turnover or promotion after which
	// the game is drawn; 0 turns the rule off.
	FiftyMovePlies int
	// Repetition is RepetitionClaim (the third occurrence of a position lets either player
	// claim a draw: see the package doc) or RepetitionAuto (it ends the game at once).
	Repetition string
	// KnightLetter is 'K' or 'N', the Knight's letter in printed notation (both are read).
	KnightLetter byte
}

// Standard are the official rules with the project's defaults.
var Standard = Rules{Setup: SetupFirstRank, FiftyMovePlies: 100, Repetition: RepetitionClaim, KnightLetter: 'K'}

var optionSpecs = []game.OptionSpec{
	{Name: "setup", Kind: game.OptionEnum, Default: SetupFirstRank, Values: []string{SetupFirstRank, SetupZigzag},
		Doc: "first-rank (the official rules: eight Castles on each first rank) or zigzag (ranks 1-2 and 7-8 alternately)"},
	{Name: "mate-ends-game", Kind: game.OptionBool, Default: "false",
		Doc: "end the game when a side cannot save any of its Castles (checkmate), instead of playing on until it has none"},
	{Name: "fifty-move-plies", Kind: game.OptionInt, Default: "100", Min: 0, Max: 10000,
		Doc: "plies without capture, turnover or promotion that draw the game (0: never)"},
	{Name: "repetition", Kind: game.OptionEnum, Default: RepetitionClaim, Values: []string{RepetitionClaim, RepetitionAuto},
		Doc: "threefold repetition: claim (either player may claim a draw, whoever is to move) or auto (the game is drawn at once, for engine matches)"},
	{Name: "knight-letter", Kind: game.OptionEnum, Default: "K", Values: []string{"K", "N"},
		Doc: "the Knight's letter in printed moves (both are read)"},
}

// Options returns the rules as validated game options.
func (r Rules) Options() game.Options {
	o, err := game.ParseOptions(optionSpecs, map[string]string{
		"setup": r.Setup, "mate-ends-game": fmt.Sprint(r.MateEndsGame), "fifty-move-plies": fmt.Sprint(r.FiftyMovePlies),
		"repetition": r.Repetition, "knight-letter": string(rune(r.KnightLetter)),
	})
	if err != nil {
		panic(err)
	}
	return o
}

// RulesOf reads the rules from validated options.
func RulesOf(o game.Options) Rules {
	r := Rules{Setup: o.Get("setup"), MateEndsGame: o.Bool("mate-ends-game"), FiftyMovePlies: o.Int("fifty-move-plies"),
		Repetition: o.Get("repetition"), KnightLetter: 'K'}
	if o.Get("knight-letter") == "N" {
		r.KnightLetter = 'N'
	}
	if r.Setup == "" { // options of another game, or none
		return Standard
	}
	return r
}

// Game is Turnover as a game.Game.
type Game struct{}

var (
	_ game.Game           = Game{}
	_ game.PositionReader = Game{}
)

// Name returns "turnover".
func (Game) Name() string { return "turnover" }

// Title returns "Turnover".
func (Game) Title() string { return "Turnover" }

// SideNames returns White and Black.
func (Game) SideNames(game.Options) [2]string { return [2]string{"White", "Black"} }

// OptionSpecs lists setup, mate-ends-game, fifty-move-plies, repetition and knight-letter.
func (Game) OptionSpecs() []game.OptionSpec { return optionSpecs }

// New returns the start position under o.
func (Game) New(o game.Options) (game.State, error) {
	r := RulesOf(o)
	return NewState(r, StartPosition(r.Setup)), nil
}

// ParsePosition reads a position in the FEN-like format (board, side, optional clock and move
// number) under o, as a game with no history.
func (Game) ParsePosition(o game.Options, text string) (game.State, error) {
	p, err := ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return NewState(RulesOf(o), p), nil
}

// Decode reads State.Encode's text.
func (Game) Decode(text string) (game.State, error) { return DecodeState(text) }

// Claim is the action of claiming a draw by threefold repetition: legal for the side to move
// when the current position (stacks and side to move) has occurred at least three times, under
// the claim rule; it ends the game in a draw claimed (Ending game.EndClaim). Not claiming is
// simply playing a move. Its notation is "claim". The side not to move claims through
// DrawClaimer (see the package doc).
const Claim game.Action = 1 << 12

// DrawClaimer is a state in which a player may claim a draw outside the turn: the contract
// lets only the side to move act, but a claim the rules allow to either player (Turnover's
// threefold repetition) must reach the game from the other side too. A table detects it and
// offers the claim to both seats as a command, not as a move.
type DrawClaimer interface {
	// CanClaimDraw reports whether p may claim a draw now.
	CanClaimDraw(p game.Player) bool
	// ClaimDraw ends the game in a draw claimed by p (Outcome.Ending game.EndClaim), or says
	// why p may not claim: the game is over (game.ErrGameOver) or nothing may be claimed now
	// (game.ErrIllegal).
	ClaimDraw(p game.Player) error
}

// claimedDraw is the outcome of a claimed draw.
var claimedDraw = game.Claimed("threefold repetition claimed")

// State is a game of Turnover in progress, a game.State.
type State struct {
	rules Rules
	opts  game.Options
	pos   Position
	// base is the position after the last capture or promotion (or the start), and moves the
	// moves played since: no earlier position can occur again (see Position.Phi), so they are
	// all the repetition rule and the encoding need.
	base  Position
	moves []game.Action
	// hashes[i] is the hash of the position after moves[:i]; the last is the current one's.
	hashes  []uint64
	claimed bool
	outcome game.Outcome
}

var (
	_ game.State            = (*State)(nil)
	_ game.Perfter          = (*State)(nil)
	_ game.Diagrammer       = (*State)(nil)
	_ game.IllegalExplainer = (*State)(nil)
	_ game.BoardViewer      = (*State)(nil)
	_ DrawClaimer           = (*State)(nil)
)

// NewState returns a game under r starting from p (with no history).
func NewState(r Rules, p Position) *State {
	s := &State{rules: r, opts: r.Options(), pos: p, base: p, hashes: []uint64{p.hash}}
	s.outcome = s.evaluate()
	return s
}

// Position returns the current position.
func (s *State) Position() Position { return s.pos }

// Rules returns the rules of the game.
func (s *State) Rules() Rules { return s.rules }

// History returns the hashes of the positions since the last capture or promotion, oldest
// first, the current one last: the positions the repetition rule compares with.
func (s *State) History() []uint64 { return s.hashes }

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the game's options.
func (s *State) Options() game.Options { return s.opts }

// ToAct returns the side to move, or Nobody once the game is over.
func (s *State) ToAct() game.Actors {
	if s.outcome.Over {
		return game.Nobody
	}
	return game.ActorsOf(s.pos.side)
}

// Repetitions returns how many times the current position has occurred.
func (s *State) Repetitions() int {
	h, n := s.pos.hash, 0
	for i := len(s.hashes) - 1; i >= 0; i -= 2 { // the same side to move: every other ply
		if s.hashes[i] == h {
			n++
		}
	}
	return n
}

// CanClaimRepetition reports whether a draw by threefold repetition may be claimed now, by
// either player (the side to move with the action Claim, the other through ClaimDraw).
func (s *State) CanClaimRepetition() bool {
	return !s.outcome.Over && s.rules.Repetition == RepetitionClaim && s.Repetitions() >= 3
}

// CanClaimDraw reports whether p may claim a draw now: either player may once the current
// position has occurred three times, under repetition=claim.
func (s *State) CanClaimDraw(p game.Player) bool { return p.Valid() && s.CanClaimRepetition() }

// ClaimDraw ends the game in a draw claimed by p, the side to move or not (see the package
// doc). The claim is kept in the state's history as the Claim action, so the encoding decodes
// to a finished game.
func (s *State) ClaimDraw(p game.Player) error {
	switch {
	case s.outcome.Over:
		return game.ErrGameOver
	case !p.Valid():
		return fmt.Errorf("%w: %s is not a player", game.ErrIllegal, p)
	case !s.CanClaimRepetition():
		return fmt.Errorf("%w: claim: %s", game.ErrIllegal, s.whyNoClaim())
	}
	s.claim()
	return nil
}

// claim ends the game in a claimed draw.
func (s *State) claim() {
	s.claimed = true
	s.moves = append(s.moves, Claim)
	s.outcome = claimedDraw
}

// whyNoClaim says why no draw may be claimed now.
func (s *State) whyNoClaim() string {
	if s.rules.Repetition == RepetitionAuto {
		return "under repetition=auto a threefold repetition ends the game by itself; there is nothing to claim"
	}
	n := s.Repetitions()
	times := "once"
	if n == 2 {
		times = "twice"
	}
	return fmt.Sprintf("this position has occurred %s; a draw may be claimed when it occurs for the third time", times)
}

// Legal appends p's legal actions to buf[:0]: its moves, and Claim when it may claim a draw.
func (s *State) Legal(p game.Player, buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.outcome.Over || p != s.pos.side {
		return buf
	}
	var mb [MaxMoves]Move
	for _, m := range s.pos.Moves(mb[:0]) {
		buf = append(buf, m.Action())
	}
	if s.CanClaimRepetition() {
		buf = append(buf, Claim)
	}
	return buf
}

// move returns the legal move of action a, or an error.
func (s *State) move(a game.Action) (Move, error) {
	if a < 0 || a >= 1<<12 {
		return NoMove, fmt.Errorf("%w: action %d is not a move", game.ErrIllegal, a)
	}
	from, to := Square(a&63), Square(a>>6)
	m, ok := s.pos.Lookup(from, to)
	if !ok {
		return NoMove, fmt.Errorf("%w: no legal move from %s to %s", game.ErrIllegal, from, to)
	}
	return m, nil
}

// Apply plays a legal move or the Claim action.
func (s *State) Apply(a game.Action) error {
	if s.outcome.Over {
		return game.ErrGameOver
	}
	if a == Claim {
		if !s.CanClaimRepetition() {
			return fmt.Errorf("%w: claim: %s", game.ErrIllegal, s.whyNoClaim())
		}
		s.claim()
		return nil
	}
	m, err := s.move(a)
	if err != nil {
		return err
	}
	s.play(m)
	return nil
}

// play makes a legal move and updates the history and the outcome.
func (s *State) play(m Move) {
	s.pos.Make(m)
	if m.Class() == ClassCapture || m.Promotes() {
		s.base = s.pos
		s.moves = s.moves[:0]
		s.hashes = s.hashes[:0]
	} else {
		s.moves = append(s.moves, m.Action())
	}
	s.hashes = append(s.hashes, s.pos.hash)
	s.outcome = s.evaluate()
}

// ApplyJoint is an error: Turnover has no simultaneous moves.
func (s *State) ApplyJoint(game.Joint) error {
	return fmt.Errorf("%w: turnover has no simultaneous moves", game.ErrNotYourTurn)
}

// Clone copies the state.
func (s *State) Clone() game.State {
	c := *s
	c.moves = append(make([]game.Action, 0, len(s.moves)+16), s.moves...)
	c.hashes = append(make([]uint64, 0, len(s.hashes)+16), s.hashes...)
	return &c
}

// Outcome tells whether the game is over and how it ended.
func (s *State) Outcome() game.Outcome { return s.outcome }

// evaluate decides the outcome of the current position, in the order of spec §4.4: Castles
// (terra arrasada, a side without Castles), the 50-move rule, no legal move (checkmate or
// stalemate), checkmate under mate-ends-game, automatic threefold repetition.
func (s *State) evaluate() game.Outcome {
	if s.claimed {
		return claimedDraw
	}
	p := &s.pos
	if over, o := terminal(p, &s.rules); over {
		return o
	}
	if s.rules.Repetition == RepetitionAuto && s.Repetitions() >= 3 {
		return game.Draw("threefold repetition")
	}
	return game.InPlay
}

// terminal applies the end-of-game rules that depend on the position alone (everything but
// repetition), in the spec's order; mover is the side that just moved.
func terminal(p *Position, r *Rules) (bool, game.Outcome) {
	toMove := p.side
	mover := toMove.Other()
	cm, co := p.Castles(mover), p.Castles(toMove)
	switch {
	case cm == 0 && co == 0:
		return true, game.Draw("terra arrasada: neither side has a Castle")
	case co == 0:
		return true, game.Win(mover, sideName(toMove)+" has no Castles left")
	case cm == 0:
		return true, game.Win(toMove, sideName(mover)+" moved its last Castle (resignation)")
	case r.FiftyMovePlies > 0 && int(p.clock) >= r.FiftyMovePlies:
		return true, game.Draw(fmt.Sprintf("%d plies without capture, turnover or promotion", r.FiftyMovePlies))
	}
	if !p.HasMoves() {
		if p.InCheck(toMove) {
			return true, game.Win(mover, "checkmate")
		}
		return true, game.Draw("stalemate")
	}
	if r.MateEndsGame && p.InCheck(toMove) && p.CannotSaveCastle() {
		return true, game.Win(mover, "checkmate")
	}
	return false, game.InPlay
}

// CannotSaveCastle reports whether every legal move of the side to move leaves it with no
// Castle, or with all its Castles attacked, without taking the opponent's last Castle: the
// side cannot save one (the "++" of the notation, and checkmate under mate-ends-game).
func (p *Position) CannotSaveCastle() bool {
	var buf [MaxMoves]Move
	us := p.side
	for _, m := range p.Moves(buf[:0]) {
		c := *p
		c.Make(m)
		if c.Castles(us.Other()) == 0 {
			return false // the move wins (or draws by terra arrasada)
		}
		for b := c.kinds[Castle] & c.owner[us]; b != 0; b &= b - 1 {
			if !c.Attacked(Square(ctz(b)), us) {
				return false
			}
		}
	}
	return true
}

// Encode writes "<options> <FEN>", and when the game has a history that the repetition rule
// needs, " from <FEN> <moves>": the position after the last capture or promotion and the moves
// played since, as origin and target squares ("d1d3", or "claim").
func (s *State) Encode() string {
	var b strings.Builder
	b.WriteString(s.opts.String())
	b.WriteByte(' ')
	b.WriteString(s.pos.FEN())
	if len(s.moves) > 0 {
		b.WriteString(" from ")
		b.WriteString(s.base.FEN())
		for _, a := range s.moves {
			b.WriteByte(' ')
			b.WriteString(coordinate(a))
		}
	}
	return b.String()
}

// coordinate writes an action as origin and target squares, or "claim".
func coordinate(a game.Action) string {
	if a == Claim {
		return "claim"
	}
	return Square(a&63).String() + Square(a>>6&63).String()
}

// DecodeState reads State.Encode's text.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 5 && (len(f) < 11 || f[5] != "from") {
		return nil, fmt.Errorf("%w: turnover state wants \"<options> <board> <side> <clock> <number> [from <board> <side> <clock> <number> <move>...]\"", game.ErrSyntax)
	}
	o, err := game.ParseOptionString(optionSpecs, f[0])
	if err != nil {
		return nil, err
	}
	r := RulesOf(o)
	cur, err := ParseFEN(strings.Join(f[1:5], " "))
	if err != nil {
		return nil, err
	}
	if len(f) == 5 {
		return NewState(r, cur), nil
	}
	base, err := ParseFEN(strings.Join(f[6:10], " "))
	if err != nil {
		return nil, err
	}
	s := NewState(r, base)
	for i, w := range f[10:] {
		a, err := parseCoordinate(w)
		if err == nil {
			err = game.Play(s, s.pos.side, a)
		}
		if err != nil {
			return nil, fmt.Errorf("turnover state: history move %d (%s): %w", i+1, w, err)
		}
		if a != Claim && len(s.moves) == 0 {
			return nil, fmt.Errorf("%w: turnover state: history move %d (%s) captures or promotes; the history starts after the last one", game.ErrSyntax, i+1, w)
		}
	}
	if s.pos.FEN() != cur.FEN() {
		return nil, fmt.Errorf("%w: turnover state: the history leads to %s, not %s", game.ErrSyntax, s.pos.FEN(), cur.FEN())
	}
	return s, nil
}

// parseCoordinate reads "e2e3" (or "e2-e3") or "claim".
func parseCoordinate(w string) (game.Action, error) {
	if w == "claim" {
		return Claim, nil
	}
	w = strings.Replace(w, "-", "", 1)
	if len(w) != 4 {
		return game.NoAction, fmt.Errorf("%w: %q is not a move in squares like e2e3", game.ErrSyntax, w)
	}
	from, ok1 := parseSquare(w[:2])
	to, ok2 := parseSquare(w[2:])
	if !ok1 || !ok2 {
		return game.NoAction, fmt.Errorf("%w: %q is not a move in squares like e2e3", game.ErrSyntax, w)
	}
	return game.Action(from) | game.Action(to)<<6, nil
}

func parseSquare(w string) (Square, bool) {
	if len(w) != 2 || w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8' {
		return 0, false
	}
	return SquareAt(int(w[0]-'a'), int(w[1]-'1')), true
}

// Perft counts the leaves of the game tree to depth with game.Perft's convention, on the
// specialised board (see Perft).
func (s *State) Perft(depth int) uint64 {
	if s.outcome.Over || depth == 0 {
		return 1
	}
	return perftFrom(&s.pos, &s.rules, s.hashes, s.claimed, depth)
}
