// Package mcts is Monte Carlo tree search for every game of Turncoat, through the game
// contract: UCT with a tunable exploration constant at sequential nodes, and at simultaneous
// nodes (a Turncoat round) SM-MCTS with regret matching, playing the average strategy, or
// decoupled UCT.
//
// A [Searcher] is an engine.Agent and an engine.Analyzer. It runs iterations under an
// iteration budget, a time budget or both, stops when its context ends, searches one tree per
// worker (root parallelism) and merges their statistics at the root, keeps its trees between
// moves (tree reuse), proves won and lost nodes (MCTS-solver), and given a seed and an
// iteration budget plays deterministically. Playouts are uniformly random through the contract
// or the game's own: a state's [Playouter], else this package's bitboard playouts (uniformly
// random for Reversi; epsilon-greedy for Turncoat, whose random games almost never end).
//
// At a simultaneous root the search can also solve the matrix game its estimates make
// (Config.RootSolve, with [SolveMatrix]), mix only over well-searched selections
// (Config.Trust), and on wide boards keep only the most promising selections of each side
// (Config.Widen, by the game's move ordering).
//
// [Tactical] wraps an agent with the exact tactical layer of simultaneous games: take a forced
// win this round, avoid selections after which the opponent has one. [UCThello] is the
// reference player of the Othello strength target.
//
// The package does no I/O.
package mcts

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/internal/wyrand"
)

// Defaults of Config.
const (
	// DefaultC is the exploration constant for rewards in [0, 1].
	DefaultC = 0.7
	// DefaultGamma is regret matching's share of uniform exploration.
	DefaultGamma = 0.05
	// DefaultIterations is the budget when neither Iterations nor Time is set.
	DefaultIterations = 10000
	// DefaultMaxNodes bounds each tree (40 bytes a node, and as much again for the copy
	// tree reuse makes).
	DefaultMaxNodes = 1 << 20
	// DefaultMaxBytes bounds the memory of a searcher's trees together: at simultaneous
	// nodes each selection carries statistics, so wide boards fill memory long before
	// DefaultMaxNodes.
	DefaultMaxBytes = 256 << 20
)

// Config sets up a Searcher. The zero value is usable: defaults fill in what is missing.
type Config struct {
	// C is the exploration constant of UCB1 (UCT and decoupled UCT), for rewards in [0, 1]
	// (win 1, draw 0.5, loss 0). Zero means DefaultC.
	C float64
	// Iterations is the number of simulations per move, shared among the workers; zero means
	// no limit when Time is set, else DefaultIterations.
	Iterations int64
	// Time is the wall-clock budget per move; zero means none.
	Time time.Duration
	// Workers is the number of trees searched in parallel (root parallelism); zero means 1.
	Workers int
	// Seed makes the search reproducible: with an iteration budget and no time limit, the
	// same seed, positions and settings (the number of workers included) give the same
	// moves, since each worker runs its share of the budget on a tree of its own.
	Seed uint64
	// Reuse keeps the trees between moves: the next search starts from the subtree of the
	// position it is given, if the trees hold it.
	Reuse bool
	// Solver proves won, lost and drawn nodes from finished games (MCTS-solver) and steers
	// the search with what it proved.
	Solver bool
	// Sim is the selection rule at simultaneous nodes.
	Sim SimSelect
	// Gamma is regret matching's share of uniform exploration; zero means DefaultGamma.
	Gamma float64
	// Purify drops, from the average strategy a simultaneous node plays, selections whose
	// probability is below Purify times the largest, and renormalises; zero plays the
	// average strategy as it is.
	Purify float64
	// RootSolve, when positive, replaces the average strategy at a simultaneous root by the
	// equilibrium of the root's estimated matrix game (each joint selection's mean reward,
	// summed over the workers), solved with SolveMatrix for RootSolve iterations. It removes
	// the bias the exploration of regret matching leaves in the average strategy.
	RootSolve int
	// Trust, when positive, limits each side's strategy in RootSolve to its trusted
	// selections: those the search visited at least Trust times as often as its most visited
	// one. The search explores rarely visited selections shallowly, so their estimates miss
	// deep threats; against every selection of the other side the equilibrium is still
	// computed.
	Trust float64
	// Widen, when positive, keeps at each simultaneous node where a side has more than twice
	// Widen selections only its Widen most promising ones by the game's move ordering (this
	// package has one for Turncoat); at the root they are chosen among the allowed ones. Small
	// boards, where mixing over every selection matters, keep them all.
	Widen int
	// Playout makes the playout policy of each tree; nil means GamePlayout.
	Playout PlayoutFactory
	// MaxNodes bounds each tree's nodes; when full, leaves are played out without expansion.
	// Zero means DefaultMaxNodes.
	MaxNodes int
	// MaxBytes bounds the memory of the trees, all workers together (each tree gets an equal
	// share): when a tree's nodes, simultaneous statistics and joint-selection index reach
	// its share, leaves are played out without expansion. It counts what the tree holds
	// (the arena twice with Reuse, for the copy compaction makes), not the allocator's slack.
	// Zero means DefaultMaxBytes.
	MaxBytes int64
	// Name overrides the agent's name.
	Name string
}

