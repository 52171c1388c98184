package play

import (
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// Draws: the table keeps the offers (an offer stands until the opponent answers it or a move
// is made; offering back accepts) and the claims its rules allow (Turnover's threefold
// repetition); the service adds who may offer.

// mayOfferDraw refuses side's draw offer in a game whose other seat is the AI's: the AI plays
// every game out, and an offer it never answers would only stand in the way.
func mayOfferDraw(row domain.Game, side game.Player) error {
	if side.Valid() && row.Seats[side.Other()].AI != "" {
		return domain.Errorf(domain.NotAllowed, "the AI plays on: it does not agree draws")
	}
	return nil
}

// offerDraw offers side's draw (or accepts the opponent's standing offer).
func offerDraw(tb *game.Table, row domain.Game, side game.Player, now time.Time) ([]game.Event, error) {
	if err := mayOfferDraw(row, side); err != nil {
		return nil, err
	}
	return tb.OfferDraw(side, now)
}

// claimDraw claims the draw side may claim: one the table grants (DrawClaimer), else a game's
// own claim move; a game with neither has no draw to claim.
func claimDraw(tb *game.Table, side game.Player, now time.Time) ([]game.Event, error) {
	if tb.CanClaimDraw(side) {
		return tb.ClaimDraw(side, now)
	}
	if _, err := tb.State().ParseAction(side, "claim"); err != nil {
		return nil, domain.Errorf(domain.NotAllowed, "%s has no draw to claim here", tb.Game().Title())
	}
	return tb.SubmitText(side, "claim", now)
}
