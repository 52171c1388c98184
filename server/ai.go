package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"strconv"
	"sync"
	"time"

	"turncoat/engine"
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
	release, err := s.fair.acquire(ctx, owner, false)
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
	agent, err := s.newAgent(state.Game(), spec, secretSeed())
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

// secretSeed draws the seed of one AI move's random choices from the operating system's
// secret randomness. It must never be derivable from what players see (a game's id and ply
// are public): an opponent who could rerun the AI with its seed would know its hidden Turncoat
// selection before choosing, and its every tie-break elsewhere. Nothing needs to replay it.
func secretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// parseAISeat reads the AI of a seat from a request: a level 1-10 ("5", "level=5"), or an
// engine spec the safe constructor accepts. It returns the canonical spec stored with the seat.
func (s *Server) parseAISeat(g game.Game, level int, spec string) (string, error) {
	if spec == "" {
		if level == 0 {
			level = 5
		}
		if !engine.Level(level).Valid() {
			return "", platform.Errorf(platform.BadRequest, "AI level %d: want 1 to 10", level)
		}
		spec = "level=" + strconv.Itoa(level)
	}
	if _, err := s.newAgent(g, spec, 1); err != nil {
		return "", platform.Errorf(platform.BadRequest, "AI %q: %v", spec, err)
	}
	return spec, nil
}

// newAgent builds an AI seat's agent, only ever through the safe constructor: a level, or a
// vetted engine kind with capped parameters; never an external process, never more threads,
// memory or time than allowed.
func (s *Server) newAgent(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	a, err := s.agentLimits.New(g, spec, seed)
	if err == nil {
		s.bookAgent(a)
	}
	return a, err
}
