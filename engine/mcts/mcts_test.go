package mcts

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/games/discs"
	"turncoat/games/reversi"
	"turncoat/games/turncoat"
)

// exactReversi returns the final disc difference for the side to move under perfect play (the
// plain difference of discs, which has the sign of the winner).
func exactReversi(p, o, mask uint64, passed bool) int {
	moves := discs.Moves(p, o) & mask
	if moves == 0 {
		if passed {
			return bits.OnesCount64(p) - bits.OnesCount64(o)
		}
		return -exactReversi(o, p, mask, true)
	}
	best := -100
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := discs.Flips(sq, p, o)
		best = max(best, -exactReversi(o&^f, p|f|uint64(1)<<sq, mask, false))
	}
	return best
}

// randomReversi plays n random plies from the start of an size x size game; ok is false when
// the game ended first.
func randomReversi(size, plies int, rng *rand.Rand) (*reversi.State, bool) {
	s := reversi.NewState(reversi.Rules{Size: size, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	var buf []game.Action
	for range plies {
		acts := s.ToAct()
		if acts == game.Nobody {
			return s, false
		}
		buf = s.Legal(acts.Single(), buf[:0])
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			panic(err)
		}
	}
	return s, s.ToAct() != game.Nobody
}

// TestFindsForcedWin checks that MCTS with the solver plays a winning move in Othello endgames
// that have one (6x6, a few empty squares), and that its proofs agree with minimax.
func TestFindsForcedWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tested := 0
	for tested < 25 {
		s, ok := randomReversi(6, 22+rng.IntN(6), rng)
		if !ok {
			continue
		}
		b := s.Board()
		p, o := b.Mover()
		mask := b.Squares()
		if exactReversi(p, o, mask, false) <= 0 {
			continue // no win to find
		}
		// The winning moves, and whether some move does not win (else the test is vacuous).
		winning := map[game.Action]bool{}
		losing := 0
		moves := discs.Moves(p, o) & mask
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := discs.Flips(sq, p, o)
			if -exactReversi(o&^f, p|f|uint64(1)<<sq, mask, false) > 0 {
				winning[game.Action(sq)] = true
			} else {
				losing++
			}
		}
		if losing == 0 || moves == 0 {
			continue
		}
		tested++
		m := New(Config{Iterations: 20000, Seed: uint64(tested), Solver: true})
		me := game.Player(b.Turn)
		a, err := m.Choose(context.Background(), s, me)
		if err != nil {
			t.Fatal(err)
		}
		if !winning[a] {
			t.Errorf("%s: played %s, which does not win (winning: %v)", s.Encode(), reversi.SquareName(int(a)), winning)
		}
		r := m.LastResult()
		if r.Proven && r.Winner != me {
			t.Errorf("%s: root proven won by %s, but the side to move (%s) wins", s.Encode(), r.Winner, me)
		}
		for _, st := range r.Stats[me] {
			if st.Proven && (st.Result > 0) != winning[st.Action] {
				t.Errorf("%s: %s proven %d, minimax says win=%v", s.Encode(), reversi.SquareName(int(st.Action)), st.Result, winning[st.Action])
			}
		}
	}
}

// TestSolverProvesEndgames checks proofs against minimax on small endgames, where the solver
// proves the root.
func TestSolverProvesEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	proven := 0
	for i := 0; i < 40; i++ {
		s, ok := randomReversi(4, 6+rng.IntN(4), rng)
		if !ok {
			continue
		}
		b := s.Board()
		p, o := b.Mover()
		v := exactReversi(p, o, b.Squares(), false)
		m := New(Config{Iterations: 30000, Seed: uint64(i), Solver: true})
		r, err := m.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Proven {
			continue
		}
		proven++
		me := game.Player(b.Turn)
		want := game.NoPlayer
		switch {
		case v > 0:
			want = me
		case v < 0:
			want = me.Other()
		}
		if r.Winner != want {
			t.Errorf("%s: proven winner %s, minimax %s (margin %d)", s.Encode(), r.Winner, want, v)
		}
	}
	if proven < 20 {
		t.Errorf("only %d of the 4x4 endgames proven, want most", proven)
	}
}

