package turnoverab

import (
	"math/bits"

	"turncoat/game"
	"turncoat/games/turnover"
)

// The evaluation, in centipawns (a lone Pawn is 100) from the side to move's point of view.
//
// Turnover is won by taking the opponent's last Castle, and a side's Castles are both its
// lives and its reserve of force (a Castle's pawn step releases a Queen). So the evaluation is:
//
//   - material by kind of stack: what the parts are worth together, as they move;
//   - the number of Castles, on a concave scale: the first few are worth far more than the
//     eighth, so the engine develops from a full set but guards its last ones;
//   - Castle safety: an attacked Castle costs more the fewer Castles its owner has, less when
//     its owner is to move and can answer;
//   - mobility of the sliding and leaping stacks (Bishops, Queens, Rooks, Knights);
//   - lone Pawns advanced towards promotion (a promoted Pawn is a new Queen).

// kindValue is each kind's material value.
var kindValue = [8]int{turnover.Pawn: 100, turnover.Bishop: 320, turnover.Knight: 400, turnover.Rook: 480, turnover.Queen: 950, turnover.Castle: 1050}

// castleCountBonus is the bonus for having n Castles (beyond their material).
var castleCountBonus = [...]int{0, 0, 500, 800, 1000, 1150, 1250, 1320, 1370, 1400, 1420, 1440, 1460, 1480, 1500, 1520, 1540}

// pawnAdvance is a lone Pawn's bonus by rank counted from its owner's side (0: the first rank).
var pawnAdvance = [8]int{0, 0, 5, 10, 20, 40, 80, 0}

// Weights of the positional terms.
const (
	mobilityWeight      = 4   // per square a slider or Knight reaches
	attackedCastleBase  = 60  // an attacked Castle costs this ...
	attackedCastleScale = 400 // ... plus this divided by its owner's Castle count
	tempo               = 10  // the side to move's edge
)

func castleBonus(n int) int {
	if n >= len(castleCountBonus) {
		return castleCountBonus[len(castleCountBonus)-1]
	}
	return castleCountBonus[n]
}

// Evaluate returns the static value of p for the side to move.
func Evaluate(p *turnover.Position) int {
	us := p.Side()
	return side(p, us, true) - side(p, us.Other(), false) + tempo
}

// side returns pl's half of the evaluation; toMove says whether pl moves next.
func side(p *turnover.Position, pl game.Player, toMove bool) int {
	own := p.Owned(pl)
	occ := p.Occupied()
	v := 0
	for k := turnover.Pawn; k <= turnover.Castle; k++ {
		if k == turnover.Outer|turnover.Button {
			continue
		}
		v += kindValue[k] * bits.OnesCount64(p.OfKind(k)&own)
	}
	castles := p.OfKind(turnover.Castle) & own
	n := bits.OnesCount64(castles)
	v += castleBonus(n)
	if n > 0 {
		penalty := attackedCastleBase + attackedCastleScale/n
		if toMove {
			penalty /= 2
		}
		for c := castles; c != 0; c &= c - 1 {
			if p.Attacked(turnover.Square(bits.TrailingZeros64(c)), pl) {
				v -= penalty
			}
		}
	}
	// Mobility: squares reached that are not the owner's own.
	mob := 0
	for b := own & (p.OfKind(turnover.Bishop) | p.OfKind(turnover.Queen)); b != 0; b &= b - 1 {
		s := turnover.Square(bits.TrailingZeros64(b))
		r := turnover.DiagonalReach(s, occ)
		if p.Cell(s).Kind() == turnover.Queen {
			r |= turnover.OrthogonalReach(s, occ)
		}
		mob += bits.OnesCount64(r &^ own)
	}
	for b := own & p.OfKind(turnover.Rook); b != 0; b &= b - 1 {
		mob += bits.OnesCount64(turnover.OrthogonalReach(turnover.Square(bits.TrailingZeros64(b)), occ) &^ own)
	}
	for b := own & p.OfKind(turnover.Knight); b != 0; b &= b - 1 {
		mob += bits.OnesCount64(turnover.KnightTargets(turnover.Square(bits.TrailingZeros64(b))) &^ own)
	}
	v += mobilityWeight * mob
	for b := own & p.OfKind(turnover.Pawn); b != 0; b &= b - 1 {
		r := turnover.Square(bits.TrailingZeros64(b)).Rank()
		if pl == game.Second {
			r = 7 - r
		}
		v += pawnAdvance[r]
	}
	return v
}

// Material returns pl's material minus the opponent's, by kind of stack (the greedy player's
// one-ply score).
func Material(p *turnover.Position, pl game.Player) int {
	v := 0
	for k := turnover.Pawn; k <= turnover.Castle; k++ {
		v += kindValue[k] * (bits.OnesCount64(p.OfKind(k)&p.Owned(pl)) - bits.OnesCount64(p.OfKind(k)&p.Owned(pl.Other())))
	}
	return v
}

// moveGain estimates what m changes in material for the mover: the stacks it makes on the
// origin and target against those it leaves, plus the enemy stack it takes (turned over or
// captured). It orders moves and prunes hopeless captures in quiescence.
func moveGain(m turnover.Move) int {
	mover, target := m.Mover(), m.Target()
	g := kindValue[mover.Remainder()] + kindValue[m.Result()] - kindValue[mover]
	switch m.Class() {
	case turnover.ClassTurnover, turnover.ClassCapture:
		g += kindValue[target]
	case turnover.ClassCombine:
		g -= kindValue[target] // the friendly stack joined is no longer there on its own
	}
	return g
}
