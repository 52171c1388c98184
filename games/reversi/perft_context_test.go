package reversi

import (
	"context"
	"testing"

	"turncoat/game"
	"turncoat/internal/canceltest"
)

// TestPerftContext checks the cancellable perft against the published counts, and that it
// stops on a count that would run for hours, on the bitboards and through the contract (under
// nomove=end, where the game ends when a side has no move).
func TestPerftContext(t *testing.T) {
	s := NewState(Rules{Size: 8, Start: StartDiagonal, NoMove: NoMovePass})
	for d := 0; d <= 9; d++ {
		if got, err := s.PerftContext(context.Background(), d); err != nil || got != perftTables[8][d] {
			t.Errorf("depth %d: PerftContext = %d, %v; want %d", d, got, err, perftTables[8][d])
		}
	}
	var _ game.ContextPerfter = s
	for _, noMove := range []string{NoMovePass, NoMoveEnd} {
		s := NewState(Rules{Size: 8, Start: StartDiagonal, NoMove: noMove})
		canceltest.Stops(t, func(ctx context.Context) error {
			_, err := s.PerftContext(ctx, 30)
			return err
		})
	}
}
