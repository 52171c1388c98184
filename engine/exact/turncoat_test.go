package exact

import (
	"context"
	"math"
	"math/bits"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games/turncoat"
)

// TestTurncoatSpace3x3 solves the whole 3x3 state space without blanks in white-and-black mode
// and checks the rule spec's counts: 19,270 positions won for Red, 222,581 drawn, 19,270 won
// for Yellow; every value is -1, 0 or 1, and the values are fixed after the first round (each
// position is decided within the current round).
func TestTurncoatSpace3x3(t *testing.T) {
	sol, err := SolveTurncoatSpace(context.Background(), 3, turncoat.WhiteAndBlack, TurncoatOptions{Rounds: 100})
	if err != nil {
		t.Fatal(err)
	}
	if sol.States() != 511*511 {
		t.Fatalf("%d positions, want 511 x 511", sol.States())
	}
	red, draw, yellow, mixed := sol.Outcomes(1e-9)
	if red != 19_270 || draw != 222_581 || yellow != 19_270 || mixed != 0 {
		t.Errorf("won for Red %d, drawn %d, won for Yellow %d, mixed %d; want 19,270 / 222,581 / 19,270 / 0", red, draw, yellow, mixed)
	}
	if sol.Change != 0 || sol.Rounds != 2 {
		t.Errorf("the values settled after %d iterations (last change %v), want a fixed point after 2: decided within the round", sol.Rounds, sol.Change)
	}
}

// bruteValue is the capped game's value by plain backward induction on the boards, without
// sharing anything with the solver but the rules and the matrix solver: the reference for small
// caps.
func bruteValue(red, yellow turncoat.Board, mode turncoat.Mode, rounds int) float64 {
	if rounds == 0 {
		return 0
	}
	var rs, ys []int
	for m := turncoat.Selectable(red, mode); m != 0; m &= m - 1 {
		rs = append(rs, bits.TrailingZeros64(m))
	}
	for m := turncoat.Selectable(yellow, mode); m != 0; m &= m - 1 {
		ys = append(ys, bits.TrailingZeros64(m))
	}
	g := MatrixGame{Rows: len(rs), Cols: len(ys)}
	for _, r := range rs {
		for _, y := range ys {
			nr, ny, res := turncoat.PlayRound(red, yellow, r, y)
			v := float64(res)
			if res == turncoat.InPlay {
				v = bruteValue(nr, ny, mode, rounds-1)
			}
			g.Payoff = append(g.Payoff, v)
		}
	}
	e, _ := g.Solve()
	return e.Value
}

// TestTurncoatAgainstBruteForce compares the solver's values with backward induction for caps
// of one to three rounds, in both modes, with and without blanks, on the start and (up to two
// rounds) on other positions the solver holds.
func TestTurncoatAgainstBruteForce(t *testing.T) {
	setups := []string{"BWW/WWW/WWB", "WWW/WBW/WWW:WWW/WWW/WWB", "BW./WWW/WWB", "BWB/WWW/BWB:WWW/WBW/WWW"}
	for _, setup := range setups {
		for _, mode := range []turncoat.Mode{turncoat.WhiteAndBlack, turncoat.WhiteOnly} {
			for rounds := 1; rounds <= 3; rounds++ {
				s, err := turncoat.NewState(turncoat.Rules{Size: 3, Mode: mode, Cap: rounds, Setup: setup})
				if err != nil {
					t.Fatal(err)
				}
				sol, err := SolveTurncoat(context.Background(), s, TurncoatOptions{Tolerance: -1})
				if err != nil {
					t.Fatal(err)
				}
				if sol.Rounds != rounds {
					t.Fatalf("%s %v: solved for %d rounds, want %d", setup, mode, sol.Rounds, rounds)
				}
				b := s.Boards()
				got, ok := sol.Value(b[0], b[1])
				want := bruteValue(b[0], b[1], mode, rounds)
				if !ok || math.Abs(got-want) > 1e-9 {
					t.Errorf("%s %v, %d rounds: solver %v (%v), backward induction %v", setup, mode, rounds, got, ok, want)
				}
				g, _ := sol.Game(b[0], b[1])
				if math.Abs(g.Value-want) > 1e-9 {
					t.Errorf("%s %v, %d rounds: the start's matrix game is worth %v, want %v", setup, mode, rounds, g.Value, want)
				}
				// The other positions the solver holds have their capped values too.
				if rounds == 3 {
					continue // backward induction is slow there
				}
				checked := 0
				sol.Each(func(red, yellow turncoat.Board, v float64) bool {
					if w := bruteValue(red, yellow, mode, rounds); math.Abs(v-w) > 1e-9 {
						t.Errorf("%s %v, %d rounds: position %s %s: solver %v, backward induction %v", setup, mode, rounds, red.Text(3), yellow.Text(3), v, w)
						return false
					}
					checked++
					return checked < 25
				})
			}
		}
	}
}

