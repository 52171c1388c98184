package turnover

import (
	"fmt"
	"strings"

	"turncoat/game"
)

// notation returns the game's notation (its Knight letter).
func (s *State) notation() Notation { return Notation{KnightLetter: s.rules.KnightLetter} }

// positionFor returns the current position with p to move (notation is read and written for
// the player whose move it is; another player's moves are read as if it were theirs).
func (s *State) positionFor(p game.Player) Position {
	pos := s.pos
	if p.Valid() {
		pos.SetSide(p)
	}
	return pos
}

// ParseAction reads p's move in Turnover notation (see Notation), origin and target squares
// ("d1d3"), or "claim" for the Claim action. A move must match exactly one legal move of p in
// the current position.
func (s *State) ParseAction(p game.Player, text string) (game.Action, error) {
	text = strings.TrimSpace(text)
	if strings.EqualFold(text, "claim") {
		return Claim, nil
	}
	pos := s.positionFor(p)
	m, err := s.notation().Parse(&pos, text)
	if err != nil {
		return game.NoAction, err
	}
	return m.Action(), nil
}

// FormatAction writes p's action in Turnover notation with its annotation: "+" after a move that
// attacks all the opponent's Castles, "++" only after one that ends the game by checkmate under
// the game's rules (the opponent in check without a legal move, or, with mate-ends-game, unable
// to save a Castle); an action that is not a legal move is written as its origin and target
// squares.
func (s *State) FormatAction(p game.Player, a game.Action) string {
	if a == Claim {
		return "claim"
	}
	if a < 0 || a >= 1<<12 {
		return fmt.Sprintf("action(%d)", a)
	}
	pos := s.positionFor(p)
	m, ok := pos.Lookup(Square(a&63), Square(a>>6))
	if !ok {
		return coordinate(a)
	}
	return s.notation().Format(&pos, m) + s.annotation(&pos, m)
}

// annotation is the mark of move m (legal for the side to move of pos) under the game's rules.
func (s *State) annotation(pos *Position, m Move) string {
	c := *pos
	c.Make(m)
	if !c.InCheck(c.side) {
		return ""
	}
	var buf [MaxMoves]Move
	if len(c.Moves(buf[:0])) == 0 || s.rules.MateEndsGame && c.CannotSaveCastle() {
		return "++"
	}
	return "+"
}

// ActionClass returns what a legal move of the side to move does on its target square, by the
// landing rule: "move" (onto an empty square), "combine" (with a stack of the mover's own),
// "turnover" (an enemy stack joined and turned over) or "capture"; "claim" for Claim, "" for
// anything else. (Promotions are inside these classes; the notation writes a promotion without
// capture or turnover like a combination.)
func (s *State) ActionClass(a game.Action) string {
	return s.DescribeAction(s.ToAct().Single(), a).Class
}

// DescribeAction describes one of the side to move's legal actions square by square
// (game.MoveDescriber): its origin and target, its class by the landing rule, and the kind on the
// target after it, promotion included.
func (s *State) DescribeAction(_ game.Player, a game.Action) game.MoveDescription {
	if a == Claim {
		return game.MoveDescription{Class: "claim"}
	}
	if a < 0 || a >= 1<<12 {
		return game.MoveDescription{}
	}
	m, ok := s.pos.Lookup(Square(a&63), Square(a>>6))
	if !ok {
		return game.MoveDescription{}
	}
	return game.MoveDescription{From: m.From().String(), To: m.To().String(), Class: m.Class().String(), Result: kindNames[m.Result()]}
}

// Forfeits tells whether p's legal action a loses the game at once (game.Forfeiter): a move of
// p's last Castle that leaves p without one while the opponent keeps one (spec §4.3: moving the
// last Castle is how a player resigns; §4.4: the mover then loses). A Castle's pawn that lands
// on a Queen makes a new Castle, and the last Castle's capture of the opponent's last one is a
// draw (terra arrasada): neither loses. No other move loses at once.
func (s *State) Forfeits(p game.Player, a game.Action) bool {
	if s.outcome.Over || p != s.pos.side || a == Claim {
		return false
	}
	m, err := s.move(a)
	if err != nil {
		return false
	}
	c := s.pos
	c.Make(m)
	return c.Castles(p) == 0 && c.Castles(p.Other()) > 0
}

var _ game.Forfeiter = (*State)(nil)

// Diagram draws the board for the terminal: White's stacks in upper case, Black's in lower
// case, a star after each attacked Castle, and a legend of the stack letters. Both sides see
// the whole board in Turnover, so the viewer changes nothing.
func (s *State) Diagram(game.Player) string {
	var b strings.Builder
	p := &s.pos
	n := s.notation()
	letter := func(k Kind) string {
		if k == Pawn {
			return "P"
		}
		return n.letter(k)
	}
	files := "     a  b  c  d  e  f  g  h\n"
	b.WriteString(files)
	for r := 7; r >= 0; r-- {
		fmt.Fprintf(&b, " %d  ", r+1)
		for f := range 8 {
			sq := SquareAt(f, r)
			c := p.cells[sq]
			if c == 0 {
				b.WriteString(" . ")
				continue
			}
			l := letter(c.Kind())
			if c.Owner() == game.Second {
				l = strings.ToLower(l)
			}
			mark := " "
			if c.Kind() == Castle && p.Attacked(sq, c.Owner()) {
				mark = "*"
			}
			b.WriteString(" " + l + mark)
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(files)
	fmt.Fprintf(&b, "Castles: White %d, Black %d.", p.Castles(game.First), p.Castles(game.Second))
	if s.rules.FiftyMovePlies > 0 {
		fmt.Fprintf(&b, " Plies without capture, turnover or promotion: %d of %d.", p.clock, s.rules.FiftyMovePlies)
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "Stacks (upper case White, lower case Black): C Castle = outer ring + inner ring + button, moves as a pawn\n"+
		"(one or two squares ahead) and leaves a Queen; Q Queen = inner ring + button, moves as a queen and\n"+
		"leaves a Rook; %s Knight = outer + inner ring, leaps and leaves a Bishop; P Pawn = outer ring;\n"+
		"B Bishop = inner ring; R Rook = button. * marks an attacked Castle.\n", n.letter(Knight))
	if s.outcome.Over {
		return b.String()
	}
	side := sideName(p.side)
	if p.InCheck(p.side) {
		fmt.Fprintf(&b, "%s is in check: all of its Castles are attacked.\n", side)
	}
	if s.CanClaimRepetition() {
		fmt.Fprintf(&b, "This position has occurred %d times: either player may claim a draw (%s by typing claim).\n", s.Repetitions(), side)
	}
	fmt.Fprintf(&b, "%s to move (move %d).", side, p.number)
	return b.String()
}
