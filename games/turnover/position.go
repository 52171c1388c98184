package turnover

import (
	"math/bits"

	"turncoat/game"
)

// Position is a Turnover position: the stacks on the board, the side to move, and the
// counters the rules need (the halfmove clock of the 50-move rule, the move number). It is a
// plain value of about 170 bytes: search copies it to make a move (copy-make) and never undoes.
//
// The board is kept twice, as a mailbox (one Cell per square) for the landing rule and as
// bitboards (by owner and by kind) for move generation and attack tests; Make keeps them and the
// Zobrist hash in step.
type Position struct {
	cells  [64]Cell
	owner  [2]uint64 // squares held by White, by Black
	kinds  [8]uint64 // squares holding each Kind, either owner (index 5 stays empty)
	hash   uint64
	side   game.Player
	clock  int32 // plies since the last capture, turnover or promotion
	number int32 // the move number, 1 at the start, counted up after Black moves
}

// Cell returns the content of square s.
func (p *Position) Cell(s Square) Cell { return p.cells[s] }

// Side returns the player to move.
func (p *Position) Side() game.Player { return p.side }

// Clock returns the number of plies since the last capture, turnover or promotion.
func (p *Position) Clock() int { return int(p.clock) }

// MoveNumber returns the number of the current move (1 at the start).
func (p *Position) MoveNumber() int { return int(p.number) }

// Hash returns the Zobrist hash of the stacks and the side to move (not the counters): equal
// positions for the repetition rule have equal hashes.
func (p *Position) Hash() uint64 { return p.hash }

// Occupied returns the squares holding a stack.
func (p *Position) Occupied() uint64 { return p.owner[0] | p.owner[1] }

// Owned returns the squares holding a stack of pl's.
func (p *Position) Owned(pl game.Player) uint64 { return p.owner[pl] }

// OfKind returns the squares holding a stack of kind k, either owner.
func (p *Position) OfKind(k Kind) uint64 { return p.kinds[k&7] }

// Castles returns the number of pl's Castles.
func (p *Position) Castles(pl game.Player) int {
	return bits.OnesCount64(p.kinds[Castle] & p.owner[pl])
}

// Phi is the position's count of irreversible material: three for every outer ring and one for
// every inner ring and button. No move raises it and every capture and promotion lowers it
// (outer rings are never created; a promoted pawn trades its ring for two parts), so no position
// from before such a move can occur again.
func (p *Position) Phi() int {
	o := p.kinds[Pawn] | p.kinds[Knight] | p.kinds[Castle]
	i := p.kinds[Bishop] | p.kinds[Knight] | p.kinds[Queen] | p.kinds[Castle]
	t := p.kinds[Rook] | p.kinds[Queen] | p.kinds[Castle]
	return 3*bits.OnesCount64(o) + bits.OnesCount64(i) + bits.OnesCount64(t)
}

// put sets square s to c, which must differ from its content, keeping bitboards and hash.
func (p *Position) put(s Square, c Cell) {
	old := p.cells[s]
	bit := uint64(1) << s
	if old != 0 {
		p.owner[old>>3] &^= bit
		p.kinds[old&7] &^= bit
		p.hash ^= zobristCell[old][s]
	}
	if c != 0 {
		p.owner[c>>3] |= bit
		p.kinds[c&7] |= bit
		p.hash ^= zobristCell[c][s]
	}
	p.cells[s] = c
}

// SetCell puts c on square s (for building positions; search uses Make).
func (p *Position) SetCell(s Square, c Cell) {
	if p.cells[s] != c {
		p.put(s, c)
	}
}

// SetSide sets the player to move.
func (p *Position) SetSide(pl game.Player) {
	if p.side != pl {
		p.hash ^= zobristSide
		p.side = pl
	}
}

// SetCounters sets the halfmove clock and the move number.
func (p *Position) SetCounters(clock, number int) {
	p.clock, p.number = int32(clock), int32(number)
}

// Move is a move in search: the origin and target squares (which alone identify a move: one
// part moves from a square and its geometry decides where it can go), with what generation
// learned about it for move ordering. The bits, from the lowest:
//
//	0-5    origin square
//	6-11   target square
//	12-13  class: ClassMove, ClassCombine, ClassTurnover, ClassCapture
//	14     promotion
//	15-17  kind on the target before the move (None for an empty square)
//	18-20  kind of the moving stack before the move
//
// A game.Action is the low twelve bits (origin and target).
type Move uint32

// NoMove is the zero Move, never a legal move (its origin and target are the same square).
const NoMove Move = 0

// Class is what a move does on its target square, by the landing rule.
type Class uint8

// The four classes of move.
const (
	ClassMove     Class = iota // onto an empty square
	ClassCombine               // onto a stack of the mover's own that it joins
	ClassTurnover              // onto an enemy stack that it joins, turning its parts over
	ClassCapture               // onto an enemy stack that it removes
)

