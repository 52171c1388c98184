package othello

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// testPolicy is a fixed policy, so that tuning managedTime does not change what these tests
// check: stop at half the cap (a quarter for a move settled over 3 iterations), a drop of 4
// discs is critical, growth per ply between 2 and 4.
var testPolicy = timePolicy{soft: 0.5, stableSoft: 0.25, stableIterations: 3, drop: 4, minGrowth: 2, maxGrowth: 4}

// iters builds an iteration history from (move, score, elapsed in ms) triples, depths 1, 2...
func iters(t ...[3]int) []iteration {
	h := make([]iteration, len(t))
	for i, x := range t {
		h[i] = iteration{depth: i + 1, move: x[0], score: x[1], elapsed: time.Duration(x[2]) * time.Millisecond}
	}
	return h
}

func TestNextIteration(t *testing.T) {
	const c3, d3, f5 = 19, 26, 37
	cases := []struct {
		name  string
		hist  []iteration
		moves int
		more  bool
		why   timeReason
	}{
		{"forced: one move, not even a first iteration", nil, 1, false, reasonForced},
		{"forced after an iteration", iters([3]int{f5, 0, 1}), 1, false, reasonForced},
		{"no iteration yet", nil, 5, true, reasonOrdinary},
		// same move for 3 iterations, past a quarter of the cap: stop early
		{"stable: stop early", iters([3]int{c3, 1, 50}, [3]int{f5, 2, 100}, [3]int{f5, 1, 150}, [3]int{f5, 2, 260}), 5, false, reasonStable},
		{"stable, within its share", iters([3]int{c3, 1, 50}, [3]int{f5, 2, 90}, [3]int{f5, 1, 140}, [3]int{f5, 2, 200}), 5, true, reasonStable},
		// the same times, but the last iteration changed the move: on up to the cap
		{"changed: go on", iters([3]int{f5, 1, 50}, [3]int{f5, 2, 100}, [3]int{f5, 1, 150}, [3]int{c3, 2, 260}), 5, true, reasonChanged},
		{"changed, past the soft share", iters([3]int{f5, 1, 500}, [3]int{f5, 2, 550}, [3]int{f5, 1, 600}, [3]int{c3, 2, 650}), 5, true, reasonChanged},
		// same move, its score down 5 discs from the iteration of the same parity
		{"dropped: go on", iters([3]int{f5, 1, 500}, [3]int{f5, 2, 550}, [3]int{f5, 5, 600}, [3]int{f5, 6, 620}, [3]int{f5, 0, 650}), 5, true, reasonDropped},
		// odd and even depths differ by 4 discs: a swing, not a drop
		{"parity swing is no drop", iters([3]int{f5, 2, 500}, [3]int{f5, -2, 550}, [3]int{f5, 2, 600}, [3]int{f5, -2, 650}), 5, false, reasonStable},
		// the move changed two iterations ago: neither settled nor in doubt
		{"ordinary past half", iters([3]int{c3, 1, 100}, [3]int{f5, 2, 300}, [3]int{f5, 1, 550}), 5, false, reasonOrdinary},
		{"ordinary within half", iters([3]int{c3, 1, 100}, [3]int{f5, 2, 200}, [3]int{f5, 1, 300}), 5, true, reasonOrdinary},
		// the move changed, but the last iteration took 300 ms: the next, at 2 to 4 times
		// that, would end past the cap
		{"predicted overrun", iters([3]int{f5, 1, 100}, [3]int{f5, 2, 200}, [3]int{c3, 1, 500}), 5, false, reasonOverrun},
		{"predicted overrun in an ordinary position", iters([3]int{c3, 1, 10}, [3]int{f5, 2, 100}, [3]int{f5, 1, 400}), 5, false, reasonOverrun},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			more, why := nextIteration(c.hist, c.moves, time.Second, testPolicy)
			if more != c.more || why != c.why {
				t.Errorf("nextIteration = %v (%v), want %v (%v)", more, why, c.more, c.why)
			}
		})
	}
}

