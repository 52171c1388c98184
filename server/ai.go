package server

import (
	"context"
	"errors"
	"hash/fnv"
	"net/http"
	"strconv"
	"sync"
	"time"

	"turncoat/engine"
	"turncoat/game"
)

// aiPool runs the AI seats' moves: no more searches at once than the machine has cores (the
// cpu semaphore, shared with hints), the rest queued first come, first served, one entry per
// game. A search is cancelled when its game ends, and a move found for a position that has
// changed meanwhile is refused as stale.
type aiPool struct {
	s      *Server
	mu     sync.Mutex
	cond   *sync.Cond
	queue  []aiJob
	queued map[string]bool
	closed bool
}

type aiJob struct {
	id      string
	version int64
}

func newAIPool(s *Server) *aiPool {
	p := &aiPool{s: s, queued: map[string]bool{}}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// enqueue asks for the AI's move in game id at version.
func (p *aiPool) enqueue(id string, version int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.queued[id] || p.closed {
		return
	}
	p.queued[id] = true
	p.queue = append(p.queue, aiJob{id, version})
	p.s.metrics.aiQueue.Set(float64(len(p.queue)))
	p.cond.Signal()
}

// next waits for a job; false once the pool is closed.
func (p *aiPool) next() (aiJob, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.cond.Wait()
	}
	if p.closed {
		return aiJob{}, false
	}
	j := p.queue[0]
	p.queue = p.queue[1:]
	delete(p.queued, j.id)
	p.s.metrics.aiQueue.Set(float64(len(p.queue)))
	return j, true
}

func (p *aiPool) close() {
	p.mu.Lock()
	p.closed = true
	p.cond.Broadcast()
	p.mu.Unlock()
}

// run starts the workers; they stop when ctx ends.
func (p *aiPool) run(ctx context.Context, workers int, wg *sync.WaitGroup) {
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j, ok := p.next()
				if !ok {
					return
				}
				if err := p.s.think(ctx, j); err != nil && ctx.Err() == nil {
					p.s.log.Warn("AI move failed", "game", j.id, "error", err)
				}
			}
		}()
	}
	go func() {
		<-ctx.Done()
		p.close()
	}()
}

// think finds and plays the AI's move of one job.
func (s *Server) think(ctx context.Context, j aiJob) error {
	lg, err := s.live(ctx, j.id)
	if err != nil {
		return err
	}
	if lg.tb.Version() != j.version || !aiTurn(lg.row, lg.tb) || lg.row.Status != "active" {
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
	lg.aiCancel = cancel
	lg.mu.Unlock()

	defer func() {
		lg.mu.Lock()
		lg.aiCancel = nil
		lg.mu.Unlock()
	}()
	if err := s.cpu.acquire(actx); err != nil {
		return nil // the game ended or the server stops
	}
	s.metrics.aiSearches.Inc()
	start := time.Now()
	agent, err := s.newAgent(state.Game(), spec, seedOf(j.id, ply))
	var a game.Action
	if err == nil {
		a, err = agent.Choose(actx, state, side)
	}
	s.metrics.aiSearches.Dec()
	s.metrics.aiThink.Observe(time.Since(start).Seconds())
	s.cpu.release()
	if err != nil {
		if actx.Err() != nil && ctx.Err() == nil && !errors.Is(actx.Err(), context.DeadlineExceeded) {
			return nil // cancelled: the game ended
		}
		return err
	}
	_, err = s.do(ctx, j.id, nil, command{kind: cmdMove, side: side, move: state.FormatAction(side, a), ply: ply})
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == codeStalePly || errors.Is(err, game.ErrGameOver) {
		return nil // the game moved on while the AI thought (a takeback, a resignation)
	}
	return err
}

// staleOK: a stale AI move is dropped silently; see think.

// seedOf makes the AI's random choices reproducible per game and ply.
func seedOf(id string, ply int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64() ^ uint64(ply)*0x9e3779b97f4a7c15
}

// parseAISeat reads the AI of a seat from a request: a level 1-10 ("5", "level=5"), or an
// engine spec the safe constructor accepts. It returns the canonical spec stored with the seat.
func (s *Server) parseAISeat(g game.Game, level int, spec string) (string, error) {
	if spec == "" {
		if level == 0 {
			level = 5
		}
		if !engine.Level(level).Valid() {
			return "", errorf(http.StatusBadRequest, codeBadRequest, "AI level %d: want 1 to 10", level)
		}
		spec = "level=" + strconv.Itoa(level)
	}
	if _, err := s.newAgent(g, spec, 1); err != nil {
		return "", errorf(http.StatusBadRequest, codeBadRequest, "AI %q: %v", spec, err)
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
