package tournament

import (
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/internal/testgame"
)

// TestNewGame: a game this package knows nothing of is accepted or refused by what it says of
// itself (game.Info.Tournament), titled by its variant title, its sides named by the game, and
// a whole tournament of it plays to the end.
func TestNewGame(t *testing.T) {
	reg := game.NewRegistry(testgame.Game{}, testgame.Casual())
	for _, c := range []struct {
		cfg   Config
		title string
		sides [2]string
		err   string // "" when accepted
	}{
		{Config{Game: testgame.Name}, "3x3 Tic-tac-toe", [2]string{"Black", "White"}, ""},
		{Config{Game: testgame.Name, Options: "size=4,first=white"}, "4x4 Tic-tac-toe", [2]string{"White", "Black"}, ""},
		{Config{Game: testgame.Name, Title: "Noughts"}, "Noughts", [2]string{"Black", "White"}, ""},
		{Config{Game: testgame.Casual().Name()}, "", [2]string{}, "does not say it can be played by post"},
		{Config{Game: testgame.Name, Missed: MissPasses}, "", [2]string{}, "forced-pass rule"},
	} {
		cfg, g, _, err := c.cfg.Normalize(reg)
		if c.err != "" {
			wantErr(t, c.cfg.Game, err, ErrConfig, c.err)
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", c.cfg, err)
			continue
		}
		if g.Name() != testgame.Name || cfg.Title != c.title || cfg.Sides != c.sides {
			t.Errorf("%+v: game %s, title %q, sides %q; want %q, %q", c.cfg, g.Name(), cfg.Title, cfg.Sides, c.title, c.sides)
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	agent := func(s game.State, p game.Player) (game.Action, error) {
		l := s.Legal(p, nil)
		return l[rng.IntN(len(l))], nil
	}
	var out strings.Builder
	tr, res, err := Simulate(reg, Simulation{Players: 6, Seed: 3, Config: Config{Game: testgame.Name}}, agent, &out)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Phase() != PhaseFinished || res.Boards != 3 || res.Finished != 3 || res.LedgerTotal != 3*DefaultReward {
		t.Fatalf("phase %s, %+v\n%s", tr.Phase(), res, out.String())
	}
	if !strings.Contains(out.String(), "3x3 Tic-tac-toe") {
		t.Errorf("the summaries do not name the game:\n%s", out.String())
	}
}
