package othello

import (
	"context"
	"errors"
	"slices"
	"testing"

	"turncoat/engine/match"
	"turncoat/game"
	"turncoat/games/reversi"
)

// encodings returns the states' encodings.
func encodings(states []game.State) []string {
	out := make([]string, len(states))
	for i, s := range states {
		out[i] = s.Encode()
	}
	return out
}

// TestBalancedOpenings checks the openings matches get for Reversi: as many as asked, distinct,
// the right number of plies in, not over, judged balanced by a fresh search, reproducible from
// the seed, and what match.Openings hands out for Reversi.
func TestBalancedOpenings(t *testing.T) {
	for _, c := range []struct {
		rules reversi.Rules
		n     int
		discs int
	}{
		{reversi.Standard, 2, 4 + OpeningPlies},
		{reversi.Rules{Size: 6, Start: reversi.StartDiagonal, NoMove: reversi.NoMovePass}, 4, 4 + 4},
	} {
		start := reversi.NewState(c.rules)
		ops, err := BalancedOpenings(context.Background(), start, c.n, 1)
		if err != nil || len(ops) != c.n {
			t.Fatalf("size %d: %d openings, %v", c.rules.Size, len(ops), err)
		}
		seen := map[string]bool{}
		for _, s := range ops {
			b := s.(*reversi.State).Board()
			black, white, _ := b.Counts()
			if black+white != c.discs || s.ToAct() == game.Nobody || seen[s.Encode()] {
				t.Errorf("size %d: opening %s: %d discs (want %d), over %v, repeated %v", c.rules.Size, s.Encode(), black+white, c.discs,
					s.ToAct() == game.Nobody, seen[s.Encode()])
			}
			seen[s.Encode()] = true
			res, err := New(Options{TableBytes: 1 << 20}).Search(context.Background(), PositionOf(b), Limits{Depth: OpeningDepth})
			if err != nil || res.Score < -OpeningMargin || res.Score > OpeningMargin {
				t.Errorf("size %d: opening %s is worth %+d (%v), want within %d", c.rules.Size, s.Encode(), res.Score, err, OpeningMargin)
			}
		}
		again, err := match.Openings(context.Background(), start, c.n, 1)
		if err != nil || !slices.Equal(encodings(again), encodings(ops)) {
			t.Errorf("size %d: match.Openings gave %v (%v), want the balanced openings %v", c.rules.Size, encodings(again), err, encodings(ops))
		}
		other, err := BalancedOpenings(context.Background(), start, c.n, 2)
		if err != nil || slices.Equal(encodings(other), encodings(ops)) {
			t.Errorf("size %d: seed 2 gave %v (%v), the same as seed 1", c.rules.Size, encodings(other), err)
		}
	}
	// The free start's placements cannot be judged: random openings.
	free := reversi.NewState(reversi.Rules{Size: 8, Start: reversi.StartFree, NoMove: reversi.NoMovePass})
	if ops, err := BalancedOpenings(context.Background(), free, 3, 1); err != nil || len(ops) != 3 {
		t.Errorf("the free start: %d openings, %v", len(ops), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BalancedOpenings(ctx, reversi.NewState(reversi.Standard), 3, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled search for openings: %v", err)
	}
}
