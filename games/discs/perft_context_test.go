package discs

import (
	"context"
	"testing"

	"turncoat/internal/canceltest"
)

// TestPerftContextCounts checks that the checked upper plies count what Perft counts, at depths
// past perftCheckDepth (where they take over) on every size, passes and finished games included.
func TestPerftContextCounts(t *testing.T) {
	for _, c := range []struct{ size, depth int }{{8, 9}, {6, 9}, {4, 20}} {
		p, o := startDiscs(c.size)
		mask := SquareMask(c.size)
		for d := perftCheckDepth; d <= c.depth; d++ {
			got, err := PerftContext(context.Background(), p, o, mask, d)
			if want := Perft(p, o, mask, d); err != nil || got != want {
				t.Errorf("%dx%d depth %d: PerftContext = %d, %v; Perft = %d", c.size, c.size, d, got, err, want)
			}
		}
	}
}

// TestPerftContextStops cancels an 8x8 perft that would run for hours.
func TestPerftContextStops(t *testing.T) {
	p, o := startDiscs(8)
	canceltest.Stops(t, func(ctx context.Context) error {
		_, err := PerftContext(ctx, p, o, SquareMask(8), 20)
		return err
	})
}
