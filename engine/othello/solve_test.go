package othello

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// minimax is the reference: plain negamax over every move to the end of the game, with the
// rules' own move generator.
func minimax(p, o uint64, g *geometry) int {
	moves := discs.Moves(p, o) & g.mask
	if moves == 0 {
		if discs.Moves(o, p)&g.mask == 0 {
			return g.finalScore(p, o)
		}
		return -minimax(o, p, g)
	}
	best := -infinity
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := discs.Flips(sq, p, o)
		best = max(best, -minimax(o&^f, p|f|1<<sq, g))
	}
	return best
}

// randomGamePosition plays random moves from the start of an n x n board until empties squares
// are left, and returns the position from the side to move (which may have to pass), or false
// when the game ended first.
func randomGamePosition(rng *rand.Rand, n, empties int) (Position, bool) {
	b := reversi.Start(n)
	for {
		if _, _, e := b.Counts(); e <= empties {
			return PositionOf(b), true
		}
		if !playRandom(rng, &b) {
			return Position{}, false
		}
	}
}

// playRandom plays a random move on b, or passes when the side to move has none; it reports
// false, and plays nothing, when the game is over.
func playRandom(rng *rand.Rand, b *reversi.Board) bool {
	m := b.Moves()
	if m == 0 {
		if b.OpponentMoves() == 0 {
			return false
		}
		b.Pass()
		return true
	}
	for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
		m &= m - 1
	}
	if _, err := b.Play(bits.TrailingZeros64(m)); err != nil {
		panic(err)
	}
	return true
}

func newTestSearcher(g *geometry) *searcher {
	s := &searcher{g: g, tt: NewTable(1 << 20), stop: new(atomic.Bool), maxNodes: ^uint64(0), exactness: selExact}
	s.startTable()
	return s
}

// TestSolverMatchesMinimax checks the solver's value against plain minimax on random positions
// with up to 10 empties, on 8x8 and 6x6, through the full-window search and through null windows
// at every alpha around the value.
func TestSolverMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, size := range []int{8, 6} {
		g := geometries[size]
		for i := range 300 {
			empties := 1 + i%10
			if i%10 == 9 && i > 100 {
				continue // keep the 10-empty cases few: minimax is slow there
			}
			pos, ok := randomGamePosition(rng, size, empties)
			if !ok {
				continue
			}
			want := minimax(pos.P, pos.O, g)
			s := newTestSearcher(g)
			n := pos.Empties()
			par := g.parity(g.mask &^ (pos.P | pos.O))
			if got := s.pvs(pos.P, pos.O, -64, 64, n, par); got != want {
				t.Fatalf("%dx%d %s: pvs = %+d, minimax %+d", size, size, pos, got, want)
			}
			for alpha := want - 3; alpha <= want+2; alpha++ {
				s.tt.Clear()
				v := s.nws(pos.P, pos.O, alpha, n, par)
				if (want > alpha) != (v > alpha) || (v > alpha && v > want) || (v <= alpha && v < want) {
					t.Fatalf("%dx%d %s: nws(alpha %d) = %+d, but the value is %+d", size, size, pos, alpha, v, want)
				}
			}
		}
	}
}

// TestSearchSolvesRoot checks the engine's root (exact and win/loss/draw) on random positions
// against minimax, best move included.
func TestSearchSolvesRoot(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	e := New(Options{TableBytes: 1 << 20})
	for i := range 60 {
		size := []int{8, 6}[i%2]
		g := geometries[size]
		pos, ok := randomGamePosition(rng, size, 4+i%7)
		if !ok {
			continue
		}
		want := minimax(pos.P, pos.O, g)
		res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64})
		if err == ErrGameOver {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exact || res.Score != want {
			t.Fatalf("%s: score %+d (exact %v), minimax %+d", pos, res.Score, res.Exact, want)
		}
		// the move must reach the value
		if res.Move != reversi.Pass {
			f := discs.Flips(res.Move, pos.P, pos.O)
			if v := -minimax(pos.O&^f, pos.P|f|1<<res.Move, g); v != want {
				t.Fatalf("%s: move %s scores %+d, the best %+d", pos, reversi.SquareName(res.Move), v, want)
			}
		}
		wld, err := e.Search(context.Background(), pos, Limits{WLDEmpties: 64})
		if err != nil {
			t.Fatal(err)
		}
		if !wld.WLD || sign(wld.Score) != sign(want) {
			t.Fatalf("%s: win/loss/draw %+d, minimax %+d", pos, wld.Score, want)
		}
	}
}

