// Package match plays AI agents against each other through the game contract: from a set of
// openings, each played with both colours, and reports wins, draws and losses with an Elo
// difference and its 95% interval.
package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"turncoat/engine"
	"turncoat/game"
)

// NewAgent makes a fresh agent for one game; seed varies from game to game.
type NewAgent func(seed uint64) (engine.Agent, error)

// Config describes a match between agents A and B.
type Config struct {
	// Start is the position before the openings (the game's start under its options).
	Start game.State
	// Openings are the positions games start from; each is played twice, A taking each side
	// once. Nil means Openings(Start, Games/2, Seed): the game's own set, else random ones.
	Openings []game.State
	// Games is the number of games (rounded up to an even number).
	Games int
	// A and B make the two agents.
	A, B NewAgent
	// Workers is how many games run at once (default 1).
	Workers int
	// Seed makes the match reproducible.
	Seed uint64
	// MaxPlies stops a game that runs longer (adjudicated a draw); 0 means 10,000.
	MaxPlies int
	// Progress, if set, is called after each game.
	Progress func(done, total int, r Result)
	// Warn, if set, is told of what went wrong without spoiling a game's result: an agent
	// that could not be closed cleanly (an engine that would not quit and was killed). It is
	// called after the game's Progress, never for two games at once.
	Warn func(err error)
}

// Game is the record of one game of a match.
type Game struct {
	Opening int
	// ASide is the side A played.
	ASide   game.Player
	Moves   []string
	Outcome game.Outcome
	// AScore is A's result: 1, 0.5 or 0.
	AScore float64
	// Think is the time A (0) and B (1) took over their moves, measured on the wall clock
	// around each agent's turn (an external engine's exchanges included, its start not:
	// engine.Starter).
	Think [2]Think
}

// Think sums an agent's thinking time over its moves.
type Think struct {
	Moves      int
	Total, Max time.Duration
}

// Mean is the mean time per move (0 without moves).
func (t Think) Mean() time.Duration {
	if t.Moves == 0 {
		return 0
	}
	return t.Total / time.Duration(t.Moves)
}

// add counts a move that took d.
func (t *Think) add(d time.Duration) {
	t.Moves++
	t.Total += d
	t.Max = max(t.Max, d)
}

// merge adds u's moves to t's.
func (t *Think) merge(u Think) {
	t.Moves += u.Moves
	t.Total += u.Total
	t.Max = max(t.Max, u.Max)
}

// Result sums up a match from A's point of view.
type Result struct {
	Wins, Draws, Losses int
	Games               []Game
	// Think is A's (0) and B's (1) thinking time over all the games.
	Think [2]Think
}

// Score returns A's points and the number of games.
func (r Result) Score() (points float64, n int) {
	n = r.Wins + r.Draws + r.Losses
	return float64(r.Wins) + float64(r.Draws)/2, n
}

// Elo returns A's Elo difference over B and a 95% interval: the logistic Elo of A's mean score
// and of the mean plus or minus 1.96 standard errors, the standard error coming from the
// spread of the per-game scores (1, 1/2, 0) as the wins, draws and losses give it. A perfect or
// null score gives an infinite estimate.
func (r Result) Elo() (elo, lo, hi float64) {
	points, n := r.Score()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	mean := points / float64(n)
	sq := float64(r.Wins) + float64(r.Draws)/4 // the sum of the squared per-game scores
	variance := sq/float64(n) - mean*mean
	se := math.Sqrt(math.Max(variance, 0) / float64(n))
	return EloOf(mean), EloOf(mean - 1.96*se), EloOf(mean + 1.96*se)
}

// EloOf returns the Elo difference at which the stronger side scores p on average under the
// logistic model (p = 1 / (1 + 10^(-d/400))): 0.75 gives +190.8; 0 and 1 give infinities.
func EloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// String returns "W-D-L, score, Elo ± interval" for a result.
func (r Result) String() string {
	points, n := r.Score()
	elo, lo, hi := r.Elo()
	return fmt.Sprintf("wins=%d draws=%d losses=%d score=%.1f/%d (%.1f%%) elo=%+.0f [%+.0f, %+.0f]",
		r.Wins, r.Draws, r.Losses, points, n, 100*points/math.Max(float64(n), 1), elo, lo, hi)
}

// RandomOpenings returns n positions reached by random legal plies from start (distinct where
// possible, none finished).
func RandomOpenings(start game.State, n, plies int, seed uint64) []game.State {
	rng := rand.New(rand.NewPCG(seed, 0x6f70656e))
	seen := map[string]bool{}
	var out []game.State
	var buf [256]game.Action
	for tries := 0; len(out) < n && tries < 100*n+100; tries++ {
		s := start.Clone()
		for i := 0; i < plies && s.ToAct() != game.Nobody; i++ {
			acts := s.ToAct()
			if acts.Simultaneous() {
				var j game.Joint
				for p := game.First; p <= game.Second; p++ {
					l := s.Legal(p, buf[:0])
					j[p] = l[rng.IntN(len(l))]
				}
				_ = s.ApplyJoint(j)
				continue
			}
			l := s.Legal(acts.Single(), buf[:0])
			_ = s.Apply(l[rng.IntN(len(l))])
		}
		if s.ToAct() == game.Nobody {
			continue
		}
		key := s.Encode()
		if seen[key] && tries < 10*n {
			continue
		}
		seen[key] = true
		out = append(out, s)
	}
	return out
}

