package api_test

import (
	"encoding/json"
	"testing"

	"turncoat/api"
	"turncoat/game"
	"turncoat/games"
	"turncoat/internal/testgame"
)

// TestDescribeKind: GET /api/kinds carries what each game says of itself under the names the
// web UI reads, for a new game as for the five.
func TestDescribeKind(t *testing.T) {
	for _, c := range []struct {
		game game.Game
		want string
	}{
		{testgame.Game{}, `"summary":"Three in a row with Othello discs, on a 3×3 or 4×4 board: the game kept for tests.","pieces":"disc","checkered":true,"tournament":true,"themes":[{"when":{"size":"4"},"theme":"contrast"}]}`},
		{testgame.Casual(), `"pieces":"disc","checkered":true,"tournament":false,"themes":[{"when":{"size":"4"},"theme":"contrast"}]}`},
		{lookup(t, "reversi"), `"pieces":"disc","checkered":false,"tournament":true,"themes":[{"when":{"size":"6"},"theme":"bypost"}]}`},
		{lookup(t, "turnover"), `"pieces":"stack","checkered":true,"tournament":true}`},
		{lookup(t, "turncoat"), `"pieces":"disc","checkered":false,"tournament":false}`},
		{lookup(t, "blocs"), `"pieces":"number","checkered":false,"tournament":true}`},
	} {
		k := api.Kind{Name: c.game.Name()}
		api.DescribeKind(&k, c.game)
		b, err := json.Marshal(k)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); len(s) < len(c.want) || s[len(s)-len(c.want):] != c.want {
			t.Errorf("%s: %s, want it to end %s", c.game.Name(), b, c.want)
		}
		if k.Summary == "" {
			t.Errorf("%s: no summary", c.game.Name())
		}
	}
}

func lookup(t *testing.T, name string) game.Game {
	g, err := games.Registry().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
