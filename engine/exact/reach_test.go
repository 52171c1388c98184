package exact

import (
	"context"
	"errors"
	"testing"
	"time"

	"turncoat/games/turncoat"
)

// TestTurncoatInReach checks which boards an exact solve takes: up to 13 pieces in the
// white-and-black mode (14 and more pass the solver's limits only after minutes and
// gigabytes), every 4x4 board in the white-only mode, nothing larger than 4x4; and that
// SolveTurncoat refuses the rest at once.
func TestTurncoatInReach(t *testing.T) {
	for _, c := range []struct {
		size  int
		mode  turncoat.Mode
		setup string
		ok    bool
	}{
		{3, turncoat.WhiteAndBlack, "BWW/WWW/WWB", true},
		{4, turncoat.WhiteAndBlack, "BW../WWWW/WWWW/W.WB", true},  // 13 pieces
		{4, turncoat.WhiteAndBlack, "BW.W/WWWW/WWWW/W.WB", false}, // 14
		{4, turncoat.WhiteAndBlack, "BWWW/WWWW/WWWW/WWWB", false}, // 16
		{4, turncoat.WhiteOnly, "BWWW/WWWW/WWWW/WWWB", true},
		{5, turncoat.WhiteOnly, "BWWWW/WWWWW/WWWWW/WWWWW/WWWWB", false},
	} {
		s, err := turncoat.NewState(turncoat.Rules{Size: c.size, Mode: c.mode, Cap: 100, Setup: c.setup})
		if err != nil {
			t.Fatal(err)
		}
		err = TurncoatInReach(s)
		if c.ok != (err == nil) || (err != nil && !errors.Is(err, ErrOutOfReach)) {
			t.Errorf("%s %v: %v; want in reach %v", c.setup, c.mode, err, c.ok)
		}
		if c.ok {
			continue
		}
		// Refused before any work: a solver that started would still be collecting positions
		// when the deadline comes.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = SolveTurncoat(ctx, s, TurncoatOptions{})
		cancel()
		if !errors.Is(err, ErrOutOfReach) {
			t.Errorf("SolveTurncoat(%s %v) = %v, want ErrOutOfReach", c.setup, c.mode, err)
		}
	}
}
