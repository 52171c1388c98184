package othello

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games/reversi"
)

// playRandomly plays k random legal actions of s.
func playRandomly(t *testing.T, s game.State, rng *rand.Rand, k int) {
	t.Helper()
	var buf [64]game.Action
	for range k {
		if s.ToAct() == game.Nobody {
			return
		}
		legal := s.Legal(s.ToAct().Single(), buf[:0])
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAgentsPlayLegally plays whole games between levels 1-7 under every rule variant: every
// move must be legal (game.Play checks).
func TestAgentsPlayLegally(t *testing.T) {
	variants := []reversi.Rules{
		reversi.Standard,
		{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass},
		{Size: 8, Start: reversi.StartParallel, First: 1, NoMove: reversi.NoMoveEnd},
		{Size: 6, Start: reversi.StartFree, NoMove: reversi.NoMovePass},
		{Size: 4, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i, r := range variants {
		var agents [2]*Agent
		for p := range agents {
			a, err := NewLevelAgent(1+(2*i+p*3)%7, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			agents[p] = a
		}
		s := game.State(reversi.NewState(r))
		playRandomly(t, s, rng, 4)
		for s.ToAct() != game.Nobody {
			p := s.ToAct().Single()
			a, err := agents[p].Choose(context.Background(), s, p)
			if err != nil {
				t.Fatalf("%v: %s: %v", r, agents[p].Name(), err)
			}
			if err := game.Play(s, p, a); err != nil {
				t.Fatalf("%v: %s played %s: %v", r, agents[p].Name(), s.FormatAction(p, a), err)
			}
		}
	}
}

// within runs f and fails the test if it has not returned after d: a bound that only a search
// ignoring its limits or its context can reach.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

// TestAgentHonoursContext: a search stopped by its context returns at once, with the best move
// of its deepest finished iteration; an agent asked to move under a cancelled context does not
// pretend to have searched.
func TestAgentHonoursContext(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	playRandomly(t, s, rand.New(rand.NewPCG(3, 3)), 10)
	p := s.ToAct().Single()
	// Cancelled once the fourth iteration is done: a 40-ply search stops soon after.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var res Result
	var err error
	within(t, time.Minute, func() {
		res, err = New(Options{TableBytes: 1 << 20}).Search(ctx, PositionOf(s.Board()), Limits{Depth: 40, Progress: func(r Result) {
			if r.Depth == 4 {
				cancel()
			}
		}})
	})
	if err != nil || res.Depth < 4 || res.Depth >= 40 {
		t.Fatalf("cancelled after depth 4: depth %d, %v", res.Depth, err)
	}
	if err := game.CheckLegal(s, p, game.Action(res.Move)); err != nil {
		t.Fatal(err)
	}
	// The agent: cancelled before it starts, and while it searches.
	a := NewAgent("deep", Limits{Depth: 40}, 0, Options{TableBytes: 1 << 20}, 1)
	if _, err := a.Choose(ctx, s, p); err == nil {
		t.Fatal("a search with a cancelled context found a move without searching")
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(20*time.Millisecond, cancel)
	within(t, time.Minute, func() {
		act, err := a.Choose(ctx, s, p)
		if err == nil {
			err = game.CheckLegal(s, p, act)
		} else if errors.Is(err, context.Canceled) {
			err = nil // cancelled before the first iteration ended
		}
		if err != nil {
			t.Error(err)
		}
	})
}

func TestAnalyzeSortsMoves(t *testing.T) {
	a := NewAgent("analyst", Limits{Depth: 4}, 0, Options{TableBytes: 1 << 20}, 1)
	s := reversi.NewState(reversi.Standard)
	playRandomly(t, s, rand.New(rand.NewPCG(4, 4)), 12)
	stats, err := a.Analyze(context.Background(), s, s.ToAct().Single())
	if err != nil {
		t.Fatal(err)
	}
	var buf [64]game.Action
	if len(stats) != len(s.Legal(s.ToAct().Single(), buf[:0])) {
		t.Fatalf("%d moves analysed, %d legal", len(stats), len(s.Legal(s.ToAct().Single(), buf[:0])))
	}
	for i := 1; i < len(stats); i++ {
		if stats[i].Value > stats[i-1].Value {
			t.Fatalf("moves not sorted: %v", stats)
		}
	}
	// the best value is the search's value
	b := s.Board()
	res, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), PositionOf(b), Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if float64(res.Score) != stats[0].Value {
		t.Fatalf("analysis says %v, search %+d", stats[0].Value, res.Score)
	}
}

func TestLevels(t *testing.T) {
	if _, err := LevelOf(0); err == nil {
		t.Error("level 0 accepted")
	}
	if _, err := LevelOf(11); err == nil {
		t.Error("level 11 accepted")
	}
	prev := Level{}
	for l := 1; l <= 10; l++ {
		lv, err := LevelOf(l)
		if err != nil {
			t.Fatal(err)
		}
		if lv.Limits.Time <= 0 || lv.Limits.Time > time.Second {
			t.Errorf("level %d: %v a move, want a cap of at most a second", l, lv.Limits.Time)
		}
		if lv.Limits.ExactEmpties < prev.Limits.ExactEmpties || lv.Noise > prev.Noise && l > 1 {
			t.Errorf("level %d is not at least as strong as level %d", l, l-1)
		}
		prev = lv
	}
}

// TestAnalyzeForcedPass analyses a position whose only move is a pass: b1 against a1, where
// the opponent's c1 then wipes the mover out (-64 with the empties to the winner).
func TestAnalyzeForcedPass(t *testing.T) {
	values, res, err := New(Options{TableBytes: 1 << 20}).Analyze(context.Background(), Position{P: 1 << 1, O: 1 << 0, Size: 8}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(values) != 1 || values[0].Move != reversi.Pass || values[0].Score != -64 || !values[0].Exact || res.Move != reversi.Pass {
		t.Fatalf("values %+v, result %v; want only a pass worth -64, exactly", values, res)
	}
}

// TestAgentAnalyzeForcedPass has the agent analyse a game's position where the side to move
// must pass: the pass carries the position's value, minus the opponent's best after it, not 0.
func TestAgentAnalyzeForcedPass(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	// A random game played until a side must pass.
	rng := rand.New(rand.NewPCG(9, 9))
	for !s.MustPass() {
		if s.ToAct() == game.Nobody {
			s = reversi.NewState(reversi.Standard)
		}
		var buf [64]game.Action
		legal := s.Legal(s.ToAct().Single(), buf[:0])
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	lim := Limits{Depth: 6}
	a := NewAgent("analyst", lim, 0, Options{TableBytes: 1 << 20}, 1)
	p := s.ToAct().Single()
	stats, err := a.Analyze(context.Background(), s, p)
	if err != nil {
		t.Fatal(err)
	}
	after := s.Clone().(*reversi.State)
	if err := after.Apply(reversi.Pass); err != nil {
		t.Fatal(err)
	}
	values, _, err := New(Options{TableBytes: 1 << 20}).Analyze(context.Background(), PositionOf(after.Board()), lim)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || stats[0].Action != reversi.Pass || stats[0].Value != float64(-values[0].Score) || stats[0].Unit != "discs" {
		t.Fatalf("the forced pass is analysed as %+v; the opponent's best after it is %+d", stats, values[0].Score)
	}
	t.Logf("the forced pass is worth %+v (the opponent's best %+d)", stats[0].Value, values[0].Score)
}

// fixedBook knows one position and its move.
type fixedBook struct {
	board reversi.Board
	move  int
	asked int
}

func (f *fixedBook) Choose(b reversi.Board, _ *rand.Rand) (int, bool) {
	f.asked++
	if b != f.board {
		return 0, false
	}
	return f.move, true
}

// TestAgentPlaysFromBook: an agent with a book plays the book's move in a position it knows
// (even a move its search would not choose), searches elsewhere, and leaves the book alone
// under the rule where a side without a move loses its turn for good.
func TestAgentPlaysFromBook(t *testing.T) {
	s := reversi.NewState(reversi.Standard)
	// c4 is legal at the start, and as good as any first move; a book move a search would not
	// play is the proof that the book answered: after f5, the parallel f4
	if err := game.Play(s, game.First, 37); err != nil {
		t.Fatal(err)
	}
	fb := &fixedBook{board: s.Board(), move: 29}
	a, err := NewLevelAgent(6, 1)
	if err != nil {
		t.Fatal(err)
	}
	a.SetBook(fb)
	if a.Book() != OpeningBook(fb) {
		t.Fatal("Book does not return the book set")
	}
	got, err := a.Choose(context.Background(), s, game.Second)
	if err != nil || got != 29 {
		t.Fatalf("chose %v (%v), want the book's f4", got, err)
	}
	// out of the book: a search's move
	s2 := s.Clone().(*reversi.State)
	if err := game.Play(s2, game.Second, 43); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Choose(context.Background(), s2, game.First); err != nil || fb.asked != 2 {
		t.Fatalf("out of the book: %v, book asked %d times", err, fb.asked)
	}
	// nomove=end: the book is not asked
	r := reversi.Standard
	r.NoMove = reversi.NoMoveEnd
	s3 := reversi.NewState(r)
	game.Play(s3, game.First, 37)
	if _, err := a.Choose(context.Background(), s3, game.Second); err != nil || fb.asked != 2 {
		t.Fatalf("nomove=end: %v, the book asked %d times (want 2: not asked)", err, fb.asked)
	}
}

// TestBookLevels: levels 8 to 10 are those that play from the book.
func TestBookLevels(t *testing.T) {
	for l := 1; l <= 10; l++ {
		lv, _ := LevelOf(l)
		if lv.Book != (l >= 8) {
			t.Errorf("level %d: Book %v", l, lv.Book)
		}
	}
}
