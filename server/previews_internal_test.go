package server

import (
	"testing"

	"turncoat/game"
)

// TestMovesWords: a link preview counts a game's moves as players do: each side's, or rounds.
func TestMovesWords(t *testing.T) {
	names := [2]string{"Black", "White"}
	seq := func(sides ...game.Player) []game.Move {
		var ms []game.Move
		for _, p := range sides {
			ms = append(ms, game.Single(p, 0))
		}
		return ms
	}
	var long []game.Player
	for range 31 {
		long = append(long, game.First, game.Second)
	}
	round := game.Simultaneous(game.Joint{})
	for _, tc := range []struct {
		moves []game.Move
		want  string
	}{
		{seq(long...), "31 moves each"},
		{seq(game.First, game.Second, game.First), "2 moves by Black and 1 by White"},
		{seq(game.First, game.Second), "1 move each"},
		{nil, "0 moves each"},
		{[]game.Move{round, round}, "2 rounds"},
		{[]game.Move{round}, "1 round"},
	} {
		if got := movesWords(tc.moves, names); got != tc.want {
			t.Errorf("%d moves: %q, want %q", len(tc.moves), got, tc.want)
		}
	}
}