// Run plays the match. It stops early, with the games finished so far, when ctx ends.
func Run(ctx context.Context, c Config) (Result, error) {
	if c.Games <= 0 {
		return Result{}, fmt.Errorf("match: no games to play")
	}
	pairs := (c.Games + 1) / 2
	openings := c.Openings
	if openings == nil {
		var err error
		if openings, err = Openings(ctx, c.Start, pairs, c.Seed); err != nil {
			if ctx.Err() != nil {
				return Result{}, nil // stopped before its first game, as cancelled matches stop
			}
			return Result{}, fmt.Errorf("match: openings: %w", err)
		}
	}
	if len(openings) == 0 {
		return Result{}, fmt.Errorf("match: no openings")
	}
	workers := max(c.Workers, 1)
	type job struct{ index, opening int }
	jobs := make(chan job)
	results := make([]*Game, 2*pairs)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		res      Result
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				side := game.Player(j.index % 2)
				g, closeErr, err := play(ctx, c, openings[j.opening], side, c.Seed+uint64(j.index)*7919)
				mu.Lock()
				if err != nil {
					if firstErr == nil && ctx.Err() == nil {
						firstErr = fmt.Errorf("game %d: %w", j.index+1, err)
					}
				} else {
					g.Opening = j.opening
					results[j.index] = &g
					done++
					res.add(g)
					if c.Progress != nil {
						c.Progress(done, 2*pairs, res)
					}
				}
				if closeErr != nil && c.Warn != nil {
					c.Warn(fmt.Errorf("game %d: %w", j.index+1, closeErr))
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range 2 * pairs {
		select {
		case jobs <- job{i, (i / 2) % len(openings)}:
		case <-ctx.Done():
			break feed
		}
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
	}
	close(jobs)
	wg.Wait()
	final := Result{}
	for _, g := range results {
		if g != nil {
			final.add(*g)
		}
	}
	return final, firstErr
}

func (r *Result) add(g Game) {
	switch g.AScore {
	case 1:
		r.Wins++
	case 0:
		r.Losses++
	default:
		r.Draws++
	}
	r.Games = append(r.Games, g)
	for i := range r.Think {
		r.Think[i].merge(g.Think[i])
	}
}

// play plays one game with A on side aSide. Its agents are closed before it returns, however
// the game ends (finished, failed or cancelled): an external engine left running after its
// game would take the cores from the games that follow, and skew a match at equal time.
// closeErr is what closing them reported: the game stands, its agents being gone either way.
func play(ctx context.Context, c Config, opening game.State, aSide game.Player, seed uint64) (g Game, closeErr, err error) {
	a, err := c.A(seed)
	if err != nil {
		return Game{}, nil, err
	}
	defer closeAgent(a, &closeErr)
	b, err := c.B(seed + 1)
	if err != nil {
		return Game{}, nil, err
	}
	defer closeAgent(b, &closeErr)
	// an external engine starts before the game, not in its first move's time
	for _, ag := range []engine.Agent{a, b} {
		if err := engine.Start(ctx, ag); err != nil {
			return Game{}, nil, fmt.Errorf("starting %s: %w", ag.Name(), err)
		}
	}
	g, err = playGame(ctx, c, opening, aSide, a, b)
	return g, nil, err
}

// playGame plays one game between agents a and b, a on side aSide.
func playGame(ctx context.Context, c Config, opening game.State, aSide game.Player, a, b engine.Agent) (Game, error) {
	agents := [2]engine.Agent{}
	agents[aSide], agents[aSide.Other()] = a, b
	// The game is played through a table, as every played game is: the agents see the state,
	// never the other side's pending selection, and the moves are checked as users' are.
	now := func() time.Time { return time.Time{} }
	tb, err := game.NewTable(opening, game.TableConfig{})
	if err != nil {
		return Game{}, err
	}
	g := Game{ASide: aSide}
	maxPlies := c.MaxPlies
	if maxPlies == 0 {
		maxPlies = 10000
	}
	for !tb.Over() {
		if tb.Ply() == maxPlies {
			if _, err := tb.Adjudicate(game.NoPlayer, "move limit", now()); err != nil {
				return Game{}, err
			}
			break
		}
		if err := ctx.Err(); err != nil {
			return Game{}, err
		}
		for _, p := range tb.ToAct().Players() {
			start := time.Now()
			if _, err := engine.Act(ctx, tb, p, agents[p], now); err != nil {
				return Game{}, fmt.Errorf("ply %d: %w", tb.Ply()+1, err)
			}
			who := 0 // A
			if p != aSide {
				who = 1
			}
			g.Think[who].add(time.Since(start))
		}
	}
	for _, m := range tb.Moves() {
		g.Moves = append(g.Moves, m.Text)
	}
	g.Outcome = tb.Outcome()
	g.AScore = g.Outcome.Reward(aSide)
	return g, nil
}

// closeAgent closes a game's agent, and joins what went wrong to errs.
func closeAgent(a engine.Agent, errs *error) {
	if err := engine.Close(a); err != nil {
		*errs = errors.Join(*errs, fmt.Errorf("closing %s: %w", a.Name(), err))
	}
}
