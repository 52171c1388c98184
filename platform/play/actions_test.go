package play

import (
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestActionDetailsTurnover: the server lists every legal move of a game that describes its
// moves, with the game's description.
func TestActionDetailsTurnover(t *testing.T) {
	g, _ := games.Registry().Lookup("turnover")
	st, _ := g.New(game.DefaultOptions(g.OptionSpecs()))
	var buf [256]game.Action
	legal := st.Legal(game.First, buf[:0])
	details := actionDetails(st, game.First)
	if len(details) != len(legal) || len(legal) == 0 {
		t.Fatalf("%d details for %d legal moves", len(details), len(legal))
	}
	for i, d := range details {
		want := st.(game.MoveDescriber).DescribeAction(game.First, legal[i])
		if d.Move != st.FormatAction(game.First, legal[i]) || d.MoveDescription != want {
			t.Errorf("detail %+v, want %s %+v", d, st.FormatAction(game.First, legal[i]), want)
		}
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
