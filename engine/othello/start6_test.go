package othello

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"turncoat/game"
	"turncoat/games/reversi"
)

// TestStarts6 solves the two 6x6 starts on one thread and checks the results: the diagonal start
// is a loss by 4 for Black (16-20, Feinstein's result), whichever of its four alike first moves
// Black plays; the parallel start a loss by 2 (17-19, the published claim), with c2 or d2 (b2 and
// e2 lose by 16). Each result comes with a perfect-play line, checked twice over: replayed by the
// rules of games/reversi it ends with the solved score, and every position of it is solved again
// (warm from the table of the start's solve, which makes it cheap) to the value the line keeps,
// so that each move played is one of the best. Some twenty seconds for the diagonal start (not
// with -short); the parallel start, twice the nodes, is solved with TURNCOAT_SOLVE_6X6=both (its
// shipped book's value is checked by TestBook6Starts on every run, and its time is measured by
// `turncoat solve --size 6 --options start=parallel start`).
func TestStarts6(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves the 6x6 diagonal start (twenty seconds)")
	}
	for _, c := range []struct {
		start string
		score int
		best  []string
	}{
		{reversi.StartDiagonal, -4, []string{"b3", "c2", "d5", "e4"}},
		{reversi.StartParallel, -2, []string{"c2", "d2"}},
	} {
		t.Run(c.start, func(t *testing.T) {
			if c.start == reversi.StartParallel && os.Getenv("TURNCOAT_SOLVE_6X6") != "both" {
				t.Skip("the parallel start's solve takes a minute: set TURNCOAT_SOLVE_6X6=both")
			}
			ctx := context.Background()
			st := reversi.NewState(reversi.Rules{Size: 6, Start: c.start, NoMove: reversi.NoMovePass})
			pos := PositionOf(st.Board())
			e := New(Options{TableBytes: 128 << 20})
			t0 := time.Now()
			res, err := e.Search(ctx, pos, Limits{ExactEmpties: 64})
			if err != nil {
				t.Fatal(err)
			}
			solved := time.Since(t0)
			line, err := e.PerfectLine(ctx, pos, res.Score, false)
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, len(line))
			for i, m := range line {
				names[i] = reversi.SquareName(m)
			}
			t.Logf("6x6 %s: best=%s score=%+d nodes=%d time=%v line=%v", c.start, reversi.SquareName(res.Move), res.Score,
				res.Nodes, solved.Round(time.Millisecond), names)
			if !res.Exact || res.Score != c.score {
				t.Fatalf("score %+d (exact %v), want %+d", res.Score, res.Exact, c.score)
			}
			if !slices.Contains(c.best, reversi.SquareName(res.Move)) || line[0] != res.Move {
				t.Errorf("best move %s, line starting %s: want one of %v", reversi.SquareName(res.Move), names[0], c.best)
			}
			// the line by the rules
			s := st.Clone()
			for i, name := range names {
				a, err := s.ParseAction(s.ToAct().Single(), name)
				if err == nil {
					err = game.Play(s, s.ToAct().Single(), a)
				}
				if err != nil {
					t.Fatalf("move %d (%s) of the line: %v", i+1, name, err)
				}
			}
			out := s.Outcome()
			if s.ToAct() != game.Nobody {
				t.Fatalf("the line stops before the end of the game")
			}
			if margin := out.Score[0] - out.Score[1]; margin != c.score {
				t.Errorf("the line ends %d-%d, a margin of %+d for Black, want %+d", out.Score[0], out.Score[1], margin, c.score)
			}
			// every position of the line has the value the line keeps
			b := st.Board()
			v := res.Score
			for i, m := range line {
				if m == reversi.Pass {
					b.Pass()
					v = -v
					continue
				}
				if _, err := b.Play(m); err != nil {
					t.Fatal(err)
				}
				v = -v
				if b.Moves()|b.OpponentMoves() == 0 {
					break
				}
				r, err := e.Search(ctx, PositionOf(b), Limits{ExactEmpties: 64})
				if err != nil {
					t.Fatal(err)
				}
				if r.Score != v {
					t.Fatalf("after %d moves of the line (%v) the position is worth %+d to the side to move, not %+d: %s is not a best move",
						i+1, names[:i+1], r.Score, v, names[i])
				}
			}
		})
	}
}
