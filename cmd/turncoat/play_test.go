package main

import (
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// TestPlayTurncoatHotSeat plays one hot-seat Turncoat round: Red selects, changes its mind,
// passes the keyboard; Yellow hands it back; Red keeps its choice; Yellow selects and the round
// is revealed. Each player's turn starts on a cleared screen behind an Enter, and Yellow's
// screen never shows Red's selection.
func TestPlayTurncoatHotSeat(t *testing.T) {
	s, err := games.Registry().New("turncoat", "size=4,seed=7")
	if err != nil {
		t.Fatal(err)
	}
	var buf [64]game.Action
	red := s.Legal(game.First, buf[:0])
	r1, r2 := s.FormatAction(game.First, red[0]), s.FormatAction(game.First, red[len(red)-1])
	y := s.FormatAction(game.Second, s.Legal(game.Second, buf[:0])[0])
	input := strings.Join([]string{
		"",     // Red: Enter once Yellow looks away
		r1,     // Red selects
		r2,     // ... and changes its mind
		"",     // Red hides the board
		"",     // Yellow: Enter
		"back", // Yellow hands the keyboard back before choosing
		"",     // Red: Enter
		"",     // Red keeps r2
		"",     // Yellow: Enter
		y,      // Yellow selects: the round is played
		"",     // next round: Red's Enter
		"quit", // and leave
	}, "\n") + "\n"
	code, out, _ := runCLI(t, input, "play", "turncoat", "--size", "4", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if n := strings.Count(out, clearScreen); n < 5 {
		t.Errorf("%d screen clears, want a clear before each turn and the reveal:\n%s", n, out)
	}
	if want := "Red selects " + r2 + ", Yellow selects " + y; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	// Yellow's screens: from each "Yellow: make sure" prompt to the next clear.
	for _, part := range strings.Split(out, "Yellow: make sure")[1:] {
		screen, _, _ := strings.Cut(part, clearScreen)
		if strings.Contains(screen, r1) && strings.Contains(screen, "selected") {
			t.Errorf("Yellow's screen shows Red's selection:\n%s", screen)
		}
		if strings.Contains(screen, "has selected "+r2) {
			t.Errorf("Yellow's screen shows Red's selection:\n%s", screen)
		}
	}
	if !strings.Contains(out, "Red has selected "+r2) {
		t.Errorf("Red was not shown its changed selection:\n%s", out)
	}
}

// TestPlayUndoAndResign takes back a move against the AI, then resigns.
func TestPlayUndoAndResign(t *testing.T) {
	code, out, _ := runCLI(t, "undo\nf5\nundo\nd3\nresign\n", "play", "reversi", "--white", "ai", "--level", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"Nothing to take back.", "Took back 2 move(s).", "Game over: White wins (Black resigned)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
