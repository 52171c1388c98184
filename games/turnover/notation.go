package turnover

import (
	"fmt"
	"regexp"
	"strings"

	"turncoat/game"
)

// Notation (spec §5): a move is written by what it does on its target square.
//
//	class     short form                     long form (when the short one is ambiguous)
//	plain     e4, Be5, Rb4; C.e4, Q.d4, K.f3 Re1.5, Bc3.e5, Ce1.3
//	combine   Qe5, Ke2, Ce5, Qe8             Re1.Q5, Kd3.Ke5
//	turnover  :Qe5, :Ke2                      Re1:Q5, Kd6:Qe8
//	capture   RxRe5, xRe5, Rxe5, xRd8.Q       Re1xR5, d4xRe5, e7xRd8.Q
//
// The first letter is the kind of the moving stack (none for a lone Pawn); in a combine or a
// turnover the letter before the target is the kind the target becomes (after promotion); in a
// capture the letter after x is the kind captured (none for a Pawn), and ".Q" marks a capture
// that promotes. A plain move of a composite stack (Castle, Queen, Knight) needs the dot: "Q.d4"
// sends the Queen's inner ring to d4, while "Qd4" makes a Queen on d4. "Plain" is a move to an
// empty square that does not promote; a promotion without capture or turnover is written as a
// combine ("Qe8"). The long form adds the origin square, and writes just the target's rank when
// it is on the origin's file. "+" follows a move after which all the opponent's Castles are
// attacked, "++" one after which the opponent cannot save any of them.
//
// Reading is position-dependent, like chess SAN: the text must match exactly one legal move.
// It also accepts N for the Knight, the long forms without their dot ("Re1Q5"), the origin
// square with any form, origin and target squares alone ("d1d3", "d1-d3"), and "claim" for the
// Claim action; annotations are ignored.

// Notation prints and reads moves; KnightLetter is 'K' (the default) or 'N'.
type Notation struct {
	KnightLetter byte
}

// letter returns the notation letter of a kind ("" for a Pawn).
func (n Notation) letter(k Kind) string {
	switch k {
	case Bishop:
		return "B"
	case Rook:
		return "R"
	case Knight:
		if n.KnightLetter == 'N' {
			return "N"
		}
		return "K"
	case Queen:
		return "Q"
	case Castle:
		return "C"
	}
	return ""
}

// notationClass is the class a move is written as.
type notationClass uint8

const (
	notePlain notationClass = iota
	noteCombine
	noteTurnover
	noteCapture
)

func classOf(m Move) notationClass {
	switch m.Class() {
	case ClassCapture:
		return noteCapture
	case ClassTurnover:
		return noteTurnover
	case ClassCombine:
		return noteCombine
	}
	if m.Promotes() {
		return noteCombine
	}
	return notePlain
}

// write returns m in the short form, or the long form when long is set.
func (n Notation) write(m Move, long bool) string {
	var b strings.Builder
	from, to := m.From(), m.To()
	o := n.letter(m.Mover())
	target := to.String()
	if long && from.File() == to.File() {
		target = target[1:]
	}
	origin := func() {
		b.WriteString(o)
		if long {
			b.WriteString(from.String())
		}
	}
	switch classOf(m) {
	case notePlain:
		origin()
		if long || m.Mover().Parts() > 1 {
			b.WriteByte('.')
		}
	case noteCombine:
		if long {
			origin()
			b.WriteByte('.')
		}
		b.WriteString(n.letter(m.Result()))
	case noteTurnover:
		if long {
			origin()
		}
		b.WriteByte(':')
		b.WriteString(n.letter(m.Result()))
	case noteCapture:
		origin()
		b.WriteByte('x')
		b.WriteString(n.letter(m.Target()))
	}
	b.WriteString(target)
	if classOf(m) == noteCapture && m.Promotes() {
		b.WriteString(".Q")
	}
	return b.String()
}

// Format writes m, a legal move of p, in the shortest form that no other legal move shares,
// without annotation.
func (n Notation) Format(p *Position, m Move) string {
	var buf [MaxMoves]Move
	return n.format(p, m, p.Moves(buf[:0]))
}

func (n Notation) format(p *Position, m Move, legal []Move) string {
	short := n.write(m, false)
	for _, o := range legal {
		if o != m && o.To() == m.To() && n.write(o, false) == short {
			return n.write(m, true)
		}
	}
	return short
}

// Annotation returns "++" when after m (a legal move of p) the opponent cannot save any of its
// Castles, "+" when all of them are attacked, and "" otherwise.
func Annotation(p *Position, m Move) string {
	c := *p
	c.Make(m)
	if !c.InCheck(c.side) {
		return ""
	}
	if c.CannotSaveCastle() {
		return "++"
	}
	return "+"
}

// FormatAnnotated writes m like Format, followed by its annotation.
func (n Notation) FormatAnnotated(p *Position, m Move) string {
	return n.Format(p, m) + Annotation(p, m)
}

var moveSyntax = regexp.MustCompile(`^([CQBRKN]?)([a-h][1-8])?([.:x]?)([CQBRKN]?)([a-h]?[1-8])(\.Q)?(\+\+|\+)?$`)

// parsedMove is what the text of a move says (the has fields tell which parts it has).
type parsedMove struct {
	origin      Kind // origin letter
	hasOrigin   bool
	from        Square
	hasFrom     bool
	sep         byte
	letter      Kind // result or captured letter
	hasLetter   bool
	to          Square
	promoSuffix bool
}

