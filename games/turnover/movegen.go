package turnover

import (
	"math/bits"

	"turncoat/game"
)

// MaxMoves bounds the number of legal moves in any position, for move buffers. Outer rings
// are never created, so a side has at most 8 of them (at most 4 moves each, 8 in a Knight);
// inner rings and buttons are created only by promoting one of those, so at most 16 of each:
// 16 inner rings sliding as Queens (27 squares at most) and 16 buttons as Rooks (14) give
// 8*8 + 16*27 + 16*14 = 720.
const MaxMoves = 720

// Moves appends the legal moves of the side to move to buf[:0] and returns them: the geometry
// of §3 with the landing rule, and the last-Castle rule. It does not look at the end of the
// game: in a finished position it still lists the moves the board allows (notation works on any
// position); State.Legal is the game-aware list.
func (p *Position) Moves(buf []Move) []Move {
	buf = p.gen(buf[:0], ^uint64(0), false)
	if lc := p.lastCastleInCheck(); lc >= 0 {
		buf = p.filterLastCastle(buf, lc)
	}
	return buf
}

// NoisyMoves appends the legal captures, turnovers and promotions of the side to move to
// buf[:0]: the moves a quiescence search follows.
func (p *Position) NoisyMoves(buf []Move) []Move {
	buf = p.gen(buf[:0], ^uint64(0), true)
	if lc := p.lastCastleInCheck(); lc >= 0 {
		buf = p.filterLastCastle(buf, lc)
	}
	return buf
}

// filterLastCastle applies the last-Castle rule: the side's only Castle, on lc and attacked,
// may move only when its pawn lands on a Queen (of either colour), forming a new Castle, or
// captures the opponent's last Castle.
func (p *Position) filterLastCastle(buf []Move, lc Square) []Move {
	theirLast := p.Castles(p.side.Other()) == 1
	out := buf[:0]
	for _, m := range buf {
		if m.From() == lc && m.Target() != Queen && (m.Target() != Castle || !theirLast) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// HasMoves reports whether the side to move has a legal move.
func (p *Position) HasMoves() bool {
	var buf [MaxMoves]Move
	return len(p.Moves(buf[:0])) > 0
}

// MovesFrom appends the legal moves from square s to buf[:0].
func (p *Position) MovesFrom(s Square, buf []Move) []Move {
	buf = p.gen(buf[:0], 1<<s, false)
	if lc := p.lastCastleInCheck(); lc == s {
		buf = p.filterLastCastle(buf, lc)
	}
	return buf
}

// Lookup returns the legal move from one square to another, if there is one.
func (p *Position) Lookup(from, to Square) (Move, bool) {
	if from < 0 || from > 63 || to < 0 || to > 63 {
		return NoMove, false
	}
	var buf [64]Move
	for _, m := range p.MovesFrom(from, buf[:0]) {
		if m.To() == to {
			return m, true
		}
	}
	return NoMove, false
}

// gen appends the pseudo-legal moves (geometry and landing rule, without the last-Castle rule)
// of the side to move's stacks on the squares of from; with noisy, only the captures,
// turnovers and promotions.
func (p *Position) gen(buf []Move, from uint64, noisy bool) []Move {
	us := p.side
	own := p.owner[us] & from
	occ := p.owner[0] | p.owner[1]
	joinO := p.kinds[Bishop] | p.kinds[Queen] // stacks an outer ring joins, either colour
	lastR := lastRank[us]
	// quietTo are the empty squares a move may go to: all of them, or for noisy moves only
	// those where an outer ring promotes.
	quietTo := ^occ
	if noisy {
		quietTo &= lastR
	}

	// Pawns and Castles: their outer ring steps like a pawn; a Castle also steps twice.
	fwd := Square(8)
	if us == game.Second {
		fwd = -8
	}
	for b := own & (p.kinds[Pawn] | p.kinds[Castle]); b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros64(b))
		mk := p.cells[s].Kind()
		if lastR&(1<<s) == 0 { // a step forward stays on the board
			t := s + fwd
			switch {
			case occ&(1<<t) == 0:
				if quietTo&(1<<t) != 0 {
					buf = append(buf, makeMove(s, t, ClassMove, lastR&(1<<t) != 0, None, mk))
				}
				if mk == Castle {
					if t2 := t + fwd; lastR&(1<<t) == 0 {
						switch {
						case occ&(1<<t2) == 0:
							if quietTo&(1<<t2) != 0 {
								buf = append(buf, makeMove(s, t2, ClassMove, lastR&(1<<t2) != 0, None, mk))
							}
						case joinO&(1<<t2) != 0:
							buf = p.join(buf, s, t2, Outer, mk, noisy)
						}
					}
				}
			case joinO&(1<<t) != 0:
				buf = p.join(buf, s, t, Outer, mk, noisy)
			}
		}
		for d := pawnDiagonals[us][s] & occ; d != 0; d &= d - 1 {
			buf = p.land(buf, s, Square(bits.TrailingZeros64(d)), Outer, mk, noisy)
		}
	}

	// Knights: the outer ring leaps.
	for b := own & p.kinds[Knight]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros64(b))
		buf = p.reach(buf, s, knightTargets[s], Outer, Knight, occ, quietTo, noisy)
	}
	// Bishops and Queens: the inner ring slides (a Queen's in all eight directions). Inner
	// rings and buttons never promote, so noisy moves land on stacks only.
	if noisy {
		quietTo = 0
	}
	for b := own & p.kinds[Bishop]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros64(b))
		buf = p.reach(buf, s, diagonalReach(s, occ), Inner, Bishop, occ, quietTo, noisy)
	}
	for b := own & p.kinds[Queen]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros64(b))
		buf = p.reach(buf, s, diagonalReach(s, occ)|orthogonalReach(s, occ), Inner, Queen, occ, quietTo, noisy)
	}
	// Rooks: the button slides on ranks and files.
	for b := own & p.kinds[Rook]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros64(b))
		buf = p.reach(buf, s, orthogonalReach(s, occ), Button, Rook, occ, quietTo, noisy)
	}
	return buf
}