func (c *Config) fill() {
	if c.C == 0 {
		c.C = DefaultC
	}
	if c.Gamma == 0 {
		c.Gamma = DefaultGamma
	}
	if c.Iterations == 0 && c.Time == 0 {
		c.Iterations = DefaultIterations
	}
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.MaxNodes <= 0 {
		c.MaxNodes = DefaultMaxNodes
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
}

// Searcher is a Monte Carlo tree search agent (an engine.Agent and engine.Analyzer). It is not
// safe for concurrent use: a server gives each game its own.
type Searcher struct {
	cfg   Config
	name  string
	game  game.Game
	trees []*tree
	pick  *wyrand.Source
	last  *Result
}

var (
	_ engine.Agent    = (*Searcher)(nil)
	_ engine.Analyzer = (*Searcher)(nil)
)

// New returns a searcher with the given configuration (defaults filled in).
func New(cfg Config) *Searcher {
	cfg.fill()
	name := cfg.Name
	if name == "" {
		var parts []string
		if cfg.Iterations > 0 {
			parts = append(parts, fmt.Sprintf("iterations=%d", cfg.Iterations))
		}
		if cfg.Time > 0 {
			parts = append(parts, "time="+cfg.Time.String())
		}
		parts = append(parts, fmt.Sprintf("c=%g", cfg.C), "sim="+cfg.Sim.String(), fmt.Sprintf("workers=%d", cfg.Workers))
		if cfg.Reuse {
			parts = append(parts, "reuse")
		}
		if cfg.Solver {
			parts = append(parts, "solver")
		}
		name = "mcts(" + strings.Join(parts, ",") + ")"
	}
	return &Searcher{cfg: cfg, name: name, pick: wyrand.New(cfg.Seed, 1<<40)}
}

// Name describes the searcher and its settings.
func (m *Searcher) Name() string { return m.name }

// Config returns the searcher's settings, defaults filled in.
func (m *Searcher) Config() Config { return m.cfg }

// ActionStat is what the search learnt of one root action of one side.
type ActionStat struct {
	Action game.Action
	// Visits is the number of simulations that tried the action (summed over the workers).
	Visits int64
	// Value is the side's mean reward after the action: its win rate, draws counting half.
	Value float64
	// Policy is the probability with which the search plays the action: the average
	// strategy at a simultaneous node (regret matching), the share of visits otherwise.
	Policy float64
	// Proven tells that the search proved the action's result; Result is then 1 (a win for
	// the side), 0 (a draw) or -1 (a loss).
	Proven bool
	Result int
}

// Result is a search's report: the root's statistics for each side that acts there.
type Result struct {
	// Actors are the sides that act at the root.
	Actors game.Actors
	// Iterations is the number of simulations run (summed over the workers).
	Iterations int64
	// Nodes is the number of tree nodes (summed over the workers).
	Nodes int
	// Stats are the root actions of each side that acts, in the order Legal gives them.
	Stats [2][]ActionStat
	// Proven tells that the root's result is proven; Winner is then the winner (NoPlayer for
	// a draw).
	Proven bool
	Winner game.Player
	// Elapsed is the search's wall-clock time.
	Elapsed time.Duration
}

// Best returns p's most promising action: a proven win if there is one, else the most visited
// action that is not a proven loss (ties to the higher value). It returns NoAction if p does
// not act.
func (r *Result) Best(p game.Player) game.Action {
	if !r.Actors.Has(p) {
		return game.NoAction
	}
	st := r.Stats[p]
	best := -1
	better := func(i int) bool {
		if best < 0 {
			return true
		}
		a, b := st[i], st[best]
		ra, rb := rankOf(a), rankOf(b)
		if ra != rb {
			return ra > rb
		}
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		return a.Value > b.Value
	}
	for i := range st {
		if better(i) {
			best = i
		}
	}
	if best < 0 {
		return game.NoAction
	}
	return st[best].Action
}

// rankOf orders actions for Best: proven wins first, proven losses last.
func rankOf(s ActionStat) int {
	switch {
	case s.Proven && s.Result > 0:
		return 2
	case s.Proven && s.Result < 0:
		return 0
	}
	return 1
}

// Sample draws p's action from the Policy distribution with u in [0, 1).
func (r *Result) Sample(p game.Player, u float64) game.Action {
	st := r.Stats[p]
	var acc float64
	for _, s := range st {
		acc += s.Policy
		if u < acc {
			return s.Action
		}
	}
	for i := len(st) - 1; i >= 0; i-- {
		if st[i].Policy > 0 {
			return st[i].Action
		}
	}
	return r.Best(p)
}

// Choose returns p's action in s, searching with the configured budget.
func (m *Searcher) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	return m.ChooseAmong(ctx, s, p, nil)
}

