package ai

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"turncoat/engine"
	"turncoat/game"
	"turncoat/internal/testgame"
)

// TestNewGame: a game with no engine of its own (no level mapping, no kind, no greedy score)
// gets levels 1-10 from the generic Monte Carlo presets, built safely for a server's users, and
// they play it: legal moves from the start, the win in one, the block of the opponent's win.
func TestNewGame(t *testing.T) {
	g := testgame.Game{}
	for l := engine.MinLevel; l <= engine.MaxLevel; l++ {
		if _, err := NewSafe(g, "level="+strconv.Itoa(int(l)), 1); err != nil {
			t.Errorf("level %d: %v", l, err)
		}
	}
	var kinds []string
	for _, k := range Kinds(g) {
		kinds = append(kinds, k.Name)
	}
	for _, want := range []string{"greedy", "mcts", "random"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("kinds %v lack %s", kinds, want)
		}
	}
	if slices.Contains(kinds, "perfect") || slices.Contains(kinds, "reversi-ab") {
		t.Errorf("kinds %v hold another game's engine", kinds)
	}
	pos := func(text string) game.State {
		s, err := g.Decode(text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		spec string
		pos  game.State
		want string // "" for any legal move
	}{
		{"1", pos("size=3,first=black ........."), ""},
		{"4", pos("size=4,first=black ................"), ""},
		{"greedy", pos("size=3,first=black xx.oo...."), "c1"},
		{"3", pos("size=3,first=black xx.oo...."), "c1"}, // Black wins at once
		{"5", pos("size=3,first=black xx.oo...."), "c1"},
		{"5", pos("size=3,first=black xx..o...."), "c1"}, // White blocks Black's row
		{"5", pos("size=4,first=black .x...o...x......"), ""},
	} {
		a, err := NewSafe(g, c.spec, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		p := c.pos.ToAct().Single()
		act, err := a.Choose(context.Background(), c.pos.Clone(), p)
		if err != nil {
			t.Errorf("%s on %s: %v", c.spec, c.pos.Encode(), err)
			continue
		}
		if err := game.CheckLegal(c.pos, p, act); err != nil {
			t.Errorf("%s on %s played %d: %v", c.spec, c.pos.Encode(), act, err)
			continue
		}
		if got := c.pos.FormatAction(p, act); c.want != "" && got != c.want {
			t.Errorf("%s on %s played %s, want %s", c.spec, c.pos.Encode(), got, c.want)
		}
	}
}