// reach appends the moves of part from s (a stack of kind mk) to the squares of targets: plain
// moves to the empty ones in quietTo, and the landing rule on the occupied ones.
func (p *Position) reach(buf []Move, s Square, targets uint64, part, mk Kind, occ, quietTo uint64, noisy bool) []Move {
	us := p.side
	promoO := uint64(0)
	if part == Outer {
		promoO = lastRank[us]
	}
	for e := targets & quietTo; e != 0; e &= e - 1 {
		t := Square(bits.TrailingZeros64(e))
		buf = append(buf, makeMove(s, t, ClassMove, promoO&(1<<t) != 0, None, mk))
	}
	for o := targets & occ; o != 0; o &= o - 1 {
		buf = p.land(buf, s, Square(bits.TrailingZeros64(o)), part, mk, noisy)
	}
	return buf
}

// land appends the move of part (from a stack of kind mk on s) onto the occupied square t by
// the landing rule: join the stack if the part is not in it and the union is a kind (a friendly
// combination or a turnover), else capture it if it is the enemy's.
func (p *Position) land(buf []Move, s, t Square, part, mk Kind, noisy bool) []Move {
	c := p.cells[t]
	tk := c.Kind()
	if combines(part, tk) {
		return p.join(buf, s, t, part, mk, noisy)
	}
	if c.Owner() == p.side {
		return buf
	}
	promo := part == Outer && lastRank[p.side]&(1<<t) != 0
	return append(buf, makeMove(s, t, ClassCapture, promo, tk, mk))
}

// join appends the move of part onto the stack on t, which it combines with (unless noisy and
// the move is a friendly combination that does not promote).
func (p *Position) join(buf []Move, s, t Square, part, mk Kind, noisy bool) []Move {
	c := p.cells[t]
	tk := c.Kind()
	cl := ClassCombine
	if c.Owner() != p.side {
		cl = ClassTurnover
	}
	promo := tk|part == Castle && lastRank[p.side]&(1<<t) != 0
	if noisy && cl == ClassCombine && !promo {
		return buf
	}
	return append(buf, makeMove(s, t, cl, promo, tk, mk))
}
