package play

import (
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// Takebacks: against another person online a takeback is asked of the opponent, who answers
// it (the table keeps the request); where nobody else is asked (a hot-seat game, a game against
// the AI, a player holding both seats) it is made at once.

// takebackPlan is how a takeback is made: asked of the opponent, or made at once; of moves
// moves, or, when toOwn, back to before the taker's own last move (the AI's reply goes too).
type takebackPlan struct {
	ask   bool
	moves int
	toOwn bool
}

// takebackPolicy decides how side takes back n moves (n <= 0: the default) in a game: asked of
// an opponent who is another person online, one move by default; made at once otherwise, by
// default back to before side's own last move.
func takebackPolicy(row domain.Game, side game.Player, n int) takebackPlan {
	if row.Mode == domain.ModeOnline && row.Seats[side.Other()].UserID != row.Seats[side].UserID {
		return takebackPlan{ask: true, moves: max(n, 1)}
	}
	if n <= 0 {
		return takebackPlan{toOwn: true}
	}
	return takebackPlan{moves: n}
}

// takeBack makes or asks side's takeback of n moves at tb (see takebackPolicy).
func takeBack(tb *game.Table, row domain.Game, side game.Player, n int, now time.Time) ([]game.Event, error) {
	plan := takebackPolicy(row, side, n)
	if plan.ask {
		return tb.RequestTakeback(side, plan.moves, now)
	}
	if plan.toOwn {
		plan.moves = movesBackTo(tb.Moves(), side)
	}
	return tb.Takeback(plan.moves, now)
}

// movesBackTo counts the moves to take back so that p is to move again before its last move
// (against the AI, the AI's reply goes too); one when p has not moved.
func movesBackTo(moves []game.PlayedMove, p game.Player) int {
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Move.Actors.Has(p) {
			return len(moves) - i
		}
	}
	return 1
}