// TestDeterministic checks that a seed and an iteration budget give the same search, with one
// worker and with two.
func TestDeterministic(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	for _, w := range []int{1, 2} {
		var prev *Result
		for range 2 {
			m := New(Config{Iterations: 3000, Seed: 42, Workers: w, Solver: true})
			r, err := m.Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if r.Iterations != 3000 {
				t.Errorf("workers %d: %d iterations, want 3000", w, r.Iterations)
			}
			if prev != nil {
				for i := range r.Stats[0] {
					if r.Stats[0][i] != prev.Stats[0][i] {
						t.Errorf("workers %d: runs differ: %+v vs %+v", w, r.Stats[0][i], prev.Stats[0][i])
					}
				}
			}
			prev = r
		}
	}
	// Different seeds give different searches.
	a, _ := New(Config{Iterations: 3000, Seed: 1}).Search(context.Background(), s)
	b, _ := New(Config{Iterations: 3000, Seed: 2}).Search(context.Background(), s)
	same := true
	for i := range a.Stats[0] {
		same = same && a.Stats[0][i].Visits == b.Stats[0][i].Visits
	}
	if same {
		t.Error("seeds 1 and 2 gave identical searches")
	}
}

// TestTreeReuse checks that the next search starts from the subtree of the position reached,
// keeping its statistics.
func TestTreeReuse(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	m := New(Config{Iterations: 20000, Seed: 9, Reuse: true, Solver: true})
	ctx := context.Background()
	a, err := m.Choose(ctx, s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	// The opponent's most visited reply is in the tree with many visits.
	tr := m.trees[0]
	var reply game.Action
	var replyVisits int64
	var child int32
	tr.children(tr.root, func(c int32, act game.Action, _ game.Joint, _ bool) bool {
		if act == a {
			child = c
		}
		return true
	})
	tr.children(child, func(c int32, act game.Action, _ game.Joint, _ bool) bool {
		if tr.nodes[c].visits > replyVisits {
			reply, replyVisits = act, tr.nodes[c].visits
		}
		return true
	})
	if replyVisits == 0 {
		t.Fatal("no visited reply below the chosen move")
	}
	if err := s.Apply(reply); err != nil {
		t.Fatal(err)
	}
	if !tr.advance(s, s.Encode()) {
		t.Fatal("the position two plies down was not found in the tree")
	}
	if tr.nodes[tr.root].visits != replyVisits {
		t.Errorf("reused root has %d visits, want the %d the node had", tr.nodes[tr.root].visits, replyVisits)
	}
	if tr.state.Encode() != s.Encode() {
		t.Errorf("reused root state %q, want %q", tr.state.Encode(), s.Encode())
	}
	// The search goes on from there and adds its budget.
	r, err := m.Search(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, st := range r.Stats[game.First] {
		total += st.Visits
	}
	if total < 20000+replyVisits-1-int64(len(r.Stats[0])) {
		t.Errorf("root children have %d visits after reuse, want about %d", total, 20000+replyVisits)
	}
	// An unrelated position is not found: the tree starts afresh.
	other := reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass})
	if tr.advance(other, other.Encode()) {
		t.Error("a 6x6 start was found in an 8x8 tree")
	}
}

// cancelAfter returns random playouts that cancel the search's context after n playouts: a
// cancellation in the middle of a search, at a point that does not depend on the machine's
// speed or load.
func cancelAfter(n int64, cancel context.CancelFunc) PlayoutFactory {
	var count atomic.Int64
	return func(g game.Game) Playout {
		random := RandomPlayout(g)
		return func(s game.State, rng *rand.Rand) float64 {
			if count.Add(1) == n {
				cancel()
			}
			return random(s, rng)
		}
	}
}

