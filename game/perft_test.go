package game_test

import (
	"context"
	"testing"

	"turncoat/game"
	"turncoat/internal/canceltest"
)

// TestPerftContextStops cancels a count through the contract that would never end (99 rounds
// of matching pennies, 4^99 leaves), with PerftContext and with FastPerftContext on a state
// without a perft of its own.
func TestPerftContextStops(t *testing.T) {
	for name, perft := range map[string]func(context.Context, game.State, int) (uint64, error){
		"PerftContext":     game.PerftContext,
		"FastPerftContext": game.FastPerftContext,
	} {
		t.Run(name, func(t *testing.T) {
			s := newPennies(t, "rounds=99")
			canceltest.Stops(t, func(ctx context.Context) error {
				_, err := perft(ctx, s, 99)
				return err
			})
		})
	}
}

// TestPerftContextCounts checks that the cancellable count is Perft's when it runs to the end.
func TestPerftContextCounts(t *testing.T) {
	s := newPennies(t, "rounds=4")
	for d := range 7 {
		got, err := game.PerftContext(context.Background(), s, d)
		if want := game.Perft(s, d); err != nil || got != want {
			t.Errorf("depth %d: PerftContext = %d, %v; Perft = %d", d, got, err, want)
		}
	}
}