func letterKind(c string) Kind {
	switch c {
	case "C":
		return Castle
	case "Q":
		return Queen
	case "B":
		return Bishop
	case "R":
		return Rook
	case "K", "N":
		return Knight
	}
	return None
}

// syntaxHelp is the end of the error for unreadable moves.
const syntaxHelp = "want Turnover notation like e4, C.d3, Qe5, :Ke2, RxRe5, Re1.5, or squares like d1d3"

func parseText(text string) (parsedMove, error) {
	var pm parsedMove
	g := moveSyntax.FindStringSubmatch(text)
	if g == nil {
		return pm, fmt.Errorf("%w: %q: %s", game.ErrSyntax, text, syntaxHelp)
	}
	if g[1] != "" {
		pm.origin, pm.hasOrigin = letterKind(g[1]), true
	}
	if g[2] != "" {
		pm.from, _ = parseSquare(g[2])
		pm.hasFrom = true
	}
	if g[3] != "" {
		pm.sep = g[3][0]
	}
	if g[4] != "" {
		pm.letter, pm.hasLetter = letterKind(g[4]), true
	}
	if len(g[5]) == 1 {
		if !pm.hasFrom {
			return pm, fmt.Errorf("%w: %q: a target given by its rank alone needs the origin square (like Re1.5)", game.ErrSyntax, text)
		}
		pm.to = SquareAt(pm.from.File(), int(g[5][0]-'1'))
	} else {
		pm.to, _ = parseSquare(g[5])
	}
	pm.promoSuffix = g[6] != ""
	if pm.promoSuffix && pm.sep != 'x' {
		return pm, fmt.Errorf("%w: %q: the suffix .Q marks a capture that promotes (like xRd8.Q)", game.ErrSyntax, text)
	}
	if !pm.hasFrom && pm.sep == 0 && pm.hasLetter {
		return pm, fmt.Errorf("%w: %q: two letters without an origin square or separator; %s", game.ErrSyntax, text, syntaxHelp)
	}
	if !pm.hasFrom && pm.sep == 0 && pm.hasOrigin && pm.origin != Bishop && pm.origin != Rook {
		// "Qe5": a composite letter alone is the kind the move makes on the target.
		pm.letter, pm.hasLetter = pm.origin, true
		pm.origin, pm.hasOrigin = None, false
		pm.sep = shortCombine
	}
	return pm, nil
}

// matches reports whether the text pm describes m.
func (pm *parsedMove) matches(m Move) bool {
	if m.To() != pm.to || (pm.hasFrom && m.From() != pm.from) || (pm.hasOrigin && m.Mover() != pm.origin) {
		return false
	}
	cl := classOf(m)
	// pawnOrigin: with neither letter nor origin square, the forms that name the origin kind
	// name a lone Pawn.
	pawnOrigin := pm.hasFrom || pm.hasOrigin || m.Mover() == Pawn
	switch pm.sep {
	case 'x':
		captured := Pawn
		if pm.hasLetter {
			captured = pm.letter
		}
		return cl == noteCapture && m.Target() == captured && pawnOrigin && (!pm.promoSuffix || m.Promotes())
	case ':':
		return cl == noteTurnover && pm.hasLetter && m.Result() == pm.letter
	case '.':
		if pm.hasLetter {
			return cl == noteCombine && m.Result() == pm.letter && pawnOrigin
		}
		return cl == notePlain && pawnOrigin
	case shortCombine: // Qe5
		return cl == noteCombine && m.Result() == pm.letter
	}
	switch {
	case pm.hasFrom && pm.hasLetter: // long combine without its dot
		return cl == noteCombine && m.Result() == pm.letter
	case pm.hasFrom: // origin and target squares alone
		return true
	case !pm.hasOrigin: // e4
		return cl == notePlain && m.Mover() == Pawn
	}
	return cl == notePlain // Be5, Rb4 (the origin letter was checked above)
}

// shortCombine is parsedMove.sep for the short combine form ("Qe5"), which has none.
const shortCombine = 'c'

// Parse reads a move of the side to move of p: the text must match exactly one legal move.
func (n Notation) Parse(p *Position, text string) (Move, error) {
	text = strings.TrimSpace(text)
	if a, err := parseCoordinate(text); err == nil && a != Claim {
		if m, ok := p.Lookup(Square(a&63), Square(a>>6)); ok {
			return m, nil
		}
		return NoMove, fmt.Errorf("%w: %s: %s", game.ErrIllegal, text, p.whyNot(Square(a&63), Square(a>>6)))
	}
	pm, err := parseText(text)
	if err != nil {
		return NoMove, err
	}
	var buf [MaxMoves]Move
	found, count := NoMove, 0
	var names []string
	legal := p.Moves(buf[:0])
	for _, m := range legal {
		if pm.matches(m) {
			found = m
			count++
			names = append(names, n.write(m, true))
		}
	}
	switch count {
	case 0:
		return NoMove, fmt.Errorf("%w: %s: no legal move of %s matches%s", game.ErrIllegal, text, sideName(p.side), n.suggest(p, pm.to, legal))
	case 1:
		return found, nil
	}
	return NoMove, fmt.Errorf("%w: %s is ambiguous: it could be %s; give the origin square", game.ErrSyntax, text, strings.Join(names, " or "))
}

func sideName(p game.Player) string { return [2]string{"White", "Black"}[p&1] }