// TestCancelAndTime checks context cancellation and the time budget.
func TestCancelAndTime(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(Config{Iterations: 1000}).Choose(ctx, s, game.First); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before the search: err %v, want context.Canceled", err)
	}
	// Cancelled after 500 playouts, a search of 2^40 iterations stops with a move; the
	// workers notice within 32 iterations each.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	m := New(Config{Iterations: 1 << 40, Workers: 2, Playout: cancelAfter(500, cancel)})
	a, err := m.Choose(ctx, s, game.First)
	if err != nil {
		t.Fatalf("cancelled during the search: %v", err)
	}
	if game.CheckLegal(s, game.First, a) != nil {
		t.Errorf("illegal move %d", a)
	}
	if it := m.LastResult().Iterations; it < 500 || it > 500+2*32 {
		t.Errorf("%d iterations, want 500 and at most 32 more a worker", it)
	}
	// A time budget stops a search that has no other, after one iteration at least (each
	// worker), even when the deadline has passed before the search begins.
	for _, d := range []time.Duration{time.Nanosecond, 30 * time.Millisecond} {
		m = New(Config{Time: d, Workers: 2})
		if _, err := m.Choose(context.Background(), s, game.First); err != nil {
			t.Fatal(err)
		}
		if it := m.LastResult().Iterations; it < 2 {
			t.Errorf("time %v: %d iterations, want one a worker at least", d, it)
		}
	}
	if _, err := m.Choose(context.Background(), s, game.Second); !errors.Is(err, engine.ErrNoMove) {
		t.Errorf("asking the side not to move: err %v, want ErrNoMove", err)
	}
}

// TestAnalyze checks the per-move statistics a UI shows.
func TestAnalyze(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	m := New(Config{Iterations: 4000, Seed: 1, Workers: 2})
	stats, err := m.Analyze(context.Background(), s, game.First)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 4 {
		t.Fatalf("%d moves analysed, want the 4 legal ones", len(stats))
	}
	var visits int64
	for i, st := range stats {
		visits += st.Visits
		if st.Value < 0 || st.Value > 1 || st.Unit != "winrate" {
			t.Errorf("move %s: value %g %s", reversi.SquareName(int(st.Action)), st.Value, st.Unit)
		}
		if i > 0 && st.Visits > stats[i-1].Visits {
			t.Error("statistics not sorted by visits")
		}
	}
	// Each worker's first iteration expands the root rather than visiting a child.
	if visits < 4000-2 || visits > 4000 {
		t.Errorf("%d visits over the root's moves, want about 4000", visits)
	}
}

// TestPlayoutsAgree checks that the uniformly random bitboard playouts play the same games as
// the contract's uniformly random playout: from fixed positions, their mean rewards agree.
func TestPlayoutsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	rs, _ := randomReversi(8, 20, rng)
	tb := randomBoards(4, rng)
	ts, err := turncoat.FromBoards(turncoat.Rules{Size: 4, Mode: turncoat.WhiteAndBlack, Cap: 30}, tb, 0)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		s    game.State
		fast func(rng *rand.Rand) float64
	}{
		{"reversi", rs, func(rng *rand.Rand) float64 { return GamePlayout(reversi.Game{})(rs.Clone(), rng) }},
		{"turncoat", ts, func(rng *rand.Rand) float64 {
			return turncoat.RandomGame(tb[0], tb[1], turncoat.WhiteAndBlack, 0, 30, rng)
		}},
	}
	const n = 20000
	for _, c := range cases {
		slow := RandomPlayout(c.s.Game())
		var a, b float64
		for range n {
			a += c.fast(rng)
			b += slow(c.s.Clone(), rng)
		}
		// Each mean has a standard error of at most 0.5/sqrt(n); allow five of their
		// difference's.
		if d := (a - b) / n; d > 5*0.5*1.42/141 || d < -5*0.5*1.42/141 {
			t.Errorf("%s: bitboard playout mean %.4f, contract playout %.4f", c.name, a/n, b/n)
		}
	}
}
