package testgame_test

import (
	"errors"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
	"turncoat/internal/testgame"
)

// TestConformance runs the contract's conformance suite on the test game, as every registered
// game runs it: the test game proves nothing if it does not meet the contract.
func TestConformance(t *testing.T) {
	for _, g := range []game.Game{testgame.Game{}, testgame.Casual()} {
		t.Run(g.Name(), func(t *testing.T) {
			gametest.Run(t, g, gametest.Config{Games: 8})
		})
	}
}

// TestRules plays short games to their ends.
func TestRules(t *testing.T) {
	for _, c := range []struct {
		options string
		moves   []string
		want    string // Outcome.Describe, with the sides' names
		err     error  // of the last move, when it is refused
	}{
		{"", []string{"a1", "a2", "b1", "b2", "c1"}, "Black wins (three in a row)", nil},
		{"first=white", []string{"a1", "a2", "b1", "b2", "c1"}, "White wins (three in a row)", nil},
		{"", []string{"c1", "a1", "b2", "b1", "c3", "a3", "c2"}, "Black wins (three in a row)", nil},
		{"", []string{"a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2", "c2"}, "Black wins (three in a row)", nil},
		{"", []string{"a1", "b2", "c3", "a3", "c1", "b1", "b3", "c2", "a2"}, "draw (board full)", nil},
		{"size=4", []string{"b2", "a1", "c3", "a2", "d4"}, "Black wins (three in a row)", nil},
		{"size=4", []string{"b2", "a1", "c3", "a2", "d1", "a3"}, "White wins (three in a row)", nil},
		{"", []string{"a1", "a1"}, "", game.ErrIllegal},
		{"", []string{"d4"}, "", game.ErrSyntax},
		{"", []string{"a1", "a2", "b1", "b2", "c1", "c2"}, "", game.ErrGameOver},
	} {
		s, err := game.NewRegistry(testgame.Game{}).New(testgame.Name, c.options)
		if err != nil {
			t.Fatal(err)
		}
		_, err = game.Replay(s, c.moves)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s %v: %v, want %v", c.options, c.moves, err, c.err)
			}
			continue
		}
		end, err := game.Replay(s, c.moves)
		if err != nil {
			t.Fatalf("%s %v: %v", c.options, c.moves, err)
		}
		if got := end.Outcome().Describe(s.Game().SideNames(s.Options())); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.options, c.moves, got, c.want)
		}
	}
}

// TestDecodeRefuses: positions no game reaches are refused.
func TestDecodeRefuses(t *testing.T) {
	for _, text := range []string{
		"", "size=3,first=black", "size=3,first=black .........x", "size=5,first=black .........",
		"size=3,first=black xx.......", // the sides place in turn
		"size=3,first=black xxxooo...", // both have a line
		"size=3,first=black xxxoo.o..", // White placed after Black's line
		"size=3,first=black xx?......",
	} {
		if _, err := (testgame.Game{}).Decode(text); err == nil {
			t.Errorf("Decode(%q) accepted it", text)
		}
	}
}