// TestLocalTableAcrossPositions keeps one searcher, and so its local table, over many positions
// and windows: the bounds it holds from earlier searches must never give a wrong value.
func TestLocalTableAcrossPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	for _, size := range []int{8, 6} {
		g := geometries[size]
		s := newTestSearcher(g)
		for i := 0; i < 150; {
			pos, ok := randomGamePosition(rng, size, 7+rng.IntN(4))
			if !ok {
				continue
			}
			i++
			want := minimax(pos.P, pos.O, g)
			n := pos.Empties()
			par := g.parity(g.mask &^ (pos.P | pos.O))
			for alpha := want - 2; alpha <= want+1; alpha++ {
				v := s.nws(pos.P, pos.O, alpha, n, par)
				if (want > alpha) != (v > alpha) || (v > alpha && v > want) || (v <= alpha && v < want) {
					t.Fatalf("%dx%d %s: nws(alpha %d) = %+d, but the value is %+d", size, size, pos, alpha, v, want)
				}
			}
			if got := s.pvs(pos.P, pos.O, -64, 64, n, par); got != want {
				t.Fatalf("%dx%d %s: pvs = %+d, minimax %+d", size, size, pos, got, want)
			}
		}
		used := 0
		for _, level := range s.local {
			for _, e := range level {
				if e.p|e.o != 0 {
					used++
				}
			}
		}
		if used == 0 {
			t.Fatalf("%dx%d: the local table was never used", size, size)
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestParallelSolve checks that two and four threads find the exact values one thread does,
// exactly and after the selective searches, on random positions with enough empties for split
// points at every level, and that a midgame search with threads gives a move.
func TestParallelSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	engines := []*Engine{New(Options{TableBytes: 4 << 20, Threads: 2}), New(Options{TableBytes: 4 << 20, Threads: 4})}
	for i := 0; i < 24; {
		pos, ok := randomGamePosition(rng, 8, 12+rng.IntN(9))
		if !ok || discs.Moves(pos.P, pos.O) == 0 {
			continue
		}
		i++
		want := newTestSearcher(geometries[8]).pvs(pos.P, pos.O, -64, 64, pos.Empties(), geometries[8].parity(^(pos.P | pos.O)))
		for _, e := range engines {
			e.Clear()
			res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != want || !res.Exact {
				t.Fatalf("%s: %d threads say %+d, one %+d", pos, e.threads, res.Score, want)
			}
			mid, err := e.Search(context.Background(), pos, Limits{Depth: 6})
			if err != nil || mid.Move == reversi.Pass {
				t.Fatalf("midgame search with %d threads: %v %v", e.threads, mid, err)
			}
		}
	}
}

// TestSmallBoardsFromTheStart: the 4x4 game is a White win 11-3 with two squares left empty,
// -10 for Black with the empties to the winner (the rules' reference figure).
func TestSmallBoardsFromTheStart(t *testing.T) {
	res, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), PositionOf(reversi.Start(4)), Limits{ExactEmpties: 64})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exact || res.Score != -10 {
		t.Fatalf("4x4 from the start: %v, want exactly -10", res)
	}
}

// TestLimits: a time limit and a node limit stop a search that has none other, with a move.
// (Without its limit the search would go on for hours; how deep it gets in its time depends
// on the machine and its load.)
func TestLimits(t *testing.T) {
	pos := PositionOf(reversi.Start(8))
	e := New(Options{TableBytes: 1 << 20})
	var res Result
	var err error
	within(t, time.Minute, func() {
		res, err = e.Search(context.Background(), pos, Limits{Time: 300 * time.Millisecond})
	})
	if err != nil || res.Exact || res.Depth >= 60 {
		t.Fatalf("%v %v", res, err)
	}
	if discs.Moves(pos.P, pos.O)&(1<<res.Move) == 0 {
		t.Fatalf("illegal move %s", reversi.SquareName(res.Move))
	}
	res, err = e.Search(context.Background(), pos, Limits{Nodes: 20000})
	if err != nil || res.Depth == 0 {
		t.Fatalf("%v %v", res, err)
	}
	if res.Nodes > 40000 {
		t.Fatalf("a 20000-node search took %d nodes", res.Nodes)
	}
	if discs.Moves(pos.P, pos.O)&(1<<res.Move) == 0 {
		t.Fatalf("illegal move %s", reversi.SquareName(res.Move))
	}
}

