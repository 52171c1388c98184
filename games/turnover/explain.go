package turnover

import (
	"fmt"
	"strings"

	"turncoat/game"
)

// ExplainIllegal says why p's action a is not legal, in the words of the rules, where that is
// cheap to tell: no stack on the origin, the opponent's stack, a move the stack's geometry does
// not make, a target the landing rule forbids (a friendly stack the part cannot join, a capture
// straight ahead, a diagonal step onto an empty square), the last-Castle rule, a claim with no
// threefold repetition. It is "" when p does not move now or a is legal.
func (s *State) ExplainIllegal(p game.Player, a game.Action) string {
	if s.outcome.Over || p != s.pos.side {
		return ""
	}
	if a == Claim {
		if s.CanClaimRepetition() {
			return ""
		}
		return s.whyNoClaim()
	}
	if a < 0 || a >= 1<<12 {
		return "not a move of Turnover"
	}
	return s.pos.whyNot(Square(a&63), Square(a>>6&63))
}

// whyNot says why the side to move has no legal move from one square to another ("" if it has
// one).
func (p *Position) whyNot(from, to Square) string {
	if _, ok := p.Lookup(from, to); ok {
		return ""
	}
	us := p.side
	c := p.cells[from]
	switch {
	case c.Empty():
		return fmt.Sprintf("there is no stack on %s", from)
	case c.Owner() != us:
		return fmt.Sprintf("the %s on %s is %s's; %s moves only its own stacks", c.Kind().Name(), from, sideName(c.Owner()), sideName(us))
	case from == to:
		return "a move must leave its square"
	}
	k := c.Kind()
	part := k.Moving()
	var buf [MaxMoves]Move
	for _, m := range p.gen(buf[:0], 1<<from, false) {
		if m.To() == to { // the geometry and the landing rule allow it: the last-Castle rule does not
			return fmt.Sprintf("%s's last Castle is attacked, so it may move only to make a new Castle on a Queen, or to capture %s's last Castle (last-Castle rule)",
				sideName(us), sideName(us.Other()))
		}
	}
	t := p.cells[to]
	reached := p.reaches(from, to)
	switch {
	case reached && !t.Empty() && t.Owner() == us:
		return fmt.Sprintf("the %s (%s) cannot join your own %s on %s, which blocks it: a friendly stack is joined only when the part makes one of the six kinds with it",
			partName(part), movedAs(k), t.Kind().Name(), to)
	case reached:
		// A pawn step the landing rule forbids: the geometry table says which.
		if k == Pawn || k == Castle {
			if to.File() == from.File() {
				return fmt.Sprintf("a pawn never captures straight ahead: the %s %s on %s blocks it", sideName(t.Owner()), t.Kind().Name(), to)
			}
			if t.Empty() {
				return fmt.Sprintf("a pawn steps diagonally only onto a stack, and %s is empty", to)
			}
		}
	case k == Castle && to.File() == from.File() && p.forward(from, to) == 2:
		return fmt.Sprintf("a Castle's two-square step needs %s empty", SquareAt(from.File(), (from.Rank()+to.Rank())/2))
	case (k == Bishop || k == Queen || k == Rook) && p.onLine(from, to, k):
		return fmt.Sprintf("the %s's %s slides only through empty squares, and the way to %s is blocked", k.Name(), partName(part), to)
	}
	return fmt.Sprintf("a %s does not go from %s to %s: %s", k.Name(), from, to, geometry(k))
}

// forward returns how many ranks forward of from (for the side to move) to is.
func (p *Position) forward(from, to Square) int {
	if p.side == game.First {
		return to.Rank() - from.Rank()
	}
	return from.Rank() - to.Rank()
}

// reaches reports whether the stack on from reaches to by its geometry alone (before the
// landing rule): a pawn's step or diagonal, a Castle's two-square step over an empty square, a
// knight's leap, a clear slide.
func (p *Position) reaches(from, to Square) bool {
	k := p.cells[from].Kind()
	occ := p.Occupied()
	bit := uint64(1) << to
	switch k {
	case Pawn, Castle:
		df, fwd := to.File()-from.File(), p.forward(from, to)
		switch {
		case fwd == 1 && (df == 0 || df == 1 || df == -1):
			return true
		case fwd == 2 && df == 0 && k == Castle:
			return occ&(1<<SquareAt(from.File(), (from.Rank()+to.Rank())/2)) == 0
		}
		return false
	case Knight:
		return knightTargets[from]&bit != 0
	case Bishop:
		return diagonalReach(from, occ)&bit != 0
	case Queen:
		return (diagonalReach(from, occ)|orthogonalReach(from, occ))&bit != 0
	case Rook:
		return orthogonalReach(from, occ)&bit != 0
	}
	return false
}

// onLine reports whether to lies on one of the slider k's lines from from, ignoring what stands
// between.
func (p *Position) onLine(from, to Square, k Kind) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	diagonal := df == dr || df == -dr
	straight := df == 0 || dr == 0
	switch k {
	case Bishop:
		return diagonal
	case Rook:
		return straight
	}
	return diagonal || straight
}

// partName names a moving part.
func partName(part Kind) string {
	switch part {
	case Outer:
		return "outer ring"
	case Inner:
		return "inner ring"
	}
	return "button"
}

// movedAs says how the part of a stack of kind k moves.
func movedAs(k Kind) string {
	switch k {
	case Pawn, Castle:
		return "moving as a pawn"
	case Knight:
		return "leaping as a knight"
	case Bishop:
		return "sliding as a bishop"
	case Queen:
		return "sliding as a queen"
	}
	return "sliding as a rook"
}

// geometry says how a stack of kind k moves (spec §3.1).
func geometry(k Kind) string {
	switch k {
	case Pawn:
		return "a Pawn steps one square forward, or one diagonally forward onto a stack"
	case Castle:
		return "a Castle moves its pawn: one square forward, two forward over an empty square, or one diagonally forward onto a stack"
	case Knight:
		return "a Knight's pawn leaps as a chess knight"
	case Bishop:
		return "a Bishop slides diagonally"
	case Queen:
		return "a Queen's bishop slides along ranks, files and diagonals"
	}
	return "a Rook slides along ranks and files"
}

// suggest returns, for a text that matches no legal move, the forms of the legal moves to the
// square it names, as the error's advice ("" if there are none): "C.e3", or "C.e3 or Cc1.e3".
func (n Notation) suggest(p *Position, to Square, legal []Move) string {
	var forms []string
	for _, m := range legal {
		if m.To() == to {
			forms = append(forms, n.format(p, m, legal))
		}
	}
	switch len(forms) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("; the move to %s is written %s", to, forms[0])
	}
	return fmt.Sprintf("; the moves to %s are written %s", to, strings.Join(forms, ", "))
}
