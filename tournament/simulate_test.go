package tournament

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestSimulate runs the simulation driver on 16 players: every board finishes, the ledger pays
// the reward per board, and replacements, forced passes, forfeits, edits and refused posts all
// happen; the same seed gives the same output.
func TestSimulate(t *testing.T) {
	run := func() (string, SimResult) {
		rng := rand.New(rand.NewPCG(4, 4))
		agent := func(s game.State, p game.Player) (game.Action, error) {
			l := s.Legal(p, nil)
			return l[rng.IntN(len(l))], nil
		}
		var out strings.Builder
		tr, res, err := Simulate(games.Registry(), Simulation{Players: 16, Seed: 21}, agent, &out)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Phase() != PhaseFinished {
			t.Fatalf("phase %s", tr.Phase())
		}
		return out.String(), res
	}
	out, res := run()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if last != res.String() || !strings.HasPrefix(last, "boards=8 rounds=") || !strings.HasSuffix(last, " finished=8 ledger_total=1200") {
		t.Fatalf("last line %q", last)
	}
	if res.Replaced == 0 || res.ForcedPasses == 0 || res.Forfeits == 0 || res.Edits == 0 || res.Refused == 0 {
		t.Fatalf("the simulation did not exercise everything: %+v", res)
	}
	for _, w := range []string{"Round 1 — only Reds post", "Round 2 — only Blues post", "the turn passes", "replaces", "forfeited", "final results"} {
		if !strings.Contains(out, w) {
			t.Errorf("the output does not say %q", w)
		}
	}
	if again, _ := run(); again != out {
		t.Error("the same seed gave another tournament")
	}
	if _, _, err := Simulate(games.Registry(), Simulation{Players: 1}, nil, &strings.Builder{}); !errors.Is(err, ErrConfig) {
		t.Errorf("one player: %v", err)
	}
}