// TestSelectiveThenExact runs the solve's selective searches (probcut) and then the exact one
// in the same table, as a solve does, on random positions: the exact search must still find
// the exact value. It fails if a selective result is stored as exact (a subtree where probcut
// cut, or which used a selective bound, taken for solved).
func TestSelectiveThenExact(t *testing.T) {
	g := geometries[8]
	rng := rand.New(rand.NewPCG(11, 11))
	differed := 0
	for i := 0; i < 40; {
		pos, ok := randomGamePosition(rng, 8, 16)
		if !ok {
			continue
		}
		i++
		parity := g.parity(g.mask &^ (pos.P | pos.O))
		want := newTestSearcher(g).pvs(pos.P, pos.O, -64, 64, 16, parity)
		s := newTestSearcher(g)
		for sel := 1; sel <= len(probcutT); sel++ {
			s.setSelectivity(sel)
			if v := s.pvs(pos.P, pos.O, -64, 64, 16, parity); v != want {
				differed++
			}
		}
		s.setSelectivity(0)
		if got := s.pvs(pos.P, pos.O, -64, 64, 16, parity); got != want {
			t.Fatalf("position %d: exact search after selective ones found %d, want %d", i, got, want)
		}
		if s.inexact == 0 {
			t.Fatalf("position %d: the selective searches made no selective decision", i)
		}
	}
	// the positions must exercise probcut: some selective values differ from the exact ones
	if differed == 0 {
		t.Fatal("no selective search differed from the exact one: the test proves nothing")
	}
	t.Logf("%d of %d selective searches differed from the exact value", differed, 40*len(probcutT))
}

// TestSelectiveBoundsCount checks the bookkeeping that decides whether a selective search's
// result is exact: a bound taken from a selective result counts as a selective decision, an
// exact one does not.
func TestSelectiveBoundsCount(t *testing.T) {
	g := geometries[8]
	rng := rand.New(rand.NewPCG(12, 12))
	var pos Position
	for ok := false; !ok || discs.Moves(pos.P, pos.O) == 0; {
		pos, ok = randomGamePosition(rng, 8, ttEmpties) // a position the shared table serves
	}
	parity := g.parity(g.mask &^ (pos.P | pos.O))
	for _, c := range []struct {
		stored      int // exactness of the stored bound
		wantInexact uint64
	}{{0, 1}, {selExact, 0}} {
		s := newTestSearcher(g)
		s.setSelectivity(1)
		s.tt.store(pos.P, pos.O, ttEmpties, c.stored, 0, 1, 10, noMove, 1000) // a lower bound of 10
		if v := s.nws(pos.P, pos.O, 0, ttEmpties, parity); v != 10 {
			t.Fatalf("stored exactness %d: nws = %d, want the stored bound 10", c.stored, v)
		}
		if s.inexact != c.wantInexact {
			t.Errorf("stored exactness %d: %d selective decisions counted, want %d", c.stored, s.inexact, c.wantInexact)
		}
	}
}

// TestSolveReportsSelectiveSearches: a solve's progress reports its selective searches to the
// end, from the least sure to the surest, before the exact result, and a solve stopped during
// them returns the last one's move and value with its selectivity.
func TestSolveReportsSelectiveSearches(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	var pos Position
	for ok := false; !ok || discs.Moves(pos.P, pos.O) == 0; {
		pos, ok = randomGamePosition(rng, 8, selectiveEmpties+2)
	}
	want := confidencesOf(probcutT)
	if fmt.Sprint(want) != "[73 87 95 99]" {
		t.Fatalf("the selectivities of the margins %v are %v, want 73%%, 87%%, 95%% and 99%%", probcutT, want)
	}
	var got []Result
	e := New(Options{TableBytes: 16 << 20})
	res, err := e.Search(context.Background(), pos, Limits{ExactEmpties: 64, Progress: func(r Result) { got = append(got, r) }})
	if err != nil || !res.Exact || res.Selectivity != 0 {
		t.Fatalf("solve: %+v %v, want an exact result without selectivity", res, err)
	}
	var sels []int
	for i, r := range got {
		if r.Selectivity == 0 {
			continue
		}
		sels = append(sels, r.Selectivity)
		if r.Exact || r.Depth >= selectiveEmpties+2 || r.Nodes == 0 || discs.Moves(pos.P, pos.O)&(1<<r.Move) == 0 {
			t.Errorf("report %d: %+v: a selective search's report is not exact, keeps the midgame depth and has a legal move and nodes", i, r)
		}
	}
	if fmt.Sprint(sels) != fmt.Sprint(want) {
		t.Fatalf("selective reports %v, want %v", sels, want)
	}
	if last := got[len(got)-1]; !last.Exact || last.Selectivity != 0 || last.Score != res.Score {
		t.Fatalf("last report %+v, want the exact result %+v", last, res)
	}

	// stopped as the exact search starts: the surest selective search's move and value
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e.Clear()
	var last Result
	res, err = e.Search(ctx, pos, Limits{ExactEmpties: 64, Progress: func(r Result) {
		last = r
		if r.Selectivity == want[len(want)-1] {
			cancel()
		}
	}})
	if err != nil || res.Exact || res.Selectivity != want[len(want)-1] || res.Move != last.Move || res.Score != last.Score {
		t.Fatalf("stopped solve: %+v %v, want the 99%% search's move and value (%+v)", res, err, last)
	}
}
