package othello

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"turncoat/games/discs"
	"turncoat/games/reversi"
	"turncoat/internal/sharedtest"
)

// loadFFO reads an FFO suite file from the shared material.
func loadFFO(tb testing.TB, name string) []reversi.Problem {
	tb.Helper()
	path := sharedtest.Path(tb, "data/ffo/"+name)
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	probs, err := reversi.ReadOBF(f, name)
	if err != nil {
		tb.Fatal(err)
	}
	return probs
}

// solveProblem solves one FFO position exactly and checks the score and the move.
func solveProblem(tb testing.TB, e *Engine, pr reversi.Problem) Result {
	tb.Helper()
	res, err := e.Search(context.Background(), PositionOf(pr.Board), Limits{ExactEmpties: 64})
	if err != nil {
		tb.Fatalf("#%s: %v", pr.ID, err)
	}
	if !res.Exact || res.Score != pr.Score {
		tb.Errorf("#%s: score %+d (exact %v), want %+d", pr.ID, res.Score, res.Exact, pr.Score)
	}
	if best := pr.BestMoves(); !slices.Contains(best, res.Move) {
		tb.Errorf("#%s: move %s scores %+d, not one of the best moves", pr.ID, reversi.SquareName(res.Move), res.Score)
	}
	return res
}

// TestFFO1to39 solves the FFO positions #1 to #39 (6 to 26 empties) exactly: every score and a
// best move must match the published ones.
func TestFFO1to39(t *testing.T) {
	e := New(Options{TableBytes: 32 << 20})
	var total uint64
	var elapsed time.Duration
	for _, file := range []string{"fforum-1-19.obf", "fforum-20-39.obf"} {
		for _, pr := range loadFFO(t, file) {
			e.Clear()
			res := solveProblem(t, e, pr)
			total += res.Nodes
			elapsed += res.Elapsed
			t.Logf("#%s: %s %+d nodes=%d time=%v", pr.ID, reversi.SquareName(res.Move), res.Score, res.Nodes, res.Elapsed.Round(time.Millisecond))
		}
	}
	t.Logf("total nodes=%d time=%v nps=%.0f", total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
}

// BenchmarkFFO40to59 solves the classic benchmark, FFO #40 to #59 (20 to 34 empties), on one
// thread, one position per sub-benchmark:
//
//	go test ./engine/othello -run XXX -bench FFO40to59 -benchtime 1x -timeout 3h
//
// ("turncoat solve ../shared/data/ffo/fforum-40-59.obf" prints the same figures).
func BenchmarkFFO40to59(b *testing.B) {
	for _, pr := range loadFFO(b, "fforum-40-59.obf") {
		b.Run(pr.ID, func(b *testing.B) {
			e := New(Options{TableBytes: 256 << 20})
			var nodes uint64
			for b.Loop() {
				e.Clear()
				nodes += solveProblem(b, e, pr).Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSolve10Empties solves random 10-empty positions of real-looking games: the speed
// of the solver's last plies, where it spends most of its nodes.
func BenchmarkSolve10Empties(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	var ps []Position
	for len(ps) < 200 {
		if pos, ok := randomGamePosition(rng, 8, 10); ok && discs.Moves(pos.P, pos.O) != 0 {
			ps = append(ps, pos)
		}
	}
	g := geometries[8]
	s := newTestSearcher(g)
	i := 0
	for b.Loop() {
		pos := ps[i%len(ps)]
		s.pvs(pos.P, pos.O, -64, 64, pos.Empties(), g.parity(g.mask&^(pos.P|pos.O)))
		i++
	}
	b.ReportMetric(float64(s.nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(s.nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkMidgameDepth searches midgame positions of real games (WTHOR 2019-2021, 36 to 44
// empties) to a fixed depth, with one and with two threads: the wall time of the midgame search
// the top levels run.
//
//	go test ./engine/othello -run XXX -bench MidgameDepth -benchtime 1x
func BenchmarkMidgameDepth(b *testing.B) {
	var positions []Position
	for _, pos := range wthorPositions(b, []int{2019, 2020, 2021}) {
		if n := pos.Empties(); n >= 36 && n <= 44 && len(positions) < 20 {
			positions = append(positions, pos)
		}
	}
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			benchSearches(b, New(Options{TableBytes: 256 << 20, Threads: threads}), positions, Limits{Depth: 12})
		})
	}
}

// benchSearches searches each of positions within lim, from a clear table, in each iteration
// of b, and reports the nodes an iteration searched.
func benchSearches(b *testing.B, e *Engine, positions []Position, lim Limits) {
	var nodes uint64
	for b.Loop() {
		for _, pos := range positions {
			e.Clear()
			res, err := e.Search(context.Background(), pos, lim)
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// wthorPositions returns positions of the games of the WTHOR databases of the given years
// (every 7th position with a move to play), reproducibly.
func wthorPositions(tb testing.TB, years []int) []Position {
	tb.Helper()
	var out []Position
	k := 0
	for _, year := range years {
		name := fmt.Sprintf("data/wthor/WTH_%d.wtb", year)
		f, err := os.Open(sharedtest.Path(tb, name))
		if err != nil {
			tb.Fatal(err)
		}
		db, err := reversi.ReadWTB(f, name)
		f.Close()
		if err != nil {
			tb.Fatal(err)
		}
		for i := range db.Games {
			r, err := db.Record(i, nil)
			if err != nil {
				tb.Fatal(err)
			}
			b := r.Start
			for _, m := range r.Moves {
				if m == reversi.Pass {
					b.Pass()
				} else if _, err := b.Play(m); err != nil {
					break
				}
				if k++; k%7 == 0 && b.Moves() != 0 {
					out = append(out, PositionOf(b))
				}
			}
		}
	}
	return out
}
