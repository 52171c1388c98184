package worker

import (
	"context"
	"time"

	"turncoat/engine/othello"
	"turncoat/game"
	"turncoat/games/reversi"
)

// Bench is a measure of the Othello search's speed: an 8x8 position (the moves played from the
// start) searched to a fixed depth, without a clock, so the same search runs here and in the
// browser and visits the same nodes.
type Bench struct {
	Moves []string `json:"moves"`
	Depth int      `json:"depth"`
}

// BenchResult is a measured search: its nodes, how long it took, and the rate.
type BenchResult struct {
	Nodes       uint64  `json:"nodes"`
	Ms          float64 `json:"ms"`
	NodesPerSec float64 `json:"nodesPerSec"`
	Score       int     `json:"score"`
}

// maxBenchDepth bounds a measure's depth (a depth of 12 takes seconds already).
const maxBenchDepth = 14

// bench runs a measure on an engine of its own (a 16 MB table), once to warm it (the first
// search fills the evaluation's tables), then timed.
func (e *Engine) bench(ctx context.Context, b Bench) (BenchResult, error) {
	if b.Depth < 1 || b.Depth > maxBenchDepth {
		return BenchResult{}, errorf(codeBadRequest, "depth %d: want 1 to %d", b.Depth, maxBenchDepth)
	}
	an, err := e.Analysis(ctx, Analyze{Kind: "reversi", Options: map[string]string{"size": "8"}, Moves: b.Moves})
	if err != nil {
		return BenchResult{}, err
	}
	g, _ := e.reg.Lookup("reversi")
	st, err := g.Decode(an.View.State)
	if err != nil {
		return BenchResult{}, err
	}
	if st.ToAct() == game.Nobody {
		return BenchResult{}, errorf(codeGameOver, "%v", game.ErrGameOver)
	}
	pos := othello.PositionOf(st.(*reversi.State).Board())
	eng := othello.New(othello.Options{TableBytes: 16 << 20})
	if _, err := eng.Search(ctx, pos, othello.Limits{Depth: 1}); err != nil {
		return BenchResult{}, err
	}
	eng = othello.New(othello.Options{TableBytes: 16 << 20})
	start := time.Now()
	res, err := eng.Search(ctx, pos, othello.Limits{Depth: b.Depth})
	elapsed := time.Since(start)
	if err != nil {
		return BenchResult{}, err
	}
	out := BenchResult{Nodes: res.Nodes, Ms: float64(elapsed.Microseconds()) / 1000, Score: res.Score}
	if elapsed > 0 {
		out.NodesPerSec = float64(res.Nodes) / elapsed.Seconds()
	}
	return out, nil
}

// RunBench is bench for native callers (the browser's measure compares itself with it).
func (e *Engine) RunBench(ctx context.Context, b Bench) (BenchResult, error) { return e.bench(ctx, b) }
