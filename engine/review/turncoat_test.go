package review

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"turncoat/engine/exact"

	"turncoat/game"
	"turncoat/games"
	"turncoat/games/turncoat"
)

// turncoatThrownWin is a 3x3 game where Red could win at once (c3 turns the last white piece
// of Red's board) but selects a1, then takes the win it still has, if any, in the next round.
func turncoatThrownWin(t *testing.T) (game.State, []game.Move) {
	t.Helper()
	start, err := games.Registry().New("turncoat", "size=3,mode=white-and-black,setup=BBB/BBB/BBW:WWW/WBW/WWW")
	if err != nil {
		t.Fatal(err)
	}
	s := start.(*turncoat.State)
	if wins := s.ForcedWins(game.First); len(wins) != 1 || s.FormatAction(0, wins[0]) != "c3" {
		t.Fatalf("Red's forced wins %v, want c3", wins)
	}
	ms := []game.Move{game.Simultaneous(game.Joint{mustSquare(t, "a1"), mustSquare(t, "b2")})}
	next := s.Clone().(*turncoat.State)
	if err := game.PlayMove(next, ms[0]); err != nil {
		t.Fatal(err)
	}
	if wins := next.ForcedWins(game.First); next.ToAct() != game.Nobody && len(wins) > 0 {
		ms = append(ms, game.Simultaneous(game.Joint{wins[0], mustSquare(t, "a1")}))
	}
	return start, ms
}

func mustSquare(t *testing.T, name string) game.Action {
	t.Helper()
	sq, err := turncoat.ParseSquare(name, 3)
	if err != nil {
		t.Fatal(err)
	}
	return game.Action(sq)
}

// TestTurncoatReviewExact: on a 3x3 board the solver's matrix games value each selection
// against the other side's optimal mix: Red throwing a forced win away is a blunder of at
// least 50 points, exact; Yellow, lost whatever it selects, loses nothing; a forced win taken
// is best.
func TestTurncoatReviewExact(t *testing.T) {
	start, ms := turncoatThrownWin(t)
	r, err := Turncoat(context.Background(), start, ms, TurncoatConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != "result" || len(r.Plies) != 2*len(ms) || len(r.Graph) != len(r.Plies) {
		t.Fatalf("unit %q, %d plies, %d graph points for %d rounds", r.Unit, len(r.Plies), len(r.Graph), len(ms))
	}
	red, yellow := r.Plies[0], r.Plies[1]
	if red.Ply != 1 || red.Side != 0 || red.Move != "a1" || red.Best != "c3" || red.Before != 100 || red.Loss < 50 ||
		red.Class != Blunder || !red.Exact || red.Source != FromSolver {
		t.Errorf("Red's thrown win: %+v", red)
	}
	if yellow.Ply != 1 || yellow.Side != 1 || yellow.Move != "b2" || yellow.Loss != 0 || yellow.Class != Best || !yellow.Exact {
		t.Errorf("Yellow, lost whatever it selects: %+v", yellow)
	}
	if r.TurningPoint != 1 || r.Sides[0].Counts[Blunder] != 1 || r.Sides[1].Loss != 0 {
		t.Errorf("turning point %d, Red's blunders %d, Yellow's loss %v", r.TurningPoint, r.Sides[0].Counts[Blunder], r.Sides[1].Loss)
	}
	for _, p := range r.Plies[2:] {
		if p.Side == 0 && (p.Loss != 0 || p.Class != Best) {
			t.Errorf("Red's forced win taken: %+v", p)
		}
	}
	for _, p := range r.Plies {
		if p.Loss < 0 || p.Before < 0 || p.Before > 100 || p.Played < 0 || p.Played > 100 {
			t.Errorf("out of range: %+v", p)
		}
	}
}

// TestTurncoatReviewSearched: the same game searched by SM-MCTS (the solver turned off) is
// said to be estimated, in win rates, and still finds the thrown win a blunder: the win the
// search proves is worth 100.
func TestTurncoatReviewSearched(t *testing.T) {
	start, ms := turncoatThrownWin(t)
	r, err := Turncoat(context.Background(), start, ms[:1], TurncoatConfig{MaxStates: -1, Iterations: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != "winrate" || len(r.Plies) != 2 {
		t.Fatalf("unit %q, %d plies", r.Unit, len(r.Plies))
	}
	red := r.Plies[0]
	if red.Best != "c3" || red.Before != 100 || red.Class != Blunder || red.Exact || red.Source != FromMCTS {
		t.Errorf("Red's thrown win, searched: %+v", red)
	}
}

// TestTurncoatPunished: the measure of a selection in a mixed round. In matching pennies with
// a third row that loses to one column, both pennies rows are optimal (loss 0 though each
// loses to a reply), and the third row is held to what the optimal mix of the columns takes
// from it; every column is optimal for the column player.
func TestTurncoatPunished(t *testing.T) {
	mg := exact.MatrixGame{Rows: 3, Cols: 2, Payoff: []float64{
		1, -1,
		-1, 1,
		0.5, -1,
	}}
	eq, err := mg.Solve()
	if err != nil {
		t.Fatal(err)
	}
	g := exact.TurncoatGame{MatrixGame: mg, Equilibrium: eq}
	if math.Abs(g.Value) > 1e-9 {
		t.Fatalf("value %v, want 0", g.Value)
	}
	for _, c := range []struct {
		side, k int
		want    float64
	}{
		{0, 0, 0}, {0, 1, 0}, {0, 2, -0.25}, // the third row against the columns' only optimal mix, ½ ½
		{1, 0, 0}, {1, 1, 0},
	} {
		if got := punished(g, c.side, c.k); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("side %d selection %d: %v, want %v", c.side, c.k, got, c.want)
		}
	}
}

// TestTurncoatReviewNotConverged: a 3x3 white-only game whose values still change at the round
// cap is exact in its first round only; later rounds are the solver's values of the full cap,
// said not exact.
func TestTurncoatReviewNotConverged(t *testing.T) {
	start, err := games.Registry().New("turncoat", "size=3,mode=white-only,setup=WWW/WBW/WWW")
	if err != nil {
		t.Fatal(err)
	}
	s := start.Clone()
	var ms []game.Move
	for range 2 {
		j := game.Joint{s.Legal(0, nil)[0], s.Legal(1, nil)[1]}
		if err := game.PlayJoint(s, j); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, game.Simultaneous(j))
	}
	r, err := Turncoat(context.Background(), start, ms, TurncoatConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != "result" || len(r.Plies) != 4 {
		t.Fatalf("unit %q, %d plies", r.Unit, len(r.Plies))
	}
	for i, p := range r.Plies {
		if p.Source != FromSolver || p.Exact != (p.Ply == 1) {
			t.Errorf("ply %d (%d): %+v", p.Ply, i, p)
		}
	}
}

// BenchmarkTurncoatReview8x8 reviews 30 random rounds of an 8x8 game by SM-MCTS at the default
// 10,000 iterations a round (one core).
func BenchmarkTurncoatReview8x8(b *testing.B) {
	start, err := games.Registry().New("turncoat", "seed=7")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s := start.Clone()
	var ms []game.Move
	for len(ms) < 30 && s.ToAct() != game.Nobody {
		j := game.Joint{}
		for p := game.First; p <= game.Second; p++ {
			l := s.Legal(p, nil)
			j[p] = l[rng.IntN(len(l))]
		}
		if err := game.PlayJoint(s, j); err != nil {
			b.Fatal(err)
		}
		ms = append(ms, game.Simultaneous(j))
	}
	for b.Loop() {
		if _, err := Turncoat(context.Background(), start, ms, TurncoatConfig{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
