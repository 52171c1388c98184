package engine

import (
	"context"
	"fmt"
	"time"

	"turncoat/game"
)

// Act asks agent for p's action at tb and submits it at the time now returns after the
// search. The agent sees a copy of the state, never a pending selection of the other side.
func Act(ctx context.Context, tb *game.Table, p game.Player, agent Agent, now func() time.Time) ([]game.Event, error) {
	if !tb.ToAct().Has(p) {
		return nil, fmt.Errorf("%w: %s", ErrNoMove, p)
	}
	a, err := agent.Choose(ctx, tb.State(), p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", agent.Name(), err)
	}
	evs, err := tb.Submit(p, a, now())
	if err != nil {
		return evs, fmt.Errorf("%s chose %s: %w", agent.Name(), tb.State().FormatAction(p, a), err)
	}
	return evs, nil
}

// PlayOut plays tb to its end with an agent for each side: the game loop of engine matches and
// self-play. At a simultaneous node each side's agent chooses from the same state, so neither
// sees the other's selection. It returns the events in order.
func PlayOut(ctx context.Context, tb *game.Table, agents [2]Agent, now func() time.Time) ([]game.Event, error) {
	var all []game.Event
	for !tb.Over() {
		if err := ctx.Err(); err != nil {
			return all, err
		}
		for _, p := range tb.ToAct().Players() {
			if tb.Pending(p) != nil {
				continue
			}
			evs, err := Act(ctx, tb, p, agents[p], now)
			all = append(all, evs...)
			if err != nil {
				return all, err
			}
		}
	}
	return all, nil
}