// TestTurncoatGame checks the matrix game the solver gives for a position: its payoffs are the
// round results and the continuation values, its equilibrium passes the certificate, and
// Exploitability is zero for the optimal strategies and positive for a bad one.
func TestTurncoatGame(t *testing.T) {
	s, _ := turncoat.NewState(turncoat.Rules{Size: 3, Mode: turncoat.WhiteOnly, Cap: 4, Setup: "BWB/WWW/BWB:WWW/WBW/WWW"})
	sol, err := SolveTurncoat(context.Background(), s, TurncoatOptions{Tolerance: -1})
	if err != nil {
		t.Fatal(err)
	}
	b := s.Boards()
	g, ok := sol.Game(b[0], b[1])
	if !ok {
		t.Fatal("the start is not solved")
	}
	if len(g.RedSquares) != 5 || len(g.YellowSquares) != 8 {
		t.Fatalf("%d x %d selections, want 5 white squares for Red and 8 for Yellow", len(g.RedSquares), len(g.YellowSquares))
	}
	for i, rs := range g.RedSquares {
		for j, ys := range g.YellowSquares {
			nr, ny, res := turncoat.PlayRound(b[0], b[1], int(rs), int(ys))
			want := float64(res)
			if res == turncoat.InPlay {
				want = bruteValue(nr, ny, turncoat.WhiteOnly, 3)
			}
			if math.Abs(g.At(i, j)-want) > 1e-9 {
				t.Errorf("cell %s/%s = %v, want %v", turncoat.SquareName(int(rs)), turncoat.SquareName(int(ys)), g.At(i, j), want)
			}
		}
	}
	red, yellow := map[game.Action]float64{}, map[game.Action]float64{}
	for i, sq := range g.RedSquares {
		red[sq] = g.Row[i]
	}
	for j, sq := range g.YellowSquares {
		yellow[sq] = g.Col[j]
	}
	for p, strat := range []map[game.Action]float64{red, yellow} {
		x, err := g.Exploitability(game.Player(p), strat)
		if err != nil || math.Abs(x) > 1e-9 {
			t.Errorf("player %d: the optimal strategy's exploitability is %v, %v", p+1, x, err)
		}
	}
	// The worst pure strategy for Red gives something away, unless every row is optimal.
	worst, worstGap := game.Action(0), -1.0
	for i, sq := range g.RedSquares {
		lo := math.Inf(1)
		for j := range g.YellowSquares {
			lo = min(lo, g.At(i, j))
		}
		if gap := g.Value - lo; gap > worstGap {
			worst, worstGap = sq, gap
		}
	}
	x, err := g.Exploitability(game.First, map[game.Action]float64{worst: 1})
	if err != nil || math.Abs(x-worstGap) > 1e-9 {
		t.Errorf("a pure strategy: exploitability %v, %v; want %v", x, err, worstGap)
	}
	if _, err := g.Exploitability(game.First, map[game.Action]float64{g.RedSquares[0]: 0.5}); err == nil {
		t.Error("a strategy summing to 0.5 was accepted")
	}
	if _, err := g.Exploitability(game.First, map[game.Action]float64{0: 1}); err == nil { // a1 shows black
		t.Error("a strategy on a square Red cannot select was accepted")
	}
}

