package server

import (
	"math/rand/v2"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestActionDetailsTurnover checks the square-by-square description of Turnover's moves along
// random games: every legal move is described once, its origin and target read as coordinates
// ("d1d3", which the game parses) give back the same move, and its class is the game's own.
func TestActionDetailsTurnover(t *testing.T) {
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
				checkDetails(t, st, p)
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

func checkDetails(t *testing.T, st game.State, p game.Player) {
	t.Helper()
	details := actionDetails(st, p)
	var buf [256]game.Action
	legal := st.Legal(p, buf[:0])
	if len(details) != len(legal) {
		t.Fatalf("%s: %d details for %d legal moves", game.Marshal(st), len(details), len(legal))
	}
	classer := st.(actionClasser)
	for i, d := range details {
		a := legal[i]
		if d.Move != st.FormatAction(p, a) || d.Class != classer.ActionClass(a) {
			t.Fatalf("%s: detail %+v for %s (class %s)", game.Marshal(st), d, st.FormatAction(p, a), classer.ActionClass(a))
		}
		if d.Class == "claim" {
			continue
		}
		got, err := st.ParseAction(p, d.From+d.To)
		if err != nil || got != a {
			t.Fatalf("%s: %s described as %s-%s, which reads as %v (%v)", game.Marshal(st), d.Move, d.From, d.To, got, err)
		}
		if d.Result == "" {
			t.Fatalf("%s: %s has no result", game.Marshal(st), d.Move)
		}
	}
}

// TestActionDetailsPromotionIntoQueen checks the one move whose target looks the same before
// and after: a Pawn stepping onto its own Queen on the last rank makes a Castle, promoted back
// to a Queen; the target comes from the notation.
func TestActionDetailsPromotionIntoQueen(t *testing.T) {
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
	for _, d := range actionDetails(st, game.First) {
		if d.From == "e7" {
			found = true
			if d.To != "e8" || d.Result != "queen" || d.Class != "combine" {
				t.Errorf("the Pawn e7 onto its Queen e8: %+v", d)
			}
		}
	}
	if !found {
		t.Fatalf("no move from e7 in %v", actionDetails(st, game.First))
	}
	if targetOfText("Re1.5", "e1") != "e5" || targetOfText("xRd8.Q+", "c7") != "d8" || targetOfText("claim", "") != "" {
		t.Error("targetOfText")
	}
}

// TestActionDetailsOnlyWhereClassified checks that games whose moves are squares or texts get
// no details, and neither does a side that does not act.
func TestActionDetailsOnlyWhereClassified(t *testing.T) {
	for _, name := range []string{"reversi", "turncoat", "blocs", "troll"} {
		g, _ := games.Registry().Lookup(name)
		st, err := g.New(game.DefaultOptions(g.OptionSpecs()))
		if err != nil {
			t.Fatal(err)
		}
		if d := actionDetails(st, game.First); d != nil {
			t.Errorf("%s: details %v", name, d)
		}
	}
	g, _ := games.Registry().Lookup("turnover")
	st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
	if d := actionDetails(st, game.Second); d != nil {
		t.Errorf("turnover: details for the side not to move: %v", d)
	}
}
