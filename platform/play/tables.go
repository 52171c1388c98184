package play

import (
	"context"
	"errors"
	"fmt"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aggregate"
	"turncoat/platform/clock"
)

// liveGame is a game held in memory by its actor: its row and its table, rebuilt from the
// store by replaying the move log, its followers, its clock's timer and its AI's search. The
// store is authoritative: a change is committed before the table in memory moves on, and a
// conflict reloads it.
type liveGame struct {
	id   string
	row  domain.Game
	tb   *game.Table
	subs map[Follower]*subscription
	// ai is the AI search running for this game, if any.
	ai *aiRun
	// timer fires the first running clock's flag fall.
	timer clock.Timer
	// online and watchers are the presence last sent to the followers: which seats follow the
	// game, and how many spectators.
	online   [2]bool
	watchers int
	// flagQueued tells that the game's flag job is stored (see finisher).
	flagQueued bool
}

// tables is the live games in memory: one actor each (package aggregate), loaded from the
// store on first use and left when idle unless something keeps them.
type tables struct {
	store   Store
	reg     *game.Registry
	metrics Metrics
	cache   *aggregate.Cache[*liveGame]
	// reloaded is told of a game read again after another instance changed it: its followers
	// get the events they missed.
	reloaded func(ctx context.Context, lg *liveGame)
}

// with runs f on game id in its actor (loading it first if needed).
func (t *tables) with(ctx context.Context, id string, f func(ctx context.Context, lg *liveGame) error) error {
	return t.cache.Do(ctx, id, func(ctx context.Context, v **liveGame) error { return f(ctx, *v) })
}

// update changes game id in its actor (see aggregate.Cache.Update).
func (t *tables) update(ctx context.Context, id string, change func(ctx context.Context, lg *liveGame) (*liveGame, func(context.Context) error, error)) (*liveGame, error) {
	return t.cache.Update(ctx, id, change)
}

// ifLoaded runs f on game id in its actor only if it is in memory.
func (t *tables) ifLoaded(ctx context.Context, id string, f func(ctx context.Context, lg *liveGame)) {
	t.cache.IfLoaded(ctx, id, func(ctx context.Context, v **liveGame) { f(ctx, *v) })
}

// row returns game id's row.
func (t *tables) row(ctx context.Context, id string) (domain.Game, error) {
	var row domain.Game
	err := t.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		row = lg.row
		return nil
	})
	return row, err
}

// load reads game id from the store and restores its table (the actor's first work).
func (t *tables) load(ctx context.Context, id string) (*liveGame, error) {
	lg := &liveGame{id: id, subs: map[Follower]*subscription{}}
	if err := t.restore(ctx, lg); err != nil {
		return nil, err
	}
	t.metrics.GamesInMemory(+1)
	return lg, nil
}

// reload reads a game again after another instance changed it, keeping what memory holds (its
// followers, who then get the events they missed).
func (t *tables) reload(ctx context.Context, _ string, lg *liveGame) (*liveGame, error) {
	if err := t.restore(ctx, lg); err != nil {
		return nil, err
	}
	t.reloaded(ctx, lg)
	return lg, nil
}

// restore (re)reads lg's row and table from the store.
func (t *tables) restore(ctx context.Context, lg *liveGame) error {
	row, snap, err := t.store.LoadSnapshot(ctx, lg.id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.NotFound, "no game %q", lg.id)
	}
	if err != nil {
		return err
	}
	tb, err := game.Restore(t.reg, snap, nil)
	if err != nil {
		return fmt.Errorf("game %s does not replay: %w", lg.id, err)
	}
	lg.row, lg.tb = row, tb
	return nil
}

// keep reports whether an idle game must stay in memory: it has followers, an AI thinking, or
// a live clock running.
func keep(lg *liveGame) bool {
	return len(lg.subs) > 0 || lg.ai != nil || lg.timer != nil && !lg.tb.Over()
}

// evicted follows a game leaving memory.
func (t *tables) evicted(lg *liveGame) {
	if lg.timer != nil {
		lg.timer.Stop()
	}
	t.metrics.GamesInMemory(-1)
}