// String returns "move", "combine", "turnover" or "capture".
func (c Class) String() string {
	switch c {
	case ClassMove:
		return "move"
	case ClassCombine:
		return "combine"
	case ClassTurnover:
		return "turnover"
	case ClassCapture:
		return "capture"
	}
	return "?"
}

func makeMove(from, to Square, cl Class, promo bool, target, mover Kind) Move {
	m := Move(from) | Move(to)<<6 | Move(cl)<<12 | Move(target)<<15 | Move(mover)<<18
	if promo {
		m |= 1 << 14
	}
	return m
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the target square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Class returns what the move does on its target.
func (m Move) Class() Class { return Class(m >> 12 & 3) }

// Promotes reports whether the move ends in a promotion to a Queen.
func (m Move) Promotes() bool { return m>>14&1 != 0 }

// Target returns the kind on the target square before the move (None if empty).
func (m Move) Target() Kind { return Kind(m >> 15 & 7) }

// Mover returns the kind of the moving stack before the move.
func (m Move) Mover() Kind { return Kind(m >> 18 & 7) }

// Action returns the move as a game action.
func (m Move) Action() game.Action { return game.Action(m & 0xFFF) }

// Result returns the kind on the target after the move, promotion included.
func (m Move) Result() Kind {
	if m.Promotes() {
		return Queen
	}
	part := m.Mover().Moving()
	if m.Class() == ClassCombine || m.Class() == ClassTurnover {
		return m.Target() | part
	}
	return part
}

// Make plays m, a move of the side to move generated in this position (anything else leaves
// the position undefined): the moving part leaves its remainder on the origin, lands on the
// target by the landing rule, and promotes there; the clock restarts after a capture, a
// turnover or a promotion.
func (p *Position) Make(m Move) {
	from, to := m.From(), m.To()
	us := p.side
	mover := p.cells[from].Kind()
	part := mover.Moving()
	if rest := mover &^ part; rest != 0 {
		p.put(from, Cell(rest)|Cell(us)<<3)
	} else {
		p.put(from, 0)
	}
	t := p.cells[to]
	res, reset := part, false
	if t != 0 {
		reset = t.Owner() != us // a turnover or a capture; a friendly combination is neither
		if combines(part, t.Kind()) {
			res = t.Kind() | part
		}
	}
	if (res == Pawn || res == Castle) && lastRank[us]&(1<<to) != 0 {
		res, reset = Queen, true
	}
	p.put(to, Cell(res)|Cell(us)<<3)
	if reset {
		p.clock = 0
	} else {
		p.clock++
	}
	if us == game.Second {
		p.number++
	}
	p.side = us.Other()
	p.hash ^= zobristSide
}

// Attacked reports whether an enemy of pl could capture a stack of pl's on s with the outer
// part of one of its stacks: an enemy Pawn or Castle diagonally in front of s (from the enemy's
// side), a Knight a leap away, a Bishop or Queen on a clear diagonal, a Queen or Rook on a clear
// rank or file. (A full stack like a Castle cannot be joined, so for it attacked means
// capturable.)
func (p *Position) Attacked(s Square, pl game.Player) bool {
	e := p.owner[pl.Other()]
	if pawnDiagonals[pl][s]&e&(p.kinds[Pawn]|p.kinds[Castle]) != 0 {
		return true
	}
	if knightTargets[s]&e&p.kinds[Knight] != 0 {
		return true
	}
	occ := p.owner[0] | p.owner[1]
	if diag := e & (p.kinds[Bishop] | p.kinds[Queen]); diag != 0 && diagonalReach(s, occ)&diag != 0 {
		return true
	}
	if orth := e & (p.kinds[Rook] | p.kinds[Queen]); orth != 0 && orthogonalReach(s, occ)&orth != 0 {
		return true
	}
	return false
}

// CastlesAttacked returns how many of pl's Castles are attacked.
func (p *Position) CastlesAttacked(pl game.Player) int {
	n := 0
	for c := p.kinds[Castle] & p.owner[pl]; c != 0; c &= c - 1 {
		if p.Attacked(Square(bits.TrailingZeros64(c)), pl) {
			n++
		}
	}
	return n
}

// InCheck reports player-level check: pl has at least one Castle and all of them are attacked.
func (p *Position) InCheck(pl game.Player) bool {
	c := p.kinds[Castle] & p.owner[pl]
	if c == 0 {
		return false
	}
	for ; c != 0; c &= c - 1 {
		if !p.Attacked(Square(bits.TrailingZeros64(c)), pl) {
			return false
		}
	}
	return true
}

// lastCastleInCheck returns the square of the side to move's only Castle when it has exactly
// one and it is attacked (the last-Castle rule then restricts it), else -1.
func (p *Position) lastCastleInCheck() Square {
	c := p.kinds[Castle] & p.owner[p.side]
	if c == 0 || c&(c-1) != 0 {
		return -1
	}
	s := Square(bits.TrailingZeros64(c))
	if !p.Attacked(s, p.side) {
		return -1
	}
	return s
}
