package turncoat

import (
	"context"
	"testing"

	"turncoat/game"
	"turncoat/internal/canceltest"
)

// TestPerftContext checks that the cancellable perft counts what Perft counts, past the depth
// where its checks start, and that it stops on a count that would run for days (depth 4 of
// the 8x8 game: some 10^14 leaves).
func TestPerftContext(t *testing.T) {
	for _, r := range []Rules{
		{Size: 3, Mode: WhiteAndBlack, Cap: 100, Setup: "BWW/WWW/WWB"},
		{Size: 3, Mode: WhiteOnly, Cap: 2, Setup: "BWW/WWW/WWB"},
		{Size: 4, Mode: WhiteOnly, Cap: 100, Setup: "BW.W/WWWW/WWBW/WWWW"},
	} {
		s, err := NewState(r)
		if err != nil {
			t.Fatal(err)
		}
		for d := range 5 {
			got, err := s.PerftContext(context.Background(), d)
			if want := s.Perft(d); err != nil || got != want {
				t.Errorf("%+v depth %d: PerftContext = %d, %v; Perft = %d", r, d, got, err, want)
			}
		}
	}
	s, err := NewState(Standard)
	if err != nil {
		t.Fatal(err)
	}
	var _ game.ContextPerfter = s
	canceltest.Stops(t, func(ctx context.Context) error {
		_, err := s.PerftContext(ctx, 4)
		return err
	})
}
