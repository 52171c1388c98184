package server

import (
	"context"
	"errors"
	"sync"
	"time"
	"turncoat/platform/aiwork"

	"turncoat/game"
	"turncoat/platform"
	"turncoat/store"
)

// aiPool runs the AI seats' moves: one job per game whose AI must act, each waiting for a slot
// of the fair pool under its owner (the person playing the AI), so that nobody's many games
// delay another's. A search is cancelled when its game ends, and a move found for a position
// that has changed meanwhile is refused as stale.
type aiPool struct {
	s  *Server
	mu sync.Mutex
	// queued holds, for each game with a job, the version its AI must act at (a newer one
	// replaces it while the job waits).
	queued map[string]int64
	closed bool
	ctx    context.Context
	wg     *sync.WaitGroup
}

func newAIPool(s *Server) *aiPool {
	return &aiPool{s: s, queued: map[string]int64{}}
}

// enqueue asks for the AI's move in game id at version, on owner's share of the AI.
func (p *aiPool) enqueue(id string, version int64, owner string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.ctx == nil {
		return
	}
	if _, ok := p.queued[id]; ok {
		p.queued[id] = max(p.queued[id], version)
		return
	}
	p.queued[id] = version
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		if err := p.s.think(p.ctx, id, owner); err != nil && p.ctx.Err() == nil {
			p.s.log.Warn("AI move failed", "game", id, "error", err)
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

// run lets jobs start; they stop when ctx ends.
func (p *aiPool) run(ctx context.Context, wg *sync.WaitGroup) {
	p.mu.Lock()
	p.ctx, p.wg = ctx, wg
	p.mu.Unlock()
	go func() {
		<-ctx.Done()
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
	}()
}

// aiRun is one AI search of a game, which the game's end cancels.
type aiRun struct{ cancel context.CancelFunc }

// think waits for a slot of owner's share of the AI, then finds and plays the AI's move in game
// id at the version it was asked for.
func (s *Server) think(ctx context.Context, id, owner string) error {
	release, err := s.aiw.Acquire(ctx, owner, false)
	if err != nil {
		s.ai.take(id)
		return nil // the server stops
	}
	defer release()
	version, ok := s.ai.take(id)
	if !ok {
		return nil
	}
	lg, err := s.live(ctx, id)
	if err != nil {
		return err
	}
	if lg.tb.Version() != version || !aiTurn(lg.row, lg.tb) || lg.row.Status != store.StatusActive {
		lg.mu.Unlock()
		return nil
	}
	var side game.Player = game.NoPlayer
	for _, p := range lg.tb.ToAct().Players() {
		if lg.row.Seats[p].AI != "" && lg.tb.Pending(p) == nil {
			side = p
			break
		}
	}
	state, spec, ply := lg.tb.State(), lg.row.Seats[side].AI, lg.tb.Ply()
	actx, cancel := context.WithTimeout(ctx, s.cfg.MaxThink)
	defer cancel()
	run := &aiRun{cancel: cancel}
	if lg.ai != nil {
		lg.ai.cancel() // an older search of this game, whose position is gone
	}
	lg.ai = run
	lg.mu.Unlock()

	defer func() {
		lg.mu.Lock()
		if lg.ai == run { // a newer search may have taken the game's place meanwhile
			lg.ai = nil
		}
		lg.mu.Unlock()
	}()
	s.metrics.aiSearches.Inc()
	start := time.Now()
	agent, err := s.aiw.NewAgent(state.Game(), spec, aiwork.SecretSeed())
	var a game.Action
	if err == nil {
		a, err = agent.Choose(actx, state, side)
	}
	s.metrics.aiSearches.Dec()
	s.metrics.aiThink.Observe(time.Since(start).Seconds())
	if err != nil {
		if actx.Err() != nil && ctx.Err() == nil && !errors.Is(actx.Err(), context.DeadlineExceeded) {
			return nil // cancelled: the game ended
		}
		return err
	}
	_, err = s.do(ctx, id, nil, command{kind: cmdMove, side: side, move: state.FormatAction(side, a), ply: ply})
	if platform.ErrorCode(err) == platform.StalePly || errors.Is(err, game.ErrGameOver) {
		return nil // the game moved on while the AI thought (a takeback, a resignation)
	}
	return err
}
