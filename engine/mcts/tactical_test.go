package mcts

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/game"
	"turncoat/games/turncoat"
)

// randomBoards returns random n x n Turncoat boards for Red and Yellow, with the same few
// blanks and a white piece on each.
func randomBoards(n int, rng *rand.Rand) [2]turncoat.Board {
	mask := turncoat.SquareMask(n)
	var pieces uint64
	for m := mask; m != 0; m &= m - 1 {
		if rng.IntN(10) != 0 {
			pieces |= m & -m
		}
	}
	var b [2]turncoat.Board
	for i := range b {
		b[i].Pieces = pieces
		for m := pieces; m != 0; m &= m - 1 {
			if rng.IntN(10) < 6 {
				b[i].Black |= m & -m
			}
		}
		if b[i].Pieces&^b[i].Black == 0 {
			b[i].Black &^= pieces & -pieces // keep a white piece: the game is in play
		}
	}
	return b
}

// randomTurncoat returns a random Turncoat position in play on n x n boards.
func randomTurncoat(t testing.TB, n int, mode turncoat.Mode, rng *rand.Rand) *turncoat.State {
	t.Helper()
	for range 1000 {
		b := randomBoards(n, rng)
		if b[0].Pieces == 0 {
			continue
		}
		s, err := turncoat.FromBoards(turncoat.Rules{Size: n, Mode: mode, Cap: 100}, b, rng.IntN(3))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Fatal("no random position")
	return nil
}

// TestTacticsBitboardsMatchContract checks Turncoat's bitboard tactics against the generic
// analysis through the contract, on random small positions of both modes.
func TestTacticsBitboardsMatchContract(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	wins, unsafe := 0, 0
	for i := range 400 {
		n := 3 + i%2
		mode := turncoat.Mode(i / 2 % 2)
		s := randomTurncoat(t, n, mode, rng)
		for p := game.First; p <= game.Second; p++ {
			fast := AnalyzeRound(s, p, 0)
			slow := genericTactics(s, p, DefaultTacticsBudget)
			if !slices.Equal(fast.Wins, slow.Wins) || !slices.Equal(fast.Safe, slow.Safe) || !slices.Equal(fast.Legal, slow.Legal) {
				t.Fatalf("%s, %s: bitboards wins %v safe %v, contract wins %v safe %v", s.Encode(), p, fast.Wins, fast.Safe, slow.Wins, slow.Safe)
			}
			if !slow.Complete {
				t.Fatalf("%s: contract analysis incomplete", s.Encode())
			}
			if fw, gw := ForcedWins(s, p), ForcedWins(opaque{s}, p); !slices.Equal(fw, fast.Wins) || !slices.Equal(gw, fast.Wins) {
				t.Fatalf("%s, %s: ForcedWins %v (bitboards), %v (contract), analysis %v", s.Encode(), p, fw, gw, fast.Wins)
			}
			wins += len(fast.Wins)
			unsafe += len(fast.Legal) - len(fast.Safe)
		}
	}
	if wins == 0 || unsafe == 0 {
		t.Errorf("the sample had %d forced wins and %d unsafe selections: the test checks nothing", wins, unsafe)
	}
}

// opaque hides a state's concrete type, so the generic code paths run on it.
type opaque struct{ game.State }

func (o opaque) Clone() game.State { return opaque{o.State.Clone()} }

// TestTacticsExamples checks the tactics on hand-made positions.
func TestTacticsExamples(t *testing.T) {
	cases := []struct {
		name         string
		red, yellow  string
		mode         turncoat.Mode
		p            game.Player
		wins, unsafe []string
	}{
		// Red flips b2 on its own board: the last white turns black at once, whatever Yellow
		// selects (Yellow's own flip cannot finish Yellow's board too).
		{"own square wins", "BBB/BWB/BBB", "WWW/WWW/WWW", turncoat.WhiteAndBlack, game.First, []string{"b2"}, nil},
		// Yellow's board needs one more black on c3: any Red selection of c3 turns it and gives
		// Yellow the win in the second moves, unless Red wins first.
		{"giving the win", "WWW/WWW/WWW", "BBB/BBB/BBW", turncoat.WhiteOnly, game.First, nil, []string{"c3"}},
	}
	for _, c := range cases {
		rb, _, err := turncoat.ParseBoard(c.red)
		if err != nil {
			t.Fatal(err)
		}
		yb, _, err := turncoat.ParseBoard(c.yellow)
		if err != nil {
			t.Fatal(err)
		}
		s, err := turncoat.FromBoards(turncoat.Rules{Size: 3, Mode: c.mode, Cap: 100}, [2]turncoat.Board{rb, yb}, 0)
		if err != nil {
			t.Fatal(err)
		}
		rt := AnalyzeRound(s, c.p, 0)
		var wins, unsafe []string
		for _, a := range rt.Wins {
			wins = append(wins, s.FormatAction(c.p, a))
		}
		for _, a := range rt.Legal {
			if !slices.Contains(rt.Safe, a) {
				unsafe = append(unsafe, s.FormatAction(c.p, a))
			}
		}
		if !slices.Equal(wins, c.wins) {
			t.Errorf("%s: forced wins %v, want %v", c.name, wins, c.wins)
		}
		for _, u := range c.unsafe {
			if !slices.Contains(unsafe, u) {
				t.Errorf("%s: %s not found unsafe (unsafe: %v)", c.name, u, unsafe)
			}
		}
	}
}

// TestSearchTakesForcedWins checks that the SM-MCTS, with and without the tactical layer,
// never misses a one-round forced win in random small Turncoat positions, and that the
// tactical layer never plays an unsafe selection when a safe one exists.
func TestSearchTakesForcedWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	found := 0
	for i := 0; found < 40 && i < 5000; i++ {
		n := 3 + i%2
		s := randomTurncoat(t, n, turncoat.Mode(i/2%2), rng)
		for p := game.First; p <= game.Second; p++ {
			rt := AnalyzeRound(s, p, 0)
			if len(rt.Wins) == 0 || len(rt.Wins) == len(rt.Legal) {
				continue
			}
			found++
			m := New(Config{Iterations: 3000, Seed: uint64(i), Solver: true})
			a, err := m.Choose(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(rt.Wins, a) {
				t.Errorf("%s, %s: SM-MCTS played %s, not a forced win %v", s.Encode(), p, s.FormatAction(p, a), rt.Wins)
			}
			tac := NewTactical(New(Config{Iterations: 100, Seed: uint64(i)}), uint64(i))
			a, err = tac.Choose(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(rt.Wins, a) {
				t.Errorf("%s, %s: tactical layer played %s, not a forced win %v", s.Encode(), p, s.FormatAction(p, a), rt.Wins)
			}
		}
	}
	if found < 40 {
		t.Fatalf("only %d positions with a forced win found", found)
	}
	// Safety: with safe selections available, the tactical layer plays one.
	checked := 0
	for i := 0; checked < 40 && i < 5000; i++ {
		s := randomTurncoat(t, 4, turncoat.WhiteOnly, rng)
		p := game.Player(i % 2)
		rt := AnalyzeRound(s, p, 0)
		if len(rt.Wins) > 0 || len(rt.Safe) == 0 || len(rt.Safe) == len(rt.Legal) {
			continue
		}
		checked++
		tac := NewTactical(New(Config{Iterations: 200, Seed: uint64(i)}), uint64(i))
		a, err := tac.Choose(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(rt.Safe, a) {
			t.Errorf("%s, %s: played unsafe %s (safe: %v)", s.Encode(), p, s.FormatAction(p, a), rt.Safe)
		}
	}
	if checked < 40 {
		t.Fatalf("only %d positions with unsafe selections found", checked)
	}
}

// TestWidenAndRestrict checks that Widen keeps only the most promising selections at wide
// simultaneous nodes, and that a restriction of the root keeps the choice among the allowed
// selections.
func TestWidenAndRestrict(t *testing.T) {
	s, err := turncoat.NewState(turncoat.Standard)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Iterations: 500, Seed: 1, Widen: 4})
	r, err := m.Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for p := range 2 {
		tried := 0
		for _, st := range r.Stats[p] {
			if st.Visits > 0 {
				tried++
			}
		}
		if tried != 4 {
			t.Errorf("side %d tried %d selections, want the 4 best", p, tried)
		}
	}
	allowed := []game.Action{0, 1, 2} // a1, b1, c1: not among the best by the ordering
	for range 3 {
		a, err := m.ChooseAmong(context.Background(), s, game.First, allowed)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(allowed, a) {
			t.Errorf("chose %s, not one of the allowed a1, b1, c1", s.FormatAction(game.First, a))
		}
	}
	// Nodes with at most twice Widen selections keep them all (4x4: at most 16).
	small := randomTurncoat(t, 4, turncoat.WhiteAndBlack, rand.New(rand.NewPCG(1, 1)))
	r, err = New(Config{Iterations: 3000, Seed: 1, Widen: 8}).Search(context.Background(), small)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range r.Stats[0] {
		if st.Visits == 0 {
			t.Errorf("4x4: %s never tried", small.FormatAction(game.First, st.Action))
		}
	}
}

// TestSimultaneousTreeReuse checks that after a round the search keeps the subtree of the
// joint selection played.
func TestSimultaneousTreeReuse(t *testing.T) {
	s, err := turncoat.NewState(turncoat.Rules{Size: 4, Mode: turncoat.WhiteOnly, Cap: 100, Setup: "BWW./WWWW/W.WW/WWWB"})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Iterations: 5000, Seed: 2, Reuse: true, Solver: true})
	if _, err := m.Search(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	tr := m.trees[0]
	var child int32 = none
	var joint game.Joint
	tr.children(tr.root, func(c int32, _ game.Action, j game.Joint, simultaneous bool) bool {
		if !simultaneous {
			t.Fatal("a Turncoat root with a sequential child")
		}
		if child == none || tr.nodes[c].visits > tr.nodes[child].visits {
			child, joint = c, j
		}
		return true
	})
	visits := tr.nodes[child].visits
	if err := s.ApplyJoint(joint); err != nil {
		t.Fatal(err)
	}
	if s.ToAct() == game.Nobody {
		t.Skip("the most visited round ends the game")
	}
	if !tr.advance(s, s.Encode()) {
		t.Fatal("the position after the round was not found in the tree")
	}
	if tr.nodes[tr.root].visits != visits {
		t.Errorf("reused root has %d visits, want the %d the child had", tr.nodes[tr.root].visits, visits)
	}
	r, err := m.Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Iterations != 5000 {
		t.Errorf("%d iterations after reuse, want 5000", r.Iterations)
	}
}
