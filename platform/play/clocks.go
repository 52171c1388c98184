package play

import (
	"errors"
	"log/slog"
	"time"

	"turncoat/game"
	"turncoat/platform/clock"
)

// clocks keeps the live clocks' timers: one a game in memory, set for its first running clock's
// flag fall, which ticks the game (a tick ends it on time if the clock has run out). A
// correspondence game's deadline is a durable job only (see finisher), and a live game's flag
// job is the backstop of its timer after a restart or on another instance.
type clocks struct {
	clk clock.Clock
	bg  *background
	do  doer
	log *slog.Logger
}

// schedule sets lg's timer for its first running live clock's flag fall, replacing the one set.
func (c *clocks) schedule(lg *liveGame) {
	c.stop(lg)
	if lg.row.Time.Kind == game.Correspondence {
		return
	}
	d, ok := lg.tb.Deadline()
	if !ok || c.bg.closing.Load() {
		return
	}
	id := lg.id
	lg.timer = c.clk.AfterFunc(flagDelay(d, c.clk.Now()), func() {
		if c.bg.closing.Load() {
			return
		}
		ctx := c.bg.ctx
		if _, err := c.do.do(ctx, id, nil, command{kind: cmdTick, ply: -1}); err != nil && !errors.Is(err, game.ErrGameOver) && ctx.Err() == nil {
			c.log.Warn("clock tick failed", "game", id, "error", err)
		}
	})
}

// flagDelay is how long a timer waits for a flag to fall at deadline: a millisecond past it, so
// that the tick finds the clock run out (at once for a deadline passed).
func flagDelay(deadline, now time.Time) time.Duration {
	return max(deadline.Sub(now), 0) + time.Millisecond
}

// stop stops lg's timer, if any.
func (c *clocks) stop(lg *liveGame) {
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
}