func TestNextDuration(t *testing.T) {
	cases := []struct {
		name string
		hist []iteration
		want time.Duration
	}{
		// one iteration: nothing to measure growth on; the most it could grow
		{"one iteration", iters([3]int{1, 0, 10}), 40 * time.Millisecond},
		{"two iterations: their ratio", iters([3]int{1, 0, 10}, [3]int{1, 0, 40}), 90 * time.Millisecond},
		// over two plies: (10 -> 90) is 3 a ply, whatever the ply between
		{"growth per ply over two plies", iters([3]int{1, 0, 100}, [3]int{1, 0, 110}, [3]int{1, 0, 150}, [3]int{1, 0, 240}), 270 * time.Millisecond},
		{"at least the least growth", iters([3]int{1, 0, 100}, [3]int{1, 0, 200}, [3]int{1, 0, 300}), 200 * time.Millisecond},
		{"at most the most growth", iters([3]int{1, 0, 1}, [3]int{1, 0, 2}, [3]int{1, 0, 100}), 392 * time.Millisecond},
		{"instant iterations", iters([3]int{1, 0, 0}, [3]int{1, 0, 0}, [3]int{1, 0, 0}), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := nextDuration(c.hist, testPolicy); got != c.want {
				t.Errorf("nextDuration = %v, want %v", got, c.want)
			}
		})
	}
}

// TestManagedForcedMove checks that a managed search plays a move that is the only one, up to
// the position's symmetry, after a single shallow iteration, where the same search unmanaged
// searches on (the node counts tell, not the clock).
func TestManagedForcedMove(t *testing.T) {
	cases := []struct {
		name string
		pos  Position
	}{
		// the 6x6 start: four moves, all alike by symmetry (distinctRoots)
		{"6x6 start, symmetric", PositionOf(reversi.Start(6))},
		{"one legal move", oneMovePosition(t)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lim := Limits{Depth: 8, Time: time.Hour, Selective: true}
			plain, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), c.pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			lim.Managed = true
			managed, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), c.pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			if managed.Move != plain.Move || managed.Depth != 1 {
				t.Errorf("managed: %v at depth %d, want %v at depth 1", managed, managed.Depth, plain)
			}
			if plain.Depth == 1 || managed.Nodes >= plain.Nodes {
				t.Errorf("managed %d nodes (depth %d), unmanaged %d (depth %d): want fewer", managed.Nodes, managed.Depth, plain.Nodes, plain.Depth)
			}
		})
	}
}

// TestManagedLevels checks that the levels from 8 manage their time and the others do not.
func TestManagedLevels(t *testing.T) {
	for l := 1; l <= 10; l++ {
		lv, err := LevelOf(l)
		if err != nil {
			t.Fatal(err)
		}
		if want := l >= 8; lv.Limits.Managed != want {
			t.Errorf("level %d: Managed %v, want %v", l, lv.Limits.Managed, want)
		}
	}
}

// oneMovePosition plays random games from the start until the side to move has a single
// legal move with more than 30 empties.
func oneMovePosition(t *testing.T) Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		pos := PositionOf(reversi.Start(8))
		p, o := pos.P, pos.O
		for 64-bits.OnesCount64(p|o) > 30 {
			moves := discs.Moves(p, o)
			if moves == 0 {
				break
			}
			if bits.OnesCount64(moves) == 1 {
				return Position{P: p, O: o, Size: 8}
			}
			k := rng.IntN(bits.OnesCount64(moves))
			for range k {
				moves &= moves - 1
			}
			sq := bits.TrailingZeros64(moves)
			p, o = play(p, o, sq, flip(sq, p, o))
		}
	}
	t.Fatal("no position with one legal move found")
	return Position{}
}

// TestManagedKeepsExactValues: a forced move within the level's solving range is still solved
// (its value is exact), and an analysis values every move alike whether the limits manage their
// time or not (the game review's and the hints' values came out of depth 1 before).
func TestManagedKeepsExactValues(t *testing.T) {
	start4 := PositionOf(reversi.Start(4)) // four moves, all alike by symmetry
	lim := Limits{ExactEmpties: 16, WLDEmpties: 16, Time: time.Hour, Selective: true}
	plain, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), start4, lim)
	if err != nil {
		t.Fatal(err)
	}
	lim.Managed = true
	managed, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), start4, lim)
	if err != nil {
		t.Fatal(err)
	}
	if !plain.Exact || !managed.Exact || managed.Score != plain.Score {
		t.Errorf("4x4 start: managed %v (exact %v), unmanaged %v (exact %v): want the same exact value", managed, managed.Exact, plain, plain.Exact)
	}

	pos := PositionOf(reversi.Start(6))
	lim = Limits{Depth: 6, Time: time.Hour, Selective: true}
	want, _, err := New(Options{TableBytes: 1 << 20}).Analyze(context.Background(), pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	lim.Managed = true
	got, _, err := New(Options{TableBytes: 1 << 20}).Analyze(context.Background(), pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("analysis with managed time %v, without %v", got, want)
	}
}
