package book

import (
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// squares reads a move list ("f5d6") as squares.
func squares(t *testing.T, line string) []int {
	t.Helper()
	var out []int
	for i := 0; i < len(line); i += 2 {
		sq, err := discs.ParseSquare(line[i : i+2])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sq)
	}
	return out
}

// TestOpeningNames: every named line is legal from the start and reaches a position of its own
// (no two names for one position); a game's opening is the last named position on its way,
// found in any of the board's symmetries.
func TestOpeningNames(t *testing.T) {
	m, err := openingNames()
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != len(namedLines) {
		t.Fatalf("%d lines name %d positions: two lines reach one position", len(namedLines), len(m))
	}
	for _, c := range []struct {
		line, name string
		at         int
	}{
		{"f5d6c3d3c4", "Tiger", 5},
		{"f5d6c3d3c4f4f6f3e6e7", "Comp'Oth", 8}, // on past the named line
		{"e6f4c3c4d3", "Tiger", 5},              // the same opening reflected: the first move e6
		{"d3c5f6f5e6", "Tiger", 5},              // rotated: the first move d3
		{"f5d6c5f4e3c6d3f6e6d7", "Rose", 10},
		{"f5f6e6d6c3", "Buffalo", 5},
		{"f5f6e6d6e7", "Heath", 5},
		{"f5", "", 0},
	} {
		name, at := LineName(reversi.Start(8), squares(t, c.line))
		if name != c.name || at != c.at {
			t.Errorf("%s: %q at move %d, want %q at %d", c.line, name, at, c.name, c.at)
		}
	}
	if n := OpeningName(reversi.Start(6)); n != "" {
		t.Errorf("6x6 start named %q", n)
	}
}
