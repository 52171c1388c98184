package othello

import (
	"context"
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

// TestAgentHonoursContext: a search stopped by its context returns at once, with a move if it
// has one.
func TestAgentHonoursContext(t *testing.T) {
	a := NewAgent("deep", Limits{Depth: 40}, 0, Options{TableBytes: 1 << 20}, 1)
	s := reversi.NewState(reversi.Standard)
	playRandomly(t, s, rand.New(rand.NewPCG(3, 3)), 10)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	act, err := a.Choose(ctx, s, s.ToAct().Single())
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("the search took %v after a 200ms deadline", d)
	}
	if err == nil {
		if err := game.CheckLegal(s, s.ToAct().Single(), act); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := a.Choose(ctx, s, s.ToAct().Single()); err == nil {
		t.Fatal("a search with a cancelled context found a move without searching")
	}
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
