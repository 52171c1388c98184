package turnover_test

import (
	"math/rand/v2"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestDescribeAction checks the square-by-square description of Turnover's moves along random
// games: every legal move is described; its origin and target read as coordinates ("d1d3",
// which the game parses) give back the same move; its class is ActionClass's; and after the
// move the board view shows the described result on the target, and no stack of the mover's
// left whole on the origin.
func TestDescribeAction(t *testing.T) {
	g, err := games.Registry().Lookup("turnover")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, setup := range []string{"first-rank", "zigzag"} {
		o, err := game.ParseOptions(g.OptionSpecs(), map[string]string{"setup": setup})
		if err != nil {
			t.Fatal(err)
		}
		for range 6 {
			st, err := g.New(o)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120 && st.ToAct() != game.Nobody; ply++ {
				p := st.ToAct().Single()
				checkDescriptions(t, st, p)
				checked++
				var buf [256]game.Action
				legal := st.Legal(p, buf[:0])
				if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func cellAt(b game.Board, coord string) *game.Cell {
	for i := range b.Grids[0].Cells {
		if c := &b.Grids[0].Cells[i]; c.Coord == coord {
			return c
		}
	}
	return nil
}

func checkDescriptions(t *testing.T, st game.State, p game.Player) {
	t.Helper()
	md := st.(game.MoveDescriber)
	classer := st.(interface{ ActionClass(game.Action) string })
	var buf [256]game.Action
	for _, a := range st.Legal(p, buf[:0]) {
		d := md.DescribeAction(p, a)
		if d.Class != classer.ActionClass(a) || d.Class == "" {
			t.Fatalf("%s: %s described %+v, class %q", game.Marshal(st), st.FormatAction(p, a), d, classer.ActionClass(a))
		}
		if d.Class == "claim" {
			continue
		}
		got, err := st.ParseAction(p, d.From+d.To)
		if err != nil || got != a {
			t.Fatalf("%s: %s described as %s-%s, which reads as %v (%v)", game.Marshal(st), st.FormatAction(p, a), d.From, d.To, got, err)
		}
		after := st.Clone()
		if err := after.Apply(a); err != nil {
			t.Fatal(err)
		}
		b := after.(game.BoardViewer).BoardView()
		if c := cellAt(b, d.To); c == nil || c.Piece == nil || c.Piece.Kind != d.Result {
			t.Fatalf("%s: %s described with result %q; the target after it: %+v", game.Marshal(st), st.FormatAction(p, a), d.Result, c)
		}
	}
}

// TestDescribePromotionIntoQueen: a Pawn stepping onto its own Queen on the last rank makes a
// Castle, promoted back to a Queen.
func TestDescribePromotionIntoQueen(t *testing.T) {
	g, err := games.Registry().Lookup("turnover")
	if err != nil {
		t.Fatal(err)
	}
	o, _ := game.ParseOptions(g.OptionSpecs(), nil)
	st, err := game.ReadPosition(g, o, "4Q3/4P3/8/8/8/8/8/c6C w")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	var buf [256]game.Action
	for _, a := range st.Legal(game.First, buf[:0]) {
		d := st.(game.MoveDescriber).DescribeAction(game.First, a)
		if d.From == "e7" {
			found = true
			if d.To != "e8" || d.Result != "queen" || d.Class != "combine" {
				t.Errorf("the Pawn e7 onto its Queen e8: %+v", d)
			}
		}
	}
	if !found {
		t.Fatal("no move from e7")
	}
}
