package turnover

import (
	"context"
	"testing"

	"turncoat/game"
	"turncoat/internal/canceltest"
)

// TestPerftContext checks that the cancellable perft counts what Perft counts, past the depth
// where its checks start, and that it stops on a count that would run for hours.
func TestPerftContext(t *testing.T) {
	s := NewState(Standard, StartPosition(SetupFirstRank))
	for d, want := range append([]uint64{1}, perftTable[0].nodes[:4]...) {
		if got, err := s.PerftContext(context.Background(), d); err != nil || got != want {
			t.Errorf("depth %d: PerftContext = %d, %v; want %d", d, got, err, want)
		}
	}
	var _ game.ContextPerfter = s
	canceltest.Stops(t, func(ctx context.Context) error {
		_, err := s.PerftContext(ctx, 12)
		return err
	})
}