// ChooseAmong is Choose with p's choice limited to allowed (nil: every legal action). The
// search still considers every action of the other side.
func (m *Searcher) ChooseAmong(ctx context.Context, s game.State, p game.Player, allowed []game.Action) (game.Action, error) {
	if !s.ToAct().Has(p) {
		return game.NoAction, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	if s.ToAct().Simultaneous() {
		// A forced win this round is played at once: the tree would prove it only once it
		// had tried every reply.
		if wins := ForcedWins(s, p); len(wins) > 0 {
			return wins[m.pick.Below(len(wins))], nil
		}
	}
	var restrict [2][]game.Action
	restrict[p] = allowed
	r, err := m.SearchRestricted(ctx, s, restrict)
	if err != nil {
		return game.NoAction, err
	}
	return m.choice(r, p), nil
}

// Strategy returns the mixed strategy ChooseAmong draws p's action from in s (probabilities by
// action, summing to 1), after searching s: a forced win this round, the proven winning
// action, or the policy at a simultaneous node; the best action at a sequential node.
func (m *Searcher) Strategy(ctx context.Context, s game.State, p game.Player, allowed []game.Action) (map[game.Action]float64, error) {
	if !s.ToAct().Has(p) {
		return nil, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	if s.ToAct().Simultaneous() {
		if wins := ForcedWins(s, p); len(wins) > 0 {
			return uniform(wins), nil
		}
	}
	var restrict [2][]game.Action
	restrict[p] = allowed
	r, err := m.SearchRestricted(ctx, s, restrict)
	if err != nil {
		return nil, err
	}
	if !r.Actors.Simultaneous() {
		return map[game.Action]float64{r.Best(p): 1}, nil
	}
	for _, st := range r.Stats[p] {
		if st.Proven && st.Result > 0 {
			return map[game.Action]float64{st.Action: 1}, nil
		}
	}
	out := map[game.Action]float64{}
	var total float64
	for _, st := range r.Stats[p] {
		if st.Policy > 0 {
			out[st.Action] = st.Policy
			total += st.Policy
		}
	}
	if total == 0 {
		return map[game.Action]float64{r.Best(p): 1}, nil
	}
	for a := range out {
		out[a] /= total
	}
	return out, nil
}

// uniform returns the uniform strategy over acts.
func uniform(acts []game.Action) map[game.Action]float64 {
	out := make(map[game.Action]float64, len(acts))
	for _, a := range acts {
		out[a] = 1 / float64(len(acts))
	}
	return out
}

// choice picks p's move from a result: the best action at a sequential node, a draw from the
// policy at a simultaneous node unless one action is a proven win.
func (m *Searcher) choice(r *Result, p game.Player) game.Action {
	if !r.Actors.Simultaneous() {
		return r.Best(p)
	}
	for _, s := range r.Stats[p] {
		if s.Proven && s.Result > 0 {
			return s.Action
		}
	}
	return r.Sample(p, m.pick.Float())
}

// Analyze searches s and returns p's root actions with their visits and win rates.
func (m *Searcher) Analyze(ctx context.Context, s game.State, p game.Player) ([]engine.MoveStat, error) {
	if !s.ToAct().Has(p) {
		return nil, fmt.Errorf("%w: %s", engine.ErrNoMove, p)
	}
	r, err := m.Search(ctx, s)
	if err != nil {
		return nil, err
	}
	out := make([]engine.MoveStat, 0, len(r.Stats[p]))
	for _, st := range r.Stats[p] {
		out = append(out, engine.MoveStat{Action: st.Action, Visits: st.Visits, Value: st.Value, Unit: "winrate"})
	}
	slices.SortStableFunc(out, func(a, b engine.MoveStat) int {
		switch {
		case a.Visits > b.Visits:
			return -1
		case a.Visits < b.Visits:
			return 1
		}
		return 0
	})
	return out, nil
}

// LastResult returns the report of the latest search, or nil.
func (m *Searcher) LastResult() *Result { return m.last }

// Search runs the configured budget from s (which it does not change) and returns the root's
// statistics. It returns ctx's error only if ctx ended before a single simulation.
func (m *Searcher) Search(ctx context.Context, s game.State) (*Result, error) {
	return m.SearchRestricted(ctx, s, [2][]game.Action{})
}

// SearchRestricted is Search with each side's root choices limited to restrict[p] when that
// is not nil (actions not legal are ignored).
func (m *Searcher) SearchRestricted(ctx context.Context, s game.State, restrict [2][]game.Action) (*Result, error) {
	start := time.Now()
	acts := s.ToAct()
	if acts == game.Nobody {
		return nil, fmt.Errorf("%w: the game is over", engine.ErrNoMove)
	}
	if m.game == nil || m.game.Name() != s.Game().Name() {
		m.game = s.Game()
		m.trees = nil
	}
	for len(m.trees) < m.cfg.Workers {
		m.trees = append(m.trees, newTree(&m.cfg, m.game, m.cfg.Seed, uint64(len(m.trees))))
	}
	key := ""
	if m.cfg.Reuse {
		key = s.Encode()
	}
	for _, t := range m.trees {
		if !m.cfg.Reuse || !t.advance(s, key) {
			t.reset(s.Clone())
		}
		if !t.nodes[t.root].expanded() && !t.expandWith(t.root, t.state, restrict) {
			// The reused tree is full: start afresh.
			t.reset(s.Clone())
			t.expandWith(t.root, t.state, restrict)
		}
		if !t.setMask(restrict) {
			// The reused root keeps none of the allowed selections: start afresh.
			t.reset(s.Clone())
			t.expandWith(t.root, t.state, restrict)
			t.setMask(restrict)
		}
	}
	var deadline time.Time
	if m.cfg.Time > 0 {
		deadline = start.Add(m.cfg.Time)
	}
	w := int64(len(m.trees))
	counts := make([]int64, w)
	run := func(i int) {
		budget := int64(-1)
		if m.cfg.Iterations > 0 {
			budget = m.cfg.Iterations / w
			if int64(i) < m.cfg.Iterations%w {
				budget++
			}
		}
		counts[i] = m.trees[i].run(ctx, budget, deadline)
	}
	if w == 1 {
		run(0)
	} else {
		var wg sync.WaitGroup
		for i := range m.trees {
			wg.Go(func() { run(i) })
		}
		wg.Wait()
	}
	var total int64
	for _, c := range counts {
		total += c
	}
	if total == 0 && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	r := m.merge(s, restrict)
	r.Iterations = total
	r.Elapsed = time.Since(start)
	m.last = r
	return r, nil
}

// run iterates until the budget (-1: none), the deadline (zero: none) or ctx ends, or the root
// is proven, and returns the number of iterations. The deadline allows one iteration at least,
// so that a search on a loaded machine, which may start after its deadline, still knows
// something of every tree; ctx does not.
func (t *tree) run(ctx context.Context, budget int64, deadline time.Time) int64 {
	var n int64
	timed := !deadline.IsZero()
	done := ctx.Done()
	for budget < 0 || n < budget {
		if t.nodes[t.root].proof != unproven && t.cfg.Solver {
			break
		}
		if n&31 == 0 {
			if done != nil {
				select {
				case <-done:
					return n
				default:
				}
			}
			if timed && n > 0 && !time.Now().Before(deadline) {
				return n
			}
		}
		t.iterate()
		n++
		if n&1023 == 0 {
			runtime.Gosched()
		}
	}
	return n
}

// setMask limits the root's choices to restrict, and reports false when the root has none of
// the allowed actions of a side.
func (t *tree) setMask(restrict [2][]game.Action) bool {
	t.mask = [2][]bool{}
	nd := &t.nodes[t.root]
	for p := game.First; p <= game.Second; p++ {
		if restrict[p] == nil || !nd.actors.Has(p) {
			continue
		}
		var acts []game.Action
		if nd.sim != none {
			acts = t.sims[nd.sim].acts[p]
		} else {
			for i := range nd.count {
				acts = append(acts, t.nodes[nd.first+i].action)
			}
		}
		mask := make([]bool, len(acts))
		any := false
		for i, a := range acts {
			if slices.Contains(restrict[p], a) {
				mask[i], any = true, true
			}
		}
		if !any {
			return false
		}
		t.mask[p] = mask
	}
	return true
}

// merge sums the trees' root statistics. Actions outside a side's restriction get no policy.
func (m *Searcher) merge(s game.State, restrict [2][]game.Action) *Result {
	r := &Result{Actors: s.ToAct(), Winner: game.NoPlayer}
	var buf []game.Action
	for p := game.First; p <= game.Second; p++ {
		if !r.Actors.Has(p) {
			continue
		}
		buf = s.Legal(p, buf[:0])
		st := make([]ActionStat, len(buf))
		for i, a := range buf {
			st[i].Action = a
		}
		r.Stats[p] = st
	}
	index := func(p game.Player, a game.Action) int {
		for i := range r.Stats[p] {
			if r.Stats[p][i].Action == a {
				return i
			}
		}
		return -1
	}
	sums := [2][]float64{make([]float64, len(r.Stats[0])), make([]float64, len(r.Stats[1]))}
	strat := [2][]float64{make([]float64, len(r.Stats[0])), make([]float64, len(r.Stats[1]))}
	for _, t := range m.trees {
		root := &t.nodes[t.root]
		r.Nodes += len(t.nodes)
		if root.proof != unproven && !r.Proven {
			r.Proven = true
			switch root.proof {
			case firstWins:
				r.Winner = game.First
			case secondWins:
				r.Winner = game.Second
			}
		}
		if root.sim != none {
			ss := &t.sims[root.sim]
			for p := game.First; p <= game.Second; p++ {
				var total float64
				for k := range ss.arms[p] {
					total += ss.arms[p][k].strat
				}
				for k, a := range ss.acts[p] {
					i := index(p, a)
					if i < 0 {
						continue
					}
					arm := ss.arms[p][k]
					r.Stats[p][i].Visits += int64(arm.visits)
					sums[p][i] += arm.sum
					if total > 0 {
						// Each tree's average strategy counts in proportion to its visits.
						strat[p][i] += arm.strat / total * float64(root.visits)
					}
				}
			}
			// A selection that wins against every selection of the other side is a proven
			// win for its side.
			for p := game.First; p <= game.Second; p++ {
				for k, a := range ss.acts[p] {
					if i := index(p, a); i >= 0 && t.rowWins(t.root, p, int32(k)) {
						r.Stats[p][i].Proven, r.Stats[p][i].Result = true, 1
					}
				}
			}
			continue
		}
		if root.count <= 0 {
			continue
		}
		p := root.actors.Single()
		for k := range root.count {
			ch := &t.nodes[root.first+k]
			i := index(p, ch.action)
			if i < 0 {
				continue
			}
			r.Stats[p][i].Visits += ch.visits
			v := ch.sum
			if p == game.Second {
				v = float64(ch.visits) - ch.sum
			}
			sums[p][i] += v
			if ch.proof != unproven && m.cfg.Solver {
				r.Stats[p][i].Proven = true
				r.Stats[p][i].Result = ch.proof.rank(p) - 1
			}
		}
	}
	for p := game.First; p <= game.Second; p++ {
		st := r.Stats[p]
		var visits, stratTotal float64
		for i := range st {
			if st[i].Visits > 0 {
				st[i].Value = sums[p][i] / float64(st[i].Visits)
			}
			visits += float64(st[i].Visits)
			stratTotal += strat[p][i]
		}
		if r.Actors.Simultaneous() && m.cfg.Sim == RegretMatching && stratTotal > 0 {
			for i := range st {
				st[i].Policy = strat[p][i] / stratTotal
			}
		} else if visits > 0 {
			for i := range st {
				st[i].Policy = float64(st[i].Visits) / visits
			}
		}
	}
	if r.Actors.Simultaneous() && m.cfg.RootSolve > 0 {
		m.solveRoot(r, restrict)
	}
	for p := range r.Stats {
		if restrict[p] == nil {
			continue
		}
		var total float64
		for i := range r.Stats[p] {
			if !slices.Contains(restrict[p], r.Stats[p][i].Action) {
				r.Stats[p][i].Policy = 0
			}
			total += r.Stats[p][i].Policy
		}
		for i := range r.Stats[p] {
			switch {
			case total > 0:
				r.Stats[p][i].Policy /= total
			case slices.Contains(restrict[p], r.Stats[p][i].Action):
				r.Stats[p][i].Policy = 1 // the search never tried an allowed action: uniform
			}
		}
		if total == 0 {
			var n float64
			for i := range r.Stats[p] {
				n += r.Stats[p][i].Policy
			}
			for i := range r.Stats[p] {
				if n > 0 {
					r.Stats[p][i].Policy /= n
				}
			}
		}
	}
	for p := game.First; p <= game.Second; p++ {
		if r.Actors.Simultaneous() && m.cfg.Purify > 0 {
			purify(r.Stats[p], m.cfg.Purify)
		}
	}
	return r
}

// solveRoot sets the policies of a simultaneous root to the equilibrium of its estimated matrix
// game over the selections the search tried. A joint selection's estimate is its child's proven
// result if it has one, else its mean reward shrunk towards the mean of the two selections' own
// values by one virtual visit (so that untried pairs get a guess).
func (m *Searcher) solveRoot(r *Result, restrict [2][]game.Action) {
	var tried [2][]int
	pos := [2]map[game.Action]int{{}, {}}
	for p := range 2 {
		for i, s := range r.Stats[p] {
			if s.Visits > 0 && (restrict[p] == nil || slices.Contains(restrict[p], s.Action)) {
				pos[p][s.Action] = len(tried[p])
				tried[p] = append(tried[p], i)
			}
		}
	}
	n0, n1 := len(tried[0]), len(tried[1])
	if n0 == 0 || n1 == 0 {
		return
	}
	visits := make([]float64, n0*n1)
	sums := make([]float64, n0*n1)
	proven := make([]proof, n0*n1)
	for _, t := range m.trees {
		root := &t.nodes[t.root]
		if root.sim == none {
			return
		}
		ss := &t.sims[root.sim]
		for c := ss.children; c != none; c = t.nodes[c].next {
			a, b := unpackJoint(t.nodes[c].action)
			i, ok0 := pos[0][ss.acts[0][a]]
			j, ok1 := pos[1][ss.acts[1][b]]
			if !ok0 || !ok1 {
				continue
			}
			visits[i*n1+j] += float64(t.nodes[c].visits)
			sums[i*n1+j] += t.nodes[c].sum
			if p := t.nodes[c].proof; p != unproven {
				proven[i*n1+j] = p
			}
		}
	}
	mat := make([][]float64, n0)
	for i := range mat {
		mat[i] = make([]float64, n1)
		for j := range mat[i] {
			prior := (r.Stats[0][tried[0][i]].Value + 1 - r.Stats[1][tried[1][j]].Value) / 2
			mat[i][j] = (sums[i*n1+j] + prior) / (visits[i*n1+j] + 1)
			if p := proven[i*n1+j]; p != unproven {
				mat[i][j] = p.reward() // a proven result is exact, whatever the mean
			}
		}
	}
	x, y, _ := SolveMatrix(mat, m.cfg.RootSolve)
	if m.cfg.Trust > 0 {
		// Each side mixes only over its own trusted selections, against every selection of
		// the other side.
		for p := range 2 {
			var top int64
			for _, i := range tried[p] {
				top = max(top, r.Stats[p][i].Visits)
			}
			var keep []int
			for k, i := range tried[p] {
				if float64(r.Stats[p][i].Visits) >= m.cfg.Trust*float64(top) {
					keep = append(keep, k)
				}
			}
			sub := make([][]float64, 0, len(mat))
			if p == 0 {
				for _, k := range keep {
					sub = append(sub, mat[k])
				}
				xs, _, _ := SolveMatrix(sub, m.cfg.RootSolve)
				x = make([]float64, n0)
				for i, k := range keep {
					x[k] = xs[i]
				}
				continue
			}
			for i := range mat {
				row := make([]float64, len(keep))
				for c, k := range keep {
					row[c] = mat[i][k]
				}
				sub = append(sub, row)
			}
			_, ys, _ := SolveMatrix(sub, m.cfg.RootSolve)
			y = make([]float64, n1)
			for i, k := range keep {
				y[k] = ys[i]
			}
		}
	}
	for p, strat := range [2][]float64{x, y} {
		for i := range r.Stats[p] {
			r.Stats[p][i].Policy = 0
		}
		for k, i := range tried[p] {
			r.Stats[p][i].Policy = strat[k]
		}
	}
}

// purify drops actions whose policy is below frac times the largest and renormalises.
func purify(st []ActionStat, frac float64) {
	var top float64
	for _, s := range st {
		top = math.Max(top, s.Policy)
	}
	var total float64
	for i := range st {
		if st[i].Policy < frac*top {
			st[i].Policy = 0
		}
		total += st[i].Policy
	}
	if total > 0 {
		for i := range st {
			st[i].Policy /= total
		}
	}
}

// rowWins reports whether p's k-th selection at simultaneous node n is proven to win against
// every selection of the other side.
func (t *tree) rowWins(n int32, p game.Player, k int32) bool {
	st := &t.sims[t.nodes[n].sim]
	for j := range int32(len(st.acts[p.Other()])) {
		a, b := k, j
		if p == game.Second {
			a, b = j, k
		}
		c, ok := t.joint[jointKey(n, a, b)]
		if !ok || t.nodes[c].proof != winFor(p) {
			return false
		}
	}
	return true
}
