package play

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
)

// aiPool runs the AI seats' moves: one job per game whose AI must act, each waiting for a slot
// of the fair pool under its owner (the person playing the AI), so that nobody's many games
// delay another's. A search is cancelled when its game ends, and its move comes back as an
// ordinary command pinned to the ply it was computed for (refused as stale if the game moved).
type aiPool struct {
	aiw     *aiwork.Work
	games   *tables
	do      doer
	bg      *background
	metrics Metrics
	log     *slog.Logger

	// clk times the waits for a browser's move; browserWait is how long they last.
	clk         clock.Clock
	browserWait time.Duration

	mu sync.Mutex
	// queued holds, for each game with a job, the version its AI must act at (a newer one
	// replaces it while the job waits).
	queued map[string]int64
	// waits holds, for each game whose AI's move its player's browser computes, the wait for
	// it at a version (see later).
	waits map[string]browserWait
}

// DefaultBrowserAIWait is how long the server waits for a browser's AI move before it moves
// itself: an AI level's longest search (3 s) in a slower browser, with the board's animation
// of the player's move before it.
const DefaultBrowserAIWait = 10 * time.Second

// browserWait is the wait for the browser's AI move in a game at a version.
type browserWait struct {
	version int64
	timer   clock.Timer
}

// later asks for the AI's move in game id at version once the browser of the game's player
// had its time to send it (Seat.Browser): if the game is still there when the wait is over
// (the page was closed, its engine failed, it is too slow), the server's AI moves as ever, so
// no game waits for a page that is gone. A move from the browser moves the game on, and the
// wait then ends with nothing to do, never having taken a slot of the pool.
func (p *aiPool) later(id string, version int64, owner string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bg.closing.Load() {
		return
	}
	if w, ok := p.waits[id]; ok {
		if w.version >= version {
			return
		}
		w.timer.Stop()
	}
	p.waits[id] = browserWait{version: version, timer: p.clk.AfterFunc(p.browserWait, func() {
		p.mu.Lock()
		w, ok := p.waits[id]
		mine := ok && w.version == version
		if mine {
			delete(p.waits, id)
		}
		p.mu.Unlock()
		if !mine || p.bg.closing.Load() {
			return
		}
		due := false
		err := p.games.with(p.bg.ctx, id, func(ctx context.Context, lg *liveGame) error {
			due = lg.tb.Version() == version && lg.row.Status == domain.StatusActive && aiTurn(lg.row, lg.tb)
			return nil
		})
		if err == nil && due {
			p.enqueue(id, version, owner)
		}
	})}
}

// enqueue asks for the AI's move in game id at version, on owner's share of the AI.
func (p *aiPool) enqueue(id string, version int64, owner string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bg.closing.Load() {
		return
	}
	if _, ok := p.queued[id]; ok {
		p.queued[id] = max(p.queued[id], version)
		return
	}
	p.queued[id] = version
	p.bg.wg.Add(1)
	go func() {
		defer p.bg.wg.Done()
		ctx := p.bg.ctx
		if err := p.think(ctx, id, owner); err != nil && ctx.Err() == nil {
			p.log.Warn("AI move failed", "game", id, "error", err)
		}
	}()
}

// take removes game id's job and returns the version its AI must act at.
func (p *aiPool) take(id string) (int64, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.queued[id]
	delete(p.queued, id)
	return v, ok
}

// aiRun is one AI search of a game, which the game's end cancels.
type aiRun struct{ cancel context.CancelFunc }

// think waits for a slot of owner's share of the AI, then finds and plays the AI's move in game
// id at the version it was asked for.
func (p *aiPool) think(ctx context.Context, id, owner string) error {
	release, err := p.aiw.Acquire(ctx, owner, false)
	if err != nil {
		p.take(id)
		return nil // the service stops
	}
	defer release()
	version, ok := p.take(id)
	if !ok {
		return nil
	}
	var state game.State
	var spec string
	var side game.Player = game.NoPlayer
	var ply int
	actx, cancel := context.WithTimeout(ctx, p.aiw.MaxThink())
	defer cancel()
	run := &aiRun{cancel: cancel}
	err = p.games.with(ctx, id, func(ctx context.Context, lg *liveGame) error {
		if lg.tb.Version() != version || !aiTurn(lg.row, lg.tb) || lg.row.Status != domain.StatusActive {
			return nil
		}
		for _, q := range lg.tb.ToAct().Players() {
			if lg.row.Seats[q].AI != "" && lg.tb.Pending(q) == nil {
				side = q
				break
			}
		}
		state, spec, ply = lg.tb.State(), lg.row.Seats[side].AI, lg.tb.Ply()
		if lg.ai != nil {
			lg.ai.cancel() // an older search of this game, whose position is gone
		}
		lg.ai = run
		return nil
	})
	if err != nil || state == nil {
		return err
	}
	defer p.games.with(context.WithoutCancel(ctx), id, func(ctx context.Context, lg *liveGame) error {
		if lg.ai == run { // a newer search may have taken the game's place meanwhile
			lg.ai = nil
		}
		return nil
	})
	p.metrics.AISearch(true)
	start := time.Now()
	agent, err := p.aiw.NewAgent(state.Game(), spec, aiwork.SecretSeed())
	var a game.Action
	if err == nil {
		a, err = agent.Choose(actx, state, side)
	}
	p.metrics.AISearch(false)
	p.metrics.AIThink(time.Since(start))
	if err != nil {
		if actx.Err() != nil && ctx.Err() == nil && !errors.Is(actx.Err(), context.DeadlineExceeded) {
			return nil // cancelled: the game ended
		}
		return err
	}
	_, err = p.do.do(ctx, id, nil, command{kind: cmdMove, side: side, move: state.FormatAction(side, a), ply: ply})
	if domain.ErrorCode(err) == domain.StalePly || errors.Is(err, game.ErrGameOver) {
		return nil // the game moved on while the AI thought (a takeback, a resignation)
	}
	return err
}
