package ai

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"turncoat/engine"
	"turncoat/game"
)

// Resources are what an agent uses for one move, as its kind or level reports them: the
// quantities NewSafe's caps bound.
type Resources struct {
	// Threads is the number of searches that run at once.
	Threads int
	// Memory is the bytes of its tables and trees.
	Memory int64
	// MoveTime is its own time limit per move; 0 means none.
	MoveTime time.Duration
	// Iterations is its Monte Carlo simulations per move; 0 means no budget.
	Iterations int64
	// Nodes is its alpha-beta node budget per move; 0 means none.
	Nodes int64
}

// Limits are the caps NewSafe holds agents to. A zero field means its default.
type Limits struct {
	// Threads caps the searches running at once (default: the machine's cores).
	Threads int
	// Memory caps tables and trees, in bytes (default DefaultMemory).
	Memory int64
	// MoveTime caps a move: an agent's own time limit may not exceed it, and every move
	// stops at it whatever the agent's other limits (default DefaultMoveTime).
	MoveTime time.Duration
	// Iterations caps Monte Carlo simulations per move (default DefaultIterations).
	Iterations int64
	// Nodes caps alpha-beta nodes per move (default DefaultNodes).
	Nodes int64
}

// The default caps.
const (
	DefaultMemory     = 256 << 20
	DefaultMoveTime   = time.Minute
	DefaultIterations = 10_000_000
	DefaultNodes      = 500_000_000
)

// withDefaults returns l with its zero fields set to the defaults.
func (l Limits) withDefaults() Limits {
	if l.Threads <= 0 {
		l.Threads = runtime.NumCPU()
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.MoveTime <= 0 {
		l.MoveTime = DefaultMoveTime
	}
	if l.Iterations <= 0 {
		l.Iterations = DefaultIterations
	}
	if l.Nodes <= 0 {
		l.Nodes = DefaultNodes
	}
	return l
}

// LimitError is NewSafe's refusal of a well-formed spec: the kind starts a process, or the
// agent would exceed a cap.
type LimitError struct {
	// Spec is the refused spec.
	Spec string
	// Cap names what was refused: "process", "threads", "memory", "time", "iterations" or
	// "nodes".
	Cap string
	// Reason says what the agent would use and what the cap allows.
	Reason string
}

// Error returns "agent SPEC refused: REASON".
func (e *LimitError) Error() string { return fmt.Sprintf("agent %q refused: %s", e.Spec, e.Reason) }

// check returns a LimitError if r exceeds l.
func (l Limits) check(spec string, r Resources) error {
	refuse := func(cap, format string, args ...any) error {
		return &LimitError{Spec: spec, Cap: cap, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case r.Threads > l.Threads:
		return refuse("threads", "it would search with %d threads; the cap is %d (the cores this server offers)", r.Threads, l.Threads)
	case r.Memory > l.Memory:
		return refuse("memory", "it would use %d MB of tables and trees; the cap is %d MB", mb(r.Memory), mb(l.Memory))
	case r.MoveTime > l.MoveTime:
		return refuse("time", "it would think %v a move; the cap is %v", r.MoveTime, l.MoveTime)
	case r.Iterations > l.Iterations:
		return refuse("iterations", "it would run %d iterations a move; the cap is %d", r.Iterations, l.Iterations)
	case r.Nodes > l.Nodes:
		return refuse("nodes", "it would search %d nodes a move; the cap is %d", r.Nodes, l.Nodes)
	}
	return nil
}

// mb converts bytes to megabytes, rounding up.
func mb(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// NewSafe builds an agent for an untrusted caller (a server's user) under the default caps:
// see Limits.New.
func NewSafe(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	return Limits{}.New(g, spec, seed)
}

// New builds an agent for an untrusted caller: a level (1-10) or a registered kind's spec,
// whose agent must stay within l (zero fields: the defaults). A kind that starts a process is
// refused before anything is built, and so is a spec whose agent would use more threads,
// memory, time or budget than l allows, with a *LimitError naming the cap; every move of the
// agent stops at l.MoveTime whatever the agent's own limits. Bad specs get Parse's errors.
func (l Limits) New(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	l = l.withDefaults()
	a, r, err := build(g, spec, seed, func(k *Kind) error {
		if k.StartsProcess {
			return &LimitError{Spec: spec, Cap: "process", Reason: k.Name + " starts an external program, which only the command line may do"}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := l.check(spec, r); err != nil {
		return nil, err
	}
	b := bounded{inner: a, moveTime: l.MoveTime}
	if _, ok := a.(engine.Analyzer); ok {
		return boundedAnalyzer{b}, nil
	}
	return b, nil
}

// bounded is an agent whose every move stops at moveTime: the agents return their best move
// so far when their context ends.
type bounded struct {
	inner    engine.Agent
	moveTime time.Duration
}

// Name returns the agent's name.
func (b bounded) Name() string { return b.inner.Name() }

// Choose is the agent's Choose under the move deadline.
func (b bounded) Choose(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	ctx, cancel := context.WithTimeout(ctx, b.moveTime)
	defer cancel()
	return b.inner.Choose(ctx, s, p)
}

// Unwrap returns the agent inside the bound.
func (b bounded) Unwrap() engine.Agent { return b.inner }

// boundedAnalyzer is bounded for an agent that analyses.
type boundedAnalyzer struct{ bounded }

// Analyze is the agent's Analyze under the move deadline.
func (b boundedAnalyzer) Analyze(ctx context.Context, s game.State, p game.Player) ([]engine.MoveStat, error) {
	ctx, cancel := context.WithTimeout(ctx, b.moveTime)
	defer cancel()
	return b.inner.(engine.Analyzer).Analyze(ctx, s, p)
}