func TestTurncoatLimits(t *testing.T) {
	s, _ := turncoat.NewState(turncoat.Rules{Size: 4, Mode: turncoat.WhiteOnly, Cap: 100, Setup: "BWWW/WWWW/WWWW/WWWB"})
	if _, err := SolveTurncoat(context.Background(), s, TurncoatOptions{MaxStates: 10_000}); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("a state space over the limit: %v, want a refusal", err)
	}
	if _, err := SolveTurncoat(context.Background(), s, TurncoatOptions{MaxCells: 100_000}); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("cells over the limit: %v, want a refusal", err)
	}
	big, _ := turncoat.NewState(turncoat.Rules{Size: 5, Mode: turncoat.WhiteOnly, Cap: 100, Seed: 1})
	if _, err := SolveTurncoat(context.Background(), big, TurncoatOptions{}); err == nil {
		t.Error("a 5x5 board was taken")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	small, _ := turncoat.NewState(turncoat.Rules{Size: 3, Mode: turncoat.WhiteOnly, Cap: 100, Setup: "BWW/WWW/WWB"})
	if _, err := SolveTurncoat(ctx, small, TurncoatOptions{}); err == nil {
		t.Error("a cancelled context did not stop the solver")
	}
	over, _ := turncoat.NewState(turncoat.Rules{Size: 3, Mode: turncoat.WhiteOnly, Cap: 100, Setup: "BBB/BBB/BBB:WWW/WWW/WWW"})
	if _, err := SolveTurncoat(context.Background(), over, TurncoatOptions{}); err == nil {
		t.Error("a finished game was solved")
	}
	if _, err := SolveTurncoatSpace(context.Background(), 4, turncoat.WhiteOnly, TurncoatOptions{Rounds: 1}); err == nil {
		t.Error("the whole 4x4 space was taken")
	}
}

// Mixed4x4 is a 4x4 start in white-only mode (5 black pieces, 3 blanks, the same on both
// boards) where mixing matters at the first round: the game is worth 0 to each side, and every
// pure selection can be punished; 1,790 positions are reachable.
const Mixed4x4 = "WWWB/WW../WWWB/BB.B"

// TestTurncoatSymmetry checks the solver against the game's symmetry: swapping the boards swaps
// the players, so a position's value is minus that of its mirror, and a start with the same
// board for both is worth 0. On the 4x4 start Mixed4x4 it also checks that no pure strategy is
// optimal at the first round.
func TestTurncoatSymmetry(t *testing.T) {
	s, err := turncoat.NewState(turncoat.Rules{Size: 4, Mode: turncoat.WhiteOnly, Cap: 100, Setup: Mixed4x4})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := SolveTurncoat(context.Background(), s, TurncoatOptions{Tolerance: -1})
	if err != nil {
		t.Fatal(err)
	}
	if sol.States() != 1790 || sol.Rounds != 100 {
		t.Errorf("%d positions, %d rounds; want 1,790 and 100", sol.States(), sol.Rounds)
	}
	mixed := 0
	sol.Each(func(red, yellow turncoat.Board, v float64) bool {
		w, ok := sol.Value(yellow, red)
		if !ok || math.Abs(v+w) > 1e-9 {
			t.Errorf("%s %s is worth %v, its mirror %v (%v)", red.Text(4), yellow.Text(4), v, w, ok)
			return false
		}
		if math.Abs(v) > 1e-9 && math.Abs(math.Abs(v)-1) > 1e-9 {
			mixed++
		}
		return true
	})
	if mixed == 0 {
		t.Error("no position with a value strictly between -1 and 1 in white-only mode")
	}
	b := s.Boards()
	g, _ := sol.Game(b[0], b[1])
	if math.Abs(g.Value) > 1e-9 {
		t.Errorf("the symmetric start is worth %v, want 0", g.Value)
	}
	for _, sq := range g.RedSquares {
		x, err := g.Exploitability(game.First, map[game.Action]float64{sq: 1})
		if err != nil || x < 0.5 {
			t.Errorf("always selecting %s gives away only %v (%v)", turncoat.SquareName(int(sq)), x, err)
		}
	}
}

func BenchmarkSolveTurncoat(b *testing.B) {
	b.Run("3x3-space-white-and-black", func(b *testing.B) {
		for b.Loop() {
			if _, err := SolveTurncoatSpace(context.Background(), 3, turncoat.WhiteAndBlack, TurncoatOptions{Rounds: 100}); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range []struct{ name, setup string }{
		{"4x4-white-only-mixed", Mixed4x4},
		{"4x4-white-only-seed1", "WWWW/WB../WWWW/WB.W"},
	} {
		b.Run(c.name+"-cap100", func(b *testing.B) {
			s, _ := turncoat.NewState(turncoat.Rules{Size: 4, Mode: turncoat.WhiteOnly, Cap: 100, Setup: c.setup})
			states := 0
			for b.Loop() {
				sol, err := SolveTurncoat(context.Background(), s, TurncoatOptions{Tolerance: -1})
				if err != nil {
					b.Fatal(err)
				}
				states = sol.States()
			}
			b.ReportMetric(float64(states), "positions")
		})
	}
}
